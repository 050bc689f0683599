//! The test-mode gateway used when no PayPal credentials are configured (development).
//! It goes through the same server path as PayPal: the server creates the order, the
//! client approves it, the server captures it and checks price, currency and owner.
//! `VITALOG_ENV=production` refuses to start with it.

use std::collections::HashMap;
use std::sync::Mutex;

use billing::model::{CURRENCY, PRICE, VerifiedOrder};
use billing::ports::{GatewayError, PaymentGateway};
use kernel::UserId;

#[derive(Default)]
pub struct TestGateway {
    orders: Mutex<HashMap<String, UserId>>,
}

impl TestGateway {
    pub fn new() -> Self {
        Self::default()
    }
}

#[async_trait::async_trait]
impl PaymentGateway for TestGateway {
    async fn create_order(&self, user: UserId) -> Result<String, GatewayError> {
        let secret =
            kernel::secret::generate().map_err(|e| GatewayError::Unavailable(e.to_string()))?;
        let id = format!("TEST-{}", &secret[..20]);
        self.orders
            .lock()
            .map_err(|_| GatewayError::Unavailable("test gateway poisoned".into()))?
            .insert(id.clone(), user);
        Ok(id)
    }

    async fn capture(&self, order_id: &str) -> Result<VerifiedOrder, GatewayError> {
        let owner = self
            .orders
            .lock()
            .map_err(|_| GatewayError::Unavailable("test gateway poisoned".into()))?
            .get(order_id)
            .copied()
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
