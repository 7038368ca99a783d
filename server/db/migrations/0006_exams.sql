-- Exams (issue 10): its tables.
SELECT 1;
