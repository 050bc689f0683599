//! Which format a file is: from its first bytes (the sniff the page shows before upload)
//! and, for "automatic", from the whole file on disk (a zip's list of entries).
//!
//! Choices:
//! - The container by content, never by name: a zip by its `PK\x03\x04` magic, XML by
//!   `<?xml` or `<HealthData`, CSV when the head is UTF-8 text.
//! - In a zip's head, the local file headers name its first entries: `export.xml` or
//!   `apple_health_export/` is Apple Health, `bp.csv` / `weight.csv` Withings. A zip whose
//!   entries are not in the head is resolved on upload from its central directory.
//! - CSV: Vitalog's when every column is one of its export's and one of them is a name
//!   only Vitalog writes (`heart_rate`, `weight_unit`, `blood_sugar`, `blood_sugar_unit`),
//!   so a sheet headed `date,time,systolic,diastolic` gets the mapping step instead of a
//!   guess at its date order. OMRON's by its header (the units as OMRON writes them and a
//!   column only OMRON has). Withings' by bp.csv's or weight.csv's header with a first
//!   date written as Withings writes it (or the file named so). Anything else is a
//!   spreadsheet, with a mapping guessed from English column names and a date order from
//!   the sample rows (a first number over 12 is a day; ISO is year first; a `.` separator
//!   or a `;` delimiter, as in Europe, is day first; else month first, as in the US).

use std::io::Read;
use std::path::Path;

use imports::formats::{Container, Sniff};

use super::text::{self, Csv};
use super::words::{self, Role};
use super::{
    DateOrder, FileError, Format, MSG_EMPTY, MSG_NOT_UTF8, Mapping, omron, units, withings,
};

/// The head a sniff looks at.
const SNIFF_BYTES: usize = 64 * 1024;
const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
/// First data rows shown on the page.
const SAMPLE_ROWS: usize = 5;
/// Rows of the head the mapping is guessed from (a date over the 12th may come late).
const GUESS_ROWS: usize = 1_000;

pub const MSG_NOT_PLACED: &str = "Vitalog cannot tell which app made this CSV file. Choose \
     \"Other spreadsheet\" and map its columns.";
pub const MSG_ZIP_UNKNOWN: &str = "This zip is neither an Apple Health export (export.xml) nor a \
     Withings export (bp.csv, weight.csv).";

/// What the first bytes (at most 64 KiB) of `file_name` are.
pub fn sniff(head: &[u8], file_name: &str) -> Sniff {
    sniff_at(head, file_name, None)
}

/// [`sniff`], a CSV's header read from `header_row` (1-based) when given.
pub fn sniff_at(head: &[u8], file_name: &str, header_row: Option<u64>) -> Sniff {
    let head = head.get(..SNIFF_BYTES).unwrap_or(head);
    if head.starts_with(ZIP_MAGIC) {
        return Sniff::of(Container::Zip, zip_head_format(head));
    }
    let body = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = body.trim_ascii_start();
    if start.starts_with(b"<?xml") || start.starts_with(b"<HealthData") {
        let apple = contains(body, b"<HealthData");
        return Sniff::of(Container::Xml, apple.then_some(Format::AppleHealth));
    }
    let text = match std::str::from_utf8(body) {
        Ok(t) => t,
        // The head may cut a character in two: what is before it is text.
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(body.get(..e.valid_up_to()).unwrap_or(&[])).unwrap_or("")
        }
        Err(_) => return Sniff::of(Container::Unknown, None),
    };
    // A head cut mid-row: its last line is incomplete.
    let text = match text.rfind('\n') {
        Some(end) if head.len() >= SNIFF_BYTES => text.get(..=end).unwrap_or(text),
        _ => text,
    };
    let at = header_row.map_or(text::HeaderAt::Auto, text::HeaderAt::Line);
    let Ok(mut csv) = Csv::at(text.as_bytes(), None, "", at) else {
        return Sniff::of(Container::Unknown, None);
    };
    let columns = csv.header().to_vec();
    // The rows the head holds (up to GUESS_ROWS) tell the date order; five are shown.
    let mut all_rows: Vec<Vec<String>> = Vec::new();
    while all_rows.len() < GUESS_ROWS {
        match csv.next_row() {
            Ok(Some(row)) => all_rows.push(row.cells.iter().map(str::to_owned).collect()),
            _ => break,
        }
    }
    let rows: Vec<Vec<String>> = all_rows.iter().take(SAMPLE_ROWS).cloned().collect();
    let delimiter = char::from(csv.delimiter());
    let format = csv_format(&columns, &rows, file_name);
    let mut app = None;
    let suggested = (format == Format::Spreadsheet).then(|| {
        let mut m = guess(&columns, &all_rows, delimiter);
        app = super::layouts::recognise(&columns, &all_rows, &mut m);
        m.header_row = Some(csv.header_line());
        m
    });
    Sniff {
        format: Some(format),
        container: Container::Csv,
        delimiter: Some(delimiter),
        header_row: csv.header_line(),
        lead: csv.lead().to_vec(),
        columns,
        rows,
        suggested,
        app,
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// The format a zip's head shows in the names of its local file headers.
fn zip_head_format(head: &[u8]) -> Option<Format> {
    let mut names = Vec::new();
    let mut at = 0;
    while let Some(found) = head
        .get(at..)
        .and_then(|rest| rest.windows(4).position(|w| w == ZIP_MAGIC))
    {
        let start = at + found;
        // The name's length is at byte 26 of a local file header, the name at byte 30.
        let len = head
            .get(start + 26..start + 28)
            .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])));
        if let Some(name) = len.and_then(|n| head.get(start + 30..start + 30 + n)) {
            names.push(String::from_utf8_lossy(name).into_owned());
        }
        at = start + 4;
    }
    zip_format(names.iter().map(String::as_str))
}

/// The format of a zip holding entries named `names`.
fn zip_format<'a>(names: impl Iterator<Item = &'a str> + Clone) -> Option<Format> {
    let apple = |n: &str| {
        let lower = n.to_ascii_lowercase().replace('\\', "/");
        lower.starts_with("apple_health_export/")
            || lower
                .rsplit('/')
                .next()
                .is_some_and(|last| last == "export.xml")
    };
    if names.clone().any(apple) {
        Some(Format::AppleHealth)
    } else if names.clone().any(|n| withings::entry_file(n).is_some()) {
        Some(Format::Withings)
    } else {
        None
    }
}

/// Which app wrote a CSV with this header and these first rows.
fn csv_format(columns: &[String], rows: &[Vec<String>], file_name: &str) -> Format {
    let lower: Vec<String> = columns.iter().map(|c| c.trim().to_lowercase()).collect();
    let vitalog_only = [
        "heart_rate",
        "weight_unit",
        "blood_sugar",
        "blood_sugar_unit",
    ];
    let has = |name: &str| lower.iter().any(|c| c == name);
    if has("date")
        && has("time")
        && vitalog_only.iter().any(|c| has(c))
        && lower
            .iter()
            .all(|c| readings::transfer::CSV_COLUMNS.contains(&c.as_str()))
    {
        return Format::Vitalog;
    }
    if omron::Columns::is_omron(columns) {
        return Format::Omron;
    }
    // Withings by structure: its columns in any language (or, for a file named as the
    // export names it, by their places), and a first date as Withings writes it.
    let named = withings::entry_file(file_name);
    let kind = withings::Kind::of(columns)
        .or_else(|| named.and_then(|n| withings::Kind::by_position(columns, n)))
        .filter(|k| k.whole(columns));
    if kind.is_some() {
        let first_date = rows.first().and_then(|r| r.first());
        if first_date.is_some_and(|d| withings::date_time(d).is_some())
            || (named.is_some() && rows.is_empty())
        {
            return Format::Withings;
        }
    }
    Format::Spreadsheet
}

/// A mapping guessed from the columns' names (any language `words` knows) and the first
/// rows' dates. Units only where the header says them; never two roles for one column.
pub(crate) fn guess(columns: &[String], rows: &[Vec<String>], delimiter: char) -> Mapping {
    let mut used = vec![false; columns.len()];
    // Exact names first (a column named "Date" before one named "Date of birth"), then words.
    fn take(columns: &[String], used: &mut [bool], role: Role) -> Option<usize> {
        let free = |i: &usize| !used.get(*i).copied().unwrap_or(true);
        let at = (0..columns.len())
            .filter(free)
            .find(|i| words::exact_role(&columns[*i]) == Some(role))
            .or_else(|| {
                // An average before a minimum or maximum (`Heart Rate [Avg]`).
                let extreme = |i: &usize| {
                    words::bare(&columns[*i])
                        .split(' ')
                        .any(|w| matches!(w, "min" | "max" | "minimum" | "maximum"))
                };
                let fits = |i: &usize| {
                    words::exact_role(&columns[*i]).is_none() && words::says(&columns[*i], role)
                };
                (0..columns.len())
                    .filter(free)
                    .find(|i| fits(i) && !extreme(i))
                    .or_else(|| (0..columns.len()).filter(free).find(fits))
            })?;
        if let Some(u) = used.get_mut(at) {
            *u = true;
        }
        Some(at)
    }
    let sample = |column: usize| rows.iter().filter_map(move |r| r.get(column));
    let date = take(columns, &mut used, Role::Date)
        .or_else(|| first_date_column(columns.len(), rows))
        .unwrap_or(0);
    if let Some(u) = used.get_mut(date) {
        *u = true;
    }
    let mut pick = |role: Role| take(columns, &mut used, role);
    let epoch = sample(date)
        .next()
        .is_some_and(|d| text::epoch(d, chrono_tz::UTC).is_some());
    // A column named as the time is read whenever its cell is filled: a date cell's
    // `0:00` is a spreadsheet's way of writing a date, not the time it was measured.
    let time = pick(Role::Time).filter(|_| !epoch);
    let systolic = pick(Role::Systolic);
    let diastolic = pick(Role::Diastolic);
    let heart_rate = pick(Role::HeartRate);
    let weight = pick(Role::Weight);
    let blood_sugar = pick(Role::BloodSugar);
    let notes = pick(Role::Notes);
    let period = pick(Role::Period);
    let header = |c: Option<usize>| c.and_then(|c| columns.get(c)).map_or("", String::as_str);
    Mapping {
        delimiter,
        header_row: None,
        date,
        time,
        systolic,
        diastolic,
        heart_rate,
        weight,
        blood_sugar,
        notes,
        period,
        weight_unit: units::weight_in_header(header(weight)),
        blood_sugar_unit: units::blood_sugar_in_header(header(blood_sugar)),
        date_order: if epoch {
            DateOrder::Epoch
        } else {
            date_order(sample(date).map(String::as_str), delimiter)
        },
        default_time: None,
        morning_time: period.map(|_| MORNING),
        evening_time: period.map(|_| EVENING),
    }
}

/// The times offered for morning and evening markers: the middle of the guidelines'
/// morning (06:00–09:00 before medication) and evening (18:00–21:00) windows, as a start
/// the person changes (2023 ESH home monitoring protocol).
const MORNING: chrono::NaiveTime = match chrono::NaiveTime::from_hms_opt(8, 0, 0) {
    Some(t) => t,
    None => chrono::NaiveTime::MIN,
};
const EVENING: chrono::NaiveTime = match chrono::NaiveTime::from_hms_opt(20, 0, 0) {
    Some(t) => t,
    None => chrono::NaiveTime::MIN,
};

/// The first column whose first row reads as a date, when no column is named one.
fn first_date_column(columns: usize, rows: &[Vec<String>]) -> Option<usize> {
    let first = rows.first()?;
    (0..columns).find(|&c| {
        first.get(c).is_some_and(|cell| {
            let (day, _) = text::split_date_time(cell);
            text::numeric_date(&day, DateOrder::Mdy).is_some()
                || text::numeric_date(&day, DateOrder::Dmy).is_some()
                || text::month_name_date(&day).is_some()
        })
    })
}

/// The date order the sample dates show (see the module's doc).
fn date_order<'a>(dates: impl Iterator<Item = &'a str>, delimiter: char) -> DateOrder {
    let mut iso = false;
    let mut dotted = false;
    for d in dates {
        let (day, _) = text::split_date_time(d);
        let Some(sep) = day.chars().find(|c| matches!(c, '/' | '.' | '-')) else {
            continue;
        };
        let parts: Vec<&str> = day.split(sep).collect();
        let number = |i: usize| parts.get(i).and_then(|p| p.parse::<u32>().ok());
        if parts.first().is_some_and(|p| p.len() == 4) {
            iso = true;
            continue;
        }
        dotted |= sep == '.';
        match (number(0), number(1)) {
            (Some(first), _) if first > 12 => return DateOrder::Dmy,
            (_, Some(second)) if second > 12 => return DateOrder::Mdy,
            _ => {}
        }
    }
    if iso {
        DateOrder::Ymd
    } else if dotted || delimiter == ';' {
        DateOrder::Dmy
    } else {
        DateOrder::Mdy
    }
}

/// Whether text starts as UTF-16 does: its byte order mark, or `<` (or any ASCII) beside a
/// NUL. Windows tools save XML this way; such a file is not an export a phone wrote.
pub fn is_utf16(head: &[u8]) -> bool {
    match head {
        [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..] => true,
        [a, 0, ..] | [0, a, ..] => a.is_ascii() && *a != 0,
        _ => false,
    }
}

/// Whether `head` is XML in UTF-16 (what a text editor's "Unicode" makes of export.xml).
fn is_utf16_xml(head: &[u8]) -> bool {
    if !is_utf16(head) {
        return false;
    }
    let ascii: Vec<u8> = head
        .iter()
        .copied()
        .filter(|b| *b != 0 && b.is_ascii())
        .take(64)
        .collect();
    let start = ascii.trim_ascii_start();
    start.starts_with(b"<?xml") || start.starts_with(b"<HealthData")
}

/// The format of the whole file at `path` ("automatic" on upload).
pub fn resolve(path: &Path, file_name: &str) -> Result<Format, FileError> {
    let (file, _) = text::open(path)?;
    let mut head = Vec::new();
    file.take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(text::io_error)?;
    if head.starts_with(ZIP_MAGIC) {
        let (file, _) = text::open(path)?;
        let archive = super::zip_guard::open(file, |_| {
            FileError::new(format!("This zip cannot be read: {MSG_ZIP_UNKNOWN}"))
        })?;
        let names: Vec<String> = archive
            .file_names()
            .filter_map(Result::ok)
            .map(|n| n.into_owned())
            .collect();
        return zip_format(names.iter().map(String::as_str))
            .ok_or_else(|| FileError::new(MSG_ZIP_UNKNOWN));
    }
    // Not "save it as CSV UTF-8": it is an XML file, in another encoding.
    if is_utf16_xml(&head) {
        return Err(FileError::new(super::MSG_XML_NOT_UTF8));
    }
    // Excel's "Unicode Text" is UTF-16: its NULs pass as UTF-8, so say it here.
    if is_utf16(&head) {
        return Err(FileError::new(MSG_NOT_UTF8));
    }
    let found = sniff(&head, file_name);
    match (found.container, found.format) {
        (Container::Xml, _) => Ok(Format::AppleHealth),
        (Container::Csv, Some(f)) if f != Format::Spreadsheet => Ok(f),
        (Container::Csv, _) => Err(FileError::new(MSG_NOT_PLACED)),
        _ if head
            .strip_prefix(b"\xEF\xBB\xBF")
            .unwrap_or(&head)
            .trim_ascii()
            .is_empty() =>
        {
            Err(FileError::new(MSG_EMPTY))
        }
        _ if std::str::from_utf8(&head).is_err() => Err(FileError::new(MSG_NOT_UTF8)),
        _ => Err(FileError::new(MSG_NOT_PLACED)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::file;
    use super::super::units::WeightIn;
    use super::super::withings::tests::zip_of;
    use super::*;
    use kernel::units::BloodSugarUnit;

    fn cells(s: &str) -> Vec<String> {
        s.split(',').map(str::to_owned).collect()
    }

    #[test]
    fn csv_heads_of_each_app() {
        let vitalog = format!(
            "{}\r\n2026-11-20,07:00,120,80,70,,lbs,,mg/dL,\r\n",
            readings::transfer::CSV_COLUMNS.join(",")
        );
        let s = sniff(vitalog.as_bytes(), "vitalog-export.csv");
        assert_eq!(
            (s.format, s.container),
            (Some(Format::Vitalog), Container::Csv)
        );
        assert_eq!(s.columns.len(), readings::transfer::CSV_COLUMNS.len());
        assert_eq!(s.suggested, None);
        // An export from before the source columns (issue 39) is still Vitalog's.
        let older = format!(
            "{}\r\n2026-11-20,07:00,120,80,70,,lbs,,mg/dL,,home\r\n",
            readings::transfer::CSV_COLUMNS[..11].join(",")
        );
        let s = sniff(older.as_bytes(), "vitalog-export.csv");
        assert_eq!(s.format, Some(Format::Vitalog));

        let omron = format!(
            "\u{feff}{}\n\"Jul 6 2023\",\"10:43 am\",\"128\",\"82\",\"71\",\"-\",\"-\",\"Off\",\"-\"\n",
            omron::HEADER
        );
        let s = sniff(omron.as_bytes(), "anything.csv");
        assert_eq!(s.format, Some(Format::Omron));
        assert_eq!(s.columns[2], "Systolic (mmHg)");
        assert_eq!(s.rows, [cells("Jul 6 2023,10:43 am,128,82,71,-,-,Off,-")]);
        assert_eq!(s.delimiter, Some(','));

        let bp =
            "Date,\"Heart rate\",Systolic,Diastolic,Comments\n\"2023-07-06 10:43:12\",71,128,82,\n";
        assert_eq!(
            sniff(bp.as_bytes(), "export.csv").format,
            Some(Format::Withings)
        );
        let weight = "Date,\"Weight (kg)\",\"Fat mass (kg)\",Comments\n";
        assert_eq!(
            sniff(weight.as_bytes(), "weight.csv").format,
            Some(Format::Withings)
        );
        // The same names with another app's dates: a spreadsheet to map.
        let sheet = "Date,Weight (kg)\n06/07/2023,72.5\n";
        assert_eq!(
            sniff(sheet.as_bytes(), "mine.csv").format,
            Some(Format::Spreadsheet)
        );
        // Vitalog's plainer names alone are a spreadsheet too.
        let plain = "date,time,systolic,diastolic\n2023-07-06,07:00,120,80\n";
        assert_eq!(
            sniff(plain.as_bytes(), "x.csv").format,
            Some(Format::Spreadsheet)
        );
    }

    #[test]
    fn spreadsheets_get_a_guessed_mapping() {
        let csv = "Datum/Date;Time;SYS;DIA;Pulse (bpm);Weight (kg);Glucose (mmol/L);Notes\n\
                   25.12.2023;08:15;130;85;70;72,5;5,5;ok\n";
        let s = sniff(csv.as_bytes(), "sheet.csv");
        assert_eq!(s.format, Some(Format::Spreadsheet));
        assert_eq!(
            s.suggested,
            Some(Mapping {
                delimiter: ';',
                header_row: Some(1),
                date: 0,
                time: Some(1),
                systolic: Some(2),
                diastolic: Some(3),
                heart_rate: Some(4),
                weight: Some(5),
                blood_sugar: Some(6),
                notes: Some(7),
                period: None,
                weight_unit: Some(WeightIn::Kg),
                blood_sugar_unit: Some(BloodSugarUnit::MmolL),
                date_order: DateOrder::Dmy,
                default_time: None,
                morning_time: None,
                evening_time: None,
            })
        );
        let us = "Measured,Systolic,Diastolic,HR,Weight (lb),Blood sugar,Comments\n\
                  7/6/2023 10:43 PM,120,80,60,160,95,\n";
        let m = sniff(us.as_bytes(), "us.csv").suggested.unwrap();
        assert_eq!(
            (
                m.date,
                m.time,
                m.systolic,
                m.diastolic,
                m.heart_rate,
                m.weight,
                m.blood_sugar,
                m.notes
            ),
            (
                0,
                None,
                Some(1),
                Some(2),
                Some(3),
                Some(4),
                Some(5),
                Some(6)
            )
        );
        assert_eq!(
            (m.weight_unit, m.blood_sugar_unit, m.date_order),
            (Some(WeightIn::Lbs), None, DateOrder::Mdy)
        );
        let order = |dates: &[&str], delimiter| date_order(dates.iter().copied(), delimiter);
        assert_eq!(order(&["06/07/2023", "13/07/2023"], ','), DateOrder::Dmy);
        assert_eq!(order(&["07/06/2023", "07/13/2023"], ','), DateOrder::Mdy);
        assert_eq!(order(&["07/06/2023"], ','), DateOrder::Mdy);
        assert_eq!(order(&["07/06/2023"], ';'), DateOrder::Dmy);
        assert_eq!(order(&["2023-07-06 10:43"], ','), DateOrder::Ymd);
    }

    #[test]
    fn what_an_adversarial_probe_found_is_guessed_right() {
        let m = |csv: &str| {
            let s = sniff(csv.as_bytes(), "sheet.csv");
            assert_eq!(s.format, Some(Format::Spreadsheet), "{csv}");
            s.suggested.unwrap_or_else(|| panic!("{csv}"))
        };
        // A sheet starting like Withings' bp.csv, with a time and a weight Withings never
        // writes there: a spreadsheet, its Time column read (the date's 0:00 is no time).
        let a = m("Date,Time,Systolic,Diastolic,Pulse\n2024-01-15 00:00:00,07:30,128,82,66\n");
        assert_eq!((a.time, a.heart_rate), (Some(1), Some(4)));
        let a =
            m("Date,Weight (kg),Systolic,Diastolic,Heart rate\n2024-01-15 07:30:00,80,128,82,66\n");
        assert_eq!(a.weight, Some(1));
        let a = m("Date,Time,Sys,Dia\n1/15/2024 0:00,7:30 AM,128,82\n");
        assert_eq!(a.time, Some(1));
        // A pulse pressure is no pulse.
        let a = m(
            "Date,Time,Systolic,Diastolic,Pulse Pressure,Pulse Rate,MAP\n2024-01-15,07:30,128,82,46,66,97\n",
        );
        assert_eq!(a.heart_rate, Some(5));
        // Turkish: "Zaman" is the time.
        let a = m("Tarih;Zaman;Sistolik;Diyastolik;Nabız\n15.01.2024;07:30;128;82;66\n");
        assert_eq!(
            (a.time, a.systolic, a.diastolic, a.heart_rate, a.period),
            (Some(1), Some(2), Some(3), Some(4), None)
        );
        // Health Auto Export: names in brackets, an average before a minimum.
        let a = m(
            "Date/Time,Blood Pressure [Systolic] (mmHg),Blood Pressure [Diastolic] (mmHg),Heart Rate [Min] (count/min),Heart Rate [Avg] (count/min),Weight & Body Mass (lb)\n2024-01-15 07:30:00,128,82,60,66,180\n",
        );
        assert_eq!(
            (
                a.systolic,
                a.diastolic,
                a.heart_rate,
                a.weight,
                a.weight_unit
            ),
            (Some(1), Some(2), Some(4), Some(5), Some(WeightIn::Lbs))
        );
        // A units row under the header; a two-cell title above one.
        let s = sniff(
            b"Date,Time,Sys,Dia,Pulse,Weight\n,,mmHg,mmHg,bpm,kg\n2024-01-15,07:30,128,82,66,80\n",
            "u.csv",
        );
        assert_eq!(
            (s.header_row, s.suggested.map(|m| m.systolic)),
            (1, Some(Some(2)))
        );
        let s = sniff(
            b"Weight diary,John\nDate,Weight (kg)\n\"Jan 5, 2024\",80.5\n",
            "d.csv",
        );
        assert_eq!(s.header_row, 2, "{:?}", s.columns);
        // Dates day first only late in the head.
        let mut uk = String::from("Date,Time,Systolic,Diastolic\n");
        for d in 1..=14 {
            uk.push_str(&format!("{d:02}/02/2024,08:00,120,80\n"));
        }
        assert_eq!(m(&uk).date_order, DateOrder::Dmy);
        // A date without separators is not Unix time.
        assert_ne!(
            m("Date,Sys,Dia\n202401150730,120,80\n").date_order,
            DateOrder::Epoch
        );
        // OMRON's logbook in Korean is OMRON's.
        let ko = "측정일시,시간 영역,최고혈압 (mmHg),최저혈압 (mmHg),맥박 (bpm),제품 기종\n2024/11/21 11:40,Asia/Seoul,123,81,70,HEM-7281T\n";
        assert_eq!(sniff(ko.as_bytes(), "k.csv").format, Some(Format::Omron));
    }

    #[test]
    fn a_head_cut_mid_row_drops_its_last_line() {
        let mut csv = String::from("date,time,sys,dia\n");
        while csv.len() < SNIFF_BYTES + 100 {
            csv.push_str("2023-07-06,07:00,120,80\n");
        }
        let head = &csv.as_bytes()[..SNIFF_BYTES];
        assert!(!head.ends_with(b"\n"));
        let s = sniff(head, "big.csv");
        assert_eq!(s.rows.len(), 5);
        assert_eq!(s.rows[4], cells("2023-07-06,07:00,120,80"));
        // A head of only full rows: the five first, nothing cut.
        let short = "date,time,sys\n2023-07-06,07:00,120\n2023-07-07,07:00,121";
        let s = sniff(short.as_bytes(), "short.csv");
        assert_eq!(s.rows.len(), 2, "a small file's last line is whole");
    }

    #[test]
    fn xml_zip_and_unknown_heads() {
        let apple = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n]>\n<HealthData locale=\"en_US\">\n";
        let s = sniff(apple.as_bytes(), "export.xml");
        assert_eq!(
            (s.container, s.format),
            (Container::Xml, Some(Format::AppleHealth))
        );
        let other = sniff(b"<?xml version=\"1.0\"?><feed/>", "feed.xml");
        assert_eq!((other.container, other.format), (Container::Xml, None));

        let apple_zip = zip_of(&[("apple_health_export/export.xml", apple.as_bytes())]);
        let s = sniff(&apple_zip, "export.zip");
        assert_eq!(
            (s.container, s.format),
            (Container::Zip, Some(Format::AppleHealth))
        );
        let withings_zip = zip_of(&[
            ("data/activities.csv", b"Date,Steps\n"),
            (
                "data/bp.csv",
                b"Date,\"Heart rate\",Systolic,Diastolic,Comments\n",
            ),
        ]);
        assert_eq!(sniff(&withings_zip, "x.zip").format, Some(Format::Withings));
        assert_eq!(sniff(&zip_of(&[("a.txt", b"a")]), "a.zip").format, None);

        for (head, container) in [
            (&b"\x00\x01\x02\xff"[..], Container::Unknown),
            (b"", Container::Unknown),
            (b"\xEF\xBB\xBF  \n", Container::Unknown),
        ] {
            let s = sniff(head, "f");
            assert_eq!((s.container, s.format), (container, None), "{head:?}");
        }
        // A character cut by the head's end is still text.
        let mut cut = b"date,notes\n2023-07-06,caf".to_vec();
        cut.push(0xC3);
        assert_eq!(sniff(&cut, "f.csv").container, Container::Csv);
    }

    #[test]
    fn resolve_reads_a_zips_central_directory() {
        let at = |name: &str, bytes: &[u8]| {
            let (_dir, path) = file(name, bytes);
            resolve(&path, name)
        };
        // bp.csv behind 100 KiB of other entries: not in the head, in the directory.
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let noise: Vec<u8> = (0..100_000)
            .map(|_| {
                // xorshift: bytes deflate cannot shrink.
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x.to_le_bytes()[0]
            })
            .collect();
        let zip = zip_of(&[
            ("data/raw_tracker_steps.csv", &noise),
            (
                "data/bp.csv",
                b"Date,\"Heart rate\",Systolic,Diastolic,Comments\n",
            ),
        ]);
        assert_eq!(
            sniff(&zip, "w.zip").format,
            None,
            "bp.csv is not in the head"
        );
        assert_eq!(at("w.zip", &zip), Ok(Format::Withings));
        let apple = zip_of(&[
            ("apple_health_export/export_cda.xml", &noise),
            ("apple_health_export/export.xml", b"<HealthData/>"),
        ]);
        assert_eq!(at("export.zip", &apple), Ok(Format::AppleHealth));
        assert_eq!(
            at("photos.zip", &zip_of(&[("a.jpg", b"x")])),
            Err(FileError::new(MSG_ZIP_UNKNOWN))
        );
        assert!(
            at("bad.zip", b"PK\x03\x04broken")
                .unwrap_err()
                .0
                .starts_with("This zip cannot be read")
        );
        assert_eq!(
            at("export.xml", b"<?xml version=\"1.0\"?>\n<HealthData>"),
            Ok(Format::AppleHealth)
        );
        let omron = format!("{}\n", omron::HEADER);
        assert_eq!(at("o.csv", omron.as_bytes()), Ok(Format::Omron));
        assert_eq!(
            at(
                "bp.csv",
                b"Date,\"Heart rate\",Systolic,Diastolic,Comments\n"
            ),
            Ok(Format::Withings)
        );
        assert_eq!(
            at("s.csv", b"when,sys\n1/2/2023,120\n"),
            Err(FileError::new(MSG_NOT_PLACED))
        );
        assert_eq!(at("e.csv", b""), Err(FileError::new(MSG_EMPTY)));
        assert_eq!(
            at("e.csv", b"\xEF\xBB\xBF\r\n"),
            Err(FileError::new(MSG_EMPTY))
        );
        assert_eq!(
            at("l.csv", b"date,notes\n2023-07-06,caf\xE9\n"),
            Err(FileError::new(MSG_NOT_UTF8))
        );
        // An export.xml saved again as UTF-16 (with and without its byte order mark) is
        // told it is XML in the wrong encoding, not to save a CSV (issue 33).
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<HealthData locale=\"en_US\">\n";
        let utf16le: Vec<u8> = xml.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let utf16be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(xml.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        let with_bom: Vec<u8> = [0xFF, 0xFE].into_iter().chain(utf16le.clone()).collect();
        for bytes in [&utf16le, &utf16be, &with_bom] {
            assert_eq!(
                at("export.xml", bytes),
                Err(FileError::new(crate::MSG_XML_NOT_UTF8))
            );
        }
        // A UTF-16 CSV (Excel's "Unicode Text") is still told to save as CSV UTF-8.
        let csv: Vec<u8> = "date,sys\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(at("u.csv", &csv), Err(FileError::new(MSG_NOT_UTF8)));
    }
}
