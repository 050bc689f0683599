ALTER TABLE readings DROP COLUMN original_heart_rate;
ALTER TABLE readings DROP COLUMN original_diastolic;
ALTER TABLE readings DROP COLUMN original_systolic;
ALTER TABLE readings DROP COLUMN original_time;
ALTER TABLE readings DROP COLUMN original_date;
ALTER TABLE readings DROP COLUMN flags;
ALTER TABLE readings DROP COLUMN device;
ALTER TABLE readings DROP COLUMN source;
