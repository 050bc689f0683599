-- Reminder time and the user's time zone (IANA name), for email reminders and for the
-- offsets of exported FHIR observations.
ALTER TABLE preferences ADD COLUMN reminder_time TEXT NOT NULL DEFAULT '20:00';
ALTER TABLE preferences ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- Scheduled emails claimed in the database: a (job, key) pair is inserted once, in the
-- same transaction as the email it causes, so each reminder or weekly report is sent once
-- however many servers share the database and however often they restart.
CREATE TABLE job_claims (
    job         TEXT   NOT NULL,
    claim_key   TEXT   NOT NULL,
    user_id     BIGINT REFERENCES users(id) ON DELETE CASCADE,
    claimed_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (job, claim_key)
);
CREATE INDEX job_claims_user ON job_claims (user_id);
