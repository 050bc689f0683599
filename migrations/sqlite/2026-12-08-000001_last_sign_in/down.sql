ALTER TABLE users DROP COLUMN last_sign_in_at;
