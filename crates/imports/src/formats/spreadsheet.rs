//! Any other spreadsheet, saved as CSV by Excel, LibreOffice or Google Sheets: comma,
//! semicolon (Excel in most of Europe) or tab separated, read with the [`Mapping`] the
//! person confirmed on the page (which column holds what, the units, the date order).
//!
//! Choices:
//! - Dates: `2023-07-06` (a 4-digit first number is always year-month-day, whatever the
//!   order), else day, month and year in the mapping's order with `/`, `.` or `-`:
//!   `07/06/2023`, `06.07.2023`. A 2-digit year is 20yy (`7/6/23`): short dates are what
//!   US Excel writes by default, and readings from the 1900s are unlikely; a year that
//!   then lands in the future is refused by the form's rule. Month names (`Jul 6 2023`,
//!   `6 July 2023`) are read too.
//! - Times: 24-hour or 12-hour (`10:43 PM`), seconds dropped, in their own column or in
//!   the date's (`2023-07-06 10:43`, `06/07/2023 22:15:00`, `2023-07-06T10:43`). A time
//!   column holding a date as well (Excel's `1899-12-30 10:43:00`) gives its time. Kept as
//!   written ([`TimeBasis::AsWritten`]): a sheet has no time zone.
//! - Numbers: `72.5`; `72,5` too when the delimiter is `;` or tab (European sheets, where
//!   the comma is the decimal mark). Weight and blood sugar are converted from the mapped
//!   units to the stored ones (lbs, mg/dL).
//! - A row's location is `line N`, the file's line (the header is line 1).

use std::path::Path;

use kernel::date;
use readings::model::ReadingInput;

use super::text::{self, Csv, Row};
use super::{
    Collector, Context, DateOrder, FileError, Format, Mapping, Parsed, SkipReason, TimeBasis,
};

pub const MSG_NO_MAPPING: &str = "A spreadsheet is read with its columns mapped: choose which \
     column holds the date, and which hold the time and each measure.";

pub fn parse(path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    let mapping = ctx.mapping.ok_or_else(|| FileError::new(MSG_NO_MAPPING))?;
    let delimiter = match mapping.delimiter {
        ',' => b',',
        ';' => b';',
        '\t' => b'\t',
        other => {
            return Err(FileError::new(format!(
                "A spreadsheet's delimiter is a comma, a semicolon or a tab, not \"{other}\"."
            )));
        }
    };
    let (file, len) = text::open(path)?;
    let mut csv = Csv::new(file, Some(delimiter), "")?;
    check_columns(mapping, csv.header().len(), csv.header_line())?;
    let decimal_comma = delimiter != b',';
    let mut out = Collector::new(Format::Spreadsheet, ctx, TimeBasis::AsWritten);
    out.add_total(len);
    while let Some((row, location)) = csv.next_record(&mut out, 0)? {
        match when(&row, mapping) {
            Ok((day, time)) => {
                let number = |c: Option<usize>| text::number(row.get(c), decimal_comma);
                let input = ReadingInput {
                    date: Some(date::format_date(day)),
                    time: Some(date::format_time(time)),
                    systolic: Some(number(mapping.systolic)),
                    diastolic: Some(number(mapping.diastolic)),
                    heart_rate: Some(number(mapping.heart_rate)),
                    weight: Some(text::in_unit(number(mapping.weight), |v| {
                        mapping.weight_unit.to_lbs(v)
                    })),
                    blood_sugar: Some(text::in_unit(number(mapping.blood_sugar), |v| {
                        mapping.blood_sugar_unit.to_mgdl(v)
                    })),
                    notes: Some(row.get(mapping.notes).to_owned()),
                };
                out.check(location, &input)?;
            }
            Err(message) => out.skip(location, SkipReason::UnreadableDate, message),
        }
    }
    Ok(out.finish())
}

/// Every mapped column is in the header: a mapping made for another file (or with the
/// wrong delimiter, which makes one wide column) is refused before any row is read.
fn check_columns(mapping: &Mapping, columns: usize, line: u64) -> Result<(), FileError> {
    let mapped = [
        ("date", Some(mapping.date)),
        ("time", mapping.time),
        ("systolic", mapping.systolic),
        ("diastolic", mapping.diastolic),
        ("heart rate", mapping.heart_rate),
        ("weight", mapping.weight),
        ("blood sugar", mapping.blood_sugar),
        ("notes", mapping.notes),
    ];
    match mapped.iter().find(|(_, c)| c.is_some_and(|c| c >= columns)) {
        Some((what, Some(c))) => Err(FileError::new(format!(
            "This {} does not match its mapping: the {what} is mapped to column {}, but \
             line {line} has {columns} column{}. Check the delimiter and the columns.",
            Format::Spreadsheet.label(),
            c + 1,
            if columns == 1 { "" } else { "s" }
        ))),
        _ => Ok(()),
    }
}

/// The row's date and time, or why they cannot be read.
fn when(row: &Row, mapping: &Mapping) -> Result<(chrono::NaiveDate, chrono::NaiveTime), String> {
    let raw_date = row.get(Some(mapping.date));
    let (day_part, time_in_date) = text::split_date_time(raw_date);
    let example = match mapping.date_order {
        DateOrder::Mdy => "07/06/2023",
        DateOrder::Dmy => "06/07/2023",
        DateOrder::Ymd => "2023-07-06",
    };
    let day = text::numeric_date(&day_part, mapping.date_order)
        .or_else(|| text::month_name_date(&day_part))
        .ok_or_else(|| text::unreadable("date", raw_date, example))?;
    let raw_time = mapping.time.map(|c| row.get(Some(c))).unwrap_or("");
    let time = if raw_time.is_empty() {
        match time_in_date {
            Some(t) => text::clock_time(&t)
                .ok_or_else(|| text::unreadable("time", &t, "10:43 or 10:43 PM"))?,
            None => {
                return Err(match mapping.time {
                    Some(_) => "The time is missing.".to_owned(),
                    None => "The time is missing: map the column that holds it, or a date \
                             column that holds the time too."
                        .to_owned(),
                });
            }
        }
    } else {
        text::clock_time(raw_time)
            .or_else(|| {
                text::split_date_time(raw_time)
                    .1
                    .and_then(|t| text::clock_time(&t))
            })
            .ok_or_else(|| text::unreadable("time", raw_time, "10:43 or 10:43 PM"))?
    };
    Ok((day, time))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{context, file, n, why};
    use super::super::{MSG_EMPTY, MSG_NOT_UTF8};
    use super::*;
    use chrono_tz::America::New_York;
    use kernel::units::{BloodSugarUnit, WeightUnit, kg_to_lbs, mmol_to_mgdl, round_to};

    fn mapping(delimiter: char, order: DateOrder) -> Mapping {
        Mapping {
            delimiter,
            date: 0,
            time: Some(1),
            systolic: Some(2),
            diastolic: Some(3),
            heart_rate: Some(4),
            weight: None,
            blood_sugar: None,
            notes: None,
            weight_unit: WeightUnit::Lbs,
            blood_sugar_unit: BloodSugarUnit::MgDl,
            date_order: order,
        }
    }

    fn read(bytes: &[u8], m: &Mapping) -> Result<Parsed, FileError> {
        let (_dir, path) = file("sheet.csv", bytes);
        parse(&path, &context(New_York, Some(m)))
    }

    /// "date time systolic/diastolic heart rate" of each reading.
    fn bp(p: &Parsed) -> Vec<String> {
        p.candidates
            .iter()
            .map(|c| {
                let v = &c.values;
                format!(
                    "{} {} {}/{} {}",
                    v.date,
                    v.time.format("%H:%M"),
                    n(v.values.systolic),
                    n(v.values.diastolic),
                    n(v.values.heart_rate)
                )
            })
            .collect()
    }

    #[test]
    fn day_month_sheets_with_bom_crlf_and_trailing_lines() {
        let csv = "\u{feff}Date,Time,Sys,Dia,Pulse\r\n\
                   25/12/2023,08:15,130,85,70\r\n\
                   06/07/2023,9:05 pm,120,80,\r\n\
                   ,,,,\r\n\r\n";
        let p = read(csv.as_bytes(), &mapping(',', DateOrder::Dmy)).unwrap();
        assert_eq!(p.format, Format::Spreadsheet);
        assert_eq!(p.time_basis, TimeBasis::AsWritten);
        assert_eq!(
            bp(&p),
            ["2023-12-25 08:15 130/85 70", "2023-07-06 21:05 120/80 -"]
        );
        assert_eq!(p.candidates[1].location, "line 3");
        // The same file read month first: 25/12 is no date.
        let p = read(csv.as_bytes(), &mapping(',', DateOrder::Mdy)).unwrap();
        assert_eq!(bp(&p), ["2023-06-07 21:05 120/80 -"]);
        assert_eq!(p.skipped[0].reason, SkipReason::UnreadableDate);
        assert_eq!(
            p.skipped[0].message,
            "The date \"25/12/2023\" cannot be read (expected like \"07/06/2023\")."
        );
    }

    #[test]
    fn semicolons_decimal_commas_and_units() {
        let csv = "Datum;Zeit;Gewicht (kg);Blutzucker (mmol/L);Notiz\n\
                   06.07.2023;07:30;72,5;5,5;nüchtern\n\
                   07.07.2023;07:31;72.4;;\n";
        let m = Mapping {
            delimiter: ';',
            date: 0,
            time: Some(1),
            systolic: None,
            diastolic: None,
            heart_rate: None,
            weight: Some(2),
            blood_sugar: Some(3),
            notes: Some(4),
            weight_unit: WeightUnit::Kg,
            blood_sugar_unit: BloodSugarUnit::MmolL,
            date_order: DateOrder::Dmy,
        };
        let p = read(csv.as_bytes(), &m).unwrap();
        let got: Vec<String> = p
            .candidates
            .iter()
            .map(|c| {
                let v = &c.values;
                let (w, g) = (v.values.weight, v.values.blood_sugar);
                format!(
                    "{} {} {w:?} {g:?} {:?}",
                    v.date,
                    v.time.format("%H:%M"),
                    v.notes
                )
            })
            .collect();
        assert_eq!(
            (round_to(kg_to_lbs(72.5), 4), round_to(mmol_to_mgdl(5.5), 3)),
            (159.8351, 99.088)
        );
        assert_eq!(
            got,
            [
                "2023-07-06 07:30 Some(159.8351) Some(99.088) Some(\"nüchtern\")",
                "2023-07-07 07:31 Some(159.6147) None None",
            ]
        );
    }

    #[test]
    fn dates_holding_their_times() {
        let cases = [
            (DateOrder::Ymd, "2023-07-06 10:43", "2023-07-06 10:43"),
            (DateOrder::Ymd, "2023-07-06T10:43:00", "2023-07-06 10:43"),
            (DateOrder::Dmy, "06/07/2023 22:15:00", "2023-07-06 22:15"),
            (DateOrder::Mdy, "7/6/2023 10:43 PM", "2023-07-06 22:43"),
            (DateOrder::Mdy, "7/6/23 12:03 AM", "2023-07-06 00:03"),
            (DateOrder::Mdy, "Jul 6 2023 11:58 pm", "2023-07-06 23:58"),
        ];
        for (order, cell, want) in cases {
            let m = Mapping {
                time: None,
                ..mapping('\t', order)
            };
            let csv = format!("When\tx\tSystolic\tDiastolic\tHR\n{cell}\t\t120\t80\t60\n");
            let p = read(csv.as_bytes(), &m).unwrap();
            assert_eq!(bp(&p), [format!("{want} 120/80 60")], "{cell}");
        }
        // Excel's time column as a date-time on its day zero.
        let csv = "d,t,s,di,hr\n2023-07-06,1899-12-30 10:43:00,120,80,60\n";
        let p = read(csv.as_bytes(), &mapping(',', DateOrder::Ymd)).unwrap();
        assert_eq!(bp(&p), ["2023-07-06 10:43 120/80 60"]);
    }

    #[test]
    fn dst_and_midnight_are_kept_as_written() {
        let csv = "date,time,sys,dia,hr\n\
                   03/12/2023,2:30 AM,120,80,70\n\
                   11/05/2023,1:30 AM,130,85,72\n\
                   11/05/2023,1:30 AM,126,83,68\n\
                   11/05/2023,11:58 PM,121,81,66\n\
                   11/06/2023,12:03 AM,122,82,67\n";
        let p = read(csv.as_bytes(), &mapping(',', DateOrder::Mdy)).unwrap();
        assert_eq!(
            bp(&p),
            [
                "2023-03-12 02:30 120/80 70",
                "2023-11-05 01:30 130/85 72",
                "2023-11-05 01:30 126/83 68",
                "2023-11-05 23:58 121/81 66",
                "2023-11-06 00:03 122/82 67",
            ]
        );
    }

    #[test]
    fn bad_rows_are_skipped_with_reasons() {
        let csv = "date,time,sys,dia,hr\n\
                   2023-07-06,08:00,300,80,70\n\
                   2023-07-06,08:01,120,80,300\n\
                   2023-02-30,08:02,120,80,70\n\
                   2023-07-06,,120,80,70\n\
                   2023-07-06,25:00,120,80,70\n\
                   2023-07-06,08:03,12o,80,70\n";
        let p = read(csv.as_bytes(), &mapping(',', DateOrder::Ymd)).unwrap();
        assert!(p.candidates.is_empty());
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
                    "Heart rate must be less than 220"
                ),
                (
                    "line 4",
                    SkipReason::UnreadableDate,
                    "The date \"2023-02-30\" cannot be read (expected like \"2023-07-06\")."
                ),
                ("line 5", SkipReason::UnreadableDate, "The time is missing."),
                (
                    "line 6",
                    SkipReason::UnreadableDate,
                    "The time \"25:00\" cannot be read (expected like \"10:43 or 10:43 PM\")."
                ),
                (
                    "line 7",
                    SkipReason::Unreadable,
                    "Systolic must be a number"
                ),
            ]
        );
    }

    #[test]
    fn files_and_mappings_that_do_not_fit_are_refused() {
        let csv = b"date;time;sys;dia;hr\n2023-07-06;08:00;120;80;70\n";
        let (_dir, path) = file("sheet.csv", csv);
        assert_eq!(
            parse(&path, &context(New_York, None)).unwrap_err().0,
            MSG_NO_MAPPING
        );
        // A comma mapping on a semicolon file: one wide column.
        let err = read(csv, &mapping(',', DateOrder::Ymd)).unwrap_err();
        assert_eq!(
            err.0,
            "This spreadsheet (CSV) does not match its mapping: the time is mapped to column 2, \
             but line 1 has 1 column. Check the delimiter and the columns."
        );
        assert_eq!(
            read(csv, &mapping('|', DateOrder::Ymd)).unwrap_err().0,
            "A spreadsheet's delimiter is a comma, a semicolon or a tab, not \"|\"."
        );
        let m = mapping(';', DateOrder::Ymd);
        assert_eq!(read(b"\r\n", &m).unwrap_err().0, MSG_EMPTY);
        let err = read(b"date;time;s;d;hr\n2023-07-06;08:00;caf\xE9\n", &m).unwrap_err();
        assert!(
            err.0.starts_with(MSG_NOT_UTF8) && err.0.contains("line 2"),
            "{err}"
        );
    }
}
