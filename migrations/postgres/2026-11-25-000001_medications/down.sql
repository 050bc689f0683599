DROP TABLE medication_intakes;
DROP TABLE medication_periods;
DROP TABLE medications;
