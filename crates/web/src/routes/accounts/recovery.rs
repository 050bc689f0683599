//! Links sent by email: verifying an address, undoing an email change, resetting a
//! forgotten password (and asking for those links again).

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use identity::{IdentityError, Verified, security_log::SecurityEventKind};

use crate::dto::*;
use crate::error::{ApiError, ErrorBody};
use crate::routes::client_ip;
use crate::state::AppState;

pub const MSG_RESEND: &str = "If an account with that email is waiting for verification, we have sent a new verification link. Please check your inbox and spam folder.";
pub const MSG_RESET_REQUESTED: &str = "If an account exists with that email, we have sent a link to reset your password. Please check your inbox and spam folder.";
pub const MSG_RESET_DONE: &str =
    "Your password has been reset. You can now log in with your new password.";
pub const MSG_VERIFIED: &str = "Your email address has been verified. You can now log in.";
pub const MSG_ALREADY_VERIFIED: &str = "Your email address is already verified. You can log in.";
pub const MSG_EMAIL_CHANGED: &str = "Your new email address is confirmed.";

/// Confirm an email address with the token from the emailed link.
#[utoipa::path(tag = "accounts", request_body = TokenRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody),
))]
#[post("/api/verify-email")]
pub async fn verify_email(
    req: HttpRequest,
    body: web::Json<TokenRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let message = match state.accounts.verify_email(&body.token).await? {
        Verified::Account(_) => MSG_VERIFIED,
        Verified::EmailChanged(user) => {
            crate::security_log::note(&req, &state, user, SecurityEventKind::EmailChanged, None)
                .await;
            MSG_EMAIL_CHANGED
        }
        Verified::AlreadyVerified(_) => MSG_ALREADY_VERIFIED,
    };
    Ok(HttpResponse::Ok().json(MessageResponse::new(message)))
}

/// Undo an email change with the token emailed to the old address: the old address comes
/// back and every session of the user ends.
#[utoipa::path(tag = "accounts", request_body = TokenRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody),
))]
#[post("/api/email-change/undo")]
pub async fn undo_email_change(
    req: HttpRequest,
    body: web::Json<TokenRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let undone = state.accounts.undo_email_change(&body.token).await?;
    crate::security_log::note(
        &req,
        &state,
        undone.user_id,
        SecurityEventKind::EmailChangeUndone,
        None,
    )
    .await;
    tracing::info!(
        password_voided = undone.password_voided,
        "email change undone"
    );
    let email = undone.email;
    // A password set since the change no longer works: the owner must know why.
    let mut message = if undone.password_voided {
        format!(
            "Your email address is {email} again and every device has been signed out. Your password was changed after your email address was, so it no longer works: reset it with a link sent to {email}."
        )
    } else {
        format!(
            "Your email address is {email} again and every device has been signed out. Whoever changed it may know your password: reset it now."
        )
    };
    if undone.ways_in_removed {
        message.push_str(" Passkeys added and two-step verification turned on since the change have been removed: add your own again once you are signed in.");
    }
    Ok(HttpResponse::Ok().json(MessageResponse::new(message)))
}

/// A request that sends an email to an address: limited per client and per address, then
/// `send` runs (it is lazy until awaited) and the neutral `message` answers whether or not
/// the account exists.
async fn email_link_request(
    req: &HttpRequest,
    state: &AppState,
    email: &str,
    send: impl Future<Output = Result<(), IdentityError>>,
    message: &str,
) -> Result<HttpResponse, ApiError> {
    state
        .limits
        .email_per_ip
        .check(&client_ip(req, state))
        .await?;
    state
        .limits
        .email_per_address
        .check(&email.trim().to_lowercase())
        .await?;
    send.await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(message)))
}

/// Send a new verification link. Same answer whether or not the account exists.
#[utoipa::path(tag = "accounts", request_body = EmailRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody),
))]
#[post("/api/verify-email/resend")]
pub async fn resend_verification(
    req: HttpRequest,
    body: web::Json<EmailRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let send = state.accounts.resend_verification(&body.email);
    email_link_request(&req, &state, &body.email, send, MSG_RESEND).await
}

/// Email a password reset link. Same answer whether or not the account exists.
#[utoipa::path(tag = "accounts", request_body = EmailRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody),
))]
#[post("/api/password-reset/request")]
pub async fn request_password_reset(
    req: HttpRequest,
    body: web::Json<EmailRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let send = state.accounts.request_password_reset(&body.email);
    email_link_request(&req, &state, &body.email, send, MSG_RESET_REQUESTED).await
}

/// Whether a reset link can still be used.
#[utoipa::path(tag = "accounts",
    params(("token" = String, Path, description = "The token from the emailed link")),
    responses((status = 200, body = TokenCheckResponse), (status = 400, body = TokenCheckResponse)))]
#[get("/api/password-reset/verify/{token}")]
pub async fn check_reset_token(
    token: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    match state.accounts.check_reset_token(&token).await {
        Ok(()) => Ok(HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .json(TokenCheckResponse {
                valid: true,
                message: None,
            })),
        Err(identity::IdentityError::InvalidToken(m)) => Ok(HttpResponse::build(
            StatusCode::BAD_REQUEST,
        )
        .json(TokenCheckResponse {
            valid: false,
            message: Some(m),
        })),
        Err(e) => Err(e.into()),
    }
}

/// Set a new password with a reset token; every session of the user ends.
#[utoipa::path(tag = "accounts", request_body = ResetPasswordRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody),
))]
#[post("/api/password-reset/reset")]
pub async fn reset_password(
    req: HttpRequest,
    body: web::Json<ResetPasswordRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let user = state
        .accounts
        .reset_password(&body.token, &body.password)
        .await?;
    crate::security_log::note(&req, &state, user, SecurityEventKind::PasswordReset, None).await;
    Ok(HttpResponse::Ok().json(MessageResponse::new(MSG_RESET_DONE)))
}
