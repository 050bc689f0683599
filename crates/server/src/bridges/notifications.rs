//! The notifications context's ports: the weekly email's digest (reports) and the dose
//! reminders due (medications).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use kernel::UserId;
use medications::MedicationService;
use reports::ReportService;

use super::IntoCause;

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

/// The weekly email's digest comes from the reports context.
pub(crate) struct WeeklyFromReports(pub(crate) ReportService);

#[async_trait::async_trait]
impl notifications::WeeklyDigest for WeeklyFromReports {
    async fn digest(
        &self,
        user: UserId,
        start: chrono::NaiveDate,
        end: chrono::NaiveDate,
    ) -> anyhow::Result<notifications::Digest> {
        let d = self
            .0
            .weekly_digest(user, start, end)
            .await
            .map_err(|e| e.into_cause().context("weekly digest"))?;
        Ok(notifications::Digest {
            readings: d.readings,
            summary: d.summary,
            pdf: d.pdf,
        })
    }
}
