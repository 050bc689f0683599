-- How many readings each report covers: a report without readings is not emailed.
-- Reports made before this column are counted from the readings their period holds now.
ALTER TABLE reports ADD COLUMN reading_count BIGINT NOT NULL DEFAULT 0;
UPDATE reports SET reading_count = (
    SELECT COUNT(*) FROM readings r
    WHERE r.user_id = reports.user_id
      AND r.date >= reports.date_start AND r.date <= reports.date_end
);
-- The per-recipient daily cap and the global hourly cap count report emails by these.
CREATE INDEX report_emails_recipient ON report_emails (recipient, sent_at);
CREATE INDEX report_emails_sent ON report_emails (sent_at);
