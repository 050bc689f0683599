DROP TRIGGER reading_revisions_delete;
DROP TRIGGER reading_revisions_update;
DROP TRIGGER reading_revisions_insert;
DROP TRIGGER reading_revisions_user;
DROP TABLE reading_revisions;
