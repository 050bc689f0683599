//! One error type for every API answer: `{ "message": ..., "errors": { field: message } }`.
//! How each context's domain errors become one lives next to that context's routes
//! (`routes/<context>/errors.rs`).

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use kernel::FieldErrors;
use serde::Serialize;

pub const MSG_INTERNAL: &str = "Something went wrong on our side. Please try again.";
pub const MSG_UNAVAILABLE: &str =
    "The service is temporarily unavailable. Please try again in a moment.";
pub const MSG_NOT_AUTHENTICATED: &str = "Not authenticated";
pub const MSG_CROSS_SITE: &str = "Cross-site requests are not allowed.";
pub const MSG_NOT_FOUND: &str = "Not found";
pub const MSG_BAD_BODY: &str = "The request body could not be read.";

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, String>>)]
    pub errors: Option<FieldErrors>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requires_verification: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// A shared link that needs its access code first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code_required: Option<bool>,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: ErrorBody,
    pub retry_after: Option<Duration>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            body: ErrorBody {
                message: message.into(),
                errors: None,
                requires_verification: None,
                email: None,
                code_required: None,
            },
            retry_after: None,
        }
    }

    pub fn unauthenticated() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, MSG_NOT_AUTHENTICATED)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, MSG_NOT_FOUND)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn invalid(errors: FieldErrors) -> Self {
        let mut e = Self::bad_request(errors.summary());
        e.body.errors = Some(errors);
        e
    }

    pub fn too_many(wait: Duration) -> Self {
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let secs = secs.max(1);
        let mut e = Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("Too many attempts. Please wait {secs} seconds and try again."),
        );
        e.retry_after = Some(Duration::from_secs(secs));
        e
    }

    /// Logs the cause chain for operators and answers a 500 that reveals nothing, or a 503
    /// with `Retry-After` when a dependency is unavailable (the request may simply be
    /// repeated).
    pub fn internal(err: &anyhow::Error) -> Self {
        if err.chain().any(|e| e.is::<kernel::health::Unavailable>()) {
            tracing::warn!(error = %format!("{err:#}"), "request failed: database unavailable");
            let mut e = Self::new(StatusCode::SERVICE_UNAVAILABLE, MSG_UNAVAILABLE);
            e.retry_after = Some(Duration::from_secs(5));
            return e;
        }
        tracing::error!(error = %format!("{err:#}"), "request failed");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, MSG_INTERNAL)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.body.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status);
        res.insert_header((header::CACHE_CONTROL, "no-store"));
        if let Some(wait) = self.retry_after
            && let Ok(v) = HeaderValue::from_str(&wait.as_secs().to_string())
        {
            res.insert_header((header::RETRY_AFTER, v));
        }
        res.json(&self.body)
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(err: anyhow::Error) -> Self {
        ApiError::internal(&err)
    }
}

/// Bad JSON, forms, paths or queries answer 400 with a plain message (never the parser's
/// text, which can echo input).
pub const MSG_BAD_QUERY: &str = "A query parameter is not valid.";

/// A path that does not parse (`/api/readings/abc`) names nothing that exists.
pub fn path_error(err: impl std::fmt::Display) -> actix_web::Error {
    tracing::debug!(error = %err, "path rejected");
    ApiError::new(StatusCode::NOT_FOUND, MSG_NOT_FOUND).into()
}

/// A query string that does not parse (`?limit=abc`), named in the message.
pub fn query_error(err: impl std::fmt::Display) -> actix_web::Error {
    tracing::debug!(error = %err, "query rejected");
    let why = err.to_string();
    let why = why.trim_start_matches("Query deserialize error: ");
    ApiError::bad_request(format!("{MSG_BAD_QUERY} ({why})")).into()
}

pub fn extractor_error(err: impl std::fmt::Display) -> actix_web::Error {
    tracing::debug!(error = %err, "request body rejected");
    ApiError::bad_request(MSG_BAD_BODY).into()
}
