-- Passkeys (issue 38): each is a WebAuthn credential of one account, stored as webauthn-rs
-- keeps it (public key, signature counter, backup-eligible and backup-state flags) and
-- rewritten after each sign-in with it.
CREATE TABLE passkeys (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- base64url of the credential id the authenticator chose; one account only
    credential_id   TEXT    NOT NULL UNIQUE,
    -- the WebAuthn user handle (a random UUID per account, the same on all its passkeys):
    -- a discoverable sign-in names the account by it, never by username or email
    user_handle     TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    -- webauthn-rs's Passkey as JSON: no secret (a public key), but the counter and flags
    credential      TEXT    NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    last_used_at    TIMESTAMP NULL
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- A WebAuthn ceremony under way (registration or sign-in): the challenge's state, kept
-- server-side for 5 minutes. Keyed by the hash of a secret only the browser's session
-- holds, and deleted as it is used, so a challenge answers once, from that session.
CREATE TABLE webauthn_ceremonies (
    id_hash     TEXT    PRIMARY KEY NOT NULL,
    purpose     TEXT    NOT NULL,
    user_id     BIGINT  REFERENCES users(id) ON DELETE CASCADE,
    state       TEXT    NOT NULL,
    expires_at  TIMESTAMP NOT NULL
);
CREATE INDEX webauthn_ceremonies_expiry ON webauthn_ceremonies (expires_at);
