//! The medications context seen from the other contexts, through their own ports: dose
//! reminders for the scheduler (notifications) and the "Medications" section of reports.
//! (The medications context's own ports are answered in `medication_wiring`.)

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use identity::AccountService;
use kernel::UserId;
use medications::MedicationService;
use medications::service::MedicationReport;

use crate::app::IntoCause;

/// The scheduler asks which dose reminders are due (notifications' `DoseReminders`).
pub(crate) struct DoseRemindersFromMedications(pub(crate) MedicationService);

#[async_trait::async_trait]
impl notifications::DoseReminders for DoseRemindersFromMedications {
    async fn due(
        &self,
        user: UserId,
        tz: Tz,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<notifications::DoseReminder>> {
        Ok(self
            .0
            .reminders_due(user, tz, now)
            .await?
            .into_iter()
            .map(|r| notifications::DoseReminder {
                date: r.date,
                time: r.time,
                doses: r.doses,
            })
            .collect())
    }
}

/// Reports read what was taken during their days (reports' `MedicationSource`), as of the
/// user's own calendar day: the accounts context knows their time zone.
pub(crate) struct MedicationsForReports {
    pub(crate) medications: MedicationService,
    pub(crate) accounts: AccountService,
}

#[async_trait::async_trait]
impl reports::ports::MedicationSource for MedicationsForReports {
    async fn during(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
        now: DateTime<Utc>,
        with_effects: bool,
    ) -> anyhow::Result<MedicationReport> {
        let prefs = self
            .accounts
            .preferences(user)
            .await
            .map_err(IntoCause::into_cause)?;
        let local = now.with_timezone(&prefs.time_zone).naive_local();
        self.medications
            .report(user, from, to, local, with_effects)
            .await
            .map_err(IntoCause::into_cause)
    }
}
