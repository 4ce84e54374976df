-- placeholder, replaced by the journal work
SELECT 1;
