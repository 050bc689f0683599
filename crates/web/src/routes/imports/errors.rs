//! How the imports context's refusals answer over HTTP.

use actix_web::http::StatusCode;
use imports::ImportError;

use crate::error::{ApiError, ErrorCode};

/// When to try again after a busy answer: an import of another user may take a minute.
const BUSY_RETRY_AFTER: std::time::Duration = std::time::Duration::from_secs(30);

impl From<ImportError> for ApiError {
    fn from(err: ImportError) -> Self {
        match err {
            ImportError::NotFound => ApiError::new(StatusCode::NOT_FOUND, err.to_string()),
            ImportError::SubscriptionRequired(refusal) => refusal.into(),
            ImportError::Busy(message) => {
                let mut e = ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
                    .with_code(ErrorCode::Busy);
                e.retry_after = Some(BUSY_RETRY_AFTER);
                e
            }
            ImportError::File(message) => {
                let mut errors = kernel::FieldErrors::new();
                errors.add("file", message);
                ApiError::invalid(errors)
            }
            ImportError::Full(full) => ApiError::new(StatusCode::CONFLICT, full.to_string()),
            ImportError::Unexpected(e) => ApiError::internal(&e),
        }
    }
}
