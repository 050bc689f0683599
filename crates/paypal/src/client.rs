//! PayPal Orders v2 over HTTPS: OAuth2 client credentials, order creation with the
//! plan's price, capture with an idempotency key reused on every retry.

use std::time::{Duration, Instant};

use billing::model::VerifiedOrder;
use billing::ports::{GatewayError, PaymentGateway};
use billing::rules::{CURRENCY, DESCRIPTION, PRICE};
use kernel::UserId;
use reqwest::{Method, RequestBuilder, StatusCode};
use serde_json::{Value, json};
use tokio::sync::Mutex;

pub const SANDBOX: &str = "https://api-m.sandbox.paypal.com";

#[derive(Debug, Clone)]
pub struct PayPalSettings {
    pub api_base: String,
    pub client_id: String,
    pub client_secret: String,
    pub timeout: Duration,
    /// Attempts per call for time-outs and 5xx answers.
    pub attempts: u32,
    pub retry_delay: Duration,
}

impl PayPalSettings {
    pub fn new(api_base: &str, client_id: &str, client_secret: &str) -> Self {
        Self {
            api_base: api_base.trim_end_matches('/').to_owned(),
            client_id: client_id.to_owned(),
            client_secret: client_secret.to_owned(),
            timeout: Duration::from_secs(15),
            attempts: 3,
            retry_delay: Duration::from_millis(500),
        }
    }
}

pub struct PayPalClient {
    http: reqwest::Client,
    settings: PayPalSettings,
    token: Mutex<Option<(String, Instant)>>,
}

enum Failure {
    /// Worth retrying with the same idempotency key.
    Transient(String),
    Final(GatewayError),
}

impl PayPalClient {
    pub fn new(settings: PayPalSettings) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(settings.timeout)
            .connect_timeout(Duration::from_secs(5))
            .build()?;
        Ok(Self {
            http,
            settings,
            token: Mutex::new(None),
        })
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.settings.api_base)
    }

    async fn access_token(&self) -> Result<String, Failure> {
        let mut cached = self.token.lock().await;
        if let Some((token, until)) = cached.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let res = self
            .http
            .post(self.url("/v1/oauth2/token"))
            .basic_auth(&self.settings.client_id, Some(&self.settings.client_secret))
            .form(&[("grant_type", "client_credentials")])
            .send()
            .await
            .map_err(|e| Failure::Transient(format!("token request: {e}")))?;
        let status = res.status();
        if status.is_server_error() {
            return Err(Failure::Transient(format!("token: HTTP {status}")));
        }
        if !status.is_success() {
            return Err(Failure::Final(GatewayError::Unavailable(format!(
                "PayPal refused the credentials: HTTP {status}"
            ))));
        }
        let body: Value = res
            .json()
            .await
            .map_err(|e| Failure::Transient(format!("token body: {e}")))?;
        let token = body["access_token"]
            .as_str()
            .ok_or_else(|| Failure::Transient("token missing in answer".into()))?
            .to_owned();
        // Renew a minute early so a request never carries an expiring token.
        let ttl = body["expires_in"]
            .as_u64()
            .unwrap_or(300)
            .saturating_sub(60);
        *cached = Some((token.clone(), Instant::now() + Duration::from_secs(ttl)));
        Ok(token)
    }

    /// Sends one API call, retrying time-outs and 5xx with the same `PayPal-Request-Id`.
    async fn call(
        &self,
        method: Method,
        path: &str,
        request_id: Option<&str>,
        body: Option<&Value>,
    ) -> Result<(StatusCode, Value), GatewayError> {
        let mut last = String::new();
        for attempt in 0..self.settings.attempts.max(1) {
            if attempt > 0 {
                tokio::time::sleep(self.settings.retry_delay * attempt).await;
            }
            match self.try_call(method.clone(), path, request_id, body).await {
                Ok(answer) => return Ok(answer),
                Err(Failure::Final(e)) => return Err(e),
                Err(Failure::Transient(e)) => {
                    tracing::warn!(attempt = attempt + 1, error = %e, "PayPal call failed");
                    last = e;
                }
            }
        }
        Err(GatewayError::Unavailable(last))
    }

    async fn try_call(
        &self,
        method: Method,
        path: &str,
        request_id: Option<&str>,
        body: Option<&Value>,
    ) -> Result<(StatusCode, Value), Failure> {
        let token = self.access_token().await?;
        let mut req: RequestBuilder = self
            .http
            .request(method, self.url(path))
            .bearer_auth(token)
            .header("Prefer", "return=representation");
        if let Some(id) = request_id {
            req = req.header("PayPal-Request-Id", id);
        }
        if let Some(b) = body {
            req = req.json(b);
        } else {
            req = req.header("Content-Type", "application/json");
        }
        let res = req
            .send()
            .await
            .map_err(|e| Failure::Transient(e.to_string()))?;
        let status = res.status();
        if status == StatusCode::UNAUTHORIZED {
            // The token was revoked or expired early: forget it and retry.
            *self.token.lock().await = None;
            return Err(Failure::Transient("HTTP 401".into()));
        }
        if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
            return Err(Failure::Transient(format!("HTTP {status}")));
        }
        let json = res.json::<Value>().await.unwrap_or(Value::Null);
        Ok((status, json))
    }

    async fn get_order(&self, order_id: &str) -> Result<VerifiedOrder, GatewayError> {
        let (status, body) = self
            .call(
                Method::GET,
                &format!("/v2/checkout/orders/{order_id}"),
                None,
                None,
            )
            .await?;
        if !status.is_success() {
            return Err(GatewayError::Refused(format!(
                "order lookup: HTTP {status}"
            )));
        }
        Ok(parse_order(order_id, &body))
    }
}

/// Reads status, captured amount and owner from an order (PayPal's `Order` object).
pub fn parse_order(order_id: &str, body: &Value) -> VerifiedOrder {
    let unit = &body["purchase_units"][0];
    let capture = &unit["payments"]["captures"][0];
    let status = capture["status"]
        .as_str()
        .or_else(|| body["status"].as_str())
        .unwrap_or("UNKNOWN")
        .to_owned();
    let s = |v: &Value| v.as_str().map(str::to_owned);
    VerifiedOrder {
        order_id: order_id.to_owned(),
        status,
        amount: s(&capture["amount"]["value"]),
        currency: s(&capture["amount"]["currency_code"]),
        custom_id: s(&unit["custom_id"]).or_else(|| s(&capture["custom_id"])),
        capture_id: s(&capture["id"]),
    }
}

#[async_trait::async_trait]
impl PaymentGateway for PayPalClient {
    async fn create_order(&self, user: UserId) -> Result<String, GatewayError> {
        let request_id = format!(
            "vitalog-order-{}",
            kernel::secret::generate().map_err(|e| GatewayError::Unavailable(e.to_string()))?
        );
        let body = json!({
            "intent": "CAPTURE",
            "purchase_units": [{
                "amount": { "currency_code": CURRENCY, "value": PRICE },
                "description": DESCRIPTION,
                "custom_id": user.to_string(),
            }],
        });
        let (status, answer) = self
            .call(
                Method::POST,
                "/v2/checkout/orders",
                Some(&request_id),
                Some(&body),
            )
            .await?;
        if !status.is_success() {
            return Err(GatewayError::Refused(format!(
                "create order: HTTP {status}"
            )));
        }
        answer["id"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| GatewayError::Unavailable("order id missing in answer".into()))
    }

    async fn capture(&self, order_id: &str) -> Result<VerifiedOrder, GatewayError> {
        // One key per order: PayPal answers a repeated capture with the first result.
        let request_id = format!("vitalog-capture-{order_id}");
        let (status, body) = self
            .call(
                Method::POST,
                &format!("/v2/checkout/orders/{order_id}/capture"),
                Some(&request_id),
                None,
            )
            .await?;
        if status.is_success() {
            return Ok(parse_order(order_id, &body));
        }
        let issue = body["details"][0]["issue"].as_str().unwrap_or_default();
        if status == StatusCode::UNPROCESSABLE_ENTITY && issue == "ORDER_ALREADY_CAPTURED" {
            return self.get_order(order_id).await;
        }
        Err(GatewayError::Refused(format!(
            "capture: HTTP {status} {issue}"
        )))
    }

    fn is_test_mode(&self) -> bool {
        false
    }

    fn client_id(&self) -> Option<String> {
        Some(self.settings.client_id.clone())
    }
}
