//! The sharing context's ports that other contexts answer: the owner's calendar and
//! subscription (accounts, billing) and the access codes' hashing (the password hasher's
//! bounded threads).

use std::sync::Arc;

use billing::BillingService;
use chrono::{DateTime, NaiveDate, Utc};
use identity::AccountService;
use identity::ports::PasswordHasher;
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

/// Access codes are hashed as passwords are: Argon2id on the hasher's few threads.
pub(crate) struct CodesAsPasswords(pub(crate) Arc<dyn PasswordHasher>);

#[async_trait::async_trait]
impl sharing::ports::CodeHasher for CodesAsPasswords {
    async fn hash(&self, code: &str) -> anyhow::Result<String> {
        self.0.hash(code).await
    }

    async fn verify(&self, code: &str, hash: &str) -> anyhow::Result<bool> {
        self.0.verify(code, hash).await
    }
}
