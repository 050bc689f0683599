//! The visitor's routes: a link's token is the only key, and answers nothing but its own
//! share. Unknown, expired and withdrawn links answer the same 404. A share with an access
//! code answers once this browser gave the code: [`unlock`] sets a cookie, encrypted with
//! the session key, naming the share it unlocks until the browser closes (at most 12 hours).

use actix_web::cookie::{Cookie, CookieJar, SameSite};
use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
use actix_web::{HttpRequest, HttpResponse, get, http::header, post, web};

use crate::error::{ApiError, ErrorBody};
use crate::rate_limit::Limiter;
use crate::state::AppState;

use super::dto::{SharedViewDto, UnlockRequest};

pub const UNLOCK_COOKIE: &str = "vitalog_share";
const UNLOCK_PATH: &str = "/api/shared/";
/// How long an unlocked browser keeps access without the code again.
const UNLOCK_SECS: i64 = 12 * 3600;

fn visitor(req: &HttpRequest, state: &AppState) -> sharing::Visitor {
    let user_agent = req
        .headers()
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok());
    sharing::Visitor {
        unlocked: unlocked_share(req, state),
        browser: crate::browser::describe(user_agent),
    }
}

/// The share this browser unlocked, if its cookie is ours and still fresh.
fn unlocked_share(req: &HttpRequest, state: &AppState) -> Option<i64> {
    let mut jar = CookieJar::new();
    jar.add_original(req.cookie(UNLOCK_COOKIE)?);
    let c = jar.private(&state.cookie_key).get(UNLOCK_COOKIE)?;
    let (id, until) = c.value().split_once(':')?;
    let until: i64 = until.parse().ok()?;
    (state.shares.now().timestamp() < until)
        .then(|| id.parse().ok())
        .flatten()
}

fn unlock_cookie(state: &AppState, share: &sharing::Share) -> Option<Cookie<'static>> {
    let now = state.shares.now().timestamp();
    let until = (now + UNLOCK_SECS).min(share.expires_at.timestamp());
    let c = Cookie::build(UNLOCK_COOKIE, format!("{}:{until}", share.id))
        .path(UNLOCK_PATH)
        .http_only(true)
        .secure(state.settings.secure_cookies())
        .same_site(SameSite::Strict)
        .finish();
    let mut jar = CookieJar::new();
    jar.private_mut(&state.cookie_key).add(c);
    jar.get(UNLOCK_COOKIE).cloned()
}

/// A visit to a link: limited per address, opened for this browser (its code given, if the
/// share has one), then charged to `budget` under the key `key` names for the opened share.
/// In that order: a browser that may not open the share spends none of the budget, and the
/// budget is spent before the record is read.
async fn admit(
    req: &HttpRequest,
    token: &str,
    state: &AppState,
    budget: &Limiter,
    key: impl FnOnce(&sharing::Opened) -> String,
) -> Result<(sharing::Visitor, sharing::Opened), ApiError> {
    state
        .limits
        .shared_view_per_ip
        .check(&crate::routes::client_ip(req, state))
        .await?;
    let visitor = visitor(req, state);
    let opened = state.shares.open(token, &visitor).await?;
    budget.check(&key(&opened)).await?;
    Ok((visitor, opened))
}

/// The shared record: summary, readings and (when shared) medications, read now. Each
/// answer is one line in the owner's access log.
#[utoipa::path(tag = "sharing", params(("token" = String, Path)), responses(
    (status = 200, body = SharedViewDto), (status = 401, body = ErrorBody, description = "The access code is needed (codeRequired)"),
    (status = 404, body = ErrorBody, description = "Unknown, expired or withdrawn"), (status = 429, body = ErrorBody),
))]
#[get("/api/shared/{token}")]
pub async fn view(
    req: HttpRequest,
    token: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // Anonymous visits spend their owner's budget, so however many addresses open an
    // owner's links, the work they cause is bounded.
    let per_owner = &state.limits.shared_view_per_owner;
    let (visitor, opened) =
        admit(&req, &token, &state, per_owner, |o| o.owner().0.to_string()).await?;
    let view = state.shares.view(opened, &visitor).await?;
    let share = &view.share;
    let label = Some(share.label.clone());
    crate::security_log::note(
        &req,
        &state,
        share.user_id,
        identity::security_log::SecurityEventKind::ShareOpened,
        label,
    )
    .await;
    Ok(HttpResponse::Ok().json(SharedViewDto::from(&view)))
}

/// Gives a share's access code; on success this browser may open the share (a cookie)
/// until it closes, at most 12 hours. Wrong codes are limited per link and per address.
#[utoipa::path(tag = "sharing", params(("token" = String, Path)), request_body = UnlockRequest, responses(
    (status = 204, description = "Unlocked in this browser"), (status = 401, body = ErrorBody, description = "Wrong code"),
    (status = 404, body = ErrorBody), (status = 429, body = ErrorBody),
))]
#[post("/api/shared/{token}/unlock")]
pub async fn unlock(
    req: HttpRequest,
    token: web::Path<String>,
    body: web::Json<UnlockRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (ip, link) = (
        crate::routes::client_ip(&req, &state),
        kernel::secret::hash(&token),
    );
    let throttle = &state.limits.share_code;
    throttle.admit(&ip, &link).await?;
    let share = match state.shares.unlock(&token, &body.code).await {
        Err(sharing::ShareError::WrongCode) => {
            throttle.wrong(&ip, &link).await?;
            return Err(sharing::ShareError::WrongCode.into());
        }
        other => other?,
    };
    let mut res = HttpResponse::NoContent();
    if share.code_hash.is_some()
        && let Some(c) = unlock_cookie(&state, &share)
    {
        res.cookie(c);
    }
    Ok(res.finish())
}

/// The PDF report of the shared period and measures, drawn now; one line in the owner's
/// access log. Limited per address and, as each is drawn in the owner's one report slot,
/// per link from all addresses.
#[utoipa::path(tag = "sharing", params(("token" = String, Path)), responses(
    (status = 200, content_type = "application/pdf", description = "The report, as an attachment"),
    (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody),
))]
#[get("/api/shared/{token}/report.pdf")]
pub async fn pdf(
    req: HttpRequest,
    token: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let per_link = &state.limits.shared_pdf_per_link;
    let (visitor, opened) = admit(&req, &token, &state, per_link, |_| {
        kernel::secret::hash(&token)
    })
    .await?;
    let (name, pdf) = state.shares.pdf(opened, &visitor).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(name)],
        })
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(pdf))
}
