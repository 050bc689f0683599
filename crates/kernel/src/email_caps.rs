//! The caps on email a person sends to an address they type (a report, a shared link), so
//! that no account, and no number of accounts, can flood an inbox through Vitalog: per
//! sender and per recipient over 24 hours, and, where set, for everyone over an hour. One
//! rule for every such email; each store counts its own log (docs/security.md, "Email").

use chrono::{DateTime, Duration, Utc};

/// The caps one email is checked against, from `now`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmailCaps {
    /// Start of the 24 hours the sender's and the recipient's caps count.
    pub day_since: DateTime<Utc>,
    /// Emails one sender may send per 24 hours.
    pub per_user: i64,
    /// Emails one address may receive per 24 hours, from all senders together.
    pub per_recipient: i64,
    /// (start of the hour, emails everyone together may send in it), where capped.
    pub hourly: Option<(DateTime<Utc>, i64)>,
}

/// Which log entries a cap counts: those since the instant given (inclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// The sender's emails.
    BySender(DateTime<Utc>),
    /// The emails to the recipient (lower-cased, as [`crate::email::Email`] is), from anyone.
    ToRecipient(DateTime<Utc>),
    /// Everyone's emails.
    Everyone(DateTime<Utc>),
}

/// The cap an email would exceed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    Sender,
    Recipient,
    Hourly,
}

impl EmailCaps {
    /// Per sender and per recipient over the 24 hours before `now`.
    pub fn daily(now: DateTime<Utc>, per_user: i64, per_recipient: i64) -> Self {
        Self {
            day_since: now - Duration::hours(24),
            per_user,
            per_recipient,
            hourly: None,
        }
    }

    /// And at most `max` from everyone in the hour before `now`.
    pub fn and_hourly(self, now: DateTime<Utc>, max: i64) -> Self {
        Self {
            hourly: Some((now - Duration::hours(1), max)),
            ..self
        }
    }

    /// The first cap reached, checked in the order sender, recipient, hourly, with `count`
    /// answering how many logged emails each counts; `None` when the email may go. The
    /// caller holds a lock over the counts and the logging, so concurrent sends cannot pass
    /// a cap together.
    pub fn first_reached<E>(
        &self,
        mut count: impl FnMut(Counted) -> Result<i64, E>,
    ) -> Result<Option<Cap>, E> {
        if count(Counted::BySender(self.day_since))? >= self.per_user {
            return Ok(Some(Cap::Sender));
        }
        if count(Counted::ToRecipient(self.day_since))? >= self.per_recipient {
            return Ok(Some(Cap::Recipient));
        }
        if let Some((since, max)) = self.hourly
            && count(Counted::Everyone(since))? >= max
        {
            return Ok(Some(Cap::Hourly));
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 2, 9, 0, 0)
            .single()
            .expect("instant")
    }

    /// Answers `counts` (sender, recipient, everyone) and notes what was asked.
    fn check(caps: EmailCaps, counts: (i64, i64, i64)) -> (Option<Cap>, Vec<Counted>) {
        let mut asked = Vec::new();
        let hit = caps
            .first_reached::<()>(|c| {
                asked.push(c);
                Ok(match c {
                    Counted::BySender(_) => counts.0,
                    Counted::ToRecipient(_) => counts.1,
                    Counted::Everyone(_) => counts.2,
                })
            })
            .expect("counts");
        (hit, asked)
    }

    #[test]
    fn each_cap_refuses_at_its_count_not_before() {
        let caps = EmailCaps::daily(now(), 10, 3).and_hourly(now(), 100);
        assert_eq!(check(caps, (9, 2, 99)).0, None);
        assert_eq!(check(caps, (10, 0, 0)).0, Some(Cap::Sender));
        assert_eq!(check(caps, (0, 3, 0)).0, Some(Cap::Recipient));
        assert_eq!(check(caps, (0, 0, 100)).0, Some(Cap::Hourly));
        // The sender's cap is said first when several are reached.
        assert_eq!(check(caps, (10, 3, 100)).0, Some(Cap::Sender));
    }

    #[test]
    fn the_windows_are_the_day_and_the_hour_before_now() {
        let caps = EmailCaps::daily(now(), 10, 3).and_hourly(now(), 100);
        let (_, asked) = check(caps, (0, 0, 0));
        let day = now() - Duration::hours(24);
        let hour = now() - Duration::hours(1);
        assert_eq!(
            asked,
            vec![
                Counted::BySender(day),
                Counted::ToRecipient(day),
                Counted::Everyone(hour)
            ]
        );
        // Without an hourly cap, everyone's emails are not counted.
        let (hit, asked) = check(EmailCaps::daily(now(), 10, 3), (0, 0, 1_000));
        assert_eq!(hit, None);
        assert_eq!(asked.len(), 2);
    }
}
