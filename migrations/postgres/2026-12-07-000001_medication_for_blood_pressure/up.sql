-- Taken to lower blood pressure (issue 35): the days its dose periods cover are the days the
-- person's readings are "treated" in the clinic and home patterns. Existing medications are
-- not, until the person marks them.
ALTER TABLE medications ADD COLUMN for_blood_pressure BOOLEAN NOT NULL DEFAULT FALSE;
