//! How the readings context's refusals answer over HTTP.

use actix_web::http::StatusCode;
use readings::ReadingError;

use crate::error::{ApiError, ErrorCode};

/// When to try again after a busy answer: a 50,000-row file is checked in well under this.
const BUSY_RETRY_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

impl From<ReadingError> for ApiError {
    fn from(err: ReadingError) -> Self {
        match err {
            ReadingError::NotFound => ApiError::new(StatusCode::NOT_FOUND, err.to_string()),
            ReadingError::SubscriptionRequired(refusal) => refusal.into(),
            ReadingError::KeyReused => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, err.to_string())
                    .with_code(ErrorCode::KeyReused)
            }
            ReadingError::KeyGone => ApiError::new(StatusCode::GONE, err.to_string()),
            ReadingError::Invalid { errors, .. } => ApiError::invalid(errors),
            ReadingError::Busy(message) => {
                let mut e = ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
                    .with_code(ErrorCode::Busy);
                e.retry_after = Some(BUSY_RETRY_AFTER);
                e
            }
            ReadingError::Full(full) => ApiError::new(StatusCode::CONFLICT, full.to_string()),
            ReadingError::Unexpected(e) => ApiError::internal(&e),
        }
    }
}
