//! Who is signed in: the session extractor, starting and ending sessions, and the
//! presence cookie the client reads (it never sees the session cookie).

use std::future::{Ready, ready};

use actix_session::{Session, SessionExt};
use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use kernel::UserId;

use crate::error::ApiError;
use crate::session_store::USER_ID;
use crate::state::AppState;

pub const SESSION_COOKIE: &str = "vitalog_session";
/// Non-secret, JS-readable "a session probably exists" marker for the client's cookie check.
pub const PRESENCE_COOKIE: &str = "vitalog_auth";
/// Session state keys: when it signed in and was last active (Unix seconds), and the device
/// and network it signed in from, for the person's list of where they are signed in
/// ([`crate::devices`]).
pub(crate) const ISSUED_AT: &str = "iat";
pub(crate) const LAST_SEEN: &str = "seen";
pub(crate) const DEVICE: &str = "dev";
pub(crate) const NETWORK: &str = "net";
/// Activity refreshes the idle expiry at most this often, so reads do not all write.
const TOUCH_AT_MOST_EVERY_SECS: i64 = 300;

/// How long after the last refresh a request refreshes the idle expiry again: a tenth of
/// the idle lifetime (at most 5 minutes), so a session ends between 90% and 100% of the
/// idle lifetime after the last request. A fixed 5 minutes let any idle lifetime under
/// that expire under an active user.
fn touch_after(idle_secs: i64) -> i64 {
    (idle_secs / 10).min(TOUCH_AT_MOST_EVERY_SECS)
}

/// The signed-in user, taken from the server-side session. Handlers that take it answer
/// 401 to anyone else.
#[derive(Debug, Clone, Copy)]
pub struct CurrentUser {
    pub id: UserId,
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(current_user(req))
    }
}

fn current_user(req: &HttpRequest) -> Result<CurrentUser, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(ApiError::unauthenticated)?;
    let session = req.get_session();
    let uid = session
        .get::<i64>(USER_ID)
        .ok()
        .flatten()
        .ok_or_else(ApiError::unauthenticated)?;
    let now = state.clock.now().timestamp();
    let issued = session.get::<i64>(ISSUED_AT).ok().flatten().unwrap_or(0);
    let absolute = i64::try_from(state.settings.session_absolute.as_secs()).unwrap_or(i64::MAX);
    if now.saturating_sub(issued) > absolute {
        session.purge();
        return Err(ApiError::unauthenticated());
    }
    let seen = session.get::<i64>(LAST_SEEN).ok().flatten().unwrap_or(0);
    let idle = i64::try_from(state.settings.session_idle.as_secs()).unwrap_or(i64::MAX);
    if now.saturating_sub(seen) > touch_after(idle) {
        // Changing the state makes the session store extend the idle expiry.
        let _ = session.insert(LAST_SEEN, now);
    }
    Ok(CurrentUser { id: UserId(uid) })
}

/// Signs `user` in on this browser with a fresh session id (no session fixation), noting
/// the browser and network it signed in from ([`crate::devices::seen_from`]).
pub fn start_session(
    req: &HttpRequest,
    session: &Session,
    state: &AppState,
    user: UserId,
) -> Result<(), ApiError> {
    let now = state.clock.now().timestamp();
    let (device, network) = crate::devices::seen_from(req, &state.settings.proxies);
    session.renew();
    session
        .insert(USER_ID, user.0)
        .and_then(|()| session.insert(ISSUED_AT, now))
        .and_then(|()| session.insert(LAST_SEEN, now))
        .and_then(|()| session.insert(DEVICE, device))
        .and_then(|()| session.insert(NETWORK, network))
        .map_err(|e| ApiError::internal(&anyhow::Error::new(e).context("session insert")))
}

/// Lives as long as the session could (its absolute lifetime): it is only set at login,
/// so with the idle lifetime it ran out under an active user and the client's route guard
/// signed them out. After an idle end the server's 401 to `GET /api/user` removes it.
pub fn presence_cookie(state: &AppState) -> Cookie<'static> {
    let absolute = i64::try_from(state.settings.session_absolute.as_secs()).unwrap_or(i64::MAX);
    Cookie::build(PRESENCE_COOKIE, "1")
        .path("/")
        .same_site(SameSite::Lax)
        .secure(state.settings.secure_cookies())
        .http_only(false)
        .max_age(time::Duration::seconds(absolute))
        .finish()
}

pub fn presence_removal(state: &AppState) -> Cookie<'static> {
    let mut c = presence_cookie(state);
    c.make_removal();
    c
}

#[cfg(test)]
mod tests {
    use super::touch_after;

    #[test]
    fn refreshes_within_a_tenth_of_the_idle_lifetime() {
        assert_eq!(touch_after(24 * 3600), 300);
        assert_eq!(touch_after(120), 12);
        assert_eq!(touch_after(3), 0, "every second");
    }
}
