//! The collector every reader fills: the reading form's rules applied to each reading, the
//! bounds of one file (readings, notes, the skipped rows listed), progress and cancelling.

use std::collections::BTreeMap;

use readings::model::{ReadingAt, ReadingValues};
use readings::rules;

use super::{
    AsRead, Candidate, Context, EXCERPT_CHARS, FileError, Format, MAX_LISTED_TEXT, MAX_NOTES_BYTES,
    MAX_READINGS, MAX_SKIPPED_LISTED, MAX_SKIPPED_LISTED_BYTES, MSG_CANCELLED, MSG_NOTES_TOO_LONG,
    MSG_TOO_MANY, Parsed, SkipReason, Skipped, Snapshot, TimeBasis, UnitSource,
};

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
mod tests {
    use super::*;
    use crate::formats::testing;
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
                origin: Default::default(),
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
