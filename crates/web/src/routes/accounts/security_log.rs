//! The person's security log, newest first, a page at a time (issue 38).

use actix_web::http::header;
use actix_web::{HttpResponse, get, web};
use chrono::{DateTime, Utc};
use identity::security_log::{PAGE_SIZE, SecurityEvent};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecurityEventDto {
    pub id: i64,
    pub at: DateTime<Utc>,
    /// What happened: signed-in, sign-in-failed, second-step-failed, password-changed,
    /// password-reset, email-changed, email-change-undone, passkey-added, passkey-removed,
    /// two-step-on, two-step-off, recovery-codes-renewed, two-step-reset, session-ended,
    /// other-sessions-ended, share-created, share-revoked, share-opened, data-exported,
    /// deletion-refused.
    pub kind: String,
    /// A sign-in's method, a passkey's or share link's name, a count or an export format.
    pub detail: Option<String>,
    /// The browser and system the request came from ("Firefox on Windows").
    pub device: Option<String>,
    /// The network it came from ("203.0.113.0/24"), never the address itself.
    pub network: Option<String>,
}

impl From<SecurityEvent> for SecurityEventDto {
    fn from(e: SecurityEvent) -> Self {
        Self {
            id: e.id,
            at: e.at,
            kind: e.kind.code().to_owned(),
            detail: e.detail,
            device: e.device,
            network: e.network,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecurityLogDto {
    pub events: Vec<SecurityEventDto>,
    /// Pass as `before` for the next (older) page; null on the last page.
    pub next_before: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct SecurityLogQuery {
    /// The id of the oldest event already shown.
    pub before: Option<i64>,
}

/// The person's security log: sign-ins, failures, changes to how they sign in, sessions
/// ended, share links, exports. Kept a year.
#[utoipa::path(tag = "accounts", params(SecurityLogQuery), responses(
    (status = 200, body = SecurityLogDto), (status = 401, body = ErrorBody),
))]
#[get("/api/security-log")]
pub async fn get_security_log(
    user: CurrentUser,
    query: web::Query<SecurityLogQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // One more than a page tells whether an older page exists.
    let mut events = state
        .security_log
        .page(user.id, query.before, PAGE_SIZE + 1)
        .await?;
    let more = events.len() > PAGE_SIZE;
    events.truncate(PAGE_SIZE);
    let next_before = more.then(|| events.last().map(|e| e.id)).flatten();
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(SecurityLogDto {
            events: events.into_iter().map(SecurityEventDto::from).collect(),
            next_before,
        }))
}
