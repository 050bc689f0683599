-- When the account last signed in (issue 38): a sign-in from a browser the account does not
-- recognise emails the person, except the account's first sign-in, which follows its
-- creation.
ALTER TABLE users ADD COLUMN last_sign_in_at TIMESTAMP NULL;
-- Accounts that exist already and are verified have, in all likelihood, signed in: their next
-- sign-in from an unknown browser is no "first", and must not go unannounced.
UPDATE users SET last_sign_in_at = created_at WHERE email_verified;
