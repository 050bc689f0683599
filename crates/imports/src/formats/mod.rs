//! The formats other apps export, as the import use cases speak of them: which format a
//! file is, a spreadsheet's mapping, what reading a file yields ([`Parsed`]) and the rules
//! every reader applies through the [`Collector`]: each reading checked with the reading
//! form's rules (`ReadingValues::check`: out of range is skipped and listed, never
//! clamped), the bounds of one file, progress and cancelling. Duplicates are the service's
//! concern. The readers themselves (files, zips, XML, CSV) are the `import-formats`
//! adapter's, behind the `ports::FormatReader` port.
//!
//! What each format is, and the rules chosen for it, is written in `docs/import.md`.

use std::collections::BTreeMap;

use chrono::{NaiveDateTime, NaiveTime};
use kernel::units::BloodSugarUnit;
use readings::model::ReadingValues;
use serde::{Deserialize, Serialize};

mod collector;
mod sniff;
pub mod units;

pub use collector::{Collector, excerpt, skip_of};
pub use sniff::{Container, Sniff, header_key};
use units::WeightIn;

/// At most this many readings per import (thirty years of four readings a day).
pub const MAX_READINGS: usize = 100_000;
/// Skipped rows listed one by one; the counts per reason are always complete.
pub const MAX_SKIPPED_LISTED: usize = 500;
/// The listed skipped rows' locations and messages, in bytes all told: what the preview
/// holds and sends of them stays small whatever the rows hold (the counts stay complete).
pub const MAX_SKIPPED_LISTED_BYTES: usize = 128 << 10;
/// Characters of a file's cell that a message quotes: enough for a person to find the
/// row, never a megabyte of junk repeated in every message.
pub const EXCERPT_CHARS: usize = 40;
/// One listed message or location at most (a backstop: messages quote [`excerpt`]s).
const MAX_LISTED_TEXT: usize = 400;

/// The notes of one file's readings, in all: a real export's notes are a few dozen bytes
/// a reading (the readings and their draft are held in memory, then stored as one row).
pub const MAX_NOTES_BYTES: usize = 32 << 20;
pub const MSG_NOTES_TOO_LONG: &str = "The notes in this file are longer in all than Vitalog \
     keeps for one import (32 MB). Split the file and import each part.";
pub const MSG_TOO_MANY: &str =
    "The file holds more than 100,000 readings. Split it and import each part.";
pub const MSG_CANCELLED: &str = "The import was cancelled.";

/// A format Vitalog reads. The wire names are the serde names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Vitalog's own CSV export.
    Vitalog,
    /// OMRON connect's CSV export.
    Omron,
    /// Withings Health Mate's data export: the zip, or its `bp.csv` / `weight.csv`.
    Withings,
    /// Apple Health's `export.zip` or its `export.xml`.
    AppleHealth,
    /// Any other CSV, read with a [`Mapping`] the user confirmed.
    Spreadsheet,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Vitalog,
        Format::Omron,
        Format::Withings,
        Format::AppleHealth,
        Format::Spreadsheet,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Format::Vitalog => "vitalog",
            Format::Omron => "omron",
            Format::Withings => "withings",
            Format::AppleHealth => "apple-health",
            Format::Spreadsheet => "spreadsheet",
        }
    }

    pub fn parse(v: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.as_str() == v)
    }

    /// The app whose export it is, as a reading imported from it names its origin
    /// (`device`: "OMRON connect", issue 39).
    pub fn app(self) -> &'static str {
        match self {
            Format::Vitalog => "Vitalog",
            Format::Omron => "OMRON connect",
            Format::Withings => "Withings",
            Format::AppleHealth => "Apple Health",
            Format::Spreadsheet => "Spreadsheet",
        }
    }

    /// The format's name as a person reads it (in messages: "not an OMRON connect CSV").
    pub fn label(self) -> &'static str {
        match self {
            Format::Vitalog => "Vitalog CSV",
            Format::Omron => "OMRON connect CSV",
            Format::Withings => "Withings Health Mate export",
            Format::AppleHealth => "Apple Health export",
            Format::Spreadsheet => "spreadsheet (CSV)",
        }
    }
}

/// The order of day, month and year in a spreadsheet's dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DateOrder {
    /// 07/06/2023 is July 6 (US).
    Mdy,
    /// 07/06/2023 is 7 June (most of the world).
    Dmy,
    /// 2023-07-06.
    Ymd,
    /// Unix time, seconds or milliseconds (`1700000000000`): an instant, converted to the
    /// person's time zone (blood-pressure-monitor-fl writes `timestampUnixMs`).
    Epoch,
}

/// Which column (0-based) holds what in a spreadsheet, and how it is written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Mapping {
    /// `,`, `;` or tab.
    pub delimiter: char,
    /// The 1-based line holding the column names; `None`: found as the sniff finds it
    /// (title lines above it passed over).
    #[serde(default)]
    pub header_row: Option<u64>,
    pub date: usize,
    /// `None`: the date column holds the time too, or the rows have none (see
    /// `default_time`).
    pub time: Option<usize>,
    pub systolic: Option<usize>,
    pub diastolic: Option<usize>,
    pub heart_rate: Option<usize>,
    pub weight: Option<usize>,
    pub blood_sugar: Option<usize>,
    pub notes: Option<usize>,
    /// A column of morning/evening markers (`m`/`e`, `AM`/`PM`, `morning`/`evening`, ...).
    #[serde(default)]
    pub period: Option<usize>,
    /// `None` until the file's header or the person says it: never guessed.
    pub weight_unit: Option<WeightIn>,
    pub blood_sugar_unit: Option<BloodSugarUnit>,
    pub date_order: DateOrder,
    /// The time given to rows that have none (weekly weights, lab results by date).
    #[serde(default)]
    pub default_time: Option<NaiveTime>,
    /// The times a morning and an evening marker stand for.
    #[serde(default)]
    pub morning_time: Option<NaiveTime>,
    #[serde(default)]
    pub evening_time: Option<NaiveTime>,
}

pub const MSG_WEIGHT_UNIT: &str = "Choose the unit of the weight column.";
pub const MSG_BLOOD_SUGAR_UNIT: &str = "Choose the unit of the blood sugar column.";
pub const MSG_PERIOD_TIMES: &str =
    "Choose the times a morning and an evening reading were taken at.";

impl Mapping {
    /// Each mapped column with the name of its role, in the page's order.
    pub fn roles(&self) -> [(&'static str, Option<usize>); 9] {
        [
            ("Date", Some(self.date)),
            ("Time", self.time),
            ("Systolic", self.systolic),
            ("Diastolic", self.diastolic),
            ("Heart rate", self.heart_rate),
            ("Weight", self.weight),
            ("Blood sugar", self.blood_sugar),
            ("Notes", self.notes),
            ("Morning/evening", self.period),
        ]
    }

    /// The mapping's own rules: one role per column (a column read as both a date and a
    /// weight stores nonsense), a unit for a mapped weight or blood sugar, and the times of
    /// the morning/evening markers.
    pub fn check(&self) -> Result<(), String> {
        let roles = self.roles();
        for (i, (first, a)) in roles.iter().enumerate() {
            let Some(a) = a else { continue };
            if let Some((second, _)) = roles[i + 1..].iter().find(|(_, b)| *b == Some(*a)) {
                return Err(format!(
                    "Column {} is chosen for both {first} and {second}: choose one column \
                     for each.",
                    column_letter(*a)
                ));
            }
        }
        if self.weight.is_some() && self.weight_unit.is_none() {
            return Err(MSG_WEIGHT_UNIT.to_owned());
        }
        if self.blood_sugar.is_some() && self.blood_sugar_unit.is_none() {
            return Err(MSG_BLOOD_SUGAR_UNIT.to_owned());
        }
        if self.period.is_some() && (self.morning_time.is_none() || self.evening_time.is_none()) {
            return Err(MSG_PERIOD_TIMES.to_owned());
        }
        Ok(())
    }
}

/// A column's letter as a spreadsheet shows it: 0 is A, 25 Z, 26 AA (the page's
/// `columnLetter`).
pub fn column_letter(index: usize) -> String {
    let mut n = index + 1;
    let mut out = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        out.push(char::from(b'A' + r as u8));
        n = (n - 1) / 26;
    }
    out.iter().rev().collect()
}

/// Where the parser is, for the progress bar. `done` and `total` are bytes of the content
/// read (uncompressed where the file is a zip; `total` counts every pass a parser makes),
/// `records` the rows or elements read, `found` the readings made of them so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub done: u64,
    pub total: u64,
    pub records: u64,
    pub found: u64,
}

/// The parser's link to whoever waits for it.
pub trait Progress: Sync {
    /// Called often (every few thousand records or 64 KiB); must be cheap.
    fn report(&self, at: Snapshot);
    /// True once the person cancelled: the parser stops with [`MSG_CANCELLED`].
    fn cancelled(&self) -> bool;
}

/// No one is waiting (tests).
pub struct Silent;

impl Progress for Silent {
    fn report(&self, _: Snapshot) {}
    fn cancelled(&self) -> bool {
        false
    }
}

/// What a parser needs besides the file.
pub struct Context<'a> {
    /// The user's time zone: times written with an offset (Apple Health) are converted
    /// to it, so they line up with the readings entered by hand.
    pub zone: chrono_tz::Tz,
    /// `kernel::calendar::latest_allowed(now, zone)`: later readings are refused.
    pub latest: NaiveDateTime,
    /// Spreadsheet only.
    pub mapping: Option<&'a Mapping>,
    pub progress: &'a dyn Progress,
}

/// Why a row or record was not made into a reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipReason {
    /// A value outside Vitalog's ranges (the form's message says which).
    OutOfRange,
    /// The date or time cannot be read, or is later than now.
    UnreadableDate,
    /// Not a reading Vitalog can read (a number that is not one, a unit it does not know,
    /// no measurement at all, a row that is not valid CSV).
    Unreadable,
    /// The same reading is stored already or comes earlier in the file.
    Duplicate,
}

/// A row or record skipped, and why, with the form's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// "line 12", "bp.csv line 4", "Record 5,123 (HeartRate)": what a person finds in the file.
    pub location: String,
    pub reason: SkipReason,
    pub message: String,
}

/// A reading read from the file, checked with the form's rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub location: String,
    pub values: ReadingValues,
    /// The weight and blood sugar as the file wrote them, where a unit was converted: the
    /// preview shows both, so a value read in the wrong unit is seen before it is stored.
    pub as_read: Option<Box<AsRead>>,
}

/// Values as a file wrote them, with their units.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AsRead {
    pub weight: Option<(f64, WeightIn)>,
    pub blood_sugar: Option<(f64, BloodSugarUnit)>,
}

/// Where the unit of a file's weights or blood sugars came from (the preview says it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitSource {
    /// `weight` or `bloodSugar`.
    pub measure: &'static str,
    /// The unit's name: `kg`, `lbs`, `st`, `mg/dL`, `mmol/L`.
    pub unit: &'static str,
    /// "the column “Gewicht (kg)”", "your choice", "each record's unit".
    pub source: String,
}

/// How the file's times became the readings' wall-clock times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeBasis {
    /// The file writes local wall-clock times (OMRON, Withings, spreadsheets): kept as written.
    AsWritten,
    /// The file writes each time with its UTC offset (Apple Health): converted to the
    /// user's time zone.
    Converted,
}

/// Everything a parser made of a file.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub format: Format,
    pub candidates: Vec<Candidate>,
    /// The first [`MAX_SKIPPED_LISTED`] skipped.
    pub skipped: Vec<Skipped>,
    /// Every skipped one, by reason.
    pub skipped_counts: BTreeMap<SkipReason, u64>,
    /// Rows or elements read.
    pub records: u64,
    pub time_basis: TimeBasis,
    /// Where each converted unit was read from.
    pub units: Vec<UnitSource>,
    /// Records left out by a rule (not errors), counted by the rule's sentence.
    pub left_out: BTreeMap<&'static str, u64>,
}

/// The file as a whole cannot be read: the message names the format expected and the line
/// or element at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FileError(pub String);

impl FileError {
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

#[cfg(any(test, feature = "mocks"))]
pub mod testing {
    //! What the tests of the rules and of the readers share: a context at a fixed "now".

    use super::*;

    pub fn latest() -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 11, 25)
            .and_then(|d| d.and_hms_opt(12, 0, 0))
            .unwrap_or_default()
    }

    pub fn context(zone: chrono_tz::Tz, mapping: Option<&Mapping>) -> Context<'_> {
        Context {
            zone,
            latest: latest(),
            mapping,
            progress: &Silent,
        }
    }
}
