//! Passkeys (issue 38): adding, listing, renaming and removing the signed-in person's, and
//! signing in with one. Each ceremony's secret lives in this browser's server-side session
//! (a session without a user is stored too), so only the session that began a ceremony can
//! finish it; the identity domain makes it single-use and short-lived.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, patch, post, web};
use chrono::{DateTime, Utc};
use identity::passkeys::{PasskeyError, PasskeySummary, Started};
use identity::security_log::SecurityEventKind as Event;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    profile::password_tried,
    session::{SignInMethod, complete_sign_in, signed_in},
};
use crate::auth::CurrentUser;
use crate::dto::LoginResponse;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::routes::client_ip;
use crate::state::AppState;

/// Session keys of the ceremony under way, one per purpose.
const REGISTER_CEREMONY: &str = "pk_reg";
const SIGN_IN_CEREMONY: &str = "pk_auth";

impl From<PasskeyError> for ApiError {
    fn from(err: PasskeyError) -> Self {
        let message = err.to_string();
        match err {
            PasskeyError::Unavailable => ApiError::new(StatusCode::CONFLICT, message)
                .with_code(ErrorCode::PasskeysUnavailable),
            PasskeyError::CeremonyInvalid | PasskeyError::Refused => ApiError::bad_request(message),
            PasskeyError::Unknown => ApiError::new(StatusCode::UNAUTHORIZED, message)
                .with_code(ErrorCode::InvalidCredentials),
            PasskeyError::NotFound => ApiError::new(StatusCode::NOT_FOUND, message),
            PasskeyError::AlreadyAdded => {
                ApiError::new(StatusCode::CONFLICT, message).with_code(ErrorCode::Conflict)
            }
            PasskeyError::Account(e) => e.into(),
            PasskeyError::Unexpected(e) => ApiError::internal(&e),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeysAvailableDto {
    /// False when the server's public URL is an IP address: browsers refuse passkeys there.
    pub available: bool,
}

/// The options for `navigator.credentials.create()` or `.get()`, as WebAuthn JSON
/// (`PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyOptionsDto {
    #[schema(value_type = Object)]
    pub options: serde_json::Value,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyDto {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<PasskeySummary> for PasskeyDto {
    fn from(p: PasskeySummary) -> Self {
        Self {
            id: p.id,
            name: p.name,
            created_at: p.created_at,
            last_used_at: p.last_used_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyListDto {
    /// Oldest first.
    pub passkeys: Vec<PasskeyDto>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinishRegistrationRequest {
    /// What the person calls it ("Phone"); the browser and system it was made on when
    /// left out.
    #[serde(default)]
    pub name: Option<String>,
    /// `PublicKeyCredential.toJSON()` of the created credential.
    #[schema(value_type = Object)]
    pub credential: serde_json::Value,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinishSignInRequest {
    /// `PublicKeyCredential.toJSON()` of the assertion.
    #[schema(value_type = Object)]
    pub credential: serde_json::Value,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenamePasskeyRequest {
    pub name: String,
}

/// Adding and removing a passkey are confirmed by the password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyPasswordRequest {
    pub password: String,
}

/// Keeps the ceremony's secret in this session and answers its options.
fn started(session: &Session, key: &str, started: Started) -> Result<HttpResponse, ApiError> {
    session
        .insert(key, started.ceremony)
        .map_err(|e| ApiError::internal(&anyhow::Error::new(e).context("session insert")))?;
    let options: serde_json::Value = serde_json::from_str(&started.options)
        .map_err(|e| ApiError::internal(&anyhow::Error::new(e).context("passkey options")))?;
    Ok(HttpResponse::Ok().json(PasskeyOptionsDto { options }))
}

/// This session's ceremony secret for `key`, removed from it: a finish uses it once,
/// whatever its outcome.
fn ceremony_of(session: &Session, key: &str) -> Option<String> {
    session.remove_as::<String>(key).and_then(Result::ok)
}

/// Whether this server offers passkeys (the client hides them when not).
#[utoipa::path(tag = "accounts", responses((status = 200, body = PasskeysAvailableDto)))]
#[get("/api/passkeys/available")]
pub async fn passkeys_available(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(PasskeysAvailableDto {
        available: state.passkeys.available(),
    })
}

/// The signed-in person's passkeys.
#[utoipa::path(tag = "accounts", responses(
    (status = 200, body = PasskeyListDto), (status = 401, body = ErrorBody),
))]
#[get("/api/passkeys")]
pub async fn list_passkeys(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let passkeys = state.passkeys.list(user.id).await?;
    Ok(HttpResponse::Ok().json(PasskeyListDto {
        passkeys: passkeys.into_iter().map(PasskeyDto::from).collect(),
    }))
}

/// Begins adding a passkey, confirmed by the password (counted as a login attempt):
/// options for `navigator.credentials.create()`, valid 5 minutes for this session.
#[utoipa::path(tag = "accounts", request_body = PasskeyPasswordRequest, responses(
    (status = 200, body = PasskeyOptionsDto), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Passkeys are unavailable on this server"),
    (status = 429, body = ErrorBody, description = "Too many passwords tried for the account"),
))]
#[post("/api/passkeys/register/start")]
pub async fn start_passkey_registration(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<PasskeyPasswordRequest>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    password_tried(&req, &state, user, Some(&body.password)).await?;
    let s = state
        .passkeys
        .start_registration(user.id, &body.password)
        .await?;
    started(&session, REGISTER_CEREMONY, s)
}

/// Finishes adding a passkey with the browser's new credential; emails the person.
#[utoipa::path(tag = "accounts", request_body = FinishRegistrationRequest, responses(
    (status = 201, body = PasskeyDto),
    (status = 400, body = ErrorBody, description = "Expired, used or another session's challenge, or a credential that does not verify"),
    (status = 401, body = ErrorBody), (status = 409, body = ErrorBody),
))]
#[post("/api/passkeys/register/finish")]
pub async fn finish_passkey_registration(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<FinishRegistrationRequest>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let name = match body.name {
        Some(n) if !n.trim().is_empty() => n,
        _ => crate::devices::seen_from(&req, &state.settings.proxies).0,
    };
    let ceremony = ceremony_of(&session, REGISTER_CEREMONY);
    let added = state
        .passkeys
        .finish_registration(
            user.id,
            ceremony.as_deref(),
            &name,
            &body.credential.to_string(),
        )
        .await?;
    tracing::info!(user_id = %user.id, passkey = added.id, "passkey added");
    let detail = Some(added.name.clone());
    crate::security_log::note(&req, &state, user.id, Event::PasskeyAdded, detail).await;
    Ok(HttpResponse::Created().json(PasskeyDto::from(added)))
}

/// Renames one of the person's passkeys.
#[utoipa::path(tag = "accounts", params(("id" = i64, Path)), request_body = RenamePasskeyRequest,
    responses(
        (status = 200, body = PasskeyDto), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
#[patch("/api/passkeys/{id}")]
pub async fn rename_passkey(
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<RenamePasskeyRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let renamed = state.passkeys.rename(user.id, *id, &body.name).await?;
    Ok(HttpResponse::Ok().json(PasskeyDto::from(renamed)))
}

/// Removes one of the person's passkeys, confirmed by the password; emails the person.
#[utoipa::path(tag = "accounts", params(("id" = i64, Path)), request_body = PasskeyPasswordRequest,
    responses(
        (status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many passwords tried for the account"),
    ))]
#[post("/api/passkeys/{id}/remove")]
pub async fn remove_passkey(
    req: HttpRequest,
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<PasskeyPasswordRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    password_tried(&req, &state, user, Some(&body.password)).await?;
    let name = state.passkeys.remove(user.id, *id, &body.password).await?;
    tracing::info!(user_id = %user.id, passkey = *id, "passkey removed");
    crate::security_log::note(&req, &state, user.id, Event::PasskeyRemoved, Some(name)).await;
    Ok(HttpResponse::NoContent().finish())
}

/// Begins a passkey sign-in (no username: the browser offers this site's passkeys).
#[utoipa::path(tag = "accounts", responses(
    (status = 200, body = PasskeyOptionsDto),
    (status = 409, body = ErrorBody, description = "Passkeys are unavailable on this server"),
    (status = 429, body = ErrorBody),
))]
#[post("/api/passkeys/sign-in/start")]
pub async fn start_passkey_sign_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    state
        .limits
        .passkey_per_ip
        .check(&client_ip(&req, &state))
        .await?;
    let s = state.passkeys.start_sign_in().await?;
    started(&session, SIGN_IN_CEREMONY, s)
}

/// Finishes a passkey sign-in: a full sign-in, as with a password (a new session, the
/// presence and device cookies, the new-browser email), with no second step.
#[utoipa::path(tag = "accounts", request_body = FinishSignInRequest, responses(
    (status = 200, body = LoginResponse, description = "Signed in; sets the session, vitalog_auth and vitalog_device cookies"),
    (status = 400, body = ErrorBody, description = "Expired, used or another session's challenge, or an assertion that does not verify"),
    (status = 401, body = ErrorBody, description = "A passkey no account has"),
    (status = 403, body = ErrorBody, description = "Email not verified: requiresVerification and email"),
    (status = 409, body = ErrorBody), (status = 429, body = ErrorBody),
))]
#[post("/api/passkeys/sign-in/finish")]
pub async fn finish_passkey_sign_in(
    req: HttpRequest,
    body: web::Json<FinishSignInRequest>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let ceremony = ceremony_of(&session, SIGN_IN_CEREMONY);
    let user = state
        .passkeys
        .finish_sign_in(ceremony.as_deref(), &body.credential.to_string())
        .await?;
    let device = complete_sign_in(&req, &session, &state, &user, SignInMethod::Passkey).await?;
    Ok(signed_in(&state, &user, device))
}
