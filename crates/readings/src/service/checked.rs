//! Readings already checked by the form's rules, stored many at once: another app's export
//! (the imports context), whose preview checked each reading as it read the file.

use kernel::UserId;

use super::{ReadingError, ReadingService};
use crate::model::ReadingValues;

impl ReadingService {
    /// Stores `readings` (each checked by [`crate::rules`]) that are not the same reading
    /// ([`crate::transfer::same_reading`]) as one the user has or as an earlier one of
    /// `readings`, in one transaction, within the account's bounds ([`crate::quota`]:
    /// [`ReadingError::Full`] stores nothing); needs a subscription, like recording.
    /// Returns how many were stored.
    pub async fn add_checked(
        &self,
        user: UserId,
        readings: Vec<ReadingValues>,
    ) -> Result<usize, ReadingError> {
        self.require_subscription(user).await?;
        Ok(self.repo.import(user, readings).await?)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use kernel::SystemClock;
    use kernel::calendar::MockTimeZones;
    use kernel::entitlements::MockEntitlements;

    use super::*;
    use crate::ports::{MockHomeWeekRepository, MockReadingRepository};

    fn service(repo: MockReadingRepository, subscribed: bool) -> ReadingService {
        let mut entitlements = MockEntitlements::new();
        entitlements
            .expect_allows()
            .returning(move |_, _| Ok(subscribed));
        ReadingService::new(
            Arc::new(repo),
            Arc::new(MockHomeWeekRepository::new()),
            Arc::new(entitlements),
            Arc::new(MockTimeZones::new()),
            Arc::new(SystemClock),
        )
    }

    fn reading() -> ReadingValues {
        let read = crate::model::ReadingAt {
            heart_rate: crate::model::NumberField::Number(60.0),
            ..crate::model::ReadingAt::new(
                chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap_or_default(),
                chrono::NaiveTime::from_hms_opt(7, 0, 0).unwrap_or_default(),
            )
        };
        ReadingValues::check(read, chrono::NaiveDateTime::MAX).unwrap()
    }

    #[tokio::test]
    async fn checked_readings_are_stored_in_one_call_and_only_for_a_subscriber() {
        let mut repo = MockReadingRepository::new();
        repo.expect_import()
            .withf(|user, readings| *user == UserId(1) && readings.len() == 2)
            .times(1)
            .returning(|_, _| Ok(1));
        let svc = service(repo, true);
        assert_eq!(
            svc.add_checked(UserId(1), vec![reading(), reading()])
                .await
                .unwrap(),
            1
        );
        let refused = service(MockReadingRepository::new(), false)
            .add_checked(UserId(1), vec![reading()])
            .await;
        assert!(matches!(
            refused,
            Err(ReadingError::SubscriptionRequired(_))
        ));
    }

    #[tokio::test]
    async fn an_account_past_its_bounds_is_told_so() {
        let mut repo = MockReadingRepository::new();
        repo.expect_import()
            .returning(|_, _| Err(anyhow::Error::new(crate::quota::Full::Readings)));
        let full = service(repo, true)
            .add_checked(UserId(1), vec![reading()])
            .await;
        assert!(matches!(
            full,
            Err(ReadingError::Full(crate::quota::Full::Readings))
        ));
    }
}
