use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::{Email, UserId};

/// The lengths of "the last N days" a share may cover.
pub const LAST_DAYS: [i64; 3] = [30, 90, 365];
/// How long a link may live, in days.
pub const LIFETIMES: [i64; 4] = [1, 7, 30, 90];

/// The days a share covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    /// From a date up to the day of each visit.
    Since(NaiveDate),
    /// Fixed dates (the last N days as of the day the share was made).
    Fixed { from: NaiveDate, to: NaiveDate },
    /// The last `days` days as of the day of each visit, today included.
    Rolling { days: i64 },
}

impl Period {
    /// The first and last day covered when the owner's today is `today`.
    pub fn dates(self, today: NaiveDate) -> (NaiveDate, NaiveDate) {
        match self {
            Self::Since(from) => (from, today.max(from)),
            Self::Fixed { from, to } => (from, to),
            Self::Rolling { days } => (today - Duration::days(days - 1), today),
        }
    }

    /// The stored code: `since`, `fixed` or `rolling`.
    pub fn kind(self) -> &'static str {
        match self {
            Self::Since(_) => "since",
            Self::Fixed { .. } => "fixed",
            Self::Rolling { .. } => "rolling",
        }
    }

    /// How a person reads it, e.g. "The last 30 days (always up to date)".
    pub fn describe(self) -> String {
        match self {
            Self::Since(from) => format!(
                "From {} to the day it is opened",
                kernel::display::date(from)
            ),
            Self::Fixed { from, to } => format!(
                "{} – {}",
                kernel::display::date(from),
                kernel::display::date(to)
            ),
            Self::Rolling { days } => {
                format!("The last {days} days, as of the day it is opened")
            }
        }
    }
}

/// What a share shows besides blood pressure, which it always shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Includes {
    pub heart_rate: bool,
    pub weight: bool,
    pub blood_sugar: bool,
    pub notes: bool,
    pub medications: bool,
}

impl Includes {
    /// The reading as the share shows it: the measures it leaves out removed, and `None`
    /// when nothing it shows is left.
    pub fn keep(self, mut r: readings::Reading) -> Option<readings::Reading> {
        let v = &mut r.values;
        if !self.heart_rate {
            v.heart_rate = None;
        }
        if !self.weight {
            v.weight = None;
        }
        if !self.blood_sugar {
            v.blood_sugar = None;
        }
        if !self.notes {
            r.notes = None;
        }
        (!r.values.is_empty()).then_some(r)
    }
    /// What a report of this share leaves out.
    pub fn omitted(self) -> reports::Omitted {
        reports::Omitted {
            heart_rate: !self.heart_rate,
            weight: !self.weight,
            blood_sugar: !self.blood_sugar,
            notes: !self.notes,
            medications: !self.medications,
        }
    }
}

/// A share as stored. The link's token is never kept, only its hash.
#[derive(Debug, Clone, PartialEq)]
pub struct Share {
    pub id: i64,
    pub user_id: UserId,
    /// The owner's own words for it ("Dr Patel, January visit").
    pub label: String,
    /// The name the clinician sees.
    pub shown_name: String,
    pub period: Period,
    pub includes: Includes,
    /// The access code's hash (argon2, as a password), when the share has one.
    pub code_hash: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    /// Times the view was opened, and the last time.
    pub opened: i64,
    pub last_opened_at: Option<DateTime<Utc>>,
    /// The clinician's address, when the link was emailed.
    pub emailed_to: Option<String>,
}

/// Whether a share still answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Active,
    Expired,
    Revoked,
}

impl Status {
    pub fn code(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Expired => "expired",
            Self::Revoked => "revoked",
        }
    }
}

impl Share {
    pub fn status(&self, now: DateTime<Utc>) -> Status {
        if self.revoked_at.is_some() {
            Status::Revoked
        } else if now >= self.expires_at {
            Status::Expired
        } else {
            Status::Active
        }
    }

    /// When it stopped answering, if it has.
    pub fn ended_at(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        match self.status(now) {
            Status::Active => None,
            Status::Expired => Some(self.expires_at),
            Status::Revoked => self.revoked_at,
        }
    }
}

/// A share to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewShare {
    /// `kernel::secret::hash` of the link's token.
    pub token_hash: String,
    pub label: String,
    pub shown_name: String,
    pub period: Period,
    pub includes: Includes,
    pub code_hash: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// Where the link is emailed: an [`Email`], trimmed and lower-cased, as the email caps
    /// count recipients.
    pub emailed_to: Option<Email>,
}

/// What a visitor did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessKind {
    /// Opened the view.
    View,
    /// Downloaded the PDF.
    Pdf,
}

impl AccessKind {
    pub fn code(self) -> &'static str {
        match self {
            Self::View => "view",
            Self::Pdf => "pdf",
        }
    }

    pub fn parse(v: &str) -> Option<Self> {
        match v {
            "view" => Some(Self::View),
            "pdf" => Some(Self::Pdf),
            _ => None,
        }
    }
}

/// One line of a share's access log: when, what, and a coarse description of the browser
/// ("Chrome on Android"). Nothing more is kept: no address, no full user agent.
#[derive(Debug, Clone, PartialEq)]
pub struct Access {
    pub at: DateTime<Utc>,
    pub kind: AccessKind,
    pub browser: String,
}

/// The create form as sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShareInput {
    pub label: String,
    pub shown_name: String,
    /// `since`, `fixed` or `rolling`.
    pub period_kind: String,
    /// For `since`: the first day (YYYY-MM-DD).
    pub from: String,
    /// For `fixed` and `rolling`: 30, 90 or 365.
    pub days: Option<i64>,
    pub includes: Includes,
    /// 1, 7, 30 or 90.
    pub lifetime_days: Option<i64>,
    /// Empty for none.
    pub access_code: String,
    /// Empty for no email.
    pub email: String,
}

/// A new share and its link's token, which is shown once and never stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Created {
    pub share: Share,
    pub token: String,
}
