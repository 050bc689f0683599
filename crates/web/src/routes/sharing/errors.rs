//! How the sharing context's refusals answer over HTTP.

use actix_web::http::StatusCode;
use sharing::ShareError;

use crate::error::{ApiError, ErrorCode};

impl From<ShareError> for ApiError {
    fn from(err: ShareError) -> Self {
        let status = match &err {
            ShareError::NotFound | ShareError::Gone => StatusCode::NOT_FOUND,
            ShareError::Invalid(errors) => return ApiError::invalid(errors.clone()),
            ShareError::CodeRequired => {
                let mut e = ApiError::new(StatusCode::UNAUTHORIZED, err.to_string())
                    .with_code(ErrorCode::CodeRequired);
                e.body.code_required = Some(true);
                return e;
            }
            ShareError::WrongCode => {
                let mut errors = kernel::FieldErrors::new();
                errors.add("code", err.to_string());
                let mut e = ApiError::new(StatusCode::UNAUTHORIZED, err.to_string())
                    .with_code(ErrorCode::CodeRequired);
                e.body.errors = Some(errors);
                e.body.code_required = Some(true);
                return e;
            }
            ShareError::TooMany(_) => StatusCode::CONFLICT,
            ShareError::SubscriptionRequired(refusal) => return (*refusal).into(),
            ShareError::TooManyEmails(_) | ShareError::RecipientCapped => {
                return too_many(&err, 3600);
            }
            ShareError::TooManyReadings => StatusCode::UNPROCESSABLE_ENTITY,
            // About what a year's PDF takes to draw.
            ShareError::Busy(_) => return too_many(&err, 3).with_code(ErrorCode::Busy),
            ShareError::Unexpected(e) => return ApiError::internal(e),
        };
        ApiError::new(status, err.to_string())
    }
}

/// `429` with the error's message and a `Retry-After` of `secs`.
fn too_many(err: &ShareError, secs: u64) -> ApiError {
    let mut e = ApiError::new(StatusCode::TOO_MANY_REQUESTS, err.to_string());
    e.retry_after = Some(std::time::Duration::from_secs(secs));
    e
}
