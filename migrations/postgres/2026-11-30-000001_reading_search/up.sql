-- SQLite's migration of this name puts the notes into the listing index. Not here: notes
-- may hold 1,000 characters (up to 4,000 bytes), beyond a B-tree entry's ~2,700, so an
-- insert could fail. PostgreSQL keeps readings_user_date; the migration exists so both
-- backends have the same set.
SELECT 1;
