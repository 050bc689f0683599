-- Secrets generated once and shared by every server instance on this database
-- (e.g. the key that protects session cookies).
CREATE TABLE app_secrets (
    name        TEXT PRIMARY KEY NOT NULL,
    value       TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
