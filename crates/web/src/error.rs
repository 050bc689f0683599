//! One error type for every API answer:
//! `{ "code": ..., "message": ..., "errors": { field: message } }`. The `code` is for
//! programs (the client maps codes to behaviour in one place, `frontend/src/lib/errors.ts`);
//! the `message` is for people.
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

/// What went wrong, for programs: the same refusal has the same code whatever the status
/// and the context that refused (`403` is `subscription_required` from readings, reports,
/// medications, imports and sharing alike, and `cross_site` from the origin check).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// A field or the request is not valid; `errors` names the fields when it can.
    Invalid,
    /// No session, or it ended.
    NotAuthenticated,
    /// The username/email and password do not match.
    InvalidCredentials,
    /// The email address is not verified yet (`email` says which).
    VerificationRequired,
    /// The action needs an active subscription.
    SubscriptionRequired,
    /// The thing exists but belongs to someone else.
    Forbidden,
    /// A request from another site.
    CrossSite,
    /// A shared link that needs its access code first (or the code was wrong).
    CodeRequired,
    NotFound,
    /// It existed and is gone for good (an idempotency key past its keeping time).
    Gone,
    /// It clashes with what exists (a duplicate, a limit of kept things reached).
    Conflict,
    /// An idempotency key sent again with a different body.
    KeyReused,
    /// Too many attempts or messages: wait `Retry-After` seconds.
    RateLimited,
    /// The server is busy with this kind of work: try again after `Retry-After` seconds.
    Busy,
    /// The payment was refused by the provider.
    PaymentRejected,
    /// The payment provider did not answer.
    ProviderUnavailable,
    /// The body is larger than this endpoint takes.
    TooLarge,
    /// The request body stopped arriving.
    Timeout,
    MethodNotAllowed,
    /// A dependency (the database) is unavailable: the request may simply be repeated.
    Unavailable,
    /// Something failed on the server's side.
    Internal,
    /// This server cannot offer passkeys (its public URL is an IP address).
    PasskeysUnavailable,
}

impl ErrorCode {
    /// The code an answer of this status has unless a refusal names a more precise one.
    fn for_status(status: StatusCode) -> Self {
        match status {
            StatusCode::UNAUTHORIZED => Self::NotAuthenticated,
            StatusCode::FORBIDDEN => Self::Forbidden,
            StatusCode::NOT_FOUND => Self::NotFound,
            StatusCode::GONE => Self::Gone,
            StatusCode::CONFLICT => Self::Conflict,
            StatusCode::UNPROCESSABLE_ENTITY => Self::Invalid,
            StatusCode::TOO_MANY_REQUESTS => Self::RateLimited,
            StatusCode::PAYMENT_REQUIRED => Self::PaymentRejected,
            StatusCode::BAD_GATEWAY => Self::ProviderUnavailable,
            StatusCode::PAYLOAD_TOO_LARGE => Self::TooLarge,
            StatusCode::REQUEST_TIMEOUT => Self::Timeout,
            StatusCode::METHOD_NOT_ALLOWED => Self::MethodNotAllowed,
            StatusCode::SERVICE_UNAVAILABLE => Self::Unavailable,
            s if s.is_server_error() => Self::Internal,
            _ => Self::Invalid,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    pub code: ErrorCode,
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
                code: ErrorCode::for_status(status),
                message: message.into(),
                errors: None,
                requires_verification: None,
                email: None,
                code_required: None,
            },
            retry_after: None,
        }
    }

    /// The same answer with a more precise code than its status gives.
    pub fn with_code(mut self, code: ErrorCode) -> Self {
        self.body.code = code;
        self
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

/// Every context refuses an action a subscription pays for with the one
/// [`kernel::SubscriptionRequired`], answered alike.
impl From<kernel::SubscriptionRequired> for ApiError {
    fn from(refusal: kernel::SubscriptionRequired) -> Self {
        ApiError::new(StatusCode::FORBIDDEN, refusal.message())
            .with_code(ErrorCode::SubscriptionRequired)
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

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::{Entitlement, SubscriptionRequired};

    fn code(e: ApiError) -> (u16, serde_json::Value) {
        let body = serde_json::to_value(&e.body).expect("json");
        (e.status.as_u16(), body["code"].clone())
    }

    #[test]
    fn one_refusal_one_code_whichever_context_refuses() {
        let record = SubscriptionRequired(Entitlement::Record);
        let answers = [
            ApiError::from(readings::ReadingError::from(record)),
            ApiError::from(imports::ImportError::from(record)),
            ApiError::from(medications::MedicationError::from(record)),
            ApiError::from(reports::ReportError::from(SubscriptionRequired(
                Entitlement::EmailReport,
            ))),
            ApiError::from(sharing::ShareError::from(SubscriptionRequired(
                Entitlement::EmailLink,
            ))),
        ];
        for answer in answers {
            assert_eq!(code(answer), (403, "subscription_required".into()));
        }
    }

    #[test]
    fn the_same_status_means_different_things_and_the_code_says_which() {
        let cross_site = code(
            ApiError::new(StatusCode::FORBIDDEN, MSG_CROSS_SITE).with_code(ErrorCode::CrossSite),
        );
        assert_eq!(cross_site, (403, "cross_site".into()));
        assert_eq!(
            code(ApiError::from(sharing::ShareError::CodeRequired)),
            (401, "code_required".into())
        );
        assert_eq!(
            code(ApiError::unauthenticated()),
            (401, "not_authenticated".into())
        );
        assert_eq!(
            code(ApiError::from(identity::IdentityError::InvalidCredentials)),
            (401, "invalid_credentials".into())
        );
        assert_eq!(
            code(ApiError::too_many(Duration::from_secs(3))),
            (429, "rate_limited".into())
        );
        assert_eq!(
            code(ApiError::from(reports::ReportError::RenderBusy)),
            (429, "busy".into())
        );
        assert_eq!(
            code(ApiError::internal(&anyhow::anyhow!("boom"))),
            (500, "internal".into())
        );
        assert_eq!(
            code(ApiError::internal(&anyhow::Error::new(
                kernel::health::Unavailable("database".into())
            ))),
            (503, "unavailable".into())
        );
    }
}
