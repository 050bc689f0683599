-- When the password was last set: undoing an email change voids a password set after the
-- change. Accounts from before count from their last update (a later one only asks an
-- owner who undoes a change to reset a password they may have set themselves).
ALTER TABLE users ADD COLUMN password_changed_at TIMESTAMP NOT NULL DEFAULT '1970-01-01 00:00:00';
UPDATE users SET password_changed_at = updated_at;
ALTER TABLE users ALTER COLUMN password_changed_at DROP DEFAULT;
