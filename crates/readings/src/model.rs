use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use kernel::{Guideline, UserId};

use crate::category::{BpCategory, GuidelineRules};
use crate::origin::Origin;
use crate::session::Session;
use crate::setting::Setting;

/// A stored reading, in canonical units (weight lbs, blood sugar mg/dL).
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub id: i64,
    pub user_id: UserId,
    pub date: NaiveDate,
    pub time: NaiveTime,
    pub values: Measurements,
    pub notes: Option<String>,
    /// Set when the reading holds the averages of a guided measurement.
    pub session: Option<Session>,
    /// Home or at the clinic; a guided measurement is always home.
    pub setting: Setting,
    /// Typed, from a cuff or imported (issue 39).
    pub origin: Origin,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Measurements {
    pub systolic: Option<i32>,
    pub diastolic: Option<i32>,
    pub heart_rate: Option<i32>,
    pub weight: Option<f64>,
    pub blood_sugar: Option<f64>,
}

impl Measurements {
    pub fn is_empty(&self) -> bool {
        self.systolic.is_none()
            && self.diastolic.is_none()
            && self.heart_rate.is_none()
            && self.weight.is_none()
            && self.blood_sugar.is_none()
    }

    /// The blood pressure category in the person's guideline
    /// ([`GuidelineRules::category`]): from both numbers, or from one where the guideline's
    /// "or" makes it certain.
    pub fn bp_category(&self, guideline: Guideline) -> Option<BpCategory> {
        GuidelineRules::of(guideline).category(self.systolic, self.diastolic)
    }

    /// Whether the blood pressure is severe in the person's guideline: either number alone
    /// reaching its threshold (ACC/AHA: above 180 and/or above 120; ESH and ESC: 180/110 or
    /// higher; `rules.json` has the guidance). The one rule: the client, the reports and
    /// the emails all read it from here.
    pub fn severe(&self, guideline: Guideline) -> bool {
        GuidelineRules::of(guideline).severe(self.systolic, self.diastolic)
    }
}

/// A validated reading ready to store.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadingValues {
    pub date: NaiveDate,
    pub time: NaiveTime,
    pub values: Measurements,
    pub notes: Option<String>,
    pub setting: Setting,
    /// Typed (the form's default), from a cuff or imported; the form's rules never set it,
    /// the use case that stores the reading does.
    pub origin: Origin,
}

pub use kernel::form::NumberField;

/// A reading whose date and time are values already (a row an import read): its measures
/// and notes as read, checked with the form's rules and messages by
/// [`ReadingValues::check`] without writing the date and time out as text to read them back.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadingAt {
    pub date: NaiveDate,
    /// Kept to the minute, as the form's (seconds are dropped).
    pub time: NaiveTime,
    pub systolic: NumberField,
    pub diastolic: NumberField,
    pub heart_rate: NumberField,
    pub weight: NumberField,
    pub blood_sugar: NumberField,
    pub notes: Option<String>,
    pub setting: Setting,
}

impl ReadingAt {
    /// A home reading at `date` and `time`, with no measure yet.
    pub fn new(date: NaiveDate, time: NaiveTime) -> Self {
        Self {
            date,
            time,
            systolic: NumberField::Empty,
            diastolic: NumberField::Empty,
            heart_rate: NumberField::Empty,
            weight: NumberField::Empty,
            blood_sugar: NumberField::Empty,
            notes: None,
            setting: Setting::Home,
        }
    }
}

/// A reading as the client sends it. `None` means "not sent": empty on create, unchanged
/// on update.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReadingInput {
    pub date: Option<String>,
    pub time: Option<String>,
    pub systolic: Option<NumberField>,
    pub diastolic: Option<NumberField>,
    pub heart_rate: Option<NumberField>,
    pub weight: Option<NumberField>,
    pub blood_sugar: Option<NumberField>,
    /// `Some("")` clears the notes.
    pub notes: Option<String>,
    /// `home` or `office`; not sent: home on create, unchanged on update.
    pub setting: Option<String>,
}

/// Which measure a filter asks for (history's type filter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Both systolic and diastolic present.
    Bp,
    Hr,
    Weight,
    Sugar,
}

impl Kind {
    pub fn parse(v: &str) -> Option<Option<Self>> {
        match v {
            "" | "all" => Some(None),
            "bp" => Some(Some(Kind::Bp)),
            "hr" => Some(Some(Kind::Hr)),
            "weight" => Some(Some(Kind::Weight)),
            "sugar" => Some(Some(Kind::Sugar)),
            _ => None,
        }
    }
}

/// Filters and paging for listing readings. Results are newest first (date, time, id).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReadingQuery {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub kind: Option<Kind>,
    /// Only readings taken here (the clinic/home pattern reads the clinic ones alone).
    pub setting: Option<Setting>,
    /// What the search box says: text found in the notes or the date (case-insensitive),
    /// or a value as the user sees it ([`crate::search`] has the rule).
    pub text: Option<String>,
    /// The units the user sees weights and blood sugars in, to match numbers in `text`
    /// (their stored preferences; canonical by default).
    pub units: kernel::units::Units,
    /// `None`: every matching reading.
    pub limit: Option<i64>,
    pub offset: i64,
}

/// Where a walk through a list stopped: the last reading given (lists are ordered by date,
/// time and id, newest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListPosition {
    pub date: NaiveDate,
    pub time: NaiveTime,
    pub id: i64,
}

impl From<&Reading> for ListPosition {
    fn from(r: &Reading) -> Self {
        Self {
            date: r.date,
            time: r.time,
            id: r.id,
        }
    }
}

/// A page of readings and how many match in all.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadingPage {
    pub readings: Vec<Reading>,
    pub total: i64,
}

/// A client's key for one reading it sends (the `Idempotency-Key` header): a retried send
/// with the same key stores nothing new. The offline queue of the client gives each queued
/// reading one, so a lost answer or a double send cannot store the reading twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub const MESSAGE: &'static str =
        "Idempotency-Key must be 8 to 128 letters, digits, hyphens or underscores";

    /// 8 to 128 of `A-Z a-z 0-9 - _` (a UUID fits; a key cannot smuggle anything).
    pub fn parse(raw: &str) -> Option<Self> {
        let ok = (8..=128).contains(&raw.len())
            && raw
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        ok.then(|| Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What storing a reading under an [`IdempotencyKey`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Once {
    /// The key was new: the reading is stored.
    Created(Reading),
    /// The key stored this same reading before: nothing new is stored.
    Replayed(Reading),
    /// The key stored a different reading before.
    Conflict,
    /// The key stored this reading before and it has since been deleted.
    Gone,
    /// The key is new and the user may not record (the caller said so): nothing stored.
    NotAllowed,
}
