ALTER TABLE users DROP COLUMN login_secret;
