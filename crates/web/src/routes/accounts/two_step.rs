//! Two-step verification (issue 38): the second step of a password sign-in, and the
//! person's own settings (turn on with a QR code, new recovery codes, turn off).
//!
//! Between the password and the code, the browser's session (not yet signed in: no user
//! id in it) holds who passed the password and when, for [`PENDING_SECS`]; nothing the
//! client sends names the account.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use identity::security_log::SecurityEventKind;
use identity::two_step::Used;
use kernel::UserId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::profile::password_tried;
use super::session::{SignInMethod, complete_sign_in, signed_in};
use crate::auth::CurrentUser;
use crate::dto::{LoginResponse, MessageResponse};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::login_throttle;
use crate::routes::client_ip;
use crate::security_log::note;
use crate::state::AppState;

/// Session state keys of a sign-in waiting for its second step: the account, when its
/// password was right (Unix seconds), which password (a digest of the account's login
/// secret, which a new password replaces) and the wrong codes tried since.
const PENDING_USER: &str = "2s_uid";
const PENDING_AT: &str = "2s_at";
const PENDING_PASSWORD: &str = "2s_pw";
const PENDING_TRIES: &str = "2s_tries";
/// How long the second step may take after the password.
pub const PENDING_SECS: i64 = 300;
/// Wrong codes after which the password must be typed again (each try is also counted by
/// the login throttle).
const TRIES_PER_PASSWORD: i64 = 5;

pub const MSG_SECOND_STEP_EXPIRED: &str =
    "Your sign-in took too long or was interrupted. Enter your password again.";
pub const MSG_TWO_STEP_OFF: &str = "Two-step verification is off.";

/// Remembers, in this browser's session, that `user` gave the right password and must give
/// a code next. The session gets a fresh id (a planted one learns nothing), and is not
/// signed in.
pub(crate) fn await_second_step(
    session: &Session,
    state: &AppState,
    user: &identity::User,
) -> Result<(), ApiError> {
    session.renew();
    session
        .insert(PENDING_USER, user.id.0)
        .and_then(|()| session.insert(PENDING_AT, state.clock.now().timestamp()))
        .and_then(|()| session.insert(PENDING_PASSWORD, password_tag(user)))
        .and_then(|()| session.insert(PENDING_TRIES, 0_i64))
        .map_err(|e| ApiError::internal(&anyhow::Error::new(e).context("session insert")))
}

/// Which password of the account was given; a reset or change since voids the step.
fn password_tag(user: &identity::User) -> String {
    kernel::secret::hash(&user.login_secret)
}

fn forget_pending(session: &Session) {
    for key in [PENDING_USER, PENDING_AT, PENDING_PASSWORD, PENDING_TRIES] {
        session.remove(key);
    }
}

/// The account waiting for its second step in this session, if its password was given
/// less than [`PENDING_SECS`] ago.
fn pending(session: &Session, state: &AppState) -> Option<UserId> {
    let user = session.get::<i64>(PENDING_USER).ok().flatten()?;
    let at = session.get::<i64>(PENDING_AT).ok().flatten()?;
    let age = state.clock.now().timestamp().saturating_sub(at);
    (0..=PENDING_SECS).contains(&age).then_some(UserId(user))
}

fn expired() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, MSG_SECOND_STEP_EXPIRED)
        .with_code(ErrorCode::NotAuthenticated)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CodeRequest {
    /// The 6-digit code from the authenticator app, or a recovery code.
    pub code: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PasswordRequest {
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoStepStatusDto {
    pub enabled: bool,
    /// Unused recovery codes (0 when off).
    pub recovery_codes_left: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoStepSetupDto {
    /// The secret in base32, for typing into the app.
    pub secret: String,
    /// The `otpauth://totp/...` URI, which the client draws as a QR code.
    pub uri: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodesDto {
    /// Shown this once: only their hashes are kept.
    pub recovery_codes: Vec<String>,
}

/// The second step of a password sign-in: a code from the authenticator app or a recovery
/// code. Right, it signs in as the password alone does without two-step verification.
#[utoipa::path(tag = "accounts", request_body = CodeRequest, responses(
    (status = 200, body = LoginResponse, description = "Signed in; the same cookies as a password sign-in"),
    (status = 400, body = ErrorBody, description = "A wrong, used or malformed code (`errors.code`)"),
    (status = 401, body = ErrorBody, description = "No password was given in this browser in the last 5 minutes, or too many wrong codes: start again"),
    (status = 429, body = ErrorBody),
))]
#[post("/api/login/second-step")]
pub async fn second_step(
    req: HttpRequest,
    body: web::Json<CodeRequest>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let id = pending(&session, &state).ok_or_else(expired)?;
    let user = state.accounts.user(id).await.map_err(|_| expired())?;
    if session.get::<String>(PENDING_PASSWORD).ok().flatten() != Some(password_tag(&user)) {
        forget_pending(&session);
        return Err(expired());
    }
    let known = login_throttle::known_device(&req, &state.cookie_key, &user.login_secret);
    state
        .limits
        .login
        .admit(
            &client_ip(&req, &state),
            &identity::username_key(&user.username),
            std::future::ready(Ok(known)),
        )
        .await?;
    match state.two_step.verify(id, &body.code).await {
        Ok(used) => {
            let method = if let Used::RecoveryCode { left } = used {
                tracing::info!(user_id = %id, left, "signed in with a recovery code");
                SignInMethod::PasswordAndRecoveryCode
            } else {
                SignInMethod::PasswordAndCode
            };
            forget_pending(&session);
            let device = complete_sign_in(&req, &session, &state, &user, method).await?;
            Ok(signed_in(&state, &user, device))
        }
        Err(e) => {
            note(&req, &state, id, SecurityEventKind::SecondStepFailed, None).await;
            let tries = session
                .get::<i64>(PENDING_TRIES)
                .ok()
                .flatten()
                .unwrap_or(0)
                + 1;
            if tries >= TRIES_PER_PASSWORD {
                forget_pending(&session);
                return Err(expired());
            }
            session
                .insert(PENDING_TRIES, tries)
                .map_err(|e| ApiError::internal(&anyhow::Error::new(e)))?;
            Err(e.into())
        }
    }
}

/// Whether two-step verification is on, and the recovery codes left.
#[utoipa::path(tag = "accounts", responses(
    (status = 200, body = TwoStepStatusDto), (status = 401, body = ErrorBody),
))]
#[get("/api/user/two-step")]
pub async fn two_step_status(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let status = state.two_step.status(user.id).await?;
    Ok(HttpResponse::Ok().json(TwoStepStatusDto {
        enabled: status.enabled,
        recovery_codes_left: status.recovery_codes_left,
    }))
}

// The routes confirmed by the password (setup, recovery codes, disable): their documented
// answers and extractors are alike by design (each route's attributes and signature must be
// written out).
// jscpd:ignore-start
/// Starts turning two-step verification on, confirmed by the password (counted as a login
/// attempt: a stolen session must not tie the account to its own app and lock the owner
/// out): a new secret, kept on the server until `confirm` gets a code made with it (15
/// minutes).
#[utoipa::path(tag = "accounts", request_body = PasswordRequest, responses(
    (status = 200, body = TwoStepSetupDto), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 409, body = ErrorBody, description = "Already on"),
    (status = 429, body = ErrorBody, description = "Too many passwords tried for the account"),
))]
#[post("/api/user/two-step/setup")]
pub async fn two_step_setup(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<PasswordRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    password_tried(&req, &state, user, Some(&body.password)).await?;
    state
        .accounts
        .confirm_password(user.id, &body.password)
        .await?;
    let setup = state.two_step.begin(user.id).await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(TwoStepSetupDto {
            secret: setup.secret,
            uri: setup.uri,
        }))
}

/// Turns two-step verification on with the first code from the app; answers the recovery
/// codes, once. The person is emailed.
#[utoipa::path(tag = "accounts", request_body = CodeRequest, responses(
    (status = 200, body = RecoveryCodesDto),
    (status = 400, body = ErrorBody, description = "Wrong code, or the setup expired (`errors.code`)"),
    (status = 401, body = ErrorBody),
))]
#[post("/api/user/two-step/confirm")]
pub async fn two_step_confirm(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<CodeRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let recovery_codes = state.two_step.confirm(user.id, &body.code).await?;
    note(&req, &state, user.id, SecurityEventKind::TwoStepOn, None).await;
    Ok(codes_shown_once(recovery_codes))
}

/// Recovery codes, answered once and kept by no cache.
fn codes_shown_once(recovery_codes: Vec<String>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(RecoveryCodesDto { recovery_codes })
}

/// New recovery codes in place of the old ones, confirmed by the password (counted as a
/// login attempt); the person is emailed.
#[utoipa::path(tag = "accounts", request_body = PasswordRequest, responses(
    (status = 200, body = RecoveryCodesDto), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 409, body = ErrorBody, description = "Two-step verification is off"),
    (status = 429, body = ErrorBody, description = "Too many passwords tried for the account"),
))]
#[post("/api/user/two-step/recovery-codes")]
pub async fn two_step_recovery_codes(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<PasswordRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    password_tried(&req, &state, user, Some(&body.password)).await?;
    let recovery_codes = state.two_step.regenerate(user.id, &body.password).await?;
    let kind = SecurityEventKind::RecoveryCodesRenewed;
    note(&req, &state, user.id, kind, None).await;
    Ok(codes_shown_once(recovery_codes))
}

/// Turns two-step verification off, confirmed by the password (counted as a login
/// attempt); the person is emailed.
#[utoipa::path(tag = "accounts", request_body = PasswordRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 409, body = ErrorBody, description = "Two-step verification is off"),
    (status = 429, body = ErrorBody, description = "Too many passwords tried for the account"),
))]
#[post("/api/user/two-step/disable")]
pub async fn two_step_disable(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<PasswordRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // jscpd:ignore-end
    password_tried(&req, &state, user, Some(&body.password)).await?;
    state.two_step.disable(user.id, &body.password).await?;
    note(&req, &state, user.id, SecurityEventKind::TwoStepOff, None).await;
    Ok(HttpResponse::Ok().json(MessageResponse::new(MSG_TWO_STEP_OFF)))
}
