-- Each account's login secret: device cookies (login throttling) name the account by a
-- digest of it, and a new password replaces it, so cookies earned before no longer count.
ALTER TABLE users ADD COLUMN login_secret TEXT NOT NULL DEFAULT '';
UPDATE users SET login_secret = lower(hex(randomblob(32)));
