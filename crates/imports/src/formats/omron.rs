//! OMRON connect's CSV export (the app's "Export" of a profile's readings).
//!
//! The format as OMRON connect writes it: a header
//! `"Date","Time","Systolic (mmHg)","Diastolic (mmHg)","Pulse (bpm)","Symptoms","Consumed","TruRead","Notes"`,
//! then a row per measurement with dates like `Jul 6 2023`, 12-hour times like `10:43 am`,
//! and `-` for an empty cell.
//!
//! Choices:
//! - Columns are matched by name (any case, any order, the unit in parentheses ignored):
//!   Date, Time, Systolic and Diastolic are required, the others optional, unknown ones
//!   ignored (app versions differ).
//! - Dates `Jul 6 2023` or `Jul 06 2023` (also `July 6, 2023`); times in 12 hours
//!   (12 am is 00:xx, 12 pm is 12:xx) or 24 hours. Times are the monitor's wall clock and
//!   are kept as written ([`TimeBasis::AsWritten`]): a 02:30 on a spring-forward day stays
//!   02:30, two 01:30 readings on a fall-back day are both kept.
//! - Notes: the person's own note first (it is what they wrote), then what the app records
//!   beside it, joined by ` · `: `Felt dizzy · Symptoms: Headache · Consumed: Coffee · TruRead`.
//!   TruRead is named only when `On`: the reading is then the average of three
//!   measurements, which matters to whoever reads the history; `Off` and `-` add nothing.
//!   Nothing is truncated: notes over the form's limit skip the row with the form's message.

use std::path::Path;

use kernel::date;
use readings::model::ReadingInput;

use super::text::{self, Csv};
use super::{Collector, Context, FileError, Format, Parsed, SkipReason, TimeBasis};

/// The header as OMRON connect writes it (quoted in messages).
pub const HEADER: &str = "\"Date\",\"Time\",\"Systolic (mmHg)\",\"Diastolic (mmHg)\",\"Pulse (bpm)\",\"Symptoms\",\"Consumed\",\"TruRead\",\"Notes\"";

/// Which column holds what.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Columns {
    date: usize,
    time: usize,
    systolic: usize,
    diastolic: usize,
    pulse: Option<usize>,
    symptoms: Option<usize>,
    consumed: Option<usize>,
    truread: Option<usize>,
    notes: Option<usize>,
}

impl Columns {
    /// The columns of an OMRON connect header, or `None` when a required one is missing.
    pub(crate) fn of(header: &[String]) -> Option<Self> {
        let names: Vec<String> = header.iter().map(|c| text::column_name(c)).collect();
        let find = |name: &str| names.iter().position(|n| n == name);
        Some(Self {
            date: find("date")?,
            time: find("time")?,
            systolic: find("systolic")?,
            diastolic: find("diastolic")?,
            pulse: find("pulse"),
            symptoms: find("symptoms"),
            consumed: find("consumed"),
            truread: find("truread"),
            notes: find("notes"),
        })
    }

    /// A header that is OMRON connect's and not merely a sheet with the same four
    /// required names: the units as OMRON writes them, and a column only OMRON has.
    pub(crate) fn is_omron(header: &[String]) -> bool {
        let lower: Vec<String> = header.iter().map(|c| c.trim().to_lowercase()).collect();
        let has = |name: &str| lower.iter().any(|c| c == name);
        Self::of(header).is_some()
            && has("systolic (mmhg)")
            && has("diastolic (mmhg)")
            && (has("truread") || has("symptoms") || has("consumed"))
    }
}

pub fn parse(path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    let (file, len) = text::open(path)?;
    let mut csv = Csv::new(file, None, "")?;
    let cols = Columns::of(csv.header()).ok_or_else(|| {
        FileError::new(format!(
            "This is not an {}: line {} must be the header {HEADER}.",
            Format::Omron.label(),
            csv.header_line()
        ))
    })?;
    let mut out = Collector::new(Format::Omron, ctx, TimeBasis::AsWritten);
    out.add_total(len);
    while let Some((row, location)) = csv.next_record(&mut out, 0)? {
        let raw_date = row.get(Some(cols.date));
        let Some(day) = text::month_name_date(raw_date) else {
            let message = text::unreadable("date", raw_date, "Jul 6 2023");
            out.skip(location, SkipReason::UnreadableDate, message);
            continue;
        };
        let raw_time = row.get(Some(cols.time));
        let Some(time) = text::clock_time(raw_time) else {
            let message = text::unreadable("time", raw_time, "10:43 am");
            out.skip(location, SkipReason::UnreadableDate, message);
            continue;
        };
        let input = ReadingInput {
            date: Some(date::format_date(day)),
            time: Some(date::format_time(time)),
            systolic: Some(text::number(row.get(Some(cols.systolic)), false)),
            diastolic: Some(text::number(row.get(Some(cols.diastolic)), false)),
            heart_rate: Some(text::number(row.get(cols.pulse), false)),
            weight: None,
            blood_sugar: None,
            notes: Some(notes(
                text::text_cell(row.get(cols.notes)),
                text::text_cell(row.get(cols.symptoms)),
                text::text_cell(row.get(cols.consumed)),
                text::text_cell(row.get(cols.truread)),
            )),
        };
        out.check(location, &input)?;
    }
    Ok(out.finish())
}

/// The reading's notes: see the module's doc.
fn notes(own: &str, symptoms: &str, consumed: &str, truread: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    if !own.is_empty() {
        parts.push(own.to_owned());
    }
    if !symptoms.is_empty() {
        parts.push(format!("Symptoms: {symptoms}"));
    }
    if !consumed.is_empty() {
        parts.push(format!("Consumed: {consumed}"));
    }
    if truread.eq_ignore_ascii_case("on") {
        parts.push("TruRead".to_owned());
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::super::testing::{context, file, why};
    use super::super::{MSG_CANCELLED, MSG_EMPTY, MSG_NOT_UTF8, Progress, Snapshot};
    use super::*;
    use chrono_tz::America::New_York;
    use readings::model::Measurements;

    fn read(bytes: &[u8]) -> Result<Parsed, FileError> {
        let (_dir, path) = file("omron.csv", bytes);
        parse(&path, &context(New_York, None))
    }

    /// (date, time, systolic, diastolic, pulse, notes) of a reading.
    type Row = (
        String,
        String,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<String>,
    );

    fn readings(p: &Parsed) -> Vec<Row> {
        p.candidates
            .iter()
            .map(|c| {
                let v = &c.values;
                let Measurements {
                    systolic,
                    diastolic,
                    heart_rate,
                    ..
                } = v.values;
                (
                    v.date.to_string(),
                    v.time.format("%H:%M").to_string(),
                    systolic,
                    diastolic,
                    heart_rate,
                    v.notes.clone(),
                )
            })
            .collect()
    }

    fn row(d: &str, t: &str, s: i32, di: i32, p: i32, n: Option<&str>) -> Row {
        (
            d.into(),
            t.into(),
            Some(s),
            Some(di),
            Some(p),
            n.map(str::to_owned),
        )
    }

    #[test]
    fn reads_the_export_with_bom_crlf_dashes_and_notes() {
        let csv = "\u{feff}\"Date\",\"Time\",\"Systolic (mmHg)\",\"Diastolic (mmHg)\",\"Pulse (bpm)\",\"Symptoms\",\"Consumed\",\"TruRead\",\"Notes\"\r\n\
                   \"Jul 6 2023\",\"10:43 am\",\"128\",\"82\",\"71\",\"-\",\"-\",\"Off\",\"-\"\r\n\
                   \"Jul 06 2023\",\"7:05 pm\",\"135\",\"88\",\"-\",\"Headache\",\"Coffee\",\"On\",\"After the stairs\"\r\n\
                   \r\n\r\n";
        let p = read(csv.as_bytes()).unwrap();
        assert_eq!(p.format, Format::Omron);
        assert_eq!(p.time_basis, TimeBasis::AsWritten);
        assert_eq!(p.records, 2);
        assert_eq!(
            readings(&p),
            [
                row("2023-07-06", "10:43", 128, 82, 71, None),
                (
                    "2023-07-06".into(),
                    "19:05".into(),
                    Some(135),
                    Some(88),
                    None,
                    Some(
                        "After the stairs · Symptoms: Headache · Consumed: Coffee · TruRead".into()
                    )
                ),
            ]
        );
        assert_eq!(p.candidates[1].location, "line 3");
        assert!(p.skipped.is_empty());
    }

    #[test]
    fn twelve_hour_times_across_midnight() {
        let csv = format!(
            "{HEADER}\n\"Jul 6 2023\",\"11:58 pm\",\"120\",\"80\",\"70\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Jul 7 2023\",\"12:03 am\",\"122\",\"81\",\"71\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Jul 7 2023\",\"12:10 PM\",\"124\",\"82\",\"72\",\"-\",\"-\",\"-\",\"-\"\n"
        );
        let p = read(csv.as_bytes()).unwrap();
        assert_eq!(
            readings(&p),
            [
                row("2023-07-06", "23:58", 120, 80, 70, None),
                row("2023-07-07", "00:03", 122, 81, 71, None),
                row("2023-07-07", "12:10", 124, 82, 72, None),
            ]
        );
    }

    #[test]
    fn dst_days_are_kept_as_written() {
        // America/New_York: 2023-03-12 02:30 does not exist, 2023-11-05 01:30 happens twice.
        let csv = format!(
            "{HEADER}\n\"Mar 12 2023\",\"2:30 am\",\"120\",\"80\",\"70\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Nov 5 2023\",\"1:30 am\",\"130\",\"85\",\"72\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Nov 5 2023\",\"1:30 am\",\"126\",\"83\",\"68\",\"-\",\"-\",\"-\",\"-\"\n"
        );
        let p = read(csv.as_bytes()).unwrap();
        assert_eq!(
            readings(&p),
            [
                row("2023-03-12", "02:30", 120, 80, 70, None),
                row("2023-11-05", "01:30", 130, 85, 72, None),
                row("2023-11-05", "01:30", 126, 83, 68, None),
            ]
        );
    }

    #[test]
    fn bad_rows_are_skipped_with_the_forms_message_never_clamped() {
        let csv = format!(
            "{HEADER}\n\"Jul 6 2023\",\"10:43 am\",\"300\",\"80\",\"70\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Jul 6 2023\",\"10:44 am\",\"80\",\"90\",\"70\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Jul 32 2023\",\"10:45 am\",\"120\",\"80\",\"70\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Jul 6 2023\",\"13:45 pm\",\"120\",\"80\",\"70\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Jul 6 2023\",\"10:46 am\",\"1x0\",\"80\",\"70\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Jul 6 2023\",\"10:47 am\",\"-\",\"-\",\"-\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Dec 6 2026\",\"10:47 am\",\"120\",\"80\",\"70\",\"-\",\"-\",\"-\",\"-\"\n\
             \"Jul 6 2023\",\"10:48 am\",\"121\",\"80\",\"70\",\"-\",\"-\",\"-\",\"{}\"\n",
            "x".repeat(1001)
        );
        let p = read(csv.as_bytes()).unwrap();
        assert!(p.candidates.is_empty(), "{:?}", p.candidates);
        let got = why(&p);
        assert_eq!(
            got,
            [
                (
                    "line 2",
                    SkipReason::OutOfRange,
                    "Systolic must be less than 250"
                ),
                (
                    "line 3",
                    SkipReason::OutOfRange,
                    readings::rules::MSG_DIASTOLIC_NOT_LOWER
                ),
                (
                    "line 4",
                    SkipReason::UnreadableDate,
                    "The date \"Jul 32 2023\" cannot be read (expected like \"Jul 6 2023\")."
                ),
                (
                    "line 5",
                    SkipReason::UnreadableDate,
                    "The time \"13:45 pm\" cannot be read (expected like \"10:43 am\")."
                ),
                (
                    "line 6",
                    SkipReason::Unreadable,
                    "Systolic must be a number"
                ),
                (
                    "line 7",
                    SkipReason::Unreadable,
                    readings::rules::MSG_NO_MEASUREMENT
                ),
                (
                    "line 8",
                    SkipReason::UnreadableDate,
                    readings::rules::MSG_DATE_FUTURE
                ),
                (
                    "line 9",
                    SkipReason::Unreadable,
                    readings::rules::MSG_NOTES_MAX
                ),
            ]
        );
        assert_eq!(p.skipped_counts[&SkipReason::OutOfRange], 2);
        assert_eq!(p.records, 8);
    }

    #[test]
    fn columns_by_name_in_any_order_and_case() {
        let csv = "notes,PULSE (BPM),time,date,diastolic (mmhg),systolic (mmhg),Irregular heartbeat\n\
                   Fine,64,21:15,Jan 2 2024,79,118,-\n";
        let p = read(csv.as_bytes()).unwrap();
        assert_eq!(
            readings(&p),
            [row("2024-01-02", "21:15", 118, 79, 64, Some("Fine"))]
        );
    }

    #[test]
    fn files_that_are_not_omron_exports_are_refused() {
        let err = read(b"Date,Weight\n2023-07-06,150\n").unwrap_err();
        assert_eq!(
            err.0,
            format!("This is not an OMRON connect CSV: line 1 must be the header {HEADER}.")
        );
        assert_eq!(read(b"").unwrap_err().0, MSG_EMPTY);
        assert_eq!(read(b"\xEF\xBB\xBF\r\n\r\n").unwrap_err().0, MSG_EMPTY);
        let latin1 = format!(
            "{HEADER}\n\"Jul 6 2023\",\"10:43 am\",\"120\",\"80\",\"70\",\"-\",\"-\",\"-\",\"Caf"
        );
        let mut bytes = latin1.into_bytes();
        bytes.extend_from_slice(b"\xE9\"\n");
        let err = read(&bytes).unwrap_err();
        assert!(err.0.starts_with(MSG_NOT_UTF8), "{err}");
        assert!(err.0.contains("line 2"), "{err}");
    }

    struct Cancelled;

    impl Progress for Cancelled {
        fn report(&self, _: Snapshot) {}
        fn cancelled(&self) -> bool {
            true
        }
    }

    #[test]
    fn a_cancelled_import_stops() {
        let body = "\"Jul 6 2023\",\"10:43 am\",\"120\",\"80\",\"70\",\"-\",\"-\",\"-\",\"-\"\n"
            .repeat(5000);
        let (_dir, path) = file("omron.csv", format!("{HEADER}\n{body}").as_bytes());
        let mut ctx = context(New_York, None);
        ctx.progress = &Cancelled;
        assert_eq!(parse(&path, &ctx).unwrap_err().0, MSG_CANCELLED);
    }

    #[test]
    fn omron_headers_are_told_from_look_alike_sheets() {
        let cells = |s: &str| s.split(',').map(str::to_owned).collect::<Vec<_>>();
        assert!(Columns::is_omron(&cells(
            "Date,Time,Systolic (mmHg),Diastolic (mmHg),Pulse (bpm),Symptoms,Consumed,TruRead,Notes"
        )));
        assert!(!Columns::is_omron(&cells(
            "Date,Time,Systolic (mmHg),Diastolic (mmHg),Notes"
        )));
        assert!(!Columns::is_omron(&cells(
            "Date,Time,Systolic,Diastolic,TruRead"
        )));
    }
}
