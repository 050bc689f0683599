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
use readings::model::{ReadingAt, ReadingValues};
use readings::rules;
use serde::{Deserialize, Serialize};

mod sniff;
pub mod units;

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

/// The collector every parser fills: candidates (bounded by [`MAX_READINGS`]), skipped rows
/// (listed up to [`MAX_SKIPPED_LISTED`], counted always) and progress (reported at most
/// every 4,096 records, or when `done` moved 1 MiB).
pub struct Collector<'a> {
    format: Format,
    ctx: &'a Context<'a>,
    parsed: Parsed,
    at: Snapshot,
    last_reported: Snapshot,
    /// Bytes of notes in the candidates (bounded by [`MAX_NOTES_BYTES`]).
    notes_bytes: usize,
    /// Bytes of the listed skipped rows (bounded by [`MAX_SKIPPED_LISTED_BYTES`]).
    listed_bytes: usize,
}

impl<'a> Collector<'a> {
    pub fn new(format: Format, ctx: &'a Context<'a>, time_basis: TimeBasis) -> Self {
        Self {
            format,
            ctx,
            parsed: Parsed {
                format,
                candidates: Vec::new(),
                skipped: Vec::new(),
                skipped_counts: BTreeMap::new(),
                records: 0,
                time_basis,
                units: Vec::new(),
                left_out: BTreeMap::new(),
            },
            at: Snapshot::default(),
            last_reported: Snapshot::default(),
            notes_bytes: 0,
            listed_bytes: 0,
        }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn context(&self) -> &Context<'a> {
        self.ctx
    }

    /// Adds `more` to the total bytes to read (each pass over the content adds its size).
    pub fn add_total(&mut self, more: u64) {
        self.at.total = self.at.total.saturating_add(more);
    }

    /// One more record read; `done` bytes of the total read so far. Fails once cancelled.
    pub fn record(&mut self, done: u64) -> Result<(), FileError> {
        self.parsed.records += 1;
        self.at.records = self.parsed.records;
        self.progress(done)
    }

    /// Bytes read so far (without a record: passes that only look). Fails once cancelled.
    pub fn progress(&mut self, done: u64) -> Result<(), FileError> {
        self.at.done = done.min(self.at.total);
        self.at.found = self.parsed.candidates.len() as u64;
        if self.at.records >= self.last_reported.records + 4096
            || self.at.done >= self.last_reported.done + (1 << 20)
        {
            if self.ctx.progress.cancelled() {
                return Err(FileError::new(MSG_CANCELLED));
            }
            self.ctx.progress.report(self.at);
            self.last_reported = self.at;
        }
        Ok(())
    }

    /// Checks `read` with the form's rules: a reading, or the row skipped with the
    /// form's message. Fails when the file holds too many readings.
    pub fn check(&mut self, location: impl Into<String>, read: ReadingAt) -> Result<(), FileError> {
        match ReadingValues::check(read, self.ctx.latest) {
            Ok(values) => self.push(location, values),
            Err(errors) => {
                let (reason, message) = skip_of(&errors);
                self.skip(location, reason, message);
                Ok(())
            }
        }
    }

    /// [`Self::check`], the new reading (if any) keeping the values `as_read`.
    pub fn check_read(
        &mut self,
        location: impl Into<String>,
        read: ReadingAt,
        as_read: AsRead,
    ) -> Result<(), FileError> {
        let before = self.parsed.candidates.len();
        self.check(location, read)?;
        if as_read != AsRead::default()
            && let Some(c) = self.parsed.candidates.get_mut(before)
        {
            c.as_read = Some(Box::new(as_read));
        }
        Ok(())
    }

    /// How the file's times became wall-clock times (a spreadsheet learns it as it reads).
    pub fn set_time_basis(&mut self, basis: TimeBasis) {
        self.parsed.time_basis = basis;
    }

    /// A record left out by a rule (`why`, a sentence the preview shows with the count).
    pub fn leave_out(&mut self, why: &'static str) {
        *self.parsed.left_out.entry(why).or_default() += 1;
    }

    /// A record counted by [`Self::leave_out`] that a later pass used after all.
    pub fn take_back(&mut self, why: &'static str) {
        if let Some(n) = self.parsed.left_out.get_mut(why) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.parsed.left_out.remove(why);
            }
        }
    }

    /// Says where the unit of `measure` was read from (once per measure).
    pub fn unit_from(&mut self, measure: &'static str, unit: &'static str, source: String) {
        if !self.parsed.units.iter().any(|u| u.measure == measure) {
            self.parsed.units.push(UnitSource {
                measure,
                unit,
                source,
            });
        }
    }

    /// A reading already checked (e.g. made by joining checked parts).
    pub fn push(
        &mut self,
        location: impl Into<String>,
        values: ReadingValues,
    ) -> Result<(), FileError> {
        if self.parsed.candidates.len() >= MAX_READINGS {
            return Err(FileError::new(MSG_TOO_MANY));
        }
        self.grow_notes(values.notes.as_ref().map_or(0, String::len))?;
        self.parsed.candidates.push(Candidate {
            location: location.into(),
            values,
            as_read: None,
        });
        Ok(())
    }

    /// A row skipped: always counted, listed while the list is within
    /// [`MAX_SKIPPED_LISTED`] rows and [`MAX_SKIPPED_LISTED_BYTES`].
    pub fn skip(
        &mut self,
        location: impl Into<String>,
        reason: SkipReason,
        message: impl Into<String>,
    ) {
        *self.parsed.skipped_counts.entry(reason).or_default() += 1;
        if self.parsed.skipped.len() >= MAX_SKIPPED_LISTED {
            return;
        }
        let location = clip(location.into());
        let message = clip(message.into());
        let size = location.len() + message.len();
        if self.listed_bytes + size > MAX_SKIPPED_LISTED_BYTES {
            return;
        }
        self.listed_bytes += size;
        self.parsed.skipped.push(Skipped {
            location,
            reason,
            message,
        });
    }

    /// `more` bytes of notes added to a candidate already pushed (a part joined to it).
    pub fn grow_notes(&mut self, more: usize) -> Result<(), FileError> {
        self.notes_bytes += more;
        if self.notes_bytes > MAX_NOTES_BYTES {
            return Err(FileError::new(MSG_NOTES_TOO_LONG));
        }
        Ok(())
    }

    /// The candidates so far, e.g. to join a later part (a weight) to an earlier reading.
    pub fn candidates_mut(&mut self) -> &mut Vec<Candidate> {
        &mut self.parsed.candidates
    }

    pub fn finish(mut self) -> Parsed {
        self.at.done = self.at.total;
        self.at.found = self.parsed.candidates.len() as u64;
        self.ctx.progress.report(self.at);
        self.parsed
    }
}

/// A cell as a message quotes it: trimmed, its first [`EXCERPT_CHARS`] characters, and `…`
/// where it went on.
pub fn excerpt(raw: &str) -> String {
    let raw = raw.trim();
    let mut chars = raw.char_indices();
    match chars.nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &raw[..end]),
        None => raw.to_owned(),
    }
}

/// `text` cut to [`MAX_LISTED_TEXT`] bytes (at a character boundary).
fn clip(mut text: String) -> String {
    if text.len() > MAX_LISTED_TEXT {
        let mut end = MAX_LISTED_TEXT;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push('…');
    }
    text
}

/// The reason and message of a row the form's rules refused: the first field's message,
/// and the reason its field says (date and time, a measure's range, or unreadable).
pub fn skip_of(errors: &kernel::FieldErrors) -> (SkipReason, String) {
    let reason_of = |field: &str, message: &str| -> SkipReason {
        if field == "date" || field == "time" {
            SkipReason::UnreadableDate
        } else if message.contains("must be at least")
            || message.contains("must be less than")
            || message == rules::MSG_DIASTOLIC_NOT_LOWER
        {
            SkipReason::OutOfRange
        } else {
            SkipReason::Unreadable
        }
    };
    // A date problem decides: a row whose date cannot be read is not "out of range".
    let first = errors
        .iter()
        .find(|(f, _)| f.as_str() == "date" || f.as_str() == "time")
        .or_else(|| errors.iter().next());
    match first {
        Some((field, message)) => (reason_of(field, message), message.clone()),
        None => (SkipReason::Unreadable, rules::MSG_NO_MEASUREMENT.to_owned()),
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! What the tests share: a context at a fixed "now", files written to a temp dir.

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

    /// A file holding `bytes`, removed when the returned value is dropped.
    pub fn file(name: &str, bytes: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("write: {e}"));
        (dir, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use readings::model::Measurements;

    #[test]
    fn the_readings_of_one_file_are_bounded_in_bytes_not_only_in_number() {
        // 100,000 readings may each hold 1,000 characters of notes, 4 bytes each in UTF-8:
        // 400 MB held, then serialised again as the draft. The notes kept in all are
        // bounded, so a file of long notes is refused before it takes the memory.
        let ctx = testing::context(chrono_tz::UTC, None);
        let mut out = Collector::new(Format::Spreadsheet, &ctx, TimeBasis::AsWritten);
        let notes = "\u{1F4A7}".repeat(rules::NOTES_MAX);
        let mut kept = 0usize;
        let mut refused = None;
        for i in 0..20_000 {
            let values = ReadingValues {
                date: chrono::NaiveDate::from_ymd_opt(2020, 1, 1).unwrap_or_default()
                    + chrono::Duration::minutes(i),
                time: chrono::NaiveTime::from_hms_opt(7, 0, 0).unwrap_or_default(),
                values: Measurements {
                    heart_rate: Some(60),
                    ..Default::default()
                },
                notes: Some(notes.clone()),
                setting: readings::Setting::Home,
            };
            match out.push(format!("line {i}"), values) {
                Ok(()) => kept += notes.len(),
                Err(e) => {
                    refused = Some(e);
                    break;
                }
            }
        }
        assert!(kept <= MAX_NOTES_BYTES, "{kept} bytes of notes kept");
        assert_eq!(refused, Some(FileError::new(MSG_NOTES_TOO_LONG)));
    }

    #[test]
    fn a_listed_row_never_holds_more_than_its_share_and_the_list_stops_at_the_byte_bound() {
        let ctx = testing::context(chrono_tz::UTC, None);
        let mut out = Collector::new(Format::Spreadsheet, &ctx, TimeBasis::AsWritten);
        // Messages of a reader that forgot to quote an excerpt are still clipped.
        for i in 0..MAX_SKIPPED_LISTED {
            out.skip(
                format!("line {i}"),
                SkipReason::Unreadable,
                "é".repeat(100_000),
            );
        }
        let parsed = out.finish();
        assert!(
            parsed
                .skipped
                .iter()
                .all(|s| s.message.len() <= MAX_LISTED_TEXT + 3)
        );
        let listed: usize = parsed
            .skipped
            .iter()
            .map(|s| s.location.len() + s.message.len())
            .sum();
        assert!(listed <= MAX_SKIPPED_LISTED_BYTES, "{listed}");
        assert!(
            parsed.skipped.len() < MAX_SKIPPED_LISTED,
            "stopped by bytes"
        );
        assert_eq!(
            parsed.skipped_counts[&SkipReason::Unreadable],
            MAX_SKIPPED_LISTED as u64
        );
    }

    #[test]
    fn an_excerpt_keeps_short_cells_whole_and_cuts_long_ones_at_a_character() {
        assert_eq!(excerpt("  2023-07-06 "), "2023-07-06");
        let long = "ü".repeat(EXCERPT_CHARS + 1);
        assert_eq!(excerpt(&long), format!("{}…", "ü".repeat(EXCERPT_CHARS)));
        assert_eq!(
            excerpt(&"a".repeat(EXCERPT_CHARS)),
            "a".repeat(EXCERPT_CHARS)
        );
    }
}
