//! Login throttling (OWASP Authentication Cheat Sheet: per account *and* per address,
//! device cookies). Wrong passwords for someone else's username must not lock its owner
//! out, so no single bound covers the account alone:
//!
//! - per client address: every attempt, any account;
//! - per (account, client address): a tight bound that stops one guesser;
//! - per account from browsers that never signed in to it: a higher bound against guessers
//!   spread over many addresses, with a growing delay from half of it on, then `429`.
//!   A browser that signed in to the account before carries a device cookie (encrypted
//!   and authenticated with the session cookie key) and is exempt from it. The cookie names
//!   the account by a digest of its login secret, which a new password replaces: a cookie
//!   earned before a password change or reset (perhaps by a thief) no longer exempts.

use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, CookieJar, Key, SameSite, time};
use kernel::secret;

use crate::error::ApiError;
use crate::rate_limit::Limiter;

pub const DEVICE_COOKIE: &str = "vitalog_device";
/// Accounts one browser is remembered for (a family sharing a tablet), newest first.
const DEVICE_ACCOUNTS: usize = 8;
const DEVICE_DAYS: i64 = 180;
/// The first delayed attempt waits this long; each further one twice as long.
const FIRST_DELAY: Duration = Duration::from_millis(250);
const MAX_DELAY: Duration = Duration::from_secs(10);

pub struct LoginThrottle {
    per_ip: Limiter,
    per_account_ip: Limiter,
    per_account: Limiter,
}

/// The delay for an attempt that is the `used`-th of the account-wide budget `burst`:
/// none up to half of it, then 250 ms doubling per attempt, at most 10 s.
pub fn slowdown(used: u32, burst: u32) -> Duration {
    let over = used.saturating_sub(burst / 2);
    if over == 0 {
        return Duration::ZERO;
    }
    let doublings = (over - 1).min(16);
    (FIRST_DELAY * 2u32.pow(doublings)).min(MAX_DELAY)
}

impl LoginThrottle {
    pub(crate) fn new(per_ip: Limiter, per_account_ip: Limiter, per_account: Limiter) -> Self {
        Self {
            per_ip,
            per_account_ip,
            per_account,
        }
    }

    /// Counts one attempt to sign in to `account` from the address keyed `ip`; waits the
    /// slowdown (asynchronously: no worker thread is held) or refuses with `429`. Whether
    /// the browser is a known device is asked only once the address's bounds admit the
    /// attempt, so a refused flood costs no look-up of the account.
    pub async fn admit(
        &self,
        ip: &str,
        account: &str,
        known_device: impl Future<Output = Result<bool, ApiError>>,
    ) -> Result<(), ApiError> {
        self.per_ip.check(ip).await?;
        self.per_account_ip
            .check(&format!("{account}\n{ip}"))
            .await?;
        if known_device.await? {
            return Ok(());
        }
        let used = self.per_account.take(account).await?;
        let delay = slowdown(used, self.per_account.rate().count);
        if !delay.is_zero() {
            tracing::warn!(?delay, "many sign-in attempts to one account: slowing down");
            tokio::time::sleep(delay).await;
        }
        Ok(())
    }
}

/// What the device cookie remembers of an account: a digest of its login secret.
fn tag(login_secret: &str) -> String {
    secret::hash(login_secret)[..32].to_owned()
}

fn device_tags(req: &HttpRequest, key: &Key) -> Vec<String> {
    let Some(cookie) = req.cookie(DEVICE_COOKIE) else {
        return Vec::new();
    };
    let mut jar = CookieJar::new();
    jar.add_original(cookie);
    jar.private(key)
        .get(DEVICE_COOKIE)
        .map(|c| c.value().split(' ').map(str::to_owned).collect())
        .unwrap_or_default()
}

/// Whether this browser signed in, since its password was last set, to the account whose
/// login secret is `login_secret`.
pub fn known_device(req: &HttpRequest, key: &Key, login_secret: &str) -> bool {
    device_tags(req, key).contains(&tag(login_secret))
}

/// The device cookie after a successful sign-in to the account whose login secret is
/// `login_secret`, keeping the other accounts this browser remembers.
pub fn device_cookie(
    req: &HttpRequest,
    key: &Key,
    secure: bool,
    login_secret: &str,
) -> Option<Cookie<'static>> {
    let mut tags = vec![tag(login_secret)];
    for old in device_tags(req, key) {
        if !tags.contains(&old) {
            tags.push(old);
        }
    }
    tags.truncate(DEVICE_ACCOUNTS);
    let cookie = Cookie::build(DEVICE_COOKIE, tags.join(" "))
        // Only the login reads it.
        .path("/api/login")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(time::Duration::days(DEVICE_DAYS))
        .finish();
    let mut jar = CookieJar::new();
    jar.private_mut(key).add(cookie);
    jar.get(DEVICE_COOKIE).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate_limit::Rate;
    use actix_web::test::TestRequest;
    use std::future::ready;

    fn hour(count: u32) -> Limiter {
        Limiter::local("t", Rate::new(count, Duration::from_secs(3600)))
    }

    #[test]
    fn slowdown_grows_from_half_the_budget() {
        let ms = |used| slowdown(used, 100).as_millis();
        assert_eq!(ms(1), 0);
        assert_eq!(ms(50), 0);
        assert_eq!(ms(51), 250);
        assert_eq!(ms(52), 500);
        assert_eq!(ms(53), 1000);
        assert_eq!(ms(57), 10_000);
        assert_eq!(ms(100), 10_000);
        assert_eq!(slowdown(u32::MAX, u32::MAX), MAX_DELAY, "no overflow");
    }

    #[actix_web::test]
    async fn one_address_is_stopped_without_locking_the_account() {
        let t = LoginThrottle::new(hour(1000), hour(3), hour(100));
        for _ in 0..3 {
            t.admit("x", "ann", ready(Ok(false)))
                .await
                .expect("within bound");
        }
        let asked = std::cell::Cell::new(false);
        let known = async {
            asked.set(true);
            Ok(false)
        };
        let err = t.admit("x", "ann", known).await.expect_err("guesser");
        assert_eq!(err.status.as_u16(), 429);
        assert!(!asked.get(), "a refused attempt costs no look-up");
        t.admit("y", "ann", ready(Ok(false)))
            .await
            .expect("another address");
        t.admit("x", "bob", ready(Ok(false)))
            .await
            .expect("another account");
    }

    #[actix_web::test]
    async fn known_devices_pass_the_account_wide_bound() {
        let t = LoginThrottle::new(hour(1000), hour(1000), hour(2));
        t.admit("a", "ann", ready(Ok(false))).await.expect("first");
        // The second is the last of the budget: at half of it on, each waits.
        t.admit("b", "ann", ready(Ok(false))).await.expect("second");
        let err = t
            .admit("c", "ann", ready(Ok(false)))
            .await
            .expect_err("bound");
        assert_eq!(err.status.as_u16(), 429);
        assert!(err.retry_after.is_some());
        t.admit("d", "ann", ready(Ok(true)))
            .await
            .expect("known device");
    }

    #[test]
    fn device_cookie_round_trip() {
        let key = Key::generate();
        let none = TestRequest::default().to_http_request();
        assert!(!known_device(&none, &key, "ann's"));
        let c = device_cookie(&none, &key, true, "ann's").expect("cookie");
        assert!(!c.value().contains(&tag("ann's")), "encrypted");
        assert_eq!(c.path(), Some("/api/login"));
        assert_eq!(c.http_only(), Some(true));
        let req = TestRequest::default().cookie(c.clone()).to_http_request();
        assert!(known_device(&req, &key, "ann's"));
        assert!(!known_device(&req, &key, "bob's"));
        assert!(!known_device(&req, &key, "ann's after a new password"));
        assert!(!known_device(&req, &Key::generate(), "ann's"), "other key");
        // A second account on the same browser keeps the first.
        let c2 = device_cookie(&req, &key, true, "bob's").expect("cookie");
        let req = TestRequest::default().cookie(c2).to_http_request();
        assert!(known_device(&req, &key, "ann's"));
        assert!(known_device(&req, &key, "bob's"));
        // A forged or altered value is no device.
        let forged = Cookie::new(DEVICE_COOKIE, tag("ann's"));
        let req = TestRequest::default().cookie(forged).to_http_request();
        assert!(!known_device(&req, &key, "ann's"));
    }
}
