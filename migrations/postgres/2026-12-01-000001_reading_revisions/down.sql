DROP TRIGGER reading_revisions_delete ON readings;
DROP TRIGGER reading_revisions_update ON readings;
DROP TRIGGER reading_revisions_insert ON readings;
DROP FUNCTION reading_revisions_bump();
DROP TRIGGER reading_revisions_user ON users;
DROP FUNCTION reading_revisions_user();
DROP TABLE reading_revisions;
