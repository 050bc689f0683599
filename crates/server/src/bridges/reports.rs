//! The reports context's ports: the period's readings and home weeks (readings), the patient
//! (accounts) and what was taken (medications).

use chrono::NaiveDate;
use identity::AccountService;
use kernel::{UserId, UsersNow};
use medications::MedicationService;
use medications::service::MedicationReport;
use readings::ReadingService;

use super::IntoCause;

/// Reports read the period's readings through their own port.
pub(crate) struct ReadingsForReports(pub(crate) ReadingService);

#[async_trait::async_trait]
impl reports::ports::ReadingSource for ReadingsForReports {
    async fn in_period(
        &self,
        user: kernel::UserId,
        start: chrono::NaiveDate,
        end: chrono::NaiveDate,
        at_most: usize,
    ) -> anyhow::Result<Option<Vec<readings::Reading>>> {
        let query = readings::ReadingQuery {
            from: Some(start),
            to: Some(end),
            ..Default::default()
        };
        let list = |query| async {
            self.0
                .list(user, query)
                .await
                .map_err(IntoCause::into_cause)
        };
        // Count first (a page of one carries the total), so a period with too many readings
        // is refused without loading them.
        let probe = list(readings::ReadingQuery {
            limit: Some(1),
            ..query.clone()
        })
        .await?;
        let at_most = i64::try_from(at_most)?;
        if probe.total > at_most {
            return Ok(None);
        }
        let page = list(query).await?;
        // An import between the two queries may have added more: the bound still holds.
        if page.total > at_most {
            return Ok(None);
        }
        let mut all = page.readings;
        all.reverse(); // oldest first
        Ok(Some(all))
    }
}

/// Reports learn which home monitoring weeks the user started from the readings context.
pub(crate) struct HomeWeeksForReports(pub(crate) ReadingService);

#[async_trait::async_trait]
impl reports::ports::HomeWeekSource for HomeWeeksForReports {
    async fn started_between(
        &self,
        user: kernel::UserId,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> anyhow::Result<Vec<chrono::NaiveDate>> {
        self.0
            .home_week_starts(user, from, to)
            .await
            .map_err(IntoCause::into_cause)
    }
}

/// Reports learn who the patient is and which units they read from the accounts context.
pub(crate) struct PatientProfile(pub(crate) AccountService);

#[async_trait::async_trait]
impl reports::ports::PatientSource for PatientProfile {
    async fn patient(&self, user: kernel::UserId) -> anyhow::Result<reports::Patient> {
        let u = self.0.user(user).await.map_err(IntoCause::into_cause)?;
        let prefs = self
            .0
            .preferences(user)
            .await
            .map_err(IntoCause::into_cause)?;
        Ok(reports::Patient {
            full_name: format!("{} {}", u.first_name, u.last_name)
                .trim()
                .to_owned(),
            username: u.username,
            email: u.email.to_string(),
            date_of_birth: u.date_of_birth,
            units: prefs.units(),
            guideline: prefs.guideline,
            time_zone: prefs.time_zone,
        })
    }
}

/// Reports read what was taken during their days (reports' `MedicationSource`), as of the
/// user's own now (reports read their zone with the patient).
pub(crate) struct MedicationsForReports(pub(crate) MedicationService);

#[async_trait::async_trait]
impl reports::ports::MedicationSource for MedicationsForReports {
    async fn during(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
        now: UsersNow,
        with_effects: bool,
    ) -> anyhow::Result<MedicationReport> {
        self.0
            .report(user, from, to, now, with_effects)
            .await
            .map_err(IntoCause::into_cause)
    }
}
