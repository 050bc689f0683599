use chrono::NaiveDate;
use kernel::UserId;

use crate::cuffs::CuffInput;
use crate::daily::DayAggregate;
use crate::model::*;
use crate::service::FromCuff;
use crate::session::{Period, Session};

/// Readings storage. Every method is scoped to the owner: another user's reading is
/// "not found".
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ReadingRepository: Send + Sync {
    async fn list(&self, user: UserId, query: ReadingQuery) -> anyhow::Result<ReadingPage>;
    /// How many readings match `query` (its limit and offset ignored).
    async fn count(&self, user: UserId, query: ReadingQuery) -> anyhow::Result<i64>;
    /// The next `batch` readings matching `query` (its limit and offset ignored) in the
    /// list's order (newest first: date, time, id), after `after` or from the start.
    /// Walking the whole list this way reads it in batches of constant size.
    async fn list_after(
        &self,
        user: UserId,
        query: ReadingQuery,
        after: Option<ListPosition>,
        batch: i64,
    ) -> anyhow::Result<Vec<Reading>>;
    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<Reading>>;
    async fn insert(&self, user: UserId, values: ReadingValues) -> anyhow::Result<Reading>;
    /// `None` when the user has no such reading.
    async fn update(
        &self,
        user: UserId,
        id: i64,
        values: ReadingValues,
    ) -> anyhow::Result<Option<Reading>>;
    /// Stores a guided measurement in one transaction: the reading holding its averages
    /// (`values`) and every one of its readings.
    async fn insert_session(
        &self,
        user: UserId,
        values: ReadingValues,
        session: Session,
    ) -> anyhow::Result<Reading>;
    /// Sets a guided measurement's period; `None` when the user has no reading `id` holding
    /// a session.
    async fn set_period(
        &self,
        user: UserId,
        id: i64,
        period: Period,
    ) -> anyhow::Result<Option<Reading>>;
    /// In one transaction (serialised per user): when `key` was used before, answers what
    /// it stored ([`Once::Replayed`] when `fingerprint` matches, else [`Once::Conflict`];
    /// [`Once::Gone`] when that reading was deleted); otherwise stores `values` under the
    /// key when `may_insert`, else [`Once::NotAllowed`]. Keys older than a year are forgotten.
    async fn insert_once(
        &self,
        user: UserId,
        key: IdempotencyKey,
        fingerprint: String,
        values: ReadingValues,
        may_insert: bool,
    ) -> anyhow::Result<Once>;
    /// `false` when the user has no such reading. A session's readings go with it.
    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool>;
    /// In one transaction, stores each candidate that is not the same reading
    /// ([`crate::transfer::same_reading`]) as one the user already has or as an earlier
    /// candidate; concurrent imports for one user are serialised. Returns how many were
    /// stored.
    async fn import(&self, user: UserId, candidates: Vec<ReadingValues>) -> anyhow::Result<usize>;
    /// In one transaction serialised per user (with imports): answers each of `readings`
    /// (checked, from `cuff`) that the user already has, or an earlier one of `readings` is,
    /// with the same date, time, systolic, diastolic and heart rate (whatever its source) as
    /// [`FromCuff::Already`] with the reading held, and stores the others
    /// ([`FromCuff::Saved`]), in the order given; then remembers `cuff` as synced now (unless
    /// it is new and the user remembers [`crate::cuffs::MAX_CUFFS`] others: the readings are
    /// kept regardless). Past the account's bounds ([`crate::quota::Full`]) nothing is stored.
    async fn insert_from_cuff(
        &self,
        user: UserId,
        cuff: CuffInput,
        readings: Vec<ReadingValues>,
    ) -> anyhow::Result<Vec<FromCuff>>;
    /// One row per day from `from` to `to` (both included) on which the user has a reading,
    /// oldest first, summed up by the database (grouped by the reading's date): what a
    /// chart of a long span draws. Days without a reading have no row.
    async fn daily(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<DayAggregate>>;
}

/// The blood pressure guideline of the user's preferences (issue 35): categories, severe
/// readings and home levels are stated in it. The server wires the accounts context
/// behind it.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait Guidelines: Send + Sync {
    async fn guideline(&self, user: UserId) -> anyhow::Result<kernel::Guideline>;
}

/// Where no preferences are known ([`crate::ReadingService::with_guidelines`] not called):
/// everyone reads by the default guideline.
pub struct DefaultGuideline;

#[async_trait::async_trait]
impl Guidelines for DefaultGuideline {
    async fn guideline(&self, _user: UserId) -> anyhow::Result<kernel::Guideline> {
        Ok(kernel::Guideline::default())
    }
}

/// Whether the user took a blood-pressure medication over some days (issue 35): the
/// clinic/home pattern is then stated in the guidelines' treated terms. The server wires the
/// medications context behind it.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait Treatment: Send + Sync {
    /// True when a medication marked for blood pressure has a dose period overlapping
    /// `from..=to`.
    async fn bp_treated_between(
        &self,
        user: UserId,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> anyhow::Result<bool>;
}

/// Where no medications are known ([`crate::ReadingService::with_treatment`] not called):
/// nobody is known to be treated.
pub struct NoTreatmentKnown;

#[async_trait::async_trait]
impl Treatment for NoTreatmentKnown {
    async fn bp_treated_between(
        &self,
        _user: UserId,
        _from: chrono::NaiveDate,
        _to: chrono::NaiveDate,
    ) -> anyhow::Result<bool> {
        Ok(false)
    }
}

/// The home monitoring weeks a user started (issue 15), by their first day.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait HomeWeekRepository: Send + Sync {
    /// The first day of the user's latest started week not stopped (the latest first day).
    async fn latest_start(&self, user: UserId) -> anyhow::Result<Option<NaiveDate>>;
    /// The latest day the user stopped a week on, if ever.
    async fn last_stopped(&self, user: UserId) -> anyhow::Result<Option<NaiveDate>>;
    /// Records a week starting on `start` in place of the user's other weeks starting on or
    /// after `replacing_from` (those still running), so a user has one running week and the
    /// week just started is the one shown; one already starting on `start` is kept as it is.
    async fn start(
        &self,
        user: UserId,
        start: NaiveDate,
        replacing_from: NaiveDate,
    ) -> anyhow::Result<()>;
    /// Marks the week starting on `start` stopped `on` that day (starting it again clears
    /// the mark); `false` when there is no such running week.
    async fn stop(&self, user: UserId, start: NaiveDate, on: NaiveDate) -> anyhow::Result<bool>;
    /// The first days of the started weeks not stopped beginning within `[from, to]`,
    /// oldest first.
    async fn starts_between(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<NaiveDate>>;
}
