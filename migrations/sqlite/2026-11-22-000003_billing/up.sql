-- Subscriptions (one row per user) and every payment that bought time.
CREATE TABLE subscriptions (
    user_id       BIGINT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at    TIMESTAMP NOT NULL,
    cancelled_at  TIMESTAMP,
    updated_at    TIMESTAMP NOT NULL
);

-- A payment is kept for bookkeeping even after its user is deleted (user_id becomes NULL).
-- order_id is UNIQUE: one provider order activates at most once, whatever the concurrency.
CREATE TABLE payments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       BIGINT REFERENCES users(id) ON DELETE SET NULL,
    order_id      TEXT NOT NULL UNIQUE,
    capture_id    TEXT,
    method        TEXT NOT NULL,
    amount        TEXT NOT NULL,
    currency      TEXT NOT NULL,
    client_claim  TEXT NOT NULL,
    period_end    TIMESTAMP NOT NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX payments_user ON payments (user_id);
