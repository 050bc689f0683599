//! The readings context's ports, answered by accounts (the user's guideline, and the zone
//! every context's `kernel::UserCalendar` reads) and medications (whether blood pressure
//! was treated).

use identity::AccountService;
use kernel::UserId;
use medications::MedicationService;

use super::IntoCause;

/// The time zone and blood pressure guideline of the user's preferences.
pub(crate) struct PreferredZones(pub(crate) AccountService);

impl PreferredZones {
    async fn preferences(&self, user: UserId) -> anyhow::Result<identity::Preferences> {
        self.0
            .preferences(user)
            .await
            .map_err(IntoCause::into_cause)
    }
}

#[async_trait::async_trait]
impl kernel::calendar::TimeZones for PreferredZones {
    async fn zone(&self, user: UserId) -> anyhow::Result<chrono_tz::Tz> {
        Ok(self.preferences(user).await?.time_zone)
    }
}

#[async_trait::async_trait]
impl readings::ports::Guidelines for PreferredZones {
    async fn guideline(&self, user: UserId) -> anyhow::Result<kernel::Guideline> {
        Ok(self.preferences(user).await?.guideline)
    }
}

/// Whether a user took a blood-pressure medication, for the readings context's clinic/home
/// pattern (issue 35): the medications service answers from the dose periods of medications
/// marked "for blood pressure".
pub(crate) struct BpTreatment(pub(crate) MedicationService);

#[async_trait::async_trait]
impl readings::ports::Treatment for BpTreatment {
    async fn bp_treated_between(
        &self,
        user: UserId,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> anyhow::Result<bool> {
        self.0
            .bp_treated_between(user, from, to)
            .await
            .map_err(IntoCause::into_cause)
    }
}
