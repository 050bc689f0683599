-- Each account's one import at a time, held where every server sees it (issue 33): a
-- lease in microseconds of the database's clock, extended by its holder while it works.
CREATE TABLE import_turns (
    user_id    BIGINT NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    holder     TEXT   NOT NULL,
    expires_us BIGINT NOT NULL
);
