-- Two-step verification (issue 38). One row per account that started or turned it on:
-- `secret` is the TOTP key sealed with the server's `two_step_key` (AES-256-GCM), never
-- plain; `enabled_at` is NULL while the setup waits for its first code. `last_step` is the
-- last accepted 30-second step: a code is accepted only for a later step, by one
-- conditional update, so no code works twice.
CREATE TABLE two_step (
    user_id     BIGINT    PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    secret      TEXT      NOT NULL,
    last_step   BIGINT    NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    enabled_at  TIMESTAMP NULL
);
-- Recovery codes, stored as SHA-256 only; each is spent once by a conditional update.
CREATE TABLE recovery_codes (
    user_id     BIGINT    NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash   TEXT      NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP NULL,
    PRIMARY KEY (user_id, code_hash)
);
