//! Subscription use cases.

use std::sync::Arc;

use kernel::{Clock, FieldErrors, UserId};

use crate::model::*;
use crate::ports::{GatewayError, PaymentGateway, SubscriptionRepository};
use crate::rules::{CURRENCY, MSG_ACTIVATION_FAILED, MSG_PAYMENT_ERROR, MSG_PAYPAL_ERROR, PRICE};

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

/// The provider took the plan's price, for this user: otherwise nothing is recorded.
fn verify(order: &VerifiedOrder, user: UserId) -> Result<(), BillingError> {
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
    Ok(())
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
        let claim = serde_json::json!({
            "amount": input.amount,
            "paymentDetails": input.payment_details,
        })
        .to_string();
        let pending = PendingCapture {
            user_id: user,
            order_id,
            method,
            client_claim: claim.chars().take(4000).collect(),
            created_at: self.clock.now(),
        };
        // Written before any money moves: if it cannot be written, nothing is captured.
        self.repo.begin_capture(pending.clone()).await?;

        let order = match self.gateway.capture(&pending.order_id).await {
            Ok(order) => order,
            // The capture may have happened with its answer lost: reconciliation asks again.
            Err(GatewayError::Unavailable(m)) => return Err(BillingError::ProviderUnavailable(m)),
            Err(GatewayError::Refused(m)) => {
                self.repo.drop_capture(user, &pending.order_id).await?;
                return Err(BillingError::PaymentRejected(m));
            }
        };
        if let Err(e) = verify(&order, user) {
            self.repo.drop_capture(user, &pending.order_id).await?;
            return Err(e);
        }
        // Failing here leaves the pending capture for reconciliation to record.
        let recorded = self
            .record(&pending, order.capture_id)
            .await
            .map_err(BillingError::ActivationFailed)?;
        match recorded {
            Recorded::Extended(_) | Recorded::AlreadyApplied => Ok(self.repo.status(user).await?),
            Recorded::OtherUser => Err(BillingError::NotYours),
        }
    }

    async fn record(
        &self,
        pending: &PendingCapture,
        capture_id: Option<String>,
    ) -> anyhow::Result<Recorded> {
        let now = self.clock.now();
        self.repo
            .record_payment(
                NewPayment {
                    user_id: pending.user_id,
                    order_id: pending.order_id.clone(),
                    capture_id,
                    method: pending.method,
                    amount: PRICE.into(),
                    currency: CURRENCY.into(),
                    client_claim: pending.client_claim.clone(),
                    created_at: now,
                },
                now,
            )
            .await
    }

    /// Records every pending capture the provider confirms (asking it again is
    /// idempotent: an already captured order is read back), drops those it refuses and
    /// leaves the rest for the next run. Run at start-up and periodically; several servers
    /// may run it at once, as an order is recorded at most once.
    pub async fn reconcile(&self) -> anyhow::Result<Reconciled> {
        let mut done = Reconciled::default();
        for pending in self.repo.pending_captures(100).await? {
            let outcome = match self.gateway.capture(&pending.order_id).await {
                Err(GatewayError::Unavailable(_)) => None,
                Err(GatewayError::Refused(_)) => Some(false),
                Ok(order) if verify(&order, pending.user_id).is_err() => Some(false),
                Ok(order) => match self.record(&pending, order.capture_id).await {
                    Ok(Recorded::OtherUser) => Some(false),
                    Ok(_) => Some(true),
                    Err(e) => {
                        tracing::warn!(error = %format!("{e:#}"), "pending payment not recorded yet");
                        None
                    }
                },
            };
            match outcome {
                Some(true) => {
                    tracing::info!(user_id = %pending.user_id, order = %pending.order_id, "captured payment recorded by reconciliation");
                    done.recorded += 1;
                }
                Some(false) => {
                    self.repo
                        .drop_capture(pending.user_id, &pending.order_id)
                        .await?;
                    done.dropped += 1;
                }
                None => done.waiting += 1,
            }
        }
        Ok(done)
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

/// Billing answers "may this person do this?" for every context: everything a subscription
/// pays for needs an active one.
#[async_trait::async_trait]
impl kernel::Entitlements for BillingService {
    async fn allows(&self, user: UserId, _what: kernel::Entitlement) -> anyhow::Result<bool> {
        Ok(self.repo.status(user).await?.is_active(self.clock.now()))
    }
}

#[cfg(test)]
mod tests;
