DROP INDEX report_emails_sent;
DROP INDEX report_emails_recipient;
ALTER TABLE reports DROP COLUMN reading_count;
