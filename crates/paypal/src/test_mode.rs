//! The test-mode gateway used when no PayPal credentials are configured (development).
//! It goes through the same server path as PayPal: the server creates the order, the
//! client approves it, the server captures it and checks price, currency and owner.
//! `VITALOG_ENV=production` refuses to start with it.
//!
//! It keeps no state: the order id names its owner (`TEST-<user>-<random>`), so an order
//! created on one server is captured on another, as a real PayPal order is when several
//! servers share a database. Forging one gains nothing test mode does not give anyway, and
//! the capture still answers the owner the billing rules check against the payer.

use billing::model::VerifiedOrder;
use billing::ports::{GatewayError, PaymentGateway};
use billing::rules::{CURRENCY, PRICE};
use kernel::UserId;

#[derive(Default)]
pub struct TestGateway;

impl TestGateway {
    pub fn new() -> Self {
        Self
    }
}

#[async_trait::async_trait]
impl PaymentGateway for TestGateway {
    async fn create_order(&self, user: UserId) -> Result<String, GatewayError> {
        let secret =
            kernel::secret::generate().map_err(|e| GatewayError::Unavailable(e.to_string()))?;
        Ok(format!("TEST-{}-{}", user.0, &secret[..20]))
    }

    async fn capture(&self, order_id: &str) -> Result<VerifiedOrder, GatewayError> {
        let owner = order_id
            .strip_prefix("TEST-")
            .and_then(|rest| rest.split_once('-'))
            .filter(|(_, random)| random.len() == 20)
            .and_then(|(user, _)| user.parse::<i64>().ok())
            .map(UserId)
            .ok_or_else(|| GatewayError::Refused("unknown test order".into()))?;
        Ok(VerifiedOrder {
            order_id: order_id.to_owned(),
            status: "COMPLETED".into(),
            amount: Some(PRICE.into()),
            currency: Some(CURRENCY.into()),
            custom_id: Some(owner.to_string()),
            capture_id: Some(format!("{order_id}-CAPTURE")),
        })
    }

    fn is_test_mode(&self) -> bool {
        true
    }

    fn client_id(&self) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn another_server_captures_an_order_for_its_owner() {
        let order = TestGateway::new()
            .create_order(UserId(42))
            .await
            .expect("order");
        let captured = TestGateway::new().capture(&order).await.expect("capture");
        assert_eq!(captured.custom_id.as_deref(), Some("42"));
        assert_eq!(captured.status, "COMPLETED");
        for bad in [
            "TEST-unknown",
            "TEST-42",
            "TEST-42-short",
            "TEST-x-abcdefghijabcdefghij",
            "42",
        ] {
            assert!(
                matches!(
                    TestGateway::new().capture(bad).await,
                    Err(GatewayError::Refused(_))
                ),
                "{bad}"
            );
        }
    }
}
