use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use kernel::UserId;
use kernel::outbox::{Attachment, OutgoingEmail};

/// What a user can turn off from an email.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// `emailReminders`.
    Reminders,
    /// `weeklyReports`.
    WeeklyReports,
    /// Dose reminders: the `reminders` flag of each of the user's medications.
    Medications,
}

impl Topic {
    pub fn code(self) -> &'static str {
        match self {
            Topic::Reminders => "reminders",
            Topic::WeeklyReports => "weekly",
            Topic::Medications => "medications",
        }
    }

    pub fn parse(v: &str) -> Option<Self> {
        match v {
            "reminders" => Some(Topic::Reminders),
            "weekly" => Some(Topic::WeeklyReports),
            "medications" => Some(Topic::Medications),
            _ => None,
        }
    }

    /// How the confirmation page names it.
    pub fn label(self) -> &'static str {
        match self {
            Topic::Reminders => "email reminders",
            Topic::WeeklyReports => "weekly report emails",
            Topic::Medications => "medication reminder emails",
        }
    }

    /// Where the user turns it back on ("… at any time {here}").
    pub fn turned_on_where(self) -> &'static str {
        match self {
            Topic::Reminders | Topic::WeeklyReports => "in your preferences",
            Topic::Medications => "on each medication's page",
        }
    }
}

/// A verified user who has a topic turned on.
#[derive(Debug, Clone, PartialEq)]
pub struct Subscriber {
    pub user: UserId,
    pub username: String,
    pub email: String,
    pub time_zone: Tz,
    pub reminder_time: NaiveTime,
}

/// Storage for the scheduler.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait NotificationStore: Send + Sync {
    /// Verified users with `topic` turned on ([`Topic::Medications`]: with at least one
    /// medication whose reminders are on).
    async fn subscribers(&self, topic: Topic) -> anyhow::Result<Vec<Subscriber>>;
    /// Whether the user has a reading dated `date`.
    async fn has_reading_on(&self, user: UserId, date: NaiveDate) -> anyhow::Result<bool>;
    /// Whether `(job, key)` was claimed already (a cheap check before costly work).
    async fn is_claimed(&self, job: &str, key: &str) -> anyhow::Result<bool>;
    /// In one transaction: claims `(job, key)` and queues `email`. `false`, and nothing
    /// queued, when it was claimed before, by this or any other server.
    async fn claim_and_queue(
        &self,
        job: &str,
        key: &str,
        user: UserId,
        email: OutgoingEmail,
    ) -> anyhow::Result<bool>;
    /// Turns `topic` off for the user ([`Topic::Medications`]: the reminders of every one
    /// of their medications); `false` when there is no such user.
    async fn turn_off(&self, user: UserId, topic: Topic) -> anyhow::Result<bool>;
}

/// Last week's summary for the weekly email: lines for its body and the PDF report.
#[derive(Debug, Clone, PartialEq)]
pub struct Digest {
    pub readings: usize,
    /// Plain sentences: averages, categories, trend.
    pub summary: Vec<String>,
    /// The PDF report of the week, when there were readings.
    pub pdf: Option<Attachment>,
}

/// Builds the weekly digest (the server wires the reports context behind it).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait WeeklyDigest: Send + Sync {
    async fn digest(
        &self,
        user: UserId,
        start: NaiveDate,
        end: NaiveDate,
    ) -> anyhow::Result<Digest>;
}

/// The doses due at one time of one day in the user's time zone: one reminder email.
#[derive(Debug, Clone, PartialEq)]
pub struct DoseReminder {
    pub date: NaiveDate,
    pub time: NaiveTime,
    /// What to take, as the user wrote it ("Amlodipine 10 mg"), in the order to list them.
    pub doses: Vec<String>,
}

/// Which dose reminders are due (the server wires the medications context behind it).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait DoseReminders: Send + Sync {
    /// The user's reminders due at `now` in `tz`: dose times that have come (not long ago)
    /// with nothing recorded for them yet; empty when none. The same dose time may be
    /// returned by several runs: the scheduler's claim sends it once.
    async fn due(
        &self,
        user: UserId,
        tz: Tz,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<DoseReminder>>;
}
