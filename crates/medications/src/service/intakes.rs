//! Recording doses: a day's doses, one tap for all of them, one dose, undo; and what the
//! reminder emails need.

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use chrono_tz::Tz;
use kernel::UserId;

use super::{MedicationError, MedicationService};
use crate::model::{Form, Frequency, Intake, IntakeStatus, IntakeValues, Medication};
use crate::ports::AsNeededRecorded;
use crate::reminders::{self, DueReminder};
use crate::rules::{
    MAX_AS_NEEDED_PER_DAY, MSG_AS_NEEDED_MANY, MSG_AS_NEEDED_TAKEN, MSG_FUTURE,
    MSG_NOT_A_DOSE_TIME, MSG_NOT_ON_THAT_DAY,
};
use crate::schedule::{SlotStatus, slots_on, times_on};
use crate::validate::{self, IntakeInput};

/// One scheduled dose of a day, as the dashboard shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct DoseView {
    pub medication_id: i64,
    pub name: String,
    pub form: Form,
    /// "10 mg".
    pub amount: String,
    pub time: NaiveTime,
    pub status: SlotStatus,
    pub intake_id: Option<i64>,
    pub reason: Option<String>,
}

/// An as-needed medication of a day and the doses taken.
#[derive(Debug, Clone, PartialEq)]
pub struct AsNeededLog {
    pub medication_id: i64,
    pub name: String,
    pub amount: String,
    /// (intake id, time), by time.
    pub taken: Vec<(i64, NaiveTime)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DayDoses {
    pub date: NaiveDate,
    pub doses: Vec<DoseView>,
    pub as_needed: Vec<AsNeededLog>,
}

fn day_doses(meds: &[Medication], intakes: &[Intake], date: NaiveDate) -> DayDoses {
    let doses = slots_on(meds, intakes, date)
        .into_iter()
        .map(|s| DoseView {
            medication_id: s.medication.id,
            name: s.medication.name.clone(),
            form: s.medication.form,
            amount: s
                .medication
                .period_on(date)
                .map(|p| p.dose.amount())
                .unwrap_or_default(),
            time: s.time,
            status: s.status(),
            intake_id: s.intake.map(|i| i.id),
            reason: s.intake.and_then(|i| i.reason.clone()),
        })
        .collect();
    let mut as_needed: Vec<AsNeededLog> = meds
        .iter()
        .filter_map(|m| {
            let p = m.period_on(date)?;
            (p.dose.frequency == Frequency::AsNeeded).then(|| {
                let mut taken: Vec<(i64, NaiveTime)> = intakes
                    .iter()
                    .filter(|i| i.medication_id == m.id && i.date == date)
                    .map(|i| (i.id, i.time))
                    .collect();
                taken.sort_by_key(|&(id, time)| (time, id));
                AsNeededLog {
                    medication_id: m.id,
                    name: m.name.clone(),
                    amount: p.dose.amount(),
                    taken,
                }
            })
        })
        .collect();
    as_needed.sort_by(|a, b| {
        (a.name.to_lowercase(), a.medication_id).cmp(&(b.name.to_lowercase(), b.medication_id))
    });
    DayDoses {
        date,
        doses,
        as_needed,
    }
}

impl MedicationService {
    fn check_day(date: NaiveDate, latest: NaiveDateTime) -> Result<(), MedicationError> {
        if date > latest.date() {
            return Err(MedicationError::field("date", MSG_FUTURE));
        }
        Ok(())
    }

    /// The doses of `date` and what was recorded for them.
    pub async fn doses(&self, user: UserId, date: NaiveDate) -> Result<DayDoses, MedicationError> {
        let meds = self.repo.list(user).await?;
        let intakes = self.repo.intakes(user, None, date, date).await?;
        Ok(day_doses(&meds, &intakes, date))
    }

    /// Marks every dose of `date` with nothing recorded as taken (the dashboard's one tap).
    /// `latest` is the user's [`kernel::calendar::latest_allowed`].
    pub async fn take_all(
        &self,
        user: UserId,
        date: NaiveDate,
        latest: NaiveDateTime,
    ) -> Result<DayDoses, MedicationError> {
        self.ensure_may_write(user).await?;
        Self::check_day(date, latest)?;
        let meds = self.repo.list(user).await?;
        let intakes = self.repo.intakes(user, None, date, date).await?;
        let missing: Vec<IntakeValues> = slots_on(&meds, &intakes, date)
            .into_iter()
            .filter(|s| s.status() == SlotStatus::Due)
            .map(|s| IntakeValues {
                medication_id: s.medication.id,
                date,
                time: s.time,
                status: IntakeStatus::Taken,
                reason: None,
            })
            .collect();
        if !missing.is_empty() {
            self.repo.record_missing(user, missing).await?;
        }
        self.doses(user, date).await
    }

    /// Records one dose of medication `id`: a scheduled one at one of its dose times of that
    /// day (replacing what was recorded for it), or an as-needed one at the time taken.
    /// `latest` is the user's [`kernel::calendar::latest_allowed`], as for a reading.
    pub async fn record(
        &self,
        user: UserId,
        id: i64,
        input: IntakeInput,
        latest: NaiveDateTime,
    ) -> Result<Intake, MedicationError> {
        let med = self.writable(user, id).await?;
        let (date, time, status, reason) =
            validate::intake(&input).map_err(MedicationError::invalid)?;
        Self::check_day(date, latest)?;
        let period = med
            .period_on(date)
            .ok_or_else(|| MedicationError::field("date", MSG_NOT_ON_THAT_DAY))?;
        let values = IntakeValues {
            medication_id: id,
            date,
            time,
            status,
            reason,
        };
        if period.dose.frequency == Frequency::AsNeeded {
            if status != IntakeStatus::Taken {
                return Err(MedicationError::field("status", MSG_AS_NEEDED_TAKEN));
            }
            // Its time is when it was taken, so a time still to come today is in the future
            // (a scheduled dose's time is its slot, which may be marked ahead).
            if date.and_time(time) > latest {
                return Err(MedicationError::field("time", MSG_FUTURE));
            }
            // Counted in the store, with the insert, so concurrent requests cannot pass it.
            return match self
                .repo
                .record_as_needed(user, values, MAX_AS_NEEDED_PER_DAY)
                .await?
            {
                AsNeededRecorded::Stored(intake) => Ok(intake),
                AsNeededRecorded::NotFound => Err(MedicationError::NotFound),
                AsNeededRecorded::DayFull => {
                    Err(MedicationError::field("time", MSG_AS_NEEDED_MANY))
                }
            };
        }
        if !times_on(&med, date).contains(&time) {
            return Err(MedicationError::field("time", MSG_NOT_A_DOSE_TIME));
        }
        self.repo
            .record(user, values)
            .await?
            .ok_or(MedicationError::NotFound)
    }

    pub async fn delete_intake(
        &self,
        user: UserId,
        id: i64,
        intake: i64,
    ) -> Result<(), MedicationError> {
        self.ensure_may_write(user).await?;
        if self.repo.delete_intake(user, id, intake).await? {
            Ok(())
        } else {
            Err(MedicationError::IntakeNotFound)
        }
    }

    /// The dose reminders due at `now` for a user in `tz` ([`reminders::due`]).
    pub async fn reminders_due(
        &self,
        user: UserId,
        tz: Tz,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<DueReminder>> {
        let meds = self.repo.list(user).await?;
        if !meds.iter().any(|m| m.reminders) {
            return Ok(Vec::new());
        }
        let today = now.with_timezone(&tz).date_naive();
        let intakes = self
            .repo
            .intakes(user, None, today - Duration::days(1), today)
            .await?;
        Ok(reminders::due(&meds, &intakes, tz, now))
    }

    /// Everything the user recorded, for the account exports: medications (by id) and
    /// every intake (by date and time).
    pub async fn export(&self, user: UserId) -> anyhow::Result<(Vec<Medication>, Vec<Intake>)> {
        let mut meds = self.repo.list(user).await?;
        meds.sort_by_key(|m| m.id);
        if meds.is_empty() {
            return Ok((meds, Vec::new()));
        }
        // The widest span ISO dates sort in as text (the store keeps them so).
        let (from, to) = (
            NaiveDate::from_ymd_opt(1, 1, 1).unwrap_or(NaiveDate::MIN),
            NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or(NaiveDate::MAX),
        );
        let mut intakes = self.repo.intakes(user, None, from, to).await?;
        intakes.sort_by_key(|i| (i.date, i.time, i.id));
        Ok((meds, intakes))
    }
}
