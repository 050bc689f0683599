-- A number per user that changes whenever any of their readings is added, changed or
-- removed, by any path and any server (triggers, so no write can forget it). The store
-- keeps a page's exact total between requests and counts again only when this number
-- moved: history's search counted all ten years of readings on every page (issue 21).
-- Users' ids are never reused (AUTOINCREMENT), so a revision never repeats for an id.
CREATE TABLE reading_revisions (
    user_id  BIGINT  PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    revision BIGINT  NOT NULL DEFAULT 0
);
INSERT INTO reading_revisions (user_id) SELECT id FROM users;

CREATE TRIGGER reading_revisions_user AFTER INSERT ON users
BEGIN
    INSERT INTO reading_revisions (user_id) VALUES (NEW.id);
END;

-- UPDATE, never INSERT: while an account is deleted its row may already be gone, and the
-- readings' cascade must then change nothing.
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
