ALTER TABLE medications DROP COLUMN for_blood_pressure;
