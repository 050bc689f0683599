use chrono::{DateTime, Utc};
use kernel::UserId;

use crate::model::*;

/// Subscriptions and the payments that bought them.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait SubscriptionRepository: Send + Sync {
    async fn status(&self, user: UserId) -> anyhow::Result<SubscriptionStatus>;

    /// Records the payment and extends the subscription with [`extend`] in one
    /// transaction, which also removes the order's [`PendingCapture`] for this user. An
    /// order id is recorded at most once, whatever the concurrency (a uniqueness rule in
    /// the database): a repeat returns [`Recorded::AlreadyApplied`] for the same user and
    /// [`Recorded::OtherUser`] for anyone else. Transient database failures (busy, locked,
    /// time-outs) are retried a few times with backoff before the error is returned.
    async fn record_payment(
        &self,
        payment: NewPayment,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Recorded>;

    /// Writes down an activation before the capture; writing the same order and user again
    /// changes nothing.
    async fn begin_capture(&self, pending: PendingCapture) -> anyhow::Result<()>;

    /// Forgets a pending capture that will never be recorded (refused, not as agreed).
    async fn drop_capture(&self, user: UserId, order_id: &str) -> anyhow::Result<()>;

    /// Pending captures, oldest first, at most `limit`.
    async fn pending_captures(&self, limit: i64) -> anyhow::Result<Vec<PendingCapture>>;

    /// The user's payments, oldest first.
    async fn payments(&self, user: UserId) -> anyhow::Result<Vec<PaymentRecord>>;

    /// Marks the subscription as cancelled (it still runs to its expiry).
    async fn cancel(&self, user: UserId, at: DateTime<Utc>) -> anyhow::Result<SubscriptionStatus>;
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The provider could not be reached or failed (time-out, 5xx): try again later.
    #[error("payment provider unavailable: {0}")]
    Unavailable(String),
    /// The provider refused (unknown order, declined, 4xx).
    #[error("payment provider refused: {0}")]
    Refused(String),
}

/// The payment provider (PayPal Orders v2, or the test-mode gateway).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait PaymentGateway: Send + Sync {
    /// Creates an order for the plan's price, recording `user` on it; returns its id.
    async fn create_order(&self, user: UserId) -> Result<String, GatewayError>;

    /// Captures the order, or reads it if it was already captured.
    async fn capture(&self, order_id: &str) -> Result<VerifiedOrder, GatewayError>;

    /// `true` for the test-mode gateway (no real money moves).
    fn is_test_mode(&self) -> bool;

    /// The client id the browser's PayPal buttons use, if any.
    fn client_id(&self) -> Option<String>;
}
