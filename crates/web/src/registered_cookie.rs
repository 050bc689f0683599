//! The "just registered here" cookie. The client registers with a JSON call, then submits
//! the same visible form natively so the browser's password manager offers to save the
//! credentials. That second post must not register again (an address or username already
//! taken is answered the same, and its owner gets a warning email), so the JSON answer
//! sets this short-lived cookie, bound to the username and email as typed and encrypted
//! and authenticated with the session cookie key (like the login throttle's device
//! cookie); the form post that matches it is only redirected.

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, CookieJar, Key, SameSite, time};

pub const REGISTERED_COOKIE: &str = "vitalog_registered";
/// How long after the JSON registration the form post is recognised.
pub const REGISTERED_SECS: i64 = 600;
/// Only the registration reads it.
const PATH: &str = "/api/register";

/// How registration reads a username or an email: trimmed, without case.
fn key_of(typed: &str) -> String {
    identity::username_key(typed)
}

fn base(value: String, secure: bool) -> Cookie<'static> {
    Cookie::build(REGISTERED_COOKIE, value)
        .path(PATH)
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Strict)
        .finish()
}

/// The cookie for a registration of `username` and `email` (as typed) done at `now`
/// (Unix seconds); `shown_email` is the address the answer showed.
pub fn cookie(
    key: &Key,
    secure: bool,
    now: i64,
    username: &str,
    email: &str,
    shown_email: &str,
) -> Option<Cookie<'static>> {
    let value = [
        key_of(username),
        key_of(email),
        shown_email.to_owned(),
        now.to_string(),
    ]
    .join("\n");
    let mut c = base(value, secure);
    c.set_max_age(time::Duration::seconds(REGISTERED_SECS));
    let mut jar = CookieJar::new();
    jar.private_mut(key).add(c);
    jar.get(REGISTERED_COOKIE).cloned()
}

/// Removes the cookie (sent with the answer to the form post: it is used once).
pub fn removal(secure: bool) -> Cookie<'static> {
    let mut c = base(String::new(), secure);
    c.make_removal();
    c
}

/// The address to show when this browser registered `username` and `email` with the JSON
/// call in the last [`REGISTERED_SECS`] seconds.
pub fn recognised(
    req: &HttpRequest,
    key: &Key,
    now: i64,
    username: &str,
    email: &str,
) -> Option<String> {
    let mut jar = CookieJar::new();
    jar.add_original(req.cookie(REGISTERED_COOKIE)?);
    let value = jar.private(key).get(REGISTERED_COOKIE)?;
    let mut parts = value.value().split('\n');
    let (user, mail, shown, at) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let age = now - at.parse::<i64>().ok()?;
    ((0..=REGISTERED_SECS).contains(&age) && user == key_of(username) && mail == key_of(email))
        .then(|| shown.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn recognises_the_same_registration_only_for_a_while() {
        let key = Key::generate();
        let c = cookie(
            &key,
            true,
            1_000,
            "Ann",
            "Ann@Example.com ",
            "ann@example.com",
        )
        .expect("cookie");
        assert!(!c.value().contains("ann"), "encrypted");
        assert_eq!(c.path(), Some(PATH));
        assert_eq!(c.http_only(), Some(true));
        assert_eq!(c.same_site(), Some(SameSite::Strict));
        let req = TestRequest::default().cookie(c).to_http_request();
        let seen = |now, username, email| recognised(&req, &key, now, username, email);
        assert_eq!(
            seen(1_010, " ann", "ann@example.com").as_deref(),
            Some("ann@example.com")
        );
        assert_eq!(
            seen(1_000 + REGISTERED_SECS, "ann", "ANN@example.com").as_deref(),
            Some("ann@example.com")
        );
        assert_eq!(
            seen(1_001 + REGISTERED_SECS, "ann", "ann@example.com"),
            None,
            "too late"
        );
        assert_eq!(seen(999, "ann", "ann@example.com"), None, "from the future");
        assert_eq!(
            seen(1_010, "bob", "ann@example.com"),
            None,
            "another username"
        );
        assert_eq!(seen(1_010, "ann", "bob@example.com"), None, "another email");
        assert_eq!(
            recognised(&req, &Key::generate(), 1_010, "ann", "ann@example.com"),
            None,
            "other key"
        );
        let forged = Cookie::new(
            REGISTERED_COOKIE,
            "ann\nann@example.com\nann@example.com\n1000",
        );
        let req = TestRequest::default().cookie(forged).to_http_request();
        assert_eq!(
            recognised(&req, &key, 1_010, "ann", "ann@example.com"),
            None,
            "forged"
        );
        assert_eq!(removal(true).max_age(), Some(time::Duration::ZERO));
    }
}
