//! How the medications context's refusals answer over HTTP.

use actix_web::http::StatusCode;
use medications::MedicationError;

use crate::error::ApiError;

impl From<MedicationError> for ApiError {
    fn from(err: MedicationError) -> Self {
        match err {
            MedicationError::NotFound | MedicationError::IntakeNotFound => {
                ApiError::new(StatusCode::NOT_FOUND, err.to_string())
            }
            MedicationError::SubscriptionRequired(refusal) => refusal.into(),
            MedicationError::Conflict(message) => ApiError::new(StatusCode::CONFLICT, message),
            MedicationError::Invalid { errors, .. } => ApiError::invalid(errors),
            MedicationError::Unexpected(e) => ApiError::internal(&e),
        }
    }
}
