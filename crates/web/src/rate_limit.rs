//! Rate limits (GCRA) on the endpoints that guess passwords or send email: per client
//! address and per account or target address (logins: [`LoginThrottle`]).
//!
//! One server counts in its own memory (the same GCRA step, `kernel::rate::step`). Servers sharing one PostgreSQL
//! database count in it, through `kernel::rate::RateStore`, so N servers allow what one
//! would (issue 20).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub use kernel::rate::Rate;
use kernel::rate::{self, RateStore, Taken};

use crate::error::ApiError;
use crate::login_throttle::LoginThrottle;
use crate::share_code_throttle::ShareCodeThrottle;

#[derive(Debug, Clone, PartialEq)]
pub struct RateSettings {
    pub login_per_ip: Rate,
    /// One address guessing one account's password.
    pub login_per_account_address: Rate,
    /// One account from browsers that never signed in to it (slowed from half of it on).
    pub login_per_account: Rate,
    /// Passkey sign-ins begun from one address (each stores a ceremony for 5 minutes).
    pub passkey_per_ip: Rate,
    pub register_per_ip: Rate,
    /// Verification resends and reset requests.
    pub email_per_ip: Rate,
    pub email_per_address: Rate,
    /// Wrong access codes from one address, and on one shared link.
    pub share_code_per_ip: Rate,
    pub share_code_per_link: Rate,
    /// Shared links' views and PDFs opened from one address.
    pub shared_view_per_ip: Rate,
    /// PDFs of one shared link, from all addresses: each is drawn in the owner's one
    /// report slot, so whoever holds a link must not keep it busy.
    pub shared_pdf_per_link: Rate,
    /// Imports one account stores (commits), whatever their size (issue 33).
    pub imports_per_account: Rate,
    /// Shares one account makes: each with an access code is an Argon2 hash.
    pub share_create_per_account: Rate,
    /// Views of all of one owner's links, from all addresses.
    pub shared_view_per_owner: Rate,
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
            passkey_per_ip: Rate::new(60, min),
            register_per_ip: Rate::new(10, hour),
            email_per_ip: Rate::new(10, hour),
            email_per_address: Rate::new(3, hour),
            share_code_per_ip: Rate::new(10, 15 * min),
            share_code_per_link: Rate::new(10, hour),
            shared_view_per_ip: Rate::new(120, min),
            shared_pdf_per_link: Rate::new(10, hour),
            imports_per_account: Rate::new(20, 24 * hour),
            share_create_per_account: Rate::new(30, hour),
            shared_view_per_owner: Rate::new(60, min),
            multiplier: 1.0,
        }
    }
}

/// Counts in this process's memory (one server): the store's GCRA step on a map of
/// arrival times, measured from the counter's creation.
#[derive(Default)]
struct Memory {
    tats: Mutex<HashMap<String, i64>>,
    checks: AtomicU64,
    start: std::sync::OnceLock<Instant>,
}

impl Memory {
    fn now(&self) -> i64 {
        rate::micros(self.start.get_or_init(Instant::now).elapsed())
    }

    fn with_tats<T>(&self, f: impl FnOnce(&mut HashMap<String, i64>) -> T) -> T {
        // A panic while counting leaves plain integers behind: still a usable map.
        let mut tats = self.tats.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut tats)
    }
}

#[async_trait::async_trait]
impl RateStore for Memory {
    async fn take(&self, key: &str, rate: Rate) -> anyhow::Result<Taken> {
        let now = self.now();
        // Forget refilled keys now and then so the table does not grow without bound.
        let sweep = self.checks.fetch_add(1, Ordering::Relaxed) % 1024 == 1023;
        Ok(self.with_tats(|tats| {
            if sweep {
                tats.retain(|_, tat| *tat > now);
            }
            let tat = tats.get(key).copied().unwrap_or(now);
            let (taken, next) = rate::step(tat, now, rate);
            if let Some(next) = next {
                tats.insert(key.to_owned(), next);
            }
            taken
        }))
    }

    async fn peek(&self, key: &str, rate: Rate) -> anyhow::Result<Taken> {
        let now = self.now();
        let tat = self.with_tats(|tats| tats.get(key).copied()).unwrap_or(now);
        Ok(rate::peeked(tat, now, rate))
    }

    async fn sweep(&self) -> anyhow::Result<u64> {
        let now = self.now();
        Ok(self.with_tats(|tats| {
            let before = tats.len();
            tats.retain(|_, tat| *tat > now);
            u64::try_from(before - tats.len()).unwrap_or(u64::MAX)
        }))
    }
}

/// One kind of limited request: its rate, and where its counts are kept.
pub struct Limiter {
    /// Names the limit in a shared store, so one key counts separately per limit.
    name: &'static str,
    rate: Rate,
    counter: Arc<dyn RateStore>,
}

impl Limiter {
    /// Counts in this process only.
    pub(crate) fn local(name: &'static str, rate: Rate) -> Self {
        Self {
            name,
            rate,
            counter: Arc::new(Memory::default()),
        }
    }

    pub(crate) fn new(name: &'static str, rate: Rate, shared: Option<&Arc<dyn RateStore>>) -> Self {
        match shared {
            Some(store) => Self {
                name,
                rate,
                counter: store.clone(),
            },
            None => Self::local(name, rate),
        }
    }

    pub(crate) fn rate(&self) -> Rate {
        self.rate
    }

    fn answer(taken: Taken) -> Result<u32, ApiError> {
        match taken {
            Taken::Allowed { used } => Ok(used),
            Taken::Refused { retry_after } => Err(ApiError::too_many(retry_after)),
        }
    }

    /// Counts one request for `key`: how many of the burst are spent, or `Err` (429 with
    /// Retry-After) when over the limit. A shared store that fails answers 503.
    pub(crate) async fn take(&self, key: &str) -> Result<u32, ApiError> {
        let key = format!("{}\n{key}", self.name);
        Self::answer(self.counter.take(&key, self.rate).await?)
    }

    /// Counts one for `key` when the bucket has room; a full one stays full (not an error:
    /// for outcomes counted after the fact). A shared store that fails answers 503.
    pub(crate) async fn count(&self, key: &str) -> Result<(), ApiError> {
        let key = format!("{}\n{key}", self.name);
        self.counter.take(&key, self.rate).await?;
        Ok(())
    }

    /// What [`Self::take`] would answer now, counting nothing.
    pub(crate) async fn peek(&self, key: &str) -> Result<u32, ApiError> {
        let key = format!("{}\n{key}", self.name);
        Self::answer(self.counter.peek(&key, self.rate).await?)
    }

    /// How many of the burst `key` has spent now (all of it when full), counting nothing.
    pub(crate) async fn used(&self, key: &str) -> Result<u32, ApiError> {
        let key = format!("{}\n{key}", self.name);
        Ok(match self.counter.peek(&key, self.rate).await? {
            Taken::Allowed { used } => used,
            Taken::Refused { .. } => self.rate.count,
        })
    }

    /// Counts one request for `key`; `Err` (429 with Retry-After) when over the limit.
    pub async fn check(&self, key: &str) -> Result<(), ApiError> {
        self.take(key).await.map(|_| ())
    }
}

pub struct RateLimits {
    pub login: LoginThrottle,
    pub passkey_per_ip: Limiter,
    pub register_per_ip: Limiter,
    pub email_per_ip: Limiter,
    pub email_per_address: Limiter,
    pub share_code: ShareCodeThrottle,
    pub shared_view_per_ip: Limiter,
    pub shared_pdf_per_link: Limiter,
    pub imports_per_account: Limiter,
    pub share_create_per_account: Limiter,
    pub shared_view_per_owner: Limiter,
}

impl RateLimits {
    /// Limits counted in this process (one server, e.g. on SQLite).
    pub fn new(s: &RateSettings) -> Self {
        Self::build(s, None)
    }

    /// Limits counted in `store`, shared by every server using it.
    pub fn shared(s: &RateSettings, store: Arc<dyn RateStore>) -> Self {
        Self::build(s, Some(&store))
    }

    fn build(s: &RateSettings, shared: Option<&Arc<dyn RateStore>>) -> Self {
        let m = s.multiplier;
        let limiter = |name, rate: Rate| Limiter::new(name, rate.scaled(m), shared);
        Self {
            login: LoginThrottle::new(
                limiter("login_per_ip", s.login_per_ip),
                limiter("login_per_account_address", s.login_per_account_address),
                limiter("login_per_account", s.login_per_account),
            ),
            passkey_per_ip: limiter("passkey_per_ip", s.passkey_per_ip),
            register_per_ip: limiter("register_per_ip", s.register_per_ip),
            email_per_ip: limiter("email_per_ip", s.email_per_ip),
            email_per_address: limiter("email_per_address", s.email_per_address),
            share_code: ShareCodeThrottle::new(
                limiter("share_code_per_ip", s.share_code_per_ip),
                limiter("share_code_per_link", s.share_code_per_link),
                // Not scaled: it only remembers, for a period, that an address was wrong.
                Limiter::new(
                    "share_code_wrong_on_link",
                    Rate::new(1, s.share_code_per_link.period),
                    shared,
                ),
            ),
            shared_view_per_ip: limiter("shared_view_per_ip", s.shared_view_per_ip),
            shared_pdf_per_link: limiter("shared_pdf_per_link", s.shared_pdf_per_link),
            imports_per_account: limiter("imports_per_account", s.imports_per_account),
            share_create_per_account: limiter(
                "share_create_per_account",
                s.share_create_per_account,
            ),
            shared_view_per_owner: limiter("shared_view_per_owner", s.shared_view_per_owner),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::rate::MockRateStore;

    #[actix_web::test]
    async fn limits_per_key_and_says_when_to_retry() {
        let l = Limiter::local("t", Rate::new(3, Duration::from_secs(3600)));
        for n in 1..=3 {
            assert_eq!(l.take("a").await.expect("within limit"), n);
        }
        let err = l.check("a").await.expect_err("fourth is refused");
        assert_eq!(err.status.as_u16(), 429);
        let wait = err.retry_after.expect("retry after");
        assert!(
            wait >= Duration::from_secs(1) && wait <= Duration::from_secs(1200),
            "{wait:?}"
        );
        l.check("b").await.expect("other keys are independent");
    }

    #[actix_web::test]
    async fn a_shared_store_counts_each_limit_under_its_own_name() {
        let mut store = MockRateStore::new();
        store
            .expect_take()
            .withf(|key, rate| key == "email_per_address\nann@example.com" && rate.count == 300)
            .times(1)
            .returning(|_, _| Ok(Taken::Allowed { used: 1 }));
        store
            .expect_take()
            .withf(|key, _| key == "register_per_ip\n10.0.0.1")
            .times(1)
            .returning(|_, _| {
                Ok(Taken::Refused {
                    retry_after: Duration::from_secs(7),
                })
            });
        let settings = RateSettings {
            multiplier: 100.0,
            ..RateSettings::default()
        };
        let limits = RateLimits::shared(&settings, Arc::new(store));
        limits
            .email_per_address
            .check("ann@example.com")
            .await
            .expect("allowed");
        let err = limits
            .register_per_ip
            .check("10.0.0.1")
            .await
            .expect_err("the store refused");
        assert_eq!(err.status.as_u16(), 429);
        assert_eq!(err.retry_after, Some(Duration::from_secs(7)));
    }
}
