-- Notifications, messages, pop-ups and push (issue 11): its tables.
SELECT 1;
