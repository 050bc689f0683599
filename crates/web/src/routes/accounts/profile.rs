//! The signed-in user's account: read it, change names, email or password, delete it.

use actix_session::Session;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, patch, post, web};
use identity::ProfileInput;

use crate::auth::{CurrentUser, presence_cookie, presence_removal, start_session};
use crate::dto::*;
use crate::error::{ApiError, ErrorBody};
use crate::routes::client_ip;
use crate::state::AppState;

pub const MSG_PASSWORD_CHANGED: &str = "Your password has been changed.";
pub const MSG_ACCOUNT_DELETED: &str = "Your account and all its data have been deleted.";

/// Counts a password a signed-in request confirms (email change, password change, account
/// deletion) as a login attempt on the account from this address, before it is checked: a
/// stolen session must not be a way to guess the password. The session already proves the
/// browser, so the account-wide bound for unknown browsers does not apply (it would let a
/// thief slow the owner down). An empty password is refused without being tried.
pub(super) async fn password_tried(
    req: &HttpRequest,
    state: &AppState,
    user: CurrentUser,
    password: Option<&str>,
) -> Result<(), ApiError> {
    if password.is_none_or(str::is_empty) {
        return Ok(());
    }
    let me = state.accounts.user(user.id).await?;
    state
        .limits
        .login
        .admit(
            &client_ip(req, state),
            &identity::username_key(&me.username),
            std::future::ready(Ok(true)),
        )
        .await
}

/// The signed-in user.
#[utoipa::path(tag = "accounts", responses(
    (status = 200, body = UserDto), (status = 401, body = ErrorBody),
))]
#[get("/api/user")]
pub async fn get_user(
    user: Result<CurrentUser, ApiError>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let found = match user {
        Ok(u) => state.accounts.user(u.id).await.ok(),
        Err(_) => None,
    };
    match found {
        Some(u) => Ok(HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .json(UserDto::from(&u))),
        None => {
            // Tell the client's cookie check there is no session any more.
            let mut res = actix_web::ResponseError::error_response(&ApiError::unauthenticated());
            res.add_cookie(&presence_removal(&state))
                .map_err(|e| ApiError::internal(&e.into()))?;
            Ok(res)
        }
    }
}

/// Update names, date of birth, gender; a new email needs the current password and is
/// confirmed by a link first.
#[utoipa::path(tag = "accounts", request_body = UpdateUserRequest, responses(
    (status = 200, body = UpdateUserResponse), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 409, body = ErrorBody),
    (status = 429, body = ErrorBody, description = "Too many passwords tried for the account"),
))]
#[patch("/api/user")]
pub async fn update_user(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<UpdateUserRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    if b.email.is_some() {
        password_tried(&req, &state, user, b.current_password.as_deref()).await?;
    }
    let clear = |v: Option<Option<String>>| v.map(Option::unwrap_or_default);
    let out = state
        .accounts
        .update_profile(
            user.id,
            ProfileInput {
                first_name: clear(b.first_name),
                last_name: clear(b.last_name),
                email: b.email,
                current_password: b.current_password,
                date_of_birth: clear(b.date_of_birth),
                gender: b.gender,
            },
        )
        .await?;
    let message = match &out.email_change_pending {
        Some(e) => format!(
            "Profile updated. We sent a confirmation link to {e}; your email address changes once you open it."
        ),
        None => "Profile updated.".to_owned(),
    };
    Ok(HttpResponse::Ok().json(UpdateUserResponse {
        message,
        user: UserDto::from(&out.user),
        email_change_pending: out.email_change_pending.map(|e| e.to_string()),
    }))
}

/// Change the password; every other session of the user ends.
#[utoipa::path(tag = "accounts", request_body = ChangePasswordRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody, description = "Too many passwords tried for the account"),
))]
#[post("/api/user/change-password")]
pub async fn change_password(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<ChangePasswordRequest>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    password_tried(&req, &state, user, Some(&body.current_password)).await?;
    state
        .accounts
        .change_password(user.id, &body.current_password, &body.new_password)
        .await?;
    // The store ended every session of the user; this browser continues on a new one.
    start_session(&req, &session, &state, user.id)?;
    let mut res = HttpResponse::Ok();
    res.cookie(presence_cookie(&state));
    // The new password gave the account a new login secret, which every device cookie
    // names: this browser, the one that changed it, stays known (its next sign-in is no
    // "new sign-in"), while any other is new again.
    let changed = state.accounts.user(user.id).await?;
    if let Some(device) = crate::login_throttle::device_cookie(
        &req,
        &state.cookie_key,
        state.settings.secure_cookies(),
        &changed.login_secret,
    ) {
        res.cookie(device);
    }
    Ok(res.json(MessageResponse::new(MSG_PASSWORD_CHANGED)))
}

/// Deletes the account and all its data, confirmed by password; signs this browser out.
#[utoipa::path(tag = "accounts", request_body = DeleteAccountRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody, description = "Too many passwords tried for the account"),
))]
#[post("/api/user/delete")]
pub async fn delete_account(
    req: HttpRequest,
    user: CurrentUser,
    body: web::Json<DeleteAccountRequest>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    password_tried(&req, &state, user, Some(&body.password)).await?;
    state
        .accounts
        .delete_account(user.id, &body.password)
        .await?;
    session.purge();
    let mut res = HttpResponse::Ok().json(MessageResponse::new(MSG_ACCOUNT_DELETED));
    res.add_cookie(&presence_removal(&state))
        .map_err(|e| ApiError::internal(&e.into()))?;
    Ok(res)
}
