-- Live sessions, reviews and attendance (issue 10): its tables.
SELECT 1;
