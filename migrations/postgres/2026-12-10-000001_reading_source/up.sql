-- Where a reading came from (issue 39): typed in the form (every reading before it),
-- read from a Bluetooth blood pressure cuff, or imported from another app's export.
-- `device` names the cuff ("OMRON X4 Smart") or the app ("Withings"); `flags` is the
-- cuff's measurement status as a bitmask of `readings::CuffFlag` (a small fixed set,
-- never searched in SQL); the original_* columns keep what a cuff (or an import) recorded
-- once an edit changed those values (the first edit's; set together or not at all).
ALTER TABLE readings ADD COLUMN source TEXT NOT NULL DEFAULT 'manual'
    CHECK (source IN ('manual', 'device', 'import'));
ALTER TABLE readings ADD COLUMN device TEXT NULL;
ALTER TABLE readings ADD COLUMN flags INTEGER NOT NULL DEFAULT 0;
ALTER TABLE readings ADD COLUMN original_date TEXT NULL;
ALTER TABLE readings ADD COLUMN original_time TEXT NULL;
ALTER TABLE readings ADD COLUMN original_systolic INTEGER NULL;
ALTER TABLE readings ADD COLUMN original_diastolic INTEGER NULL;
ALTER TABLE readings ADD COLUMN original_heart_rate INTEGER NULL;
