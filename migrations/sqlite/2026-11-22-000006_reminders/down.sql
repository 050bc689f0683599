DROP TABLE job_claims;
ALTER TABLE preferences DROP COLUMN time_zone;
ALTER TABLE preferences DROP COLUMN reminder_time;
