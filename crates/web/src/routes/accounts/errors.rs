//! How the identity context's refusals answer over HTTP.

use actix_web::http::StatusCode;
use identity::IdentityError;

use crate::error::{ApiError, ErrorCode};

impl From<IdentityError> for ApiError {
    fn from(err: IdentityError) -> Self {
        match err {
            IdentityError::Invalid { errors, .. } => ApiError::invalid(errors),
            IdentityError::InvalidCredentials => {
                ApiError::new(StatusCode::UNAUTHORIZED, err.to_string())
                    .with_code(ErrorCode::InvalidCredentials)
            }
            IdentityError::NotVerified { message, email } => {
                let mut e = ApiError::new(StatusCode::FORBIDDEN, message)
                    .with_code(ErrorCode::VerificationRequired);
                e.body.requires_verification = Some(true);
                e.body.email = Some(email);
                e
            }
            IdentityError::Conflict(m) => ApiError::new(StatusCode::CONFLICT, m),
            IdentityError::InvalidToken(m) => ApiError::bad_request(m),
            IdentityError::Unauthenticated => ApiError::unauthenticated(),
            IdentityError::Unexpected(e) => ApiError::internal(&e),
        }
    }
}
