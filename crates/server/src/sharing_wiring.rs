//! The sharing context's ports that other contexts answer: the owner's calendar and
//! subscription (accounts, billing). Access codes are hashed by `argon2_hasher`'s
//! `ShareCodeHasher`, on threads of their own.

use billing::BillingService;
use chrono::{DateTime, NaiveDate, Utc};
use identity::AccountService;
use kernel::UserId;

use crate::app::IntoCause;

pub(crate) struct SharingOwners {
    pub(crate) accounts: AccountService,
    pub(crate) billing: BillingService,
}

#[async_trait::async_trait]
impl sharing::ports::Owners for SharingOwners {
    async fn today(&self, user: UserId, now: DateTime<Utc>) -> anyhow::Result<NaiveDate> {
        let prefs = self
            .accounts
            .preferences(user)
            .await
            .map_err(IntoCause::into_cause)?;
        Ok(now.with_timezone(&prefs.time_zone).date_naive())
    }

    async fn subscribed(&self, user: UserId) -> anyhow::Result<bool> {
        use billing::ports::ActiveSubscription;
        self.billing.is_active(user).await
    }
}
