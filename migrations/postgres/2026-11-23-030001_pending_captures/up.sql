-- A payment the user asked to activate, written before the provider is asked to capture it
-- and removed in the transaction that records it (or when the provider refuses it). A row
-- left behind (the database failed after the money was taken, or the process died) is
-- captured again (idempotent at the provider) and recorded by the reconciliation job.
-- Keyed by order and user: whoever else sends the same order id cannot displace the owner's.
CREATE TABLE pending_captures (
    order_id      TEXT      NOT NULL,
    user_id       BIGINT    NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    method        TEXT      NOT NULL,
    client_claim  TEXT      NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (order_id, user_id)
);
