-- When the account last signed in (issue 38): a sign-in from a device never seen emails the
-- person, except the account's first sign-in, which follows its creation.
ALTER TABLE users ADD COLUMN last_sign_in_at TIMESTAMP NULL;
