//! Outgoing email as data. Emails are written to the outbox in the same transaction as the
//! change that causes them; a worker delivers them later, so an SMTP outage loses nothing.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::UserId;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub data: Vec<u8>,
}

/// One email, ready to send. `to` is a validated address; subjects never contain CR/LF
/// (see [`OutgoingEmail::new`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingEmail {
    /// Whose email this is, so deleting an account can delete its pending mail.
    pub user_id: Option<UserId>,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub attachment: Option<Attachment>,
    /// Extra headers such as `List-Unsubscribe`; names and values are free of CR/LF.
    pub headers: Vec<(String, String)>,
}

impl OutgoingEmail {
    pub fn new(
        user_id: Option<UserId>,
        to: &crate::Email,
        subject: &str,
        text: String,
        html: String,
    ) -> Self {
        Self {
            user_id,
            to: to.as_str().to_owned(),
            subject: strip_line_breaks(subject),
            text,
            html,
            attachment: None,
            headers: Vec::new(),
        }
    }
}

/// Header values must be one line: a CR or LF would start a new header.
pub fn strip_line_breaks(value: &str) -> String {
    value.replace(['\r', '\n'], " ")
}

/// An email claimed from the outbox by a worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedEmail {
    pub id: i64,
    pub attempts: i32,
    pub email: OutgoingEmail,
}

/// The outbox as the delivery worker sees it.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait OutboxQueue: Send + Sync {
    /// Claims up to `limit` emails that are due at `now` and not claimed by another worker,
    /// leasing them until `lease_until` (a crashed worker's lease simply runs out).
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: i64,
    ) -> anyhow::Result<Vec<QueuedEmail>>;

    async fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<()>;

    /// Records a failed attempt; the email is tried again at `retry_at`, or never when `None`.
    async fn mark_failed(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> anyhow::Result<()>;

    /// Number of emails not yet sent and not given up on.
    async fn pending_count(&self) -> anyhow::Result<i64>;
}
