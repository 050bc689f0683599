//! Signing in and out, and signing up: login, register, logout (JSON or native form posts).

use actix_session::Session;
use actix_web::cookie::Cookie;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, HttpResponse, post, web};
use identity::IdentityError;
use identity::security_log::SecurityEventKind;
use identity::service::RegisterInput;

use crate::auth::{CurrentUser, presence_cookie, presence_removal, start_session};
use crate::dto::*;
use crate::error::{ApiError, ErrorBody};
use crate::login_throttle;
use crate::registered_cookie;
use crate::routes::{client_ip, is_form, read_body, safe_redirect};
use crate::security_log::note;
use crate::state::AppState;

pub const MSG_REGISTERED: &str = "Registration successful. Please check your email (including the spam folder) to verify your account.";
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

/// Notes the sign-in, emailing the person when this browser never signed in to the account
/// before (its device cookie does not name it). The sign-in stands if this fails: the
/// person is in, and the failure is logged.
async fn noted_sign_in(req: &HttpRequest, state: &AppState, user: &identity::User) {
    let new_device = !login_throttle::known_device(req, &state.cookie_key, &user.login_secret);
    let (device, network) = crate::devices::seen_from(req, &state.settings.proxies);
    if let Err(e) = state
        .accounts
        .signed_in(user, &device, network.as_deref(), new_device)
        .await
    {
        tracing::error!(user_id = %user.id, error = %e, "the sign-in could not be noted");
    }
}

/// Where a successful registration by form post goes (`registered` says so on that page).
fn verify_pending(email: &str) -> HttpResponse {
    see_other(&format!(
        "/verify-pending?email={}&registered=1",
        query_escape(email)
    ))
}

/// How the person proved who they are, as their security log names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SignInMethod {
    Password,
    PasswordAndCode,
    PasswordAndRecoveryCode,
    Passkey,
}

impl SignInMethod {
    fn code(self) -> &'static str {
        match self {
            Self::Password => "password",
            Self::PasswordAndCode => "password+totp",
            Self::PasswordAndRecoveryCode => "password+recovery-code",
            Self::Passkey => "passkey",
        }
    }
}

/// Completes a sign-in, whichever way the person proved who they are (a password alone, a
/// password and its second step, or a passkey): a fresh session, the sign-in noted in the
/// security log (and announced when the browser is new to the account), and the device
/// cookie to set.
pub(crate) async fn complete_sign_in(
    req: &HttpRequest,
    session: &Session,
    state: &AppState,
    user: &identity::User,
    method: SignInMethod,
) -> Result<Option<Cookie<'static>>, ApiError> {
    start_session(req, session, state, user.id)?;
    tracing::info!(user_id = %user.id, method = method.code(), "login");
    let detail = Some(method.code().to_owned());
    note(req, state, user.id, SecurityEventKind::SignedIn, detail).await;
    noted_sign_in(req, state, user).await;
    Ok(login_throttle::device_cookie(
        req,
        &state.cookie_key,
        state.settings.secure_cookies(),
        &user.login_secret,
    ))
}

/// The JSON answer to a completed sign-in: the user, the presence and device cookies.
pub(crate) fn signed_in(
    state: &AppState,
    user: &identity::User,
    device: Option<Cookie<'static>>,
) -> HttpResponse {
    let mut res = HttpResponse::Ok();
    res.cookie(presence_cookie(state));
    if let Some(c) = device {
        res.cookie(c);
    }
    res.json(LoginResponse {
        user: Some(UserDto::from(user)),
        second_step: None,
    })
}

/// What a right password came to.
enum PasswordOutcome {
    SignedIn(Box<identity::User>, Option<Cookie<'static>>),
    /// Two-step verification is on: no session until the code.
    SecondStep,
}

/// Log in with username (or email) and password. With two-step verification on, no
/// session is made: the answer says a second step is needed (`POST /api/login/second-step`).
#[utoipa::path(tag = "accounts",
    request_body(content = LoginRequest, description = "JSON, or a native form post (application/x-www-form-urlencoded) answered with 303"),
    responses(
        (status = 200, body = LoginResponse, description = "Signed in (`user`; sets the session cookie, the vitalog_auth presence cookie and the vitalog_device cookie), or `secondStep` when two-step verification is on (no session yet)"),
        (status = 303, description = "Form post: to `redirect` when it is a same-site path, else /; to /auth?step=code when a second step is needed"),
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
            return Ok((
                PasswordOutcome::SignedIn(Box::new(user), None),
                input.redirect,
            ));
        }
        let account = identity::username_key(&input.username);
        let known = async {
            Ok(state
                .accounts
                .login_secret(&input.username)
                .await?
                .is_some_and(|s| login_throttle::known_device(&req, &state.cookie_key, &s)))
        };
        state
            .limits
            .login
            .admit(&client_ip(&req, &state), &account, known)
            .await?;
        let user = match state.accounts.login(&input.username, &input.password).await {
            Ok(user) => user,
            Err(e) => {
                // A wrong password goes in its owner's log; an unknown name has no owner.
                if matches!(e, IdentityError::InvalidCredentials) {
                    crate::security_log::note_failed_sign_in(&req, &state, &input.username);
                }
                return Err(e.into());
            }
        };
        if state.two_step.is_on(user.id).await? {
            super::two_step::await_second_step(&session, &state, &user)?;
            return Ok((PasswordOutcome::SecondStep, input.redirect));
        }
        let device =
            complete_sign_in(&req, &session, &state, &user, SignInMethod::Password).await?;
        Ok::<_, ApiError>((
            PasswordOutcome::SignedIn(Box::new(user), device),
            input.redirect,
        ))
    }
    .await;
    match (result, form) {
        (Ok((PasswordOutcome::SignedIn(_, device), redirect)), true) => {
            let mut res = see_other(&safe_redirect(redirect.as_deref(), "/"));
            for c in std::iter::once(presence_cookie(&state)).chain(device) {
                res.add_cookie(&c)
                    .map_err(|e| ApiError::internal(&e.into()))?;
            }
            Ok(res)
        }
        (Ok((PasswordOutcome::SecondStep, _)), true) => Ok(see_other("/auth?step=code")),
        (Ok((PasswordOutcome::SignedIn(user, device), _)), false) => {
            Ok(signed_in(&state, &user, device))
        }
        (Ok((PasswordOutcome::SecondStep, _)), false) => {
            Ok(HttpResponse::Ok().json(LoginResponse {
                user: None,
                second_step: Some(SecondStep::Totp),
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
            .check(&client_ip(&req, &state))
            .await?;
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
