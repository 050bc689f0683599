//! The user's time zone and blood pressure guideline, from their preferences (accounts),
//! for the contexts whose dates and times are the user's wall clock and that state
//! categories.

use identity::AccountService;
use kernel::UserId;

use crate::app::IntoCause;

pub(crate) struct PreferredZones(pub(crate) AccountService);

#[async_trait::async_trait]
impl readings::ports::TimeZones for PreferredZones {
    async fn zone(&self, user: UserId) -> anyhow::Result<chrono_tz::Tz> {
        let prefs = self
            .0
            .preferences(user)
            .await
            .map_err(IntoCause::into_cause)?;
        Ok(prefs.time_zone)
    }
}

#[async_trait::async_trait]
impl readings::ports::Guidelines for PreferredZones {
    async fn guideline(&self, user: UserId) -> anyhow::Result<kernel::Guideline> {
        let prefs = self
            .0
            .preferences(user)
            .await
            .map_err(IntoCause::into_cause)?;
        Ok(prefs.guideline)
    }
}
