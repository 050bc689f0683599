-- Accounts, one-time tokens, server-side sessions, preferences and the email outbox.
-- Times are UTC; ids are 64-bit.
CREATE TABLE users (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    username        TEXT    NOT NULL,
    username_key    TEXT    NOT NULL UNIQUE,
    email           TEXT    NOT NULL UNIQUE,
    password_hash   TEXT    NOT NULL,
    first_name      TEXT    NOT NULL DEFAULT '',
    last_name       TEXT    NOT NULL DEFAULT '',
    date_of_birth   DATE,
    gender          TEXT    NOT NULL DEFAULT 'other',
    email_verified  BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);

CREATE TABLE tokens (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose     TEXT    NOT NULL,
    token_hash  TEXT    NOT NULL UNIQUE,
    new_email   TEXT,
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX tokens_user_purpose ON tokens (user_id, purpose);

CREATE TABLE sessions (
    key_hash    TEXT    PRIMARY KEY NOT NULL,
    user_id     BIGINT  REFERENCES users(id) ON DELETE CASCADE,
    state       TEXT    NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

CREATE TABLE preferences (
    user_id           BIGINT  PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    weight_unit       TEXT    NOT NULL DEFAULT 'lbs',
    blood_sugar_unit  TEXT    NOT NULL DEFAULT 'mg/dL',
    email_reminders   BOOLEAN NOT NULL DEFAULT FALSE,
    weekly_reports    BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at        TIMESTAMP NOT NULL
);

CREATE TABLE outbox (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id          BIGINT REFERENCES users(id) ON DELETE CASCADE,
    to_address       TEXT    NOT NULL,
    subject          TEXT    NOT NULL,
    text_body        TEXT    NOT NULL,
    html_body        TEXT    NOT NULL,
    headers          TEXT    NOT NULL DEFAULT '[]',
    attachment_name  TEXT,
    attachment_type  TEXT,
    attachment       BLOB,
    status           TEXT    NOT NULL DEFAULT 'pending',
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMP NOT NULL,
    locked_until     TIMESTAMP,
    last_error       TEXT,
    created_at       TIMESTAMP NOT NULL,
    sent_at          TIMESTAMP
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
