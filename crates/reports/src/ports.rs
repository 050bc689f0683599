use chrono::{DateTime, NaiveDate, Utc};
use kernel::UserId;
use kernel::email_caps::EmailCaps;
use kernel::outbox::OutgoingEmail;
use readings::Reading;

use crate::model::*;

/// Stored reports and their PDFs, scoped to the owner (another user's report is "not
/// found").
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ReportRepository: Send + Sync {
    /// In one transaction: unless the user already keeps `cap` reports, stores this one.
    /// Returns `None` at the cap (the count and the insert are atomic).
    async fn insert(
        &self,
        user: UserId,
        report: NewReport,
        cap: i64,
    ) -> anyhow::Result<Option<ReportMeta>>;
    /// How many reports the user keeps.
    async fn count(&self, user: UserId) -> anyhow::Result<i64>;
    /// Newest first.
    async fn list(&self, user: UserId) -> anyhow::Result<Vec<ReportMeta>>;
    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<ReportMeta>>;
    async fn pdf(&self, user: UserId, id: i64) -> anyhow::Result<Option<Vec<u8>>>;
    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool>;
    /// How many report emails the user sent since `since`.
    async fn emails_since(&self, user: UserId, since: DateTime<Utc>) -> anyhow::Result<i64>;
    /// In one transaction, serialised with every other report email: unless
    /// [`EmailCaps::first_reached`] names a cap over the log of report emails, records the
    /// sending and queues the email. The counts and the insert are atomic, so concurrent
    /// requests cannot pass a cap together.
    async fn record_email(
        &self,
        user: UserId,
        report_id: i64,
        recipient: &str,
        email: OutgoingEmail,
        caps: EmailCaps,
    ) -> anyhow::Result<EmailOutcome>;
}

/// The readings a report covers.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ReadingSource: Send + Sync {
    /// The user's readings from `start` to `end` inclusive, oldest first, or `None` when
    /// there are more than `at_most` (without loading them all).
    async fn in_period(
        &self,
        user: UserId,
        start: NaiveDate,
        end: NaiveDate,
        at_most: usize,
    ) -> anyhow::Result<Option<Vec<Reading>>>;
}

/// Who the report is about.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait PatientSource: Send + Sync {
    async fn patient(&self, user: UserId) -> anyhow::Result<Patient>;
}

/// Draws the PDF. Implementations must not block the async executor, and should run the
/// work on a bounded set of threads: callers limit how many documents wait for them.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait PdfRenderer: Send + Sync {
    async fn render(&self, doc: ReportDocument) -> anyhow::Result<Vec<u8>>;
}

/// The home monitoring weeks the user started (the readings context keeps them), for the
/// report's "Home monitoring week" section.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait HomeWeekSource: Send + Sync {
    /// The start dates of the weeks the user started, from `from` to `to` inclusive (a week
    /// the user stopped before its end is not one), in any order; empty when none.
    async fn started_between(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<NaiveDate>>;
}

/// What the user took during a report's days (the medications context keeps it), for the
/// report's "Medications" section.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait MedicationSource: Send + Sync {
    /// The medications taken during `[from, to]`, their adherence and, `with_effects`, the
    /// blood pressure around each start or change in those days, as of the user's `now`;
    /// a report with no lines when nothing was taken.
    async fn during(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
        now: kernel::UsersNow,
        with_effects: bool,
    ) -> anyhow::Result<medications::service::MedicationReport>;
}
