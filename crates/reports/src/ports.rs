use chrono::{DateTime, NaiveDate, Utc};
use kernel::UserId;
use kernel::outbox::OutgoingEmail;
use readings::Reading;

use crate::model::*;

/// Stored reports and their PDFs, scoped to the owner (another user's report is "not
/// found").
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ReportRepository: Send + Sync {
    async fn insert(
        &self,
        user: UserId,
        spec: ReportSpec,
        generated_at: DateTime<Utc>,
        pdf: Vec<u8>,
    ) -> anyhow::Result<ReportMeta>;
    /// Newest first.
    async fn list(&self, user: UserId) -> anyhow::Result<Vec<ReportMeta>>;
    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<ReportMeta>>;
    async fn pdf(&self, user: UserId, id: i64) -> anyhow::Result<Option<Vec<u8>>>;
    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool>;
    /// How many report emails the user sent since `since`.
    async fn emails_since(&self, user: UserId, since: DateTime<Utc>) -> anyhow::Result<i64>;
    /// In one transaction: unless the user already sent `cap` report emails since `since`,
    /// records the sending and queues the email. Returns whether it did (the count and the
    /// insert are atomic, so concurrent requests cannot pass the cap together).
    async fn record_email(
        &self,
        user: UserId,
        report_id: i64,
        recipient: &str,
        email: OutgoingEmail,
        since: DateTime<Utc>,
        cap: i64,
    ) -> anyhow::Result<bool>;
}

/// The readings a report covers.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ReadingSource: Send + Sync {
    /// The user's readings from `start` to `end` inclusive, oldest first.
    async fn in_period(
        &self,
        user: UserId,
        start: NaiveDate,
        end: NaiveDate,
    ) -> anyhow::Result<Vec<Reading>>;
}

/// Who the report is about.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait PatientSource: Send + Sync {
    async fn patient(&self, user: UserId) -> anyhow::Result<Patient>;
}

/// Draws the PDF. Implementations must not block the async executor.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait PdfRenderer: Send + Sync {
    async fn render(&self, doc: ReportDocument) -> anyhow::Result<Vec<u8>>;
}
