//! Rate limits: how many requests a key may make, and the port that counts them.
//!
//! The web layer keeps one limiter per kind of request (logins, emails, share codes). A
//! single server counts in its own memory; servers that share one PostgreSQL database count
//! in it through [`RateStore`], so N servers allow what one would (issue 20).

use std::time::Duration;

/// `count` requests per `period`, refilled evenly, all usable at once (GCRA: a bucket of
/// `count` tokens, one back every `period / count`).
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

    /// The same period with `count` scaled (tests and load tests raise every limit).
    pub fn scaled(self, multiplier: f64) -> Self {
        let count = (f64::from(self.count) * multiplier).round().clamp(1.0, 1e9) as u32;
        Self { count, ..self }
    }

    /// The time one token takes to come back, at least a microsecond.
    pub fn interval(self) -> Duration {
        (self.period / self.count.max(1)).max(Duration::from_micros(1))
    }
}

/// What counting one request found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// Within the limit; `used` of the rate's `count` are now spent (1 for the first).
    Allowed { used: u32 },
    /// Over the limit: nothing was counted; one more is allowed after `retry_after`.
    Refused { retry_after: Duration },
}

/// Counters shared by every server on one database.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait RateStore: Send + Sync {
    /// Counts one request for `key` against `rate`, atomically: however many servers count
    /// the same key at once, no more than `rate.count` are allowed in a burst and none is
    /// lost. Time is the store's own clock, so servers' clocks need not agree.
    async fn take(&self, key: &str, rate: Rate) -> anyhow::Result<Taken>;

    /// What [`Self::take`] would answer for `key` now, counting nothing: `Allowed` with the
    /// tokens spent so far (0 for an unknown key), or `Refused`. For limits that count only
    /// some outcomes (wrong access codes) but must refuse before the work that tells them.
    async fn peek(&self, key: &str, rate: Rate) -> anyhow::Result<Taken>;

    /// Forgets counters whose bucket has refilled (they mean the same as no counter);
    /// answers how many went.
    async fn sweep(&self) -> anyhow::Result<u64>;
}

/// The bucket's limit in the store's arithmetic (microseconds): a request is allowed when
/// its arrival time, one interval on from the later of the stored one and now, is at most
/// this far ahead of now.
pub fn horizon(rate: Rate) -> i64 {
    micros(rate.interval()).saturating_mul(i64::from(rate.count.max(1)))
}

/// What counting one more request would find for a bucket whose arrival time is `tat` (no
/// bucket: `now`), and the arrival time it would leave: the one home of the GCRA step.
pub fn step(tat: i64, now: i64, rate: Rate) -> (Taken, Option<i64>) {
    let interval = micros(rate.interval());
    let next = tat.max(now) + interval;
    if next - now <= horizon(rate) {
        let taken = Taken::Allowed {
            used: used(next, now, interval),
        };
        (taken, Some(next))
    } else {
        let taken = Taken::Refused {
            retry_after: wait(tat, now, rate),
        };
        (taken, None)
    }
}

/// What [`RateStore::peek`] answers for a bucket whose arrival time is `tat`.
pub fn peeked(tat: i64, now: i64, rate: Rate) -> Taken {
    match step(tat, now, rate) {
        (Taken::Allowed { .. }, _) => Taken::Allowed {
            used: used(tat, now, micros(rate.interval())),
        },
        (refused, _) => refused,
    }
}

/// How long until one more request is allowed, for a bucket whose arrival time is `tat`.
pub fn wait(tat: i64, now: i64, rate: Rate) -> Duration {
    let over = tat.max(now) + micros(rate.interval()) - now - horizon(rate);
    Duration::from_micros(u64::try_from(over.max(1)).unwrap_or(1))
}

/// Tokens spent when the bucket's arrival time is `tat` at `now` (rounded up).
pub fn used(tat: i64, now: i64, interval: i64) -> u32 {
    let spent = (tat - now).max(0);
    u32::try_from((spent + interval - 1) / interval.max(1)).unwrap_or(u32::MAX)
}

pub fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX)
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
    fn multiplier_scales_counts() {
        assert_eq!(
            Rate::new(3, Duration::from_secs(60)).scaled(100.0).count,
            300
        );
        assert_eq!(Rate::new(3, Duration::from_secs(60)).scaled(0.01).count, 1);
    }

    #[test]
    fn used_and_wait_follow_the_arrival_time() {
        // 3 an hour: one back every 20 minutes.
        let rate = Rate::new(3, Duration::from_secs(3600));
        let t = micros(rate.interval());
        assert_eq!(t, 1_200_000_000);
        assert_eq!(horizon(rate), 3 * t);
        assert_eq!(used(t, 0, t), 1);
        assert_eq!(used(3 * t, 0, t), 3);
        assert_eq!(used(3 * t, 1, t), 3, "rounded up");
        assert_eq!(used(0, 10, t), 0, "refilled");
        // Full: the next is allowed one interval later.
        assert_eq!(wait(3 * t, 0, rate), Duration::from_secs(1200));
        assert_eq!(wait(3 * t, t / 2, rate), Duration::from_secs(600));
    }

    #[test]
    fn a_step_counts_and_a_peek_only_looks() {
        let rate = Rate::new(3, Duration::from_secs(3600));
        let t = micros(rate.interval());
        assert_eq!(step(0, 0, rate), (Taken::Allowed { used: 1 }, Some(t)));
        assert_eq!(
            step(2 * t, 0, rate),
            (Taken::Allowed { used: 3 }, Some(3 * t))
        );
        assert_eq!(
            step(3 * t, 0, rate),
            (
                Taken::Refused {
                    retry_after: Duration::from_secs(1200)
                },
                None
            )
        );
        assert_eq!(peeked(0, 0, rate), Taken::Allowed { used: 0 });
        assert_eq!(peeked(2 * t, 0, rate), Taken::Allowed { used: 2 });
        assert!(matches!(peeked(3 * t, 0, rate), Taken::Refused { .. }));
    }
}
