-- Each account's login secret: device cookies (login throttling) name the account by a
-- digest of it, and a new password replaces it, so cookies earned before no longer count.
ALTER TABLE users ADD COLUMN login_secret TEXT NOT NULL DEFAULT '';
-- gen_random_uuid() draws from a cryptographic source (122 random bits each).
UPDATE users SET login_secret = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
-- Every new account gets its own: none may share the empty one.
ALTER TABLE users ALTER COLUMN login_secret DROP DEFAULT;
