//! Sharing API. The owner's routes (`/api/shares`, signed in) make, list and stop shares;
//! the visitor's routes (`/api/shared/{token}`, [`public`]) answer the link's token alone.

pub mod dto;
mod errors;
pub mod public;

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use identity::security_log::SecurityEventKind;

use crate::auth::CurrentUser;
use crate::dto::MessageResponse;
use crate::error::{ApiError, ErrorBody};
use crate::security_log::note;
use crate::state::AppState;
use dto::*;

/// Makes a share and answers its link, which is shown only now (the server keeps only its
/// hash). With `email`, the link is emailed to the clinician (subscribers only).
#[utoipa::path(tag = "sharing", request_body = CreateShareRequest, responses(
    (status = 201, body = CreatedShareDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody),
))]
#[post("/api/shares")]
pub async fn create(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<CreateShareRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // Before any work: a share with an access code costs an Argon2 hash.
    state
        .limits
        .share_create_per_account
        .check(&user.id.0.to_string())
        .await?;
    let created = state
        .shares
        .create(user.id, body.into_inner().into_input())
        .await?;
    let label = Some(created.share.label.clone());
    note(
        &req,
        &state,
        user.id,
        SecurityEventKind::ShareCreated,
        label,
    )
    .await;
    Ok(HttpResponse::Created().json(CreatedShareDto {
        link: state.shares.link(&created.token),
        share: ShareDto::new(&created.share, state.shares.now()),
    }))
}

/// The user's shares, newest first (ended ones stay 30 days, with their log).
#[utoipa::path(tag = "sharing", responses(
    (status = 200, body = Vec<ShareDto>), (status = 401, body = ErrorBody),
))]
#[get("/api/shares")]
pub async fn list(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let now = state.shares.now();
    let all = state.shares.list(user.id).await?;
    Ok(HttpResponse::Ok().json(
        all.iter()
            .map(|s| ShareDto::new(s, now))
            .collect::<Vec<_>>(),
    ))
}

/// Who opened a share, newest first (the last 100 visits).
#[utoipa::path(tag = "sharing", params(("id" = i64, Path)), responses(
    (status = 200, body = Vec<ShareAccessDto>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[get("/api/shares/{id}/accesses")]
pub async fn accesses(
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let log = state.shares.accesses(user.id, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(log.iter().map(ShareAccessDto::from).collect::<Vec<_>>()))
}

/// Stops a link at once; the share stays in the list with its log.
#[utoipa::path(tag = "sharing", params(("id" = i64, Path)), responses(
    (status = 200, body = ShareDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[post("/api/shares/{id}/revoke")]
pub async fn revoke(
    req: HttpRequest,
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let share = state.shares.revoke(user.id, id.into_inner()).await?;
    let label = Some(share.label.clone());
    note(
        &req,
        &state,
        user.id,
        SecurityEventKind::ShareRevoked,
        label,
    )
    .await;
    Ok(HttpResponse::Ok().json(ShareDto::new(&share, state.shares.now())))
}

/// Stops a link and forgets the share and its log.
#[utoipa::path(tag = "sharing", params(("id" = i64, Path)), responses(
    (status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[delete("/api/shares/{id}")]
pub async fn remove(
    req: HttpRequest,
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    // Deleting a link that still works stops it: that is noted as a revocation, by name.
    let now = state.shares.now();
    let live = state
        .shares
        .list(user.id)
        .await?
        .into_iter()
        .find(|s| s.id == id && s.status(now) == sharing::Status::Active)
        .map(|s| s.label);
    state.shares.delete(user.id, id).await?;
    if let Some(label) = live {
        note(
            &req,
            &state,
            user.id,
            SecurityEventKind::ShareRevoked,
            Some(label),
        )
        .await;
    }
    Ok(HttpResponse::Ok().json(MessageResponse::new("Share deleted")))
}
