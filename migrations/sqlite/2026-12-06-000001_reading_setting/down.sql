ALTER TABLE readings DROP COLUMN setting;
