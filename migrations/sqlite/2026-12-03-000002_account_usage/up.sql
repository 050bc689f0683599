-- What each account holds, kept by the same triggers that move its revision, so every
-- write path on every server counts: the store refuses a write that takes an account past
-- its bounds (`readings::quota`; issue 33: one subscriber grew the database 0.5 GB every
-- 14 s with imports). Notes are counted in bytes of UTF-8, as `String::len` counts them.
ALTER TABLE reading_revisions ADD COLUMN readings BIGINT NOT NULL DEFAULT 0;
ALTER TABLE reading_revisions ADD COLUMN notes_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE reading_revisions SET
    readings = (SELECT COUNT(*) FROM readings r WHERE r.user_id = reading_revisions.user_id),
    notes_bytes = (SELECT COALESCE(SUM(LENGTH(CAST(r.notes AS BLOB))), 0) FROM readings r
                   WHERE r.user_id = reading_revisions.user_id);

DROP TRIGGER reading_revisions_insert;
DROP TRIGGER reading_revisions_update;
DROP TRIGGER reading_revisions_delete;
CREATE TRIGGER reading_revisions_insert AFTER INSERT ON readings
BEGIN
    UPDATE reading_revisions SET revision = revision + 1, readings = readings + 1,
        notes_bytes = notes_bytes + COALESCE(LENGTH(CAST(NEW.notes AS BLOB)), 0)
    WHERE user_id = NEW.user_id;
END;
CREATE TRIGGER reading_revisions_update AFTER UPDATE ON readings
BEGIN
    UPDATE reading_revisions SET revision = revision + 1, readings = readings - 1,
        notes_bytes = notes_bytes - COALESCE(LENGTH(CAST(OLD.notes AS BLOB)), 0)
    WHERE user_id = OLD.user_id;
    UPDATE reading_revisions SET readings = readings + 1,
        notes_bytes = notes_bytes + COALESCE(LENGTH(CAST(NEW.notes AS BLOB)), 0),
        revision = revision + (OLD.user_id <> NEW.user_id)
    WHERE user_id = NEW.user_id;
END;
CREATE TRIGGER reading_revisions_delete AFTER DELETE ON readings
BEGIN
    UPDATE reading_revisions SET revision = revision + 1, readings = readings - 1,
        notes_bytes = notes_bytes - COALESCE(LENGTH(CAST(OLD.notes AS BLOB)), 0)
    WHERE user_id = OLD.user_id;
END;
