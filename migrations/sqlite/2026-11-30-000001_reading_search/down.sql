CREATE INDEX readings_user_date ON readings (user_id, date, time, id);
DROP INDEX readings_user_date_notes;
