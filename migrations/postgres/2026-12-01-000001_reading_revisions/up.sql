-- A number per user that changes whenever any of their readings is added, changed or
-- removed, by any path and any server (triggers, so no write can forget it). The store
-- keeps a page's exact total between requests and counts again only when this number
-- moved: history's search counted all ten years of readings on every page (issue 21).
-- Users' ids come from a sequence and are never reused, so a revision never repeats.
CREATE TABLE reading_revisions (
    user_id  BIGINT  PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    revision BIGINT  NOT NULL DEFAULT 0
);
INSERT INTO reading_revisions (user_id) SELECT id FROM users;

CREATE FUNCTION reading_revisions_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO reading_revisions (user_id) VALUES (NEW.id);
    RETURN NULL;
END $$;
CREATE TRIGGER reading_revisions_user AFTER INSERT ON users
    FOR EACH ROW EXECUTE FUNCTION reading_revisions_user();

-- Once per statement (an import inserts 1,000 readings in one): each user whose readings
-- the statement touched. UPDATE, never INSERT: while an account is deleted its row may
-- already be gone, and the readings' cascade must then change nothing.
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
