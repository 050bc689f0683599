//! Rate limits (GCRA via `governor`) on the endpoints that guess passwords or send email:
//! per client address and per account or target address (logins: [`LoginThrottle`]).
//! State is per process; each server instance limits on its own.

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

use crate::error::ApiError;
use crate::login_throttle::LoginThrottle;

/// `count` requests per `period`, refilled evenly, all usable at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub count: u32,
    pub period: Duration,
}

impl Rate {
    pub const fn new(count: u32, period: Duration) -> Self {
        Self { count, period }
    }

    /// Parses `N/unit` with unit `s`, `min`, `h` or `day` (e.g. `10/min`, `5/h`).
    pub fn parse(text: &str) -> Result<Self, String> {
        let (n, unit) = text
            .trim()
            .split_once('/')
            .ok_or_else(|| format!("rate {text:?} must look like 10/min"))?;
        let count: u32 = n
            .trim()
            .parse()
            .map_err(|_| format!("rate {text:?}: {n:?} is not a whole number"))?;
        let secs = match unit.trim() {
            "s" | "sec" | "second" => 1,
            "m" | "min" | "minute" => 60,
            "h" | "hour" => 3600,
            "d" | "day" => 86_400,
            other => return Err(format!("rate {text:?}: unknown unit {other:?}")),
        };
        if count == 0 {
            return Err(format!("rate {text:?} must allow at least one request"));
        }
        Ok(Self::new(count, Duration::from_secs(secs)))
    }

    fn scaled(self, multiplier: f64) -> Self {
        let count = (f64::from(self.count) * multiplier).round().clamp(1.0, 1e9) as u32;
        Self { count, ..self }
    }

    pub(crate) fn quota(self) -> Quota {
        let count = NonZeroU32::new(self.count).unwrap_or(NonZeroU32::MIN);
        let interval = (self.period / count.get()).max(Duration::from_nanos(1));
        Quota::with_period(interval)
            .unwrap_or_else(|| Quota::per_second(count))
            .allow_burst(count)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct RateSettings {
    pub login_per_ip: Rate,
    /// One address guessing one account's password.
    pub login_per_account_address: Rate,
    /// One account from browsers that never signed in to it (slowed from half of it on).
    pub login_per_account: Rate,
    pub register_per_ip: Rate,
    /// Verification resends and reset requests.
    pub email_per_ip: Rate,
    pub email_per_address: Rate,
    /// Access codes tried from one address, and on one shared link.
    pub share_code_per_ip: Rate,
    pub share_code_per_link: Rate,
    /// Shared links' views and PDFs opened from one address.
    pub shared_view_per_ip: Rate,
    /// Scales every count (tests and load tests raise it; 0.5 halves every limit).
    pub multiplier: f64,
}

impl Default for RateSettings {
    fn default() -> Self {
        let min = Duration::from_secs(60);
        let hour = Duration::from_secs(3600);
        Self {
            login_per_ip: Rate::new(20, min),
            login_per_account_address: Rate::new(10, 15 * min),
            login_per_account: Rate::new(100, hour),
            register_per_ip: Rate::new(10, hour),
            email_per_ip: Rate::new(10, hour),
            email_per_address: Rate::new(3, hour),
            share_code_per_ip: Rate::new(10, 15 * min),
            share_code_per_link: Rate::new(10, hour),
            shared_view_per_ip: Rate::new(120, min),
            multiplier: 1.0,
        }
    }
}

type Keyed = RateLimiter<String, DefaultKeyedStateStore<String>, DefaultClock>;

pub struct Limiter {
    inner: Keyed,
    checks: AtomicU64,
}

impl Limiter {
    pub(crate) fn new(rate: Rate) -> Self {
        Self {
            inner: RateLimiter::keyed(rate.quota()),
            checks: AtomicU64::new(0),
        }
    }

    /// Counts one request for `key`; `Err` (429 with Retry-After) when over the limit.
    pub fn check(&self, key: &str) -> Result<(), ApiError> {
        // Forget idle keys now and then so the table does not grow without bound.
        if self.checks.fetch_add(1, Ordering::Relaxed) % 1024 == 1023 {
            self.inner.retain_recent();
        }
        self.inner.check_key(&key.to_owned()).map_err(|not_until| {
            ApiError::too_many(not_until.wait_time_from(DefaultClock::default().now()))
        })
    }
}

pub struct RateLimits {
    pub login: LoginThrottle,
    pub register_per_ip: Limiter,
    pub email_per_ip: Limiter,
    pub email_per_address: Limiter,
    pub share_code_per_ip: Limiter,
    pub share_code_per_link: Limiter,
    pub shared_view_per_ip: Limiter,
}

impl RateLimits {
    pub fn new(s: &RateSettings) -> Self {
        let m = s.multiplier;
        Self {
            login: LoginThrottle::new(
                s.login_per_ip.scaled(m),
                s.login_per_account_address.scaled(m),
                s.login_per_account.scaled(m),
            ),
            register_per_ip: Limiter::new(s.register_per_ip.scaled(m)),
            email_per_ip: Limiter::new(s.email_per_ip.scaled(m)),
            email_per_address: Limiter::new(s.email_per_address.scaled(m)),
            share_code_per_ip: Limiter::new(s.share_code_per_ip.scaled(m)),
            share_code_per_link: Limiter::new(s.share_code_per_link.scaled(m)),
            shared_view_per_ip: Limiter::new(s.shared_view_per_ip.scaled(m)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rates() {
        assert_eq!(
            Rate::parse("10/min"),
            Ok(Rate::new(10, Duration::from_secs(60)))
        );
        assert_eq!(
            Rate::parse(" 3 / h "),
            Ok(Rate::new(3, Duration::from_secs(3600)))
        );
        assert!(Rate::parse("0/min").is_err());
        assert!(Rate::parse("ten/min").is_err());
        assert!(Rate::parse("10/fortnight").is_err());
        assert!(Rate::parse("10").is_err());
    }

    #[test]
    fn limits_per_key_and_says_when_to_retry() {
        let l = Limiter::new(Rate::new(3, Duration::from_secs(3600)));
        for _ in 0..3 {
            l.check("a").expect("within limit");
        }
        let err = l.check("a").expect_err("fourth is refused");
        assert_eq!(err.status.as_u16(), 429);
        let wait = err.retry_after.expect("retry after");
        assert!(
            wait >= Duration::from_secs(1) && wait <= Duration::from_secs(1200),
            "{wait:?}"
        );
        l.check("b").expect("other keys are independent");
    }

    #[test]
    fn multiplier_scales_counts() {
        assert_eq!(
            Rate::new(3, Duration::from_secs(60)).scaled(100.0).count,
            300
        );
        assert_eq!(Rate::new(3, Duration::from_secs(60)).scaled(0.01).count, 1);
    }
}
