use chrono::{DateTime, Utc};

/// Source of "now". Domain rules with expiry (tokens, sessions, subscriptions) take the time
/// from here so tests can move it.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// The real clock, truncated to microseconds so a value read back from PostgreSQL
/// (microsecond precision) equals the value written.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        truncate_micros(Utc::now())
    }
}

pub fn truncate_micros(t: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::SubsecRound;
    t.trunc_subsecs(6)
}
