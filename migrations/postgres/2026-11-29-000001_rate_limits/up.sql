-- Rate-limit counters shared by every server on one database (issue 20): one row per
-- limited key (a login's account, a client address, an email address), as a GCRA bucket.
-- Used on PostgreSQL; a single SQLite server counts in its own memory.
CREATE TABLE rate_limits (
    -- SHA-256 of the limit's name and key: no address or username is stored
    key    TEXT   PRIMARY KEY,
    -- the bucket's theoretical arrival time, microseconds since 1970 on the database's clock
    tat_us BIGINT NOT NULL,
    -- when it was last counted, on the same clock
    seen_us BIGINT NOT NULL
);
-- The sweep forgets refilled buckets.
CREATE INDEX rate_limits_tat ON rate_limits (tat_us);
