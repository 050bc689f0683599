DROP TABLE webauthn_ceremonies;
DROP TABLE passkeys;
