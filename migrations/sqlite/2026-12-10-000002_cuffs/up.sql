-- The blood pressure cuffs a person paired (issue 39), remembered so the app reconnects
-- to them and knows which user slot of a shared cuff is theirs. Keyed per person by the
-- id the browser gave the device: the same cuff paired by two people is two rows, and
-- one person cannot name another's. At most 20 per person (`readings::cuffs::MAX_CUFFS`,
-- counted under the user's lock). Forgetting a cuff keeps its readings.
CREATE TABLE cuffs (
    user_id         BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    device_id       TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    maker           TEXT    NULL,
    model           TEXT    NULL,
    user_slot       INTEGER NULL CHECK (user_slot BETWEEN 1 AND 255),
    last_sync_at    TIMESTAMP NULL,
    created_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, device_id)
);
