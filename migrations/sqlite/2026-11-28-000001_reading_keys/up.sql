-- A client's idempotency key per recorded reading (issue 19): the offline queue sends each
-- queued reading with one, and a repeated send answers what the first stored. Kept a year
-- (store::reading_keys forgets older keys as the user records).
CREATE TABLE reading_keys (
    user_id     BIGINT    NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- as the client sent it (8 to 128 of A-Z a-z 0-9 - _)
    key         TEXT      NOT NULL,
    -- readings::service::fingerprint of the reading stored under the key
    fingerprint TEXT      NOT NULL,
    -- NULL once that reading is deleted: a later send with the key answers 410
    reading_id  BIGINT    REFERENCES readings(id) ON DELETE SET NULL,
    created_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, key)
);
-- ON DELETE SET NULL looks keys up by reading; the sweep by age.
CREATE INDEX reading_keys_reading ON reading_keys (reading_id);
CREATE INDEX reading_keys_created ON reading_keys (user_id, created_at);
