-- Medications (issue 16). A medication is its name and form; what is taken, how often and
-- from when is a dose period, so a change of dose is a new period and the history stays
-- true. Deleting a medication (or the user) deletes its periods and recorded doses.
CREATE TABLE medications (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    -- 'tablet', 'capsule', ... (medications::Form)
    form        TEXT    NOT NULL,
    reason      TEXT,
    -- email reminders for its doses
    reminders   BOOLEAN NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX medications_user ON medications (user_id);
CREATE TABLE medication_periods (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    medication_id  BIGINT  NOT NULL REFERENCES medications(id) ON DELETE CASCADE,
    strength       REAL NOT NULL,
    -- 'mg', 'mcg', ... (medications::DoseUnit)
    unit           TEXT    NOT NULL,
    -- 'once-daily', ..., 'as-needed' (medications::Frequency)
    frequency      TEXT    NOT NULL,
    -- the dose times, 'HH:MM' in the user's wall clock, sorted, comma-separated ('' when
    -- taken as needed)
    times          TEXT    NOT NULL,
    -- 'YYYY-MM-DD', both included; no end date: ongoing
    start_date     TEXT    NOT NULL,
    end_date       TEXT
);
CREATE INDEX medication_periods_medication ON medication_periods (medication_id, start_date);
-- Doses the user recorded: a scheduled dose by its date and dose time, an as-needed one by
-- the time it was taken. One row per medication, date and time: recording it again
-- replaces it.
CREATE TABLE medication_intakes (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    medication_id  BIGINT  NOT NULL REFERENCES medications(id) ON DELETE CASCADE,
    user_id        BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    date           TEXT    NOT NULL,
    time           TEXT    NOT NULL,
    -- 'taken' or 'skipped'
    status         TEXT    NOT NULL,
    reason         TEXT,
    created_at     TIMESTAMP NOT NULL,
    UNIQUE (medication_id, date, time)
);
CREATE INDEX medication_intakes_user_date ON medication_intakes (user_id, date);
