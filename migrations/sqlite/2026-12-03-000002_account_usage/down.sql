DROP TRIGGER reading_revisions_insert;
DROP TRIGGER reading_revisions_update;
DROP TRIGGER reading_revisions_delete;
CREATE TRIGGER reading_revisions_insert AFTER INSERT ON readings
BEGIN
    UPDATE reading_revisions SET revision = revision + 1 WHERE user_id = NEW.user_id;
END;
CREATE TRIGGER reading_revisions_update AFTER UPDATE ON readings
BEGIN
    UPDATE reading_revisions SET revision = revision + 1
    WHERE user_id IN (OLD.user_id, NEW.user_id);
END;
CREATE TRIGGER reading_revisions_delete AFTER DELETE ON readings
BEGIN
    UPDATE reading_revisions SET revision = revision + 1 WHERE user_id = OLD.user_id;
END;
ALTER TABLE reading_revisions DROP COLUMN notes_bytes;
ALTER TABLE reading_revisions DROP COLUMN readings;
