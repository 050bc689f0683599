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

use readings::model::ReadingAt;

use super::text::{self, Csv};
use super::words::{self, Role};
use super::{Collector, Context, DateOrder, FileError, Format, Parsed, SkipReason, TimeBasis};

/// The header as OMRON connect writes it (quoted in messages).
pub const HEADER: &str = "\"Date\",\"Time\",\"Systolic (mmHg)\",\"Diastolic (mmHg)\",\"Pulse (bpm)\",\"Symptoms\",\"Consumed\",\"TruRead\",\"Notes\"";

/// Which column holds what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Columns {
    date: usize,
    /// `None`: the date cell holds the time (`2024/11/21 11:40`).
    time: Option<usize>,
    systolic: usize,
    diastolic: usize,
    pulse: Option<usize>,
    symptoms: Option<usize>,
    consumed: Option<usize>,
    truread: Option<usize>,
    notes: Option<usize>,
    /// The monitor's measurement flags, each with the words a note says it in.
    flags: Vec<(usize, Flag)>,
    device: Option<usize>,
    /// Numeric dates are day first (the logbook's European languages), else month first.
    day_first: bool,
}

/// A measurement flag OMRON connect writes in a column of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flag {
    IrregularHeartbeat,
    IrregularCount,
    BodyMovement,
    CuffWrap,
    Position,
    Mode,
}

/// The time-zone column's name in the logbook CSV's languages (OMRON's own header table).
const TIME_ZONE: &[&str] = &[
    "timezone",
    "time zone",
    "zeitzone",
    "fuseau horaire",
    "fuso orario",
    "zona horaria",
    "tijdzone",
    "strefa czasowa",
    "tidszon",
    "saat dilimi",
    "fuso horário",
    "タイムゾーン",
    "時區",
    "时区",
    "시간 영역",
];
/// The device column's name (current layout and the logbook's languages).
const DEVICE: &[&str] = &[
    "device",
    "device model name",
    "modellname des geräts",
    "nom du modèle de l’appareil",
    "nom du modèle de l'appareil",
    "nome modello dispositivo",
    "nombre del modelo de dispositivo",
    "modelnaam apparaat",
    "nazwa modelu urządzenia",
    "enhetens modellnamn",
    "cihaz modeli adı",
    "nome do modelo do dispositivo",
    "機種",
    "机型",
    "제품 기종",
];

impl Columns {
    /// The columns of an OMRON connect header, or `None` when a required one is missing.
    pub(crate) fn of(header: &[String]) -> Option<Self> {
        let names: Vec<String> = header.iter().map(|c| words::bare(c)).collect();
        // The logbook CSV, in any of its 15 languages, by its columns' places.
        if Self::logbook(&names) {
            return Some(Self {
                date: 0,
                time: None,
                systolic: 2,
                diastolic: 3,
                pulse: Some(4),
                symptoms: None,
                consumed: None,
                truread: None,
                notes: None,
                flags: Vec::new(),
                device: Some(5),
                day_first: !matches!(
                    names.first().map(String::as_str),
                    Some(
                        "measurement date"
                            | "data da medição"
                            | "測定日"
                            | "測量日期"
                            | "测量日期"
                            | "측정일시"
                    )
                ),
            });
        }
        let find = |name: &str| names.iter().position(|n| n == name);
        let find_in = |list: &[&str]| names.iter().position(|n| list.contains(&n.as_str()));
        let date = find("date").or_else(|| {
            (0..names.len()).find(|i| words::exact_role(&header[*i]) == Some(Role::Date))
        })?;
        let time = find("time");
        let systolic = find("systolic")
            .or_else(|| find("sys"))
            .or_else(|| (0..names.len()).find(|i| words::says(&header[*i], Role::Systolic)))?;
        let diastolic = find("diastolic")
            .or_else(|| find("dia"))
            .or_else(|| (0..names.len()).find(|i| words::says(&header[*i], Role::Diastolic)))?;
        let flags = [
            ("irregular heartbeat detected", Flag::IrregularHeartbeat),
            ("irregular heartbeat", Flag::IrregularHeartbeat),
            ("ihb detection counts", Flag::IrregularCount),
            ("ihb detection count", Flag::IrregularCount),
            ("body movement", Flag::BodyMovement),
            ("cuff wrap guide", Flag::CuffWrap),
            ("positioning indicator", Flag::Position),
            ("measurement mode", Flag::Mode),
        ]
        .into_iter()
        .filter_map(|(name, flag)| Some((find(name)?, flag)))
        .collect();
        Some(Self {
            date,
            time,
            systolic,
            diastolic,
            pulse: find("pulse")
                .or_else(|| (0..names.len()).find(|i| words::says(&header[*i], Role::HeartRate))),
            symptoms: find("symptoms"),
            consumed: find("consumed"),
            truread: find("truread"),
            notes: find("notes"),
            flags,
            device: find_in(DEVICE),
            day_first: names.get(date).is_some_and(|n| {
                !["measurement date", "data da medição", "date"].contains(&n.as_str())
            }),
        })
    }

    /// A header that is OMRON connect's and not merely a sheet with the same required
    /// names. Three layouts: the 2023 report (the units as OMRON writes them and a column
    /// only OMRON has), today's app (`Measurement Date`, `Timezone`, the flags, `Device`)
    /// and the logbook CSV of the Asia-Pacific app (`Measurement Date,Time Zone,SYS,DIA,
    /// Pulse,Device Model Name`, in 15 languages).
    pub(crate) fn is_omron(header: &[String]) -> bool {
        let lower: Vec<String> = header.iter().map(|c| c.trim().to_lowercase()).collect();
        let bare: Vec<String> = header.iter().map(|c| words::bare(c)).collect();
        let has = |name: &str| lower.iter().any(|c| c == name);
        let bare_has = |list: &[&str]| bare.iter().any(|c| list.contains(&c.as_str()));
        let Some(cols) = Self::of(header) else {
            return false;
        };
        let report = cols.time.is_some()
            && has("systolic (mmhg)")
            && has("diastolic (mmhg)")
            && (has("truread") || has("symptoms") || has("consumed"));
        let app = bare_has(&["measurement date"])
            && bare_has(TIME_ZONE)
            && (bare_has(&["irregular heartbeat detected", "body movement"]) || bare_has(DEVICE));
        report || app || Self::logbook(&bare)
    }

    /// Date, Time, Systolic and Diastolic by those names (any case, any unit).
    fn named(header: &[String]) -> bool {
        let bare: Vec<String> = header.iter().map(|c| words::bare(c)).collect();
        ["date", "time", "systolic", "diastolic"]
            .iter()
            .all(|n| bare.iter().any(|b| b == n))
    }

    /// `Measurement Date,Time Zone,SYS,DIA,Pulse,Device Model Name` in any language.
    fn logbook(bare: &[String]) -> bool {
        bare.len() == 6
            && bare.get(1).is_some_and(|n| TIME_ZONE.contains(&n.as_str()))
            && bare.get(5).is_some_and(|n| DEVICE.contains(&n.as_str()))
    }
}

pub fn parse(path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    let (file, len) = text::open(path)?;
    let mut csv = Csv::new(file, None, "")?;
    // OMRON's header, or (the format chosen by hand) the four names OMRON has always
    // written: a sheet of `Datum;Sys;Dia` is not read as OMRON's with a guess.
    let cols = Columns::of(csv.header())
        .filter(|_| Columns::is_omron(csv.header()) || Columns::named(csv.header()))
        .ok_or_else(|| {
            FileError::new(format!(
                "This is not an {}: line {} must be the header {HEADER}.",
                Format::Omron.label(),
                csv.header_line()
            ))
        })?;
    let order = if cols.day_first {
        DateOrder::Dmy
    } else {
        DateOrder::Mdy
    };
    let mut out = Collector::new(Format::Omron, ctx, TimeBasis::AsWritten);
    out.add_total(len);
    while let Some((row, location)) = csv.next_record(&mut out, 0)? {
        let raw_date = row.get(Some(cols.date));
        let (day_part, time_in_date) = text::split_date_time(raw_date);
        let Some(day) =
            text::month_name_date(&day_part).or_else(|| text::numeric_date(&day_part, order))
        else {
            let message = text::unreadable("date", raw_date, "Jul 6 2023");
            out.skip(location, SkipReason::UnreadableDate, message);
            continue;
        };
        let raw_time = match cols.time {
            Some(c) => row.get(Some(c)).to_owned(),
            None => time_in_date.unwrap_or_default(),
        };
        let Some(time) = text::clock_time(&raw_time) else {
            let message = text::unreadable("time", &raw_time, "10:43 am");
            out.skip(location, SkipReason::UnreadableDate, message);
            continue;
        };
        let mut note = notes(
            text::text_cell(row.get(cols.notes)),
            text::text_cell(row.get(cols.symptoms)),
            text::text_cell(row.get(cols.consumed)),
            text::text_cell(row.get(cols.truread)),
        );
        for said in flags(&row, &cols) {
            if !note.is_empty() {
                note.push_str(" · ");
            }
            note.push_str(&said);
        }
        // A home monitor's reading.
        let read = ReadingAt {
            systolic: text::number(row.get(Some(cols.systolic)), false),
            diastolic: text::number(row.get(Some(cols.diastolic)), false),
            heart_rate: text::number(row.get(cols.pulse), false),
            notes: Some(note),
            ..ReadingAt::new(day, time)
        };
        out.check(location, read)?;
    }
    Ok(out.finish())
}

/// The flags the monitor set and the device it was taken on, as the notes say them:
/// `Irregular heartbeat (2)`, `Body movement`, `Cuff wrap: Loose`, `Mode: Nocturnal`,
/// `OMRON HEM-7361T`. "Not Detected", "OK" and empty cells say nothing.
fn flags(row: &text::Row, cols: &Columns) -> Vec<String> {
    let cell = |c: usize| text::text_cell(row.get(Some(c)));
    let set = |v: &str| {
        let l = v.to_lowercase();
        !(l.is_empty() || l.starts_with("not") || l == "no" || l == "0" || l == "ok" || l == "off")
    };
    let count = cols
        .flags
        .iter()
        .find(|(_, f)| *f == Flag::IrregularCount)
        .map(|(c, _)| cell(*c))
        .filter(|v| set(v));
    let mut out = Vec::new();
    for (c, flag) in &cols.flags {
        let v = cell(*c);
        if !set(v) {
            continue;
        }
        match flag {
            Flag::IrregularHeartbeat => out.push(match count {
                Some(n) => format!("Irregular heartbeat ({})", super::excerpt(n)),
                None => "Irregular heartbeat".to_owned(),
            }),
            Flag::IrregularCount => {
                let named = cols
                    .flags
                    .iter()
                    .any(|(c2, f)| *f == Flag::IrregularHeartbeat && set(cell(*c2)));
                if !named {
                    out.push(format!("Irregular heartbeat ({})", super::excerpt(v)));
                }
            }
            Flag::BodyMovement => out.push("Body movement".to_owned()),
            Flag::CuffWrap => out.push(format!("Cuff wrap: {}", super::excerpt(v))),
            Flag::Position => out.push(format!("Position: {}", super::excerpt(v))),
            Flag::Mode => out.push(format!("Mode: {}", super::excerpt(v))),
        }
    }
    if let Some(d) = cols.device.map(cell).filter(|d| !d.is_empty()) {
        out.push(format!("OMRON {}", super::excerpt(d)));
    }
    out
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
