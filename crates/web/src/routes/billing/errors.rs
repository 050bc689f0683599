//! How the billing context's refusals answer over HTTP.

use actix_web::http::StatusCode;
use billing::BillingError;

use crate::error::ApiError;

impl From<BillingError> for ApiError {
    fn from(err: BillingError) -> Self {
        match err {
            BillingError::Invalid { errors, .. } => ApiError::invalid(errors),
            BillingError::PaymentRejected(ref why) => {
                tracing::warn!(reason = %why, "payment refused");
                ApiError::new(StatusCode::PAYMENT_REQUIRED, err.to_string())
            }
            BillingError::NotYours => ApiError::new(StatusCode::FORBIDDEN, err.to_string()),
            BillingError::ProviderUnavailable(ref why) => {
                tracing::warn!(reason = %why, "payment provider unavailable");
                ApiError::new(StatusCode::BAD_GATEWAY, err.to_string())
            }
            BillingError::ActivationFailed(ref cause) => {
                tracing::error!(error = %format!("{cause:#}"), "payment captured but not recorded");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, err.to_string())
            }
            BillingError::Unexpected(e) => ApiError::internal(&e),
        }
    }
}
