//! How the reports context's refusals answer over HTTP.

use actix_web::http::StatusCode;
use reports::ReportError;

use crate::error::{ApiError, ErrorCode};

impl From<ReportError> for ApiError {
    fn from(err: ReportError) -> Self {
        match err {
            ReportError::NotFound => ApiError::new(StatusCode::NOT_FOUND, err.to_string()),
            ReportError::Invalid { errors, .. } => ApiError::invalid(errors),
            ReportError::TooManyEmails(_)
            | ReportError::RecipientCapped
            | ReportError::HourlyCapped => too_many(&err, 3600),
            // About what a ten-year report takes to draw (release build, 2 cores).
            ReportError::RenderInProgress => too_many(&err, 2).with_code(ErrorCode::Busy),
            ReportError::RenderBusy => too_many(&err, 5).with_code(ErrorCode::Busy),
            ReportError::SubscriptionRequired(refusal) => refusal.into(),
            ReportError::TooManyKept(_) => ApiError::new(StatusCode::CONFLICT, err.to_string()),
            ReportError::Unexpected(e) => ApiError::internal(&e),
        }
    }
}

/// `429` with the error's message and a `Retry-After` of `secs`.
fn too_many(err: &ReportError, secs: u64) -> ApiError {
    let mut e = ApiError::new(StatusCode::TOO_MANY_REQUESTS, err.to_string());
    e.retry_after = Some(std::time::Duration::from_secs(secs));
    e
}
