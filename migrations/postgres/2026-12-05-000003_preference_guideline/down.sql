ALTER TABLE preferences DROP COLUMN guideline;
