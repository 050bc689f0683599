//! Subscription API: status, PayPal order creation, server-verified activation, cancel.

mod errors;

use actix_web::{HttpResponse, get, post, web};
use billing::model::SubscriptionStatus;
use billing::rules::{CURRENCY, DESCRIPTION, PRICE};
use billing::service::Activation;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionDto {
    pub is_active: bool,
    /// RFC 3339 UTC time the paid period ends, or null if never subscribed.
    pub expires_at: Option<String>,
    /// When the user cancelled (the paid period still runs to its end).
    pub cancelled_at: Option<String>,
}

impl SubscriptionDto {
    fn new(s: SubscriptionStatus, now: chrono::DateTime<chrono::Utc>) -> Self {
        let fmt =
            |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        Self {
            is_active: s.is_active(now),
            expires_at: s.expires_at.map(fmt),
            cancelled_at: s.cancelled_at.map(fmt),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentConfigDto {
    /// `paypal` (real payments) or `test` (no money moves; development only).
    pub mode: String,
    /// Client id for PayPal's JS SDK when mode is paypal.
    pub client_id: Option<String>,
    pub price: String,
    pub currency: String,
    pub description: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderDto {
    /// The provider's order id, for the PayPal buttons' createOrder.
    pub id: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ActivateRequest {
    /// paypal or credit_card.
    pub payment_method: String,
    /// Recorded, never believed: the server checks the captured amount.
    pub amount: String,
    /// The PayPal order id.
    pub transaction_id: String,
    #[schema(value_type = Object)]
    pub payment_details: serde_json::Value,
}

/// The signed-in user's subscription.
#[utoipa::path(tag = "subscription", responses(
    (status = 200, body = SubscriptionDto), (status = 401, body = ErrorBody),
))]
#[get("/api/user/subscription")]
pub async fn get_subscription(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let s = state.billing.status(user.id).await?;
    Ok(HttpResponse::Ok().json(SubscriptionDto::new(s, state.billing.now())))
}

/// How the client should take payment (PayPal client id, or test mode).
#[utoipa::path(tag = "subscription", responses((status = 200, body = PaymentConfigDto)))]
#[get("/api/subscription/config")]
pub async fn payment_config(state: web::Data<AppState>) -> HttpResponse {
    let gw = state.billing.gateway();
    HttpResponse::Ok().json(PaymentConfigDto {
        mode: if gw.is_test_mode() { "test" } else { "paypal" }.into(),
        client_id: gw.client_id(),
        price: PRICE.into(),
        currency: CURRENCY.into(),
        description: DESCRIPTION.into(),
    })
}

/// Creates the provider order for 5.00 USD, 'Annual Subscription', for this user.
#[utoipa::path(tag = "subscription", responses(
    (status = 201, body = OrderDto), (status = 401, body = ErrorBody), (status = 502, body = ErrorBody),
))]
#[post("/api/subscription/orders")]
pub async fn create_order(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = state.billing.create_order(user.id).await?;
    Ok(HttpResponse::Created().json(OrderDto { id }))
}

/// Captures the order with the provider and activates one year when it is COMPLETED, for
/// 5.00 USD, for this user. Repeating the call with the same order changes nothing.
#[utoipa::path(tag = "subscription", request_body = ActivateRequest, responses(
    (status = 200, body = SubscriptionDto), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 402, body = ErrorBody, description = "Not completed, wrong amount or currency"),
    (status = 403, body = ErrorBody, description = "Another user's order"),
    (status = 500, body = ErrorBody, description = "Captured but not recorded yet; it is recorded automatically shortly, and repeating is safe"),
    (status = 503, body = ErrorBody, description = "Database unavailable; repeating is safe"),
    (status = 502, body = ErrorBody, description = "PayPal unavailable"),
))]
#[post("/api/subscription/activate")]
pub async fn activate(
    user: CurrentUser,
    body: web::Json<ActivateRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let s = state
        .billing
        .activate(
            user.id,
            Activation {
                payment_method: b.payment_method,
                amount: b.amount,
                transaction_id: b.transaction_id,
                payment_details: b.payment_details,
            },
        )
        .await?;
    tracing::info!(user_id = %user.id, "subscription activated");
    Ok(HttpResponse::Ok().json(SubscriptionDto::new(s, state.billing.now())))
}

/// Cancels: nothing renews automatically, so this records the cancellation; the paid
/// period runs to its end and is not refunded automatically.
#[utoipa::path(tag = "subscription", responses(
    (status = 200, body = SubscriptionDto), (status = 401, body = ErrorBody),
))]
#[post("/api/subscription/cancel")]
pub async fn cancel(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let s = state.billing.cancel(user.id).await?;
    Ok(HttpResponse::Ok().json(SubscriptionDto::new(s, state.billing.now())))
}
