-- The blood pressure guideline a person reads their numbers by (issue 35); everyone's is
-- the 2025 ACC/AHA guideline until they choose.
ALTER TABLE preferences ADD COLUMN guideline TEXT NOT NULL DEFAULT 'acc-aha-2025'
    CHECK (guideline IN ('acc-aha-2025', 'esh-2023', 'esc-2024'));
