//! Subscription use cases.

use std::sync::Arc;

use kernel::{Clock, FieldErrors, UserId};

use crate::model::*;
use crate::ports::{ActiveSubscription, GatewayError, PaymentGateway, SubscriptionRepository};

pub const MSG_ACTIVATION_FAILED: &str = "Your payment was processed, but we couldn't activate your subscription. Please contact support.";
pub const MSG_PAYMENT_ERROR: &str =
    "There was an error processing your payment. Please try again or contact support.";
pub const MSG_PAYPAL_ERROR: &str = "There was an error with PayPal. Please try again later.";

#[derive(Debug, thiserror::Error)]
pub enum BillingError {
    #[error("{message}")]
    Invalid {
        message: String,
        errors: FieldErrors,
    },
    /// The provider did not take the money as agreed (not completed, wrong amount or
    /// currency, declined, unknown order).
    #[error("{}", MSG_PAYMENT_ERROR)]
    PaymentRejected(String),
    /// The order was made for another user.
    #[error("{}", MSG_PAYMENT_ERROR)]
    NotYours,
    /// The provider could not be reached.
    #[error("{}", MSG_PAYPAL_ERROR)]
    ProviderUnavailable(String),
    /// The money was taken but recording it failed; repeating the call is safe.
    #[error("{}", MSG_ACTIVATION_FAILED)]
    ActivationFailed(anyhow::Error),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The activation call's payload (spec section 7).
#[derive(Debug, Clone, Default)]
pub struct Activation {
    pub payment_method: String,
    pub amount: String,
    pub transaction_id: String,
    pub payment_details: serde_json::Value,
}

#[derive(Clone)]
pub struct BillingService {
    repo: Arc<dyn SubscriptionRepository>,
    gateway: Arc<dyn PaymentGateway>,
    clock: Arc<dyn Clock>,
}

/// Order ids from PayPal (and our test gateway) are short and alphanumeric.
fn valid_order_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl BillingService {
    pub fn new(
        repo: Arc<dyn SubscriptionRepository>,
        gateway: Arc<dyn PaymentGateway>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            repo,
            gateway,
            clock,
        }
    }

    pub fn gateway(&self) -> &Arc<dyn PaymentGateway> {
        &self.gateway
    }

    pub async fn status(&self, user: UserId) -> Result<SubscriptionStatus, BillingError> {
        Ok(self.repo.status(user).await?)
    }

    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.clock.now()
    }

    /// Creates the provider order for the plan; the price is the server's, never the
    /// client's.
    pub async fn create_order(&self, user: UserId) -> Result<String, BillingError> {
        self.gateway.create_order(user).await.map_err(|e| match e {
            GatewayError::Unavailable(m) => BillingError::ProviderUnavailable(m),
            GatewayError::Refused(m) => BillingError::PaymentRejected(m),
        })
    }

    /// Captures the order with the provider (or reads it if already captured) and
    /// activates one year only when it is COMPLETED, for 5.00 USD, for this user. The
    /// same order activates once, however often the call is repeated.
    pub async fn activate(
        &self,
        user: UserId,
        input: Activation,
    ) -> Result<SubscriptionStatus, BillingError> {
        let mut errors = FieldErrors::new();
        let method = PaymentMethod::parse(input.payment_method.trim());
        if method.is_none() {
            errors.add(
                "paymentMethod",
                "Payment method must be paypal or credit_card.",
            );
        }
        let order_id = input.transaction_id.trim().to_owned();
        if !valid_order_id(&order_id) {
            errors.add("transactionId", "Transaction id is missing or malformed.");
        }
        if let Err(errors) = errors.into_result() {
            let message = errors
                .first_message()
                .unwrap_or(MSG_PAYMENT_ERROR)
                .to_owned();
            return Err(BillingError::Invalid { message, errors });
        }
        let method = method.unwrap_or(PaymentMethod::Paypal);

        let order = self.gateway.capture(&order_id).await.map_err(|e| match e {
            GatewayError::Unavailable(m) => BillingError::ProviderUnavailable(m),
            GatewayError::Refused(m) => BillingError::PaymentRejected(m),
        })?;
        if order.custom_id.as_deref() != Some(user.to_string().as_str()) {
            tracing::warn!(user_id = %user, "activation refused: order belongs to another user");
            return Err(BillingError::NotYours);
        }
        if order.status != "COMPLETED" {
            return Err(BillingError::PaymentRejected(format!(
                "order status {}",
                order.status
            )));
        }
        if order.amount.as_deref() != Some(PRICE) || order.currency.as_deref() != Some(CURRENCY) {
            tracing::warn!(user_id = %user, "activation refused: captured amount is not the plan's price");
            return Err(BillingError::PaymentRejected(
                "wrong amount or currency".into(),
            ));
        }

        let claim = serde_json::json!({
            "amount": input.amount,
            "paymentDetails": input.payment_details,
        })
        .to_string();
        let now = self.clock.now();
        let recorded = self
            .repo
            .record_payment(
                NewPayment {
                    user_id: user,
                    order_id,
                    capture_id: order.capture_id,
                    method,
                    amount: PRICE.into(),
                    currency: CURRENCY.into(),
                    client_claim: claim.chars().take(4000).collect(),
                    created_at: now,
                },
                now,
            )
            .await
            .map_err(BillingError::ActivationFailed)?;
        match recorded {
            Recorded::Extended(_) | Recorded::AlreadyApplied => Ok(self.repo.status(user).await?),
            Recorded::OtherUser => Err(BillingError::NotYours),
        }
    }

    /// Cancels: a prepaid year is not refunded automatically; access runs to its expiry
    /// and nothing renews (there is no automatic renewal to stop).
    /// The user's payments, oldest first (for their data export).
    pub async fn payments(&self, user: UserId) -> Result<Vec<PaymentRecord>, BillingError> {
        Ok(self.repo.payments(user).await?)
    }

    pub async fn cancel(&self, user: UserId) -> Result<SubscriptionStatus, BillingError> {
        Ok(self.repo.cancel(user, self.clock.now()).await?)
    }
}

#[async_trait::async_trait]
impl ActiveSubscription for BillingService {
    async fn is_active(&self, user: UserId) -> anyhow::Result<bool> {
        Ok(self.repo.status(user).await?.is_active(self.clock.now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockPaymentGateway, MockSubscriptionRepository};
    use chrono::{DateTime, TimeZone, Utc};
    use kernel::clock::MockClock;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0)
            .single()
            .expect("t")
    }

    fn order(status: &str, amount: &str, currency: &str, user: &str) -> VerifiedOrder {
        VerifiedOrder {
            order_id: "ORDER1".into(),
            status: status.into(),
            amount: Some(amount.into()),
            currency: Some(currency.into()),
            custom_id: Some(user.into()),
            capture_id: Some("CAP1".into()),
        }
    }

    fn service(repo: MockSubscriptionRepository, gw: MockPaymentGateway) -> BillingService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        BillingService::new(Arc::new(repo), Arc::new(gw), Arc::new(clock))
    }

    fn activation() -> Activation {
        Activation {
            payment_method: "paypal".into(),
            amount: "0.01".into(),
            transaction_id: "ORDER1".into(),
            payment_details: serde_json::json!({"payer": "x"}),
        }
    }

    #[tokio::test]
    async fn completed_order_for_the_price_activates_and_records_the_claim() {
        let mut gw = MockPaymentGateway::new();
        gw.expect_capture()
            .returning(|_| Ok(order("COMPLETED", "5.00", "USD", "7")));
        let mut repo = MockSubscriptionRepository::new();
        repo.expect_record_payment()
            .withf(|p, at| {
                p.user_id == UserId(7)
                    && p.amount == "5.00"
                    && p.order_id == "ORDER1"
                    && p.client_claim.contains("0.01")
                    && *at == now()
            })
            .times(1)
            .returning(|_, _| Ok(Recorded::Extended(now())));
        repo.expect_status().returning(|_| {
            Ok(SubscriptionStatus {
                expires_at: Some(extend(None, now())),
                cancelled_at: None,
            })
        });
        let s = service(repo, gw)
            .activate(UserId(7), activation())
            .await
            .expect("activated");
        assert!(s.is_active(now()));
    }

    #[tokio::test]
    async fn every_refusal_activates_nothing() {
        let cases = [
            order("PENDING", "5.00", "USD", "7"),
            order("DECLINED", "5.00", "USD", "7"),
            order("COMPLETED", "0.01", "USD", "7"),
            order("COMPLETED", "5.00", "EUR", "7"),
            order("COMPLETED", "5.00", "USD", "8"),
        ];
        for case in cases {
            let mut gw = MockPaymentGateway::new();
            let c = case.clone();
            gw.expect_capture().returning(move |_| Ok(c.clone()));
            let mut repo = MockSubscriptionRepository::new();
            repo.expect_record_payment().never();
            let err = service(repo, gw)
                .activate(UserId(7), activation())
                .await
                .expect_err("refused");
            assert_eq!(err.to_string(), MSG_PAYMENT_ERROR, "{case:?}");
        }
    }

    #[tokio::test]
    async fn provider_down_gives_the_paypal_message() {
        let mut gw = MockPaymentGateway::new();
        gw.expect_capture()
            .returning(|_| Err(GatewayError::Unavailable("timeout".into())));
        let mut repo = MockSubscriptionRepository::new();
        repo.expect_record_payment().never();
        let err = service(repo, gw)
            .activate(UserId(7), activation())
            .await
            .expect_err("down");
        assert_eq!(err.to_string(), MSG_PAYPAL_ERROR);
    }

    #[tokio::test]
    async fn recording_failure_after_capture_says_contact_support() {
        let mut gw = MockPaymentGateway::new();
        gw.expect_capture()
            .returning(|_| Ok(order("COMPLETED", "5.00", "USD", "7")));
        let mut repo = MockSubscriptionRepository::new();
        repo.expect_record_payment()
            .returning(|_, _| Err(anyhow::anyhow!("disk full")));
        let err = service(repo, gw)
            .activate(UserId(7), activation())
            .await
            .expect_err("failed");
        assert_eq!(err.to_string(), MSG_ACTIVATION_FAILED);
    }

    #[tokio::test]
    async fn malformed_input_never_reaches_the_provider() {
        let mut gw = MockPaymentGateway::new();
        gw.expect_capture().never();
        let s = service(MockSubscriptionRepository::new(), gw);
        for (method, id) in [
            ("bitcoin", "ORDER1"),
            ("paypal", ""),
            ("paypal", "../x"),
            ("paypal", &"A".repeat(65)),
        ] {
            let err = s
                .activate(
                    UserId(7),
                    Activation {
                        payment_method: method.into(),
                        transaction_id: id.into(),
                        ..activation()
                    },
                )
                .await
                .expect_err("invalid");
            assert!(matches!(err, BillingError::Invalid { .. }), "{method} {id}");
        }
    }

    #[tokio::test]
    async fn order_recorded_for_another_user_is_refused() {
        let mut gw = MockPaymentGateway::new();
        gw.expect_capture()
            .returning(|_| Ok(order("COMPLETED", "5.00", "USD", "7")));
        let mut repo = MockSubscriptionRepository::new();
        repo.expect_record_payment()
            .returning(|_, _| Ok(Recorded::OtherUser));
        let err = service(repo, gw)
            .activate(UserId(7), activation())
            .await
            .expect_err("refused");
        assert!(matches!(err, BillingError::NotYours));
    }
}
