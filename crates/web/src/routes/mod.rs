pub mod accounts;
pub mod billing;
pub mod data;
pub mod health;
pub mod imports;
pub mod medications;
pub mod readings;
pub mod reports;
pub mod sharing;
pub mod unsubscribe;

use actix_web::http::header;
use actix_web::{HttpRequest, web::Bytes};
use serde::de::DeserializeOwned;

use crate::client_addr;
use crate::error::{ApiError, MSG_BAD_BODY};
use crate::state::AppState;

/// Whether the request is a native HTML form post (spec section 7: login, register and
/// logout also accept them).
pub fn is_form(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"))
}

/// Reads a JSON or form body into `T`. An empty body reads as `T::default()` so the
/// domain reports missing fields with the spec's messages.
pub fn read_body<T: DeserializeOwned + Default>(
    req: &HttpRequest,
    body: &Bytes,
) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    let parsed = if is_form(req) {
        serde_urlencoded::from_bytes(body).map_err(|e| e.to_string())
    } else {
        serde_json::from_slice(body).map_err(|e| e.to_string())
    };
    parsed.map_err(|e| {
        tracing::debug!(error = %e, "request body rejected");
        ApiError::bad_request(MSG_BAD_BODY)
    })
}

/// A redirect target for form posts: only a same-site path (one leading `/`, no scheme,
/// no `//` or `/\` that a browser would read as another host). Anything else is `/`.
pub fn safe_redirect(target: Option<&str>, fallback: &str) -> String {
    match target {
        Some(t)
            if t.starts_with('/')
                && !t.starts_with("//")
                && !t.starts_with("/\\")
                && !t.chars().any(|c| c.is_control() || c == '\\')
                && t.len() <= 2048 =>
        {
            t.to_owned()
        }
        Some(_) => "/".to_owned(),
        None => fallback.to_owned(),
    }
}

/// The user's wall clock (`kernel::calendar`, the one answer to "what day and time is it
/// for this person?"), from one read of their preferences.
pub async fn users_clock(
    user: &crate::auth::CurrentUser,
    state: &AppState,
) -> Result<kernel::UsersNow, ApiError> {
    Ok(state.calendar.now(user.id).await?)
}

/// Now on the user's wall clock ([`kernel::UsersNow::local`]).
pub async fn users_now(
    user: &crate::auth::CurrentUser,
    state: &AppState,
) -> Result<chrono::NaiveDateTime, ApiError> {
    Ok(users_clock(user, state).await?.local)
}

/// Today in the user's time zone ([`users_now`]).
pub async fn users_today(
    user: &crate::auth::CurrentUser,
    state: &AppState,
) -> Result<chrono::NaiveDate, ApiError> {
    Ok(users_clock(user, state).await?.today())
}

/// The key the client's address is rate limited under (see [`crate::client_addr`]).
pub fn client_ip(req: &HttpRequest, state: &AppState) -> String {
    client_addr::rate_key(client_addr::client_ip(req, &state.settings.proxies))
}

#[cfg(test)]
mod tests {
    use super::safe_redirect;

    #[test]
    fn only_same_site_paths_are_followed() {
        assert_eq!(safe_redirect(Some("/auth"), "/"), "/auth");
        assert_eq!(safe_redirect(Some("/profile#x?y=1"), "/"), "/profile#x?y=1");
        assert_eq!(safe_redirect(None, "/auth"), "/auth");
        for evil in [
            "//evil.example",
            "/\\evil.example",
            "https://evil.example",
            "javascript:alert(1)",
            "evil",
            "/a\r\nSet-Cookie: x=1",
            "/\\/evil.example",
            "",
        ] {
            assert_eq!(safe_redirect(Some(evil), "/auth"), "/", "{evil:?}");
        }
    }
}
