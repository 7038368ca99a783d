-- Parents, history, video reports and assistance (issue 12): its tables.
SELECT 1;
