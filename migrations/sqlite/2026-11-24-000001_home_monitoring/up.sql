-- Guided measurements (issue 15). A session is stored as the reading that holds its rounded
-- averages (what charts, tables, reports and exports use) plus this row and its readings
-- (what the 7-day home average counts). Deleting the reading deletes the session.
CREATE TABLE bp_sessions (
    reading_id    BIGINT  NOT NULL PRIMARY KEY REFERENCES readings(id) ON DELETE CASCADE,
    -- 'morning' or 'evening'
    period        TEXT    NOT NULL,
    rest_skipped  BOOLEAN NOT NULL
);
CREATE TABLE bp_session_readings (
    reading_id  BIGINT  NOT NULL REFERENCES bp_sessions(reading_id) ON DELETE CASCADE,
    -- 0-based, in the order taken
    position    INTEGER NOT NULL,
    -- 'HH:MM', the user's wall clock like readings.time
    time        TEXT    NOT NULL,
    systolic    INTEGER NOT NULL,
    diastolic   INTEGER NOT NULL,
    heart_rate  INTEGER,
    PRIMARY KEY (reading_id, position)
);
-- Home monitoring weeks the user started, by first day ('YYYY-MM-DD').
CREATE TABLE home_weeks (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start_date  TEXT   NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    UNIQUE (user_id, start_date)
);
