//! "May this person do this?": the one question every context asks before an action a
//! subscription pays for. One port, answered by billing (the server wires it), and one
//! refusal, so every context says the same thing and the web answers it the same way
//! (`403`, code `subscription_required`).

use crate::UserId;
use crate::rules::{MSG_EMAIL_LINK_REQUIRES, MSG_EMAIL_REPORT_REQUIRES, MSG_SUBSCRIPTION_REQUIRED};

/// What a subscription pays for (the specification: recording vitals and emailing reports;
/// emailing a shared link is emailing a report).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entitlement {
    /// Record, import or edit vitals, and medications and their doses.
    Record,
    /// Email a report.
    EmailReport,
    /// Email a shared link.
    EmailLink,
}

/// The refusal: `what` needs an active subscription.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub struct SubscriptionRequired(pub Entitlement);

impl SubscriptionRequired {
    pub fn message(&self) -> &'static str {
        match self.0 {
            Entitlement::Record => MSG_SUBSCRIPTION_REQUIRED,
            Entitlement::EmailReport => MSG_EMAIL_REPORT_REQUIRES,
            Entitlement::EmailLink => MSG_EMAIL_LINK_REQUIRES,
        }
    }
}

/// Whether a user may do what a subscription pays for, now.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait Entitlements: Send + Sync {
    async fn allows(&self, user: UserId, what: Entitlement) -> anyhow::Result<bool>;
}

impl dyn Entitlements {
    /// `Ok` when allowed, else the one refusal, in the caller's error type.
    pub async fn require<E>(&self, user: UserId, what: Entitlement) -> Result<(), E>
    where
        E: From<SubscriptionRequired> + From<anyhow::Error>,
    {
        if self.allows(user, what).await? {
            Ok(())
        } else {
            Err(SubscriptionRequired(what).into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    enum Refused {
        #[error(transparent)]
        Subscription(#[from] SubscriptionRequired),
        #[error(transparent)]
        Unexpected(#[from] anyhow::Error),
    }

    fn answering(yes: bool) -> MockEntitlements {
        let mut e = MockEntitlements::new();
        e.expect_allows().returning(move |_, _| Ok(yes));
        e
    }

    #[tokio::test]
    async fn a_refusal_names_what_was_refused() {
        let none: &dyn Entitlements = &answering(false);
        let err = none
            .require::<Refused>(UserId(1), Entitlement::EmailLink)
            .await
            .expect_err("refused");
        assert_eq!(err.to_string(), MSG_EMAIL_LINK_REQUIRES);
        let err = none
            .require::<Refused>(UserId(1), Entitlement::Record)
            .await
            .expect_err("refused");
        assert_eq!(err.to_string(), "Subscription Required");
        let paid: &dyn Entitlements = &answering(true);
        assert!(
            paid.require::<Refused>(UserId(1), Entitlement::Record)
                .await
                .is_ok()
        );
    }

    #[tokio::test]
    async fn a_failure_to_ask_is_not_a_refusal() {
        let mut broken = MockEntitlements::new();
        broken
            .expect_allows()
            .returning(|_, _| Err(anyhow::anyhow!("billing away")));
        let broken: &dyn Entitlements = &broken;
        let err = broken
            .require::<Refused>(UserId(1), Entitlement::Record)
            .await
            .expect_err("failed");
        assert!(matches!(err, Refused::Unexpected(_)), "{err:?}");
    }
}
