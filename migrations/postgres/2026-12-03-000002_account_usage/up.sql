-- What each account holds, kept by the same triggers that move its revision, so every
-- write path on every server counts: the store refuses a write that takes an account past
-- its bounds (`readings::quota`; issue 33: one subscriber grew the database 0.5 GB every
-- 14 s with imports). Notes are counted in bytes of UTF-8, as `String::len` counts them.
-- The triggers' UPDATE locks the account's row, so two servers' writes count in turn.
ALTER TABLE reading_revisions ADD COLUMN readings BIGINT NOT NULL DEFAULT 0;
ALTER TABLE reading_revisions ADD COLUMN notes_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE reading_revisions rr SET readings = c.n, notes_bytes = c.b
FROM (SELECT user_id, COUNT(*) AS n, COALESCE(SUM(octet_length(notes)), 0) AS b
      FROM readings GROUP BY user_id) c
WHERE rr.user_id = c.user_id;

DROP TRIGGER reading_revisions_insert ON readings;
DROP TRIGGER reading_revisions_update ON readings;
DROP TRIGGER reading_revisions_delete ON readings;

-- Once per statement (an import inserts 1,000 readings in one), per user it touched.
CREATE FUNCTION reading_revisions_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE reading_revisions rr SET revision = rr.revision + 1,
        readings = rr.readings + c.n, notes_bytes = rr.notes_bytes + c.b
    FROM (SELECT user_id, COUNT(*) AS n, COALESCE(SUM(octet_length(notes)), 0) AS b
          FROM added GROUP BY user_id) c
    WHERE rr.user_id = c.user_id;
    RETURN NULL;
END $$;
CREATE FUNCTION reading_revisions_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE reading_revisions rr SET revision = rr.revision + 1,
        readings = rr.readings - c.n, notes_bytes = rr.notes_bytes - c.b
    FROM (SELECT user_id, COUNT(*) AS n, COALESCE(SUM(octet_length(notes)), 0) AS b
          FROM removed GROUP BY user_id) c
    WHERE rr.user_id = c.user_id;
    RETURN NULL;
END $$;
CREATE FUNCTION reading_revisions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE reading_revisions rr SET revision = rr.revision + 1,
        readings = rr.readings + c.n, notes_bytes = rr.notes_bytes + c.b
    FROM (SELECT user_id, SUM(n) AS n, SUM(b) AS b FROM (
            SELECT user_id, 1 AS n, COALESCE(octet_length(notes), 0) AS b FROM added
            UNION ALL
            SELECT user_id, -1, -COALESCE(octet_length(notes), 0) FROM removed) d
          GROUP BY user_id) c
    WHERE rr.user_id = c.user_id;
    RETURN NULL;
END $$;
CREATE TRIGGER reading_revisions_insert AFTER INSERT ON readings
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION reading_revisions_added();
CREATE TRIGGER reading_revisions_update AFTER UPDATE ON readings
    REFERENCING OLD TABLE AS removed NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION reading_revisions_changed();
CREATE TRIGGER reading_revisions_delete AFTER DELETE ON readings
    REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION reading_revisions_removed();
DROP FUNCTION reading_revisions_bump();
