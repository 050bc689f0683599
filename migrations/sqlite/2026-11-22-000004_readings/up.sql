-- Readings in canonical units: weight in lbs, blood sugar in mg/dL.
-- date is 'YYYY-MM-DD' and time 'HH:MM' text: they sort and compare correctly as text on
-- both backends.
CREATE TABLE readings (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    date         TEXT    NOT NULL,
    time         TEXT    NOT NULL,
    systolic     INTEGER,
    diastolic    INTEGER,
    heart_rate   INTEGER,
    weight       DOUBLE PRECISION,
    blood_sugar  DOUBLE PRECISION,
    notes        TEXT,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
-- Every listing is one user's readings, newest first, often within a date range.
CREATE INDEX readings_user_date ON readings (user_id, date, time, id);
