//! Where you're signed in (issue 38): the person's sessions, and signing one or all the
//! others out. Sessions live in the database, so one ended here is ended on every server at
//! its next request.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use identity::security_log::SecurityEventKind;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::devices::{SignedIn, current_key_hash, listed};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::security_log::note;
use crate::state::AppState;

pub const MSG_SESSION_IS_THIS_ONE: &str =
    "This is the session you are using. Sign out from the menu to end it.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedInListDto {
    /// This session first, then the most recently active.
    pub sessions: Vec<SignedIn>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedOutDto {
    /// How many sessions ended.
    pub ended: usize,
}

/// The person's sessions as listed, with this request's marked.
async fn sessions_of(
    req: &HttpRequest,
    user: CurrentUser,
    state: &AppState,
) -> Result<Vec<SignedIn>, ApiError> {
    let current = current_key_hash(req, &state.cookie_key);
    let now = state.clock.now();
    let stored = state.sessions.of_user(user.id, now).await?;
    let absolute = chrono::Duration::from_std(state.settings.session_absolute)
        .unwrap_or(chrono::Duration::MAX);
    let since = now
        .checked_sub_signed(absolute)
        .unwrap_or(DateTime::<Utc>::MIN_UTC);
    Ok(listed(&stored, current.as_deref(), since))
}

/// Where the person is signed in.
#[utoipa::path(tag = "accounts", responses(
    (status = 200, body = SignedInListDto), (status = 401, body = ErrorBody),
))]
#[get("/api/sessions")]
pub async fn list_sessions(
    req: HttpRequest,
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let sessions = sessions_of(&req, user, &state).await?;
    Ok(HttpResponse::Ok().json(SignedInListDto { sessions }))
}

/// Signs one other session out; this one ends with Sign out (`/api/logout`).
#[utoipa::path(tag = "accounts", params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "It is the session of this request"),
))]
#[delete("/api/sessions/{id}")]
pub async fn end_session(
    req: HttpRequest,
    user: CurrentUser,
    id: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let sessions = sessions_of(&req, user, &state).await?;
    let Some(target) = sessions.into_iter().find(|s| s.id == *id) else {
        return Err(ApiError::not_found());
    };
    if target.current {
        return Err(ApiError::new(StatusCode::CONFLICT, MSG_SESSION_IS_THIS_ONE)
            .with_code(ErrorCode::Conflict));
    }
    let ended = state
        .sessions
        .delete_of_user(user.id, &target.key_hash)
        .await?;
    if !ended {
        return Err(ApiError::not_found());
    }
    note(
        &req,
        &state,
        user.id,
        SecurityEventKind::SessionEnded,
        target.device.clone(),
    )
    .await;
    tracing::info!(user_id = %user.id, "session signed out from another");
    Ok(HttpResponse::NoContent().finish())
}

/// Signs out every session of the person but this one.
#[utoipa::path(tag = "accounts", responses(
    (status = 200, body = SignedOutDto), (status = 401, body = ErrorBody),
))]
#[post("/api/sessions/sign-out-others")]
pub async fn end_other_sessions(
    req: HttpRequest,
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let sessions = sessions_of(&req, user, &state).await?;
    // Which one is this is known by the cookie; were it not among them, ending "the others"
    // would end this one too.
    if !sessions.iter().any(|s| s.current) {
        return Err(ApiError::unauthenticated());
    }
    let mut ended = 0;
    for other in sessions.iter().filter(|s| !s.current) {
        if state
            .sessions
            .delete_of_user(user.id, &other.key_hash)
            .await?
        {
            ended += 1;
        }
    }
    note(
        &req,
        &state,
        user.id,
        SecurityEventKind::OtherSessionsEnded,
        Some(ended.to_string()),
    )
    .await;
    tracing::info!(user_id = %user.id, ended, "other sessions signed out");
    Ok(HttpResponse::Ok().json(SignedOutDto { ended }))
}
