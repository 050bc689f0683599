-- The person's security log (issue 38): sign-ins, failures, changes to how they sign in,
-- sessions ended, share links, exports. Nothing secret: `detail` holds a method, a name the
-- person chose or a count; `device` and `network` are as the session list shows them.
-- Kept a year (the hourly housekeeping deletes older rows); gone with the account.
CREATE TABLE security_events (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id  BIGINT    NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    at       TIMESTAMP NOT NULL,
    kind     TEXT      NOT NULL,
    detail   TEXT      NULL,
    device   TEXT      NULL,
    network  TEXT      NULL
);
-- Newest first per person (paging by id), and the retention sweep by time.
CREATE INDEX security_events_user ON security_events (user_id, id);
CREATE INDEX security_events_at ON security_events (at);
