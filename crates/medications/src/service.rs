//! Medication use cases: the owner is always the signed-in user. Dates are the user's: the
//! caller passes their local "now" (the web layer takes it in their preferences' zone).

mod intakes;
mod report;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use chrono::{Duration, NaiveDate};
use kernel::{Entitlement, Entitlements, FieldErrors, SubscriptionRequired, UserId};

use crate::analysis::{self, Adherence, Effect, Event};
use crate::model::Medication;
use crate::ports::{BloodPressureHistory, MedicationRepository};
use crate::rules::{
    MAX_MEDICATIONS, MAX_PERIODS, MSG_CHANGE_AFTER_START, MSG_INTAKE_NOT_FOUND, MSG_NOT_FOUND,
    MSG_TOO_MANY, MSG_TOO_MANY_PERIODS,
};
use crate::validate::{self, MedicationInput};

pub use intakes::{AsNeededLog, DayDoses, DoseView};
pub use report::{MedicationReport, ReportLine, adherence_text, period_text, plural};

/// Days the medication page's adherence covers, today included.
pub const ADHERENCE_DAYS: i64 = 30;

#[derive(Debug, thiserror::Error)]
pub enum MedicationError {
    #[error("{}", MSG_NOT_FOUND)]
    NotFound,
    #[error("{}", MSG_INTAKE_NOT_FOUND)]
    IntakeNotFound,
    #[error(transparent)]
    SubscriptionRequired(#[from] SubscriptionRequired),
    /// The change lost to a concurrent one: nothing was done.
    #[error("{0}")]
    Conflict(&'static str),
    #[error("{message}")]
    Invalid {
        message: String,
        errors: FieldErrors,
    },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl MedicationError {
    pub(crate) fn invalid(errors: FieldErrors) -> Self {
        let message = errors.summary().to_owned();
        MedicationError::Invalid { message, errors }
    }

    pub(crate) fn field(field: &str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        Self::invalid(errors)
    }
}

/// A medication's page: its history, the blood pressure around each start or change, and
/// the last [`ADHERENCE_DAYS`] days' doses.
#[derive(Debug, Clone, PartialEq)]
pub struct MedicationDetail {
    pub medication: Medication,
    pub effects: Vec<Effect>,
    pub adherence: Adherence,
}

#[derive(Clone)]
pub struct MedicationService {
    repo: Arc<dyn MedicationRepository>,
    bp: Arc<dyn BloodPressureHistory>,
    entitlements: Arc<dyn Entitlements>,
}

impl MedicationService {
    pub fn new(
        repo: Arc<dyn MedicationRepository>,
        bp: Arc<dyn BloodPressureHistory>,
        entitlements: Arc<dyn Entitlements>,
    ) -> Self {
        Self {
            repo,
            bp,
            entitlements,
        }
    }

    async fn ensure_may_write(&self, user: UserId) -> Result<(), MedicationError> {
        self.entitlements.require(user, Entitlement::Record).await
    }

    pub(crate) async fn owned(&self, user: UserId, id: i64) -> Result<Medication, MedicationError> {
        self.repo
            .get(user, id)
            .await?
            .ok_or(MedicationError::NotFound)
    }

    /// The user's medication `id`, once they may write.
    pub(crate) async fn writable(
        &self,
        user: UserId,
        id: i64,
    ) -> Result<Medication, MedicationError> {
        self.ensure_may_write(user).await?;
        self.owned(user, id).await
    }

    /// Every medication, current ones first, then by name; and the chart's events.
    pub async fn list(
        &self,
        user: UserId,
        today: NaiveDate,
    ) -> Result<(Vec<Medication>, Vec<Event>), MedicationError> {
        let mut meds = self.repo.list(user).await?;
        meds.sort_by(|a, b| {
            (!a.is_current(today), a.name.to_lowercase(), a.id).cmp(&(
                !b.is_current(today),
                b.name.to_lowercase(),
                b.id,
            ))
        });
        let events = analysis::events(&meds, today);
        Ok((meds, events))
    }

    pub async fn detail(
        &self,
        user: UserId,
        id: i64,
        now: kernel::UsersNow,
    ) -> Result<MedicationDetail, MedicationError> {
        let mut medication = self.owned(user, id).await?;
        medication.added_in(now.zone);
        let (today, now) = (now.today(), now.local);
        let mut points = Vec::new();
        for (from, to) in analysis::windows(&medication, today) {
            points.extend(self.bp.between(user, from, to).await?);
        }
        let effects = analysis::effects(&medication, &points, today);
        let from = today - Duration::days(ADHERENCE_DAYS - 1);
        let intakes = self.repo.intakes(user, Some(id), from, today).await?;
        let adherence = analysis::adherence(
            std::slice::from_ref(&medication),
            &intakes,
            from,
            today,
            today,
            now.time(),
        );
        Ok(MedicationDetail {
            medication,
            effects,
            adherence,
        })
    }

    pub async fn create(
        &self,
        user: UserId,
        input: MedicationInput,
    ) -> Result<Medication, MedicationError> {
        self.ensure_may_write(user).await?;
        let new = validate::medication(&input).map_err(MedicationError::invalid)?;
        self.repo
            .insert(user, new, MAX_MEDICATIONS)
            .await?
            .ok_or(MedicationError::Conflict(MSG_TOO_MANY))
    }

    /// Changes details, stops or restarts (the end date), or corrects the latest dose in
    /// place. A start date may not move before the previous period's end.
    pub async fn update(
        &self,
        user: UserId,
        id: i64,
        patch: MedicationInput,
    ) -> Result<Medication, MedicationError> {
        let current = self.writable(user, id).await?;
        let latest = current.latest().ok_or(MedicationError::NotFound)?;
        let checked = validate::medication(&validate::merged(&current, patch))
            .map_err(MedicationError::invalid)?;
        let previous_end = current.periods.iter().rev().nth(1).and_then(|p| p.end);
        if previous_end.is_some_and(|end| checked.start <= end) {
            return Err(MedicationError::field(
                "startDate",
                "The start date must be after the previous dose ended",
            ));
        }
        self.repo
            .update(user, id, latest.id, checked)
            .await?
            .ok_or(MedicationError::NotFound)
    }

    /// A change of dose from `startDate`: the latest period ends the day before.
    pub async fn change_dose(
        &self,
        user: UserId,
        id: i64,
        input: MedicationInput,
    ) -> Result<Medication, MedicationError> {
        let current = self.writable(user, id).await?;
        let latest = current.latest().ok_or(MedicationError::NotFound)?;
        // Details are not part of a change: the current ones make the input whole.
        let input = MedicationInput {
            end_date: None,
            ..validate::merged(
                &current,
                MedicationInput {
                    start_date: Some(input.start_date.unwrap_or_default()),
                    ..input
                },
            )
        };
        let checked = validate::medication(&input).map_err(MedicationError::invalid)?;
        if checked.start <= latest.start {
            return Err(MedicationError::field("startDate", MSG_CHANGE_AFTER_START));
        }
        if current.periods.len() >= MAX_PERIODS {
            return Err(MedicationError::Conflict(MSG_TOO_MANY_PERIODS));
        }
        self.repo
            .change_dose(
                user,
                id,
                latest.id,
                checked.dose,
                checked.start,
                MAX_PERIODS,
            )
            .await?
            .ok_or(MedicationError::Conflict(
                "The medication changed meanwhile. Reload it and try again.",
            ))
    }

    /// Whether the user takes a blood-pressure medication on `date`: true when a medication
    /// marked [`for_blood_pressure`](Medication::for_blood_pressure) has a dose period
    /// covering it (`start <= date` and no end or `end >= date`). Any dose and frequency
    /// counts, as needed too: this is whether the person is treated, not whether they took
    /// that day's dose. Another user's medications never count. No subscription needed.
    pub async fn bp_treated_on(
        &self,
        user: UserId,
        date: NaiveDate,
    ) -> Result<bool, MedicationError> {
        self.bp_treated_between(user, date, date).await
    }

    /// [`bp_treated_on`](Self::bp_treated_on) for any day of `[from, to]` (both included):
    /// true when such a dose period shares at least one day with the range. `from > to` is an
    /// empty range: false, without reading anything. One read of the user's medications
    /// whatever the range, so a caller asks once for a week rather than once a day.
    pub async fn bp_treated_between(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<bool, MedicationError> {
        if from > to {
            return Ok(false);
        }
        let meds = self.repo.list(user).await?;
        Ok(meds.iter().any(|m| m.treats_bp_between(from, to)))
    }

    pub async fn delete(&self, user: UserId, id: i64) -> Result<(), MedicationError> {
        self.ensure_may_write(user).await?;
        if self.repo.delete(user, id).await? {
            Ok(())
        } else {
            Err(MedicationError::NotFound)
        }
    }
}
