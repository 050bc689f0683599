//! "What day and time is it for this person?", answered once. A reading's date and time,
//! a dose's, "today" on the dashboard and a share's period are the person's own wall clock:
//! their preferences' time zone at the [`Clock`]'s now (the only source of "now"). A
//! context that asks for a person's now asks [`UserCalendar`]; one that already holds their
//! zone (the scheduler reads it with each person's settings, an export with their
//! preferences) reads it through [`UsersNow::at`]. Morning and evening, the home-monitoring
//! split of that wall clock, is `readings::session::Period`, from `rules.json`. Reports
//! judge a home week complete by the person's today too.

use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::Tz;

use crate::{Clock, UserId};

/// How far ahead of the server's clock a reading's or a dose's time may be: a phone's clock
/// a few minutes fast is not refused.
pub const CLOCK_SKEW_MINUTES: i64 = 5;

/// The time zone of a user's preferences (the accounts context answers).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait TimeZones: Send + Sync {
    async fn zone(&self, user: UserId) -> anyhow::Result<Tz>;
}

/// A user's now, on their wall clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UsersNow {
    pub zone: Tz,
    /// The instant, from the clock.
    pub instant: DateTime<Utc>,
    /// Their wall clock now: what "today" and "a dose in the future" mean for them.
    pub local: NaiveDateTime,
    /// The latest wall-clock moment they may record something at ([`latest_allowed`]).
    pub latest: NaiveDateTime,
}

impl UsersNow {
    pub fn at(instant: DateTime<Utc>, zone: Tz) -> Self {
        Self {
            zone,
            instant,
            local: instant.with_timezone(&zone).naive_local(),
            latest: latest_allowed(instant, zone),
        }
    }

    pub fn today(&self) -> NaiveDate {
        self.local.date()
    }
}

/// The latest wall-clock date and time a reading (or a dose taken) may carry at `now` for a
/// user in `zone` (their preferences): readings record what was measured, so one later than
/// now is refused (issue 14.12), with a few minutes of clock skew. Dates and times are the
/// user's own wall clock, so this is their now: a fixed "the furthest-ahead zone" bound let
/// everyone west of UTC+14 store their tomorrow (issue 33.13). Every cut-off is this one.
pub fn latest_allowed(now: DateTime<Utc>, zone: Tz) -> NaiveDateTime {
    (now + Duration::minutes(CLOCK_SKEW_MINUTES))
        .with_timezone(&zone)
        .naive_local()
}

/// A wall-clock date and time in `tz` as RFC 3339 with its UTC offset (what every FHIR
/// export's `effectiveDateTime` is: readings' and medication intakes').
pub fn with_offset(date: NaiveDate, time: chrono::NaiveTime, tz: Tz) -> String {
    let local = NaiveDateTime::new(date, time);
    // A time skipped by a DST change is read as the moment just after the gap.
    let at = tz
        .from_local_datetime(&local)
        .earliest()
        .or_else(|| {
            tz.from_local_datetime(&(local + chrono::Duration::hours(1)))
                .earliest()
        })
        .map_or_else(
            || local.and_utc().fixed_offset(),
            |t| t.with_timezone(&t.offset().fix()),
        );
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// Each user's wall clock: their zone (from [`TimeZones`]) at the clock's now.
#[derive(Clone)]
pub struct UserCalendar {
    zones: Arc<dyn TimeZones>,
    clock: Arc<dyn Clock>,
}

impl UserCalendar {
    pub fn new(zones: Arc<dyn TimeZones>, clock: Arc<dyn Clock>) -> Self {
        Self { zones, clock }
    }

    /// The clock every "now" comes from.
    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.clock
    }

    /// `user`'s now, from one read of their zone.
    pub async fn now(&self, user: UserId) -> anyhow::Result<UsersNow> {
        let zone = self.zones.zone(user).await?;
        Ok(UsersNow::at(self.clock.now(), zone))
    }

    /// `user`'s today.
    pub async fn today(&self, user: UserId) -> anyhow::Result<NaiveDate> {
        Ok(self.now(user).await?.today())
    }

    /// `user`'s zone.
    pub async fn zone(&self, user: UserId) -> anyhow::Result<Tz> {
        self.zones.zone(user).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MockClock;
    use chrono::TimeZone;

    fn calendar(zone: Tz, now: DateTime<Utc>) -> UserCalendar {
        let mut zones = MockTimeZones::new();
        zones.expect_zone().returning(move |_| Ok(zone));
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || now);
        UserCalendar::new(Arc::new(zones), Arc::new(clock))
    }

    #[tokio::test]
    async fn today_is_the_users_own_date_not_the_servers() {
        // 02:30 UTC on the 1st is still the 30th in New York and already the 1st in Tokyo.
        let now = Utc
            .with_ymd_and_hms(2026, 12, 1, 2, 30, 0)
            .single()
            .expect("t");
        let ny = calendar(chrono_tz::America::New_York, now);
        let tokyo = calendar(chrono_tz::Asia::Tokyo, now);
        let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).expect("date");
        assert_eq!(ny.today(UserId(1)).await.expect("today"), d(2026, 11, 30));
        assert_eq!(tokyo.today(UserId(1)).await.expect("today"), d(2026, 12, 1));
        let n = ny.now(UserId(1)).await.expect("now");
        assert_eq!(n.local.to_string(), "2026-11-30 21:30:00");
        assert_eq!(n.latest.to_string(), "2026-11-30 21:35:00");
        assert_eq!(n.instant, now);
    }
}
