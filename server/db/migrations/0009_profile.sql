-- Profile, report cards and class change (issue 12): its tables.
SELECT 1;
