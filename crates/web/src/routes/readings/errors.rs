//! How the readings context's refusals answer over HTTP.

use actix_web::http::StatusCode;
use readings::ReadingError;

use crate::error::{ApiError, ErrorCode};

impl From<ReadingError> for ApiError {
    fn from(err: ReadingError) -> Self {
        match err {
            ReadingError::NotFound | ReadingError::CuffNotFound => {
                ApiError::new(StatusCode::NOT_FOUND, err.to_string())
            }
            ReadingError::CuffsFull => ApiError::new(StatusCode::CONFLICT, err.to_string()),
            ReadingError::SubscriptionRequired(refusal) => refusal.into(),
            ReadingError::KeyReused => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, err.to_string())
                    .with_code(ErrorCode::KeyReused)
            }
            ReadingError::KeyGone => ApiError::new(StatusCode::GONE, err.to_string()),
            ReadingError::Invalid { errors, .. } => ApiError::invalid(errors),
            ReadingError::Full(full) => ApiError::new(StatusCode::CONFLICT, full.to_string()),
            ReadingError::Unexpected(e) => ApiError::internal(&e),
        }
    }
}
