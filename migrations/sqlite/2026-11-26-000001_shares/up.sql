-- Sharing with a clinician (issue 17). A share is a read-only link to a live view of part
-- of the user's record; only the hash of its token is kept. Deleting the user deletes
-- their shares, and deleting a share deletes its access log.
CREATE TABLE shares (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id              BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- hex SHA-256 of the link's token (kernel::secret::hash)
    token_hash           TEXT    NOT NULL UNIQUE,
    label                TEXT    NOT NULL,
    shown_name           TEXT    NOT NULL,
    -- 'since' (period_from), 'fixed' (period_from, period_to) or 'rolling' (period_days)
    period_kind          TEXT    NOT NULL,
    -- 'YYYY-MM-DD'
    period_from          TEXT,
    period_to            TEXT,
    period_days          INTEGER,
    include_heart_rate   BOOLEAN NOT NULL,
    include_weight       BOOLEAN NOT NULL,
    include_blood_sugar  BOOLEAN NOT NULL,
    include_notes        BOOLEAN NOT NULL,
    include_medications  BOOLEAN NOT NULL,
    -- the access code's argon2 PHC string, when the share has one
    code_hash            TEXT,
    created_at           TIMESTAMP NOT NULL,
    expires_at           TIMESTAMP NOT NULL,
    revoked_at           TIMESTAMP,
    -- views counted, and the last one
    opened               BIGINT  NOT NULL DEFAULT 0,
    last_opened_at       TIMESTAMP,
    -- the clinician's address, when the link was emailed
    emailed_to           TEXT
);
CREATE INDEX shares_user ON shares (user_id);
-- Who opened a share: when, what ('view' or 'pdf') and a coarse browser description.
CREATE TABLE share_accesses (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    share_id  BIGINT    NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
    at        TIMESTAMP NOT NULL,
    kind      TEXT      NOT NULL,
    browser   TEXT      NOT NULL
);
CREATE INDEX share_accesses_share_at ON share_accesses (share_id, at);
-- Every link emailed, for the caps (per user and per recipient, per 24 hours). Deleting a
-- share or the account does not shorten it (the user is set to NULL), so the caps cannot be
-- reset by deleting; rows older than two days are deleted when the next link is emailed.
CREATE TABLE share_emails (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id   BIGINT    REFERENCES users(id) ON DELETE SET NULL,
    -- lower-cased
    recipient TEXT      NOT NULL,
    sent_at   TIMESTAMP NOT NULL
);
CREATE INDEX share_emails_recipient ON share_emails (recipient, sent_at);
CREATE INDEX share_emails_user ON share_emails (user_id, sent_at);
