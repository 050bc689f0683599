DROP TRIGGER reading_revisions_insert ON readings;
DROP TRIGGER reading_revisions_update ON readings;
DROP TRIGGER reading_revisions_delete ON readings;
DROP FUNCTION reading_revisions_added();
DROP FUNCTION reading_revisions_removed();
DROP FUNCTION reading_revisions_changed();
CREATE FUNCTION reading_revisions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE reading_revisions SET revision = revision + 1
    WHERE user_id IN (SELECT DISTINCT user_id FROM changed);
    RETURN NULL;
END $$;
CREATE TRIGGER reading_revisions_insert AFTER INSERT ON readings
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION reading_revisions_bump();
CREATE TRIGGER reading_revisions_update AFTER UPDATE ON readings
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION reading_revisions_bump();
CREATE TRIGGER reading_revisions_delete AFTER DELETE ON readings
    REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION reading_revisions_bump();
ALTER TABLE reading_revisions DROP COLUMN notes_bytes;
ALTER TABLE reading_revisions DROP COLUMN readings;
