//! Accounts API (spec section 7): login, register, logout, the current user, profile,
//! password, preferences, email verification and password reset.

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{FromRequest, HttpRequest, HttpResponse, get, patch, post, web};
use identity::service::RegisterInput;
use identity::{BloodSugarUnit, PreferencesPatch, ProfileInput, Verified, WeightUnit};
use kernel::FieldErrors;

use super::{client_ip, is_form, read_body, safe_redirect};
use crate::auth::{CurrentUser, presence_cookie, presence_removal, start_session};
use crate::dto::*;
use crate::error::{ApiError, ErrorBody};
use crate::login_throttle;
use crate::registered_cookie;
use crate::state::AppState;

pub const MSG_REGISTERED: &str = "Registration successful. Please check your email (including the spam folder) to verify your account.";
pub const MSG_RESEND: &str = "If an account with that email is waiting for verification, we have sent a new verification link. Please check your inbox and spam folder.";
pub const MSG_RESET_REQUESTED: &str = "If an account exists with that email, we have sent a link to reset your password. Please check your inbox and spam folder.";
pub const MSG_RESET_DONE: &str =
    "Your password has been reset. You can now log in with your new password.";
pub const MSG_VERIFIED: &str = "Your email address has been verified. You can now log in.";
pub const MSG_ALREADY_VERIFIED: &str = "Your email address is already verified. You can log in.";
pub const MSG_EMAIL_CHANGED: &str = "Your new email address is confirmed.";
pub const MSG_PASSWORD_CHANGED: &str = "Your password has been changed.";
pub const MSG_ACCOUNT_DELETED: &str = "Your account and all its data have been deleted.";
pub const MSG_LOGGED_OUT: &str = "You have been logged out.";

fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location.to_owned()))
        .finish()
}

fn query_escape(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// Where a failed native form post goes: the page that can show the message.
fn form_failure(err: &ApiError, page: &str) -> HttpResponse {
    match (&err.body.requires_verification, &err.body.email) {
        (Some(true), Some(email)) => {
            see_other(&format!("/verify-pending?email={}", query_escape(email)))
        }
        _ => see_other(&format!("{page}?error={}", query_escape(&err.body.message))),
    }
}

/// The signed-in user when this browser's session already belongs to the account typed
/// as `typed` (its username or email, as login reads them).
async fn already_signed_in_as(
    req: &HttpRequest,
    state: &AppState,
    typed: &str,
) -> Option<identity::User> {
    let current = CurrentUser::extract(req).await.ok()?;
    let user = state.accounts.user(current.id).await.ok()?;
    let key = identity::username_key(typed);
    (key == identity::username_key(&user.username)
        || key == identity::username_key(user.email.as_str()))
    .then_some(user)
}

/// Where a successful registration by form post goes (`registered` says so on that page).
fn verify_pending(email: &str) -> HttpResponse {
    see_other(&format!(
        "/verify-pending?email={}&registered=1",
        query_escape(email)
    ))
}

/// Log in with username (or email) and password.
#[utoipa::path(tag = "accounts",
    request_body(content = LoginRequest, description = "JSON, or a native form post (application/x-www-form-urlencoded) answered with 303"),
    responses(
        (status = 200, body = LoginResponse, description = "Signed in; sets the session cookie, the vitalog_auth presence cookie and the vitalog_device cookie (login throttling)"),
        (status = 303, description = "Form post: to `redirect` when it is a same-site path, else /"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Email not verified: requiresVerification and email"),
        (status = 429, body = ErrorBody),
    ))]
#[post("/api/login")]
pub async fn login(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let form = is_form(&req);
    let result = async {
        let input: LoginRequest = read_body(&req, &body)?;
        // The form post the client sends after its JSON login (for the password manager):
        // the session already is that account, so nothing is granted and nothing is done
        // again (no password hash, no throttle count).
        if form && let Some(user) = already_signed_in_as(&req, &state, &input.username).await {
            return Ok((user, input.redirect, None));
        }
        let account = identity::username_key(&input.username);
        let known = login_throttle::known_device(&req, &state.cookie_key, &account);
        state
            .limits
            .login
            .admit(&client_ip(&req, &state), &account, known)
            .await?;
        let user = state
            .accounts
            .login(&input.username, &input.password)
            .await?;
        start_session(&session, &state, user.id)?;
        tracing::info!(user_id = %user.id, "login");
        let email = identity::username_key(user.email.as_str());
        let device = login_throttle::device_cookie(
            &req,
            &state.cookie_key,
            state.settings.secure_cookies(),
            &[&identity::username_key(&user.username), &email],
        );
        Ok::<_, ApiError>((user, input.redirect, device))
    }
    .await;
    match (result, form) {
        (Ok((_, redirect, device)), true) => {
            let mut res = see_other(&safe_redirect(redirect.as_deref(), "/"));
            for c in std::iter::once(presence_cookie(&state)).chain(device) {
                res.add_cookie(&c)
                    .map_err(|e| ApiError::internal(&e.into()))?;
            }
            Ok(res)
        }
        (Ok((user, _, device)), false) => {
            let mut res = HttpResponse::Ok();
            res.cookie(presence_cookie(&state));
            if let Some(c) = device {
                res.cookie(c);
            }
            Ok(res.json(LoginResponse {
                user: UserDto::from(&user),
            }))
        }
        (Err(e), true) => Ok(form_failure(&e, "/auth")),
        (Err(e), false) => Err(e),
    }
}

/// Create an account; a verification email is sent. The account is made after the answer,
/// and an address that already has one is answered the same (its owner gets a note).
#[utoipa::path(tag = "accounts",
    request_body(content = RegisterRequest, description = "JSON, or a native form post answered with 303"),
    responses(
        (status = 201, body = RegisterResponse),
        (status = 303, description = "Form post: to /verify-pending?email=..."),
        (status = 400, body = ErrorBody), (status = 409, body = ErrorBody, description = "Username taken"),
        (status = 429, body = ErrorBody),
    ))]
#[post("/api/register")]
pub async fn register(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let form = is_form(&req);
    let result = async {
        let input: RegisterRequest = read_body(&req, &body)?;
        // The form post the client sends after its JSON registration (for the password
        // manager): already done, so neither registered again nor mailed.
        let now = state.clock.now().timestamp();
        let recognised = registered_cookie::recognised(
            &req,
            &state.cookie_key,
            now,
            &input.username,
            &input.email,
        );
        if form && let Some(shown) = recognised {
            return Ok((shown, None));
        }
        state
            .limits
            .register_per_ip
            .check(&client_ip(&req, &state))?;
        let email = state
            .accounts
            .register(RegisterInput {
                username: input.username.clone(),
                email: input.email.clone(),
                password: input.password.clone(),
                first_name: input.first_name.clone(),
                last_name: input.last_name.clone(),
            })
            .await?;
        let email = email.to_string();
        let cookie = registered_cookie::cookie(
            &state.cookie_key,
            state.settings.secure_cookies(),
            now,
            &input.username,
            &input.email,
            &email,
        );
        Ok::<_, ApiError>((email, cookie))
    }
    .await;
    match (result, form) {
        (Ok((email, _)), true) => {
            let mut res = verify_pending(&email);
            res.add_cookie(&registered_cookie::removal(state.settings.secure_cookies()))
                .map_err(|e| ApiError::internal(&e.into()))?;
            Ok(res)
        }
        (Ok((email, cookie)), false) => {
            let mut res = HttpResponse::Created();
            if let Some(c) = cookie {
                res.cookie(c);
            }
            Ok(res.json(RegisterResponse {
                message: MSG_REGISTERED.into(),
                email,
            }))
        }
        (Err(e), true) => Ok(form_failure(&e, "/auth")),
        (Err(e), false) => Err(e),
    }
}

/// End the session on the server and clear the cookies.
#[utoipa::path(tag = "accounts",
    request_body(content = LogoutRequest, description = "Native form post with redirect=/auth, or JSON"),
    responses(
        (status = 200, body = MessageResponse),
        (status = 303, description = "Form post: to `redirect` when it is a same-site path"),
    ))]
#[post("/api/logout")]
pub async fn logout(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let input: LogoutRequest = read_body(&req, &body).unwrap_or_default();
    session.purge();
    let mut res = if is_form(&req) {
        see_other(&safe_redirect(input.redirect.as_deref(), "/auth"))
    } else {
        HttpResponse::Ok().json(MessageResponse::new(MSG_LOGGED_OUT))
    };
    res.add_cookie(&presence_removal(&state))
        .map_err(|e| ApiError::internal(&e.into()))?;
    Ok(res)
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
    if b.email.is_some() && b.current_password.as_deref().is_some_and(|p| !p.is_empty()) {
        // A password tried here is a password guessed: it counts like a login attempt from
        // this address. The session already proves the browser, so the account-wide bound
        // for unknown browsers does not apply (it would let a thief slow the owner down).
        let me = state.accounts.user(user.id).await?;
        state
            .limits
            .login
            .admit(
                &client_ip(&req, &state),
                &identity::username_key(&me.username),
                true,
            )
            .await?;
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
))]
#[post("/api/user/change-password")]
pub async fn change_password(
    user: CurrentUser,
    body: web::Json<ChangePasswordRequest>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    state
        .accounts
        .change_password(user.id, &body.current_password, &body.new_password)
        .await?;
    // The store ended every session of the user; this browser continues on a new one.
    start_session(&session, &state, user.id)?;
    Ok(HttpResponse::Ok()
        .cookie(presence_cookie(&state))
        .json(MessageResponse::new(MSG_PASSWORD_CHANGED)))
}

/// Deletes the account and all its data, confirmed by password; signs this browser out.
#[utoipa::path(tag = "accounts", request_body = DeleteAccountRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
))]
#[post("/api/user/delete")]
pub async fn delete_account(
    user: CurrentUser,
    body: web::Json<DeleteAccountRequest>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
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

/// Units and email preferences (defaults lbs, mg/dL, no emails).
#[utoipa::path(tag = "accounts", responses(
    (status = 200, body = PreferencesDto), (status = 401, body = ErrorBody),
))]
#[get("/api/user/preferences")]
pub async fn get_preferences(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let p = state.accounts.preferences(user.id).await?;
    Ok(HttpResponse::Ok().json(PreferencesDto::from(p)))
}

/// Change some preferences; fields not sent keep their value.
#[utoipa::path(tag = "accounts", request_body = PreferencesPatchRequest, responses(
    (status = 200, body = PreferencesDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
))]
#[patch("/api/user/preferences")]
pub async fn update_preferences(
    user: CurrentUser,
    body: web::Json<PreferencesPatchRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let mut errors = FieldErrors::new();
    let weight_unit = b.weight_unit.as_deref().and_then(|v| {
        let u = WeightUnit::parse(v);
        if u.is_none() {
            errors.add("weightUnit", "Weight unit must be lbs or kg.");
        }
        u
    });
    let blood_sugar_unit = b.blood_sugar_unit.as_deref().and_then(|v| {
        let u = BloodSugarUnit::parse(v);
        if u.is_none() {
            errors.add(
                "bloodSugarUnit",
                "Blood sugar unit must be mg/dL or mmol/L.",
            );
        }
        u
    });
    let reminder_time = b.reminder_time.as_deref().and_then(|v| {
        let t = chrono::NaiveTime::parse_from_str(v.trim(), "%H:%M").ok();
        if t.is_none() {
            errors.add("reminderTime", "Reminder time must be a time like 20:00.");
        }
        t
    });
    let time_zone = b.time_zone.as_deref().and_then(|v| {
        let tz = v.trim().parse::<chrono_tz::Tz>().ok();
        if tz.is_none() {
            errors.add(
                "timeZone",
                "Time zone must be a time zone name like Europe/Paris.",
            );
        }
        tz
    });
    errors.into_result().map_err(ApiError::invalid)?;
    let p = state
        .accounts
        .update_preferences(
            user.id,
            PreferencesPatch {
                weight_unit,
                blood_sugar_unit,
                email_reminders: b.email_reminders,
                weekly_reports: b.weekly_reports,
                reminder_time,
                time_zone,
            },
        )
        .await?;
    Ok(HttpResponse::Ok().json(PreferencesDto::from(p)))
}

/// Confirm an email address with the token from the emailed link.
#[utoipa::path(tag = "accounts", request_body = TokenRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody),
))]
#[post("/api/verify-email")]
pub async fn verify_email(
    body: web::Json<TokenRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let message = match state.accounts.verify_email(&body.token).await? {
        Verified::Account(_) => MSG_VERIFIED,
        Verified::EmailChanged(_) => MSG_EMAIL_CHANGED,
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
    body: web::Json<TokenRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let restored = state.accounts.undo_email_change(&body.token).await?;
    tracing::info!("email change undone");
    Ok(HttpResponse::Ok().json(MessageResponse::new(format!(
        "Your email address is {restored} again and every device has been signed out. Whoever changed it may know your password: reset it now."
    ))))
}

/// Requests that send an email to an address are limited per client and per address.
fn limit_email_requests(req: &HttpRequest, state: &AppState, email: &str) -> Result<(), ApiError> {
    state.limits.email_per_ip.check(&client_ip(req, state))?;
    state
        .limits
        .email_per_address
        .check(&email.trim().to_lowercase())
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
    limit_email_requests(&req, &state, &body.email)?;
    state.accounts.resend_verification(&body.email).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(MSG_RESEND)))
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
    limit_email_requests(&req, &state, &body.email)?;
    state.accounts.request_password_reset(&body.email).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(MSG_RESET_REQUESTED)))
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
    body: web::Json<ResetPasswordRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state
        .accounts
        .reset_password(&body.token, &body.password)
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(MSG_RESET_DONE)))
}
