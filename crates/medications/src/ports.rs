use chrono::NaiveDate;
use kernel::UserId;

use crate::analysis::BpPoint;
use crate::model::{Dose, Intake, IntakeValues, Medication, NewMedication};

/// Medications storage. Every method is scoped to the owner: another user's medication or
/// intake is "not found" (`None` / `false`).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait MedicationRepository: Send + Sync {
    /// The user's medications with their periods (oldest first), by id.
    async fn list(&self, user: UserId) -> anyhow::Result<Vec<Medication>>;
    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<Medication>>;
    /// Stores a medication and its first period, unless the user has `max` medications
    /// already (`None`); the count and the insert are one transaction per user.
    async fn insert(
        &self,
        user: UserId,
        new: NewMedication,
        max: usize,
    ) -> anyhow::Result<Option<Medication>>;
    /// Replaces the details, and the dose and dates of period `period` (the latest), with
    /// `values`.
    async fn update(
        &self,
        user: UserId,
        id: i64,
        period: i64,
        values: NewMedication,
    ) -> anyhow::Result<Option<Medication>>;
    /// In one transaction: ends period `latest` on `start - 1` (unless it ended earlier: a
    /// change after a stop is a restart at a new dose) and adds a period of `dose` from
    /// `start`. `None` when there is no such medication, or `latest` is no longer its
    /// latest period (a concurrent change won), or it has `max_periods` already.
    async fn change_dose(
        &self,
        user: UserId,
        id: i64,
        latest: i64,
        dose: Dose,
        start: NaiveDate,
        max_periods: usize,
    ) -> anyhow::Result<Option<Medication>>;
    /// Its periods and intakes go with it.
    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool>;
    /// The user's intakes dated within `[from, to]`, of one medication or all.
    async fn intakes(
        &self,
        user: UserId,
        medication: Option<i64>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<Intake>>;
    /// Records a dose: one already recorded for the same medication, date and time is
    /// replaced. `None` when the user has no such medication.
    async fn record(&self, user: UserId, intake: IntakeValues) -> anyhow::Result<Option<Intake>>;
    /// Records an as-needed dose at the time taken: one already recorded at that time is
    /// replaced; another is added only while the medication has fewer than `per_day` doses
    /// on that date. The count and the insert are one transaction under the user's
    /// medications lock, so concurrent requests (to any server) cannot pass `per_day`.
    async fn record_as_needed(
        &self,
        user: UserId,
        intake: IntakeValues,
        per_day: usize,
    ) -> anyhow::Result<AsNeededRecorded>;
    /// Records each dose not recorded yet (in one transaction; ones recorded meanwhile are
    /// kept as they are). Returns how many were stored.
    async fn record_missing(
        &self,
        user: UserId,
        intakes: Vec<IntakeValues>,
    ) -> anyhow::Result<usize>;
    /// `false` when the user has no such intake of that medication.
    async fn delete_intake(&self, user: UserId, medication: i64, id: i64) -> anyhow::Result<bool>;
}

/// What [`MedicationRepository::record_as_needed`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum AsNeededRecorded {
    Stored(Intake),
    /// The user has no such medication.
    NotFound,
    /// That day has its `per_day` doses already: nothing was stored.
    DayFull,
}

/// The user's blood pressure readings dated within `[from, to]` (the server wires the
/// readings context behind it).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait BloodPressureHistory: Send + Sync {
    async fn between(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<BpPoint>>;
}
