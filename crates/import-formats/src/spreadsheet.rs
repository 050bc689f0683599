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

use readings::model::{NumberField, ReadingAt};

use super::text::{self, Csv, HeaderAt, Row};
use super::{
    AsRead, Collector, Context, DateOrder, FileError, Format, Mapping, Parsed, SkipReason,
    TimeBasis, units, words,
};

pub const MSG_NO_MAPPING: &str = "A spreadsheet is read with its columns mapped: choose which \
     column holds the date, and which hold the time and each measure.";

pub fn parse(path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    let mapping = ctx.mapping.ok_or_else(|| FileError::new(MSG_NO_MAPPING))?;
    mapping.check().map_err(FileError::new)?;
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
    let header_at = mapping.header_row.map_or(HeaderAt::Auto, HeaderAt::Line);
    let mut csv = Csv::at(file, Some(delimiter), "", header_at)?;
    check_columns(mapping, csv.header().len(), csv.header_line())?;
    let decimal_comma = delimiter != b',';
    let mut out = Collector::new(Format::Spreadsheet, ctx, TimeBasis::AsWritten);
    out.add_total(len);
    say_units(&mut out, mapping, csv.header());
    let mut other_table = false;
    let mut order = OrderEvidence::default();
    while let Some((row, location)) = csv.next_record(&mut out, 0)? {
        // Another table further down (Beurer's exports hold one per measure, each under
        // its title and header): its rows are not this table's columns. Left out, counted,
        // never read with this mapping (a weight is no diastolic).
        other_table = other_table || starts_table(&row);
        if other_table {
            out.leave_out(LEFT_OTHER_TABLE);
            continue;
        }
        order.note(row.get(Some(mapping.date)), mapping.date_order);
        match when(&row, mapping, ctx.zone) {
            Ok((day, time, converted)) => {
                if converted {
                    out.set_time_basis(TimeBasis::Converted);
                }
                let number = |c: Option<usize>| text::number(row.get(c), decimal_comma);
                let weight = number(mapping.weight);
                let sugar = number(mapping.blood_sugar);
                let as_read = AsRead {
                    weight: read_in(weight, mapping.weight_unit),
                    blood_sugar: read_in(sugar, mapping.blood_sugar_unit),
                };
                // The mapping has no column for where a reading was taken: home.
                let read = ReadingAt {
                    systolic: number(mapping.systolic),
                    diastolic: number(mapping.diastolic),
                    heart_rate: number(mapping.heart_rate),
                    weight: match mapping.weight_unit {
                        Some(u) => NumberField::map(weight, |v| u.to_lbs(v)),
                        None => NumberField::Empty,
                    },
                    blood_sugar: match mapping.blood_sugar_unit {
                        Some(u) => NumberField::map(sugar, |v| u.to_mgdl(v)),
                        None => NumberField::Empty,
                    },
                    notes: Some(text::text_cell(row.get(mapping.notes)).to_owned()),
                    ..ReadingAt::new(day, time)
                };
                out.check_read(location, read, as_read)?;
            }
            Err(message) => out.skip(location, SkipReason::UnreadableDate, message),
        }
    }
    order.check(mapping.date_order)?;
    Ok(out.finish())
}

pub const LEFT_OTHER_TABLE: &str = "Rows of another table further down the file (under a \
     header line of its own): import the file again with that line as the header";

/// Whether a row is another table's header: two names at least, no value, one of them a
/// column name Vitalog knows.
fn starts_table(row: &Row) -> bool {
    let filled: Vec<&str> = row.cells.iter().filter(|c| !c.is_empty()).collect();
    filled.len() >= 2
        && filled
            .iter()
            .all(|c| !c.starts_with(|ch: char| ch.is_ascii_digit()))
        && filled
            .iter()
            .filter(|c| words::exact_role(c).is_some())
            .count()
            >= 2
        && filled
            .iter()
            .all(|c| text::month_name_date(&text::split_date_time(c).0).is_none())
}

/// What the dates say of the day/month order chosen: a file whose dates are read only in
/// the other order (`13/02/2024` under MM/DD) was mapped wrong, and its other dates would
/// be stored a month off: refused, with the order to choose.
#[derive(Default)]
struct OrderEvidence {
    /// A date only the chosen order reads (its other number over 12).
    chosen: Option<String>,
    /// A date only the other order reads.
    other: Option<String>,
}

impl OrderEvidence {
    fn note(&mut self, raw: &str, order: DateOrder) {
        let other = match order {
            DateOrder::Mdy => DateOrder::Dmy,
            DateOrder::Dmy => DateOrder::Mdy,
            DateOrder::Ymd | DateOrder::Epoch => return,
        };
        let day = text::split_date_time(raw).0;
        let (this, that) = (
            text::numeric_date(&day, order).is_some(),
            text::numeric_date(&day, other).is_some(),
        );
        if this && !that {
            self.chosen.get_or_insert_with(|| super::excerpt(raw));
        } else if that && !this {
            self.other.get_or_insert_with(|| super::excerpt(raw));
        }
    }

    fn check(&self, order: DateOrder) -> Result<(), FileError> {
        let (chosen, wanted) = match order {
            DateOrder::Mdy => ("MM/DD", "DD/MM"),
            DateOrder::Dmy => ("DD/MM", "MM/DD"),
            DateOrder::Ymd | DateOrder::Epoch => return Ok(()),
        };
        match (&self.chosen, &self.other) {
            (None, Some(date)) => Err(FileError::new(format!(
                "The dates are read as {chosen}, but \"{date}\" can only be {wanted}: \
                 choose {wanted} as the date order, or every day and month would be swapped."
            ))),
            _ => Ok(()),
        }
    }
}

/// A number as read, with its unit.
fn read_in<U: Copy>(field: NumberField, unit: Option<U>) -> Option<(f64, U)> {
    match (field, unit) {
        (NumberField::Number(v), Some(u)) => Some((v, u)),
        _ => None,
    }
}

/// Tells the preview where the units came from: the column's header when it names the
/// unit chosen, else the person's choice.
fn say_units(out: &mut Collector<'_>, mapping: &Mapping, header: &[String]) {
    let source = |column: Option<usize>, named: bool| match column.and_then(|c| header.get(c)) {
        Some(name) if named => format!("the column “{}”", super::excerpt(name)),
        _ => "your choice".to_owned(),
    };
    if let (Some(c), Some(u)) = (mapping.weight, mapping.weight_unit) {
        let named = header
            .get(c)
            .and_then(|h| units::weight_in_header(h))
            .is_some_and(|h| h == u);
        out.unit_from("weight", u.as_str(), source(Some(c), named));
    }
    if let (Some(c), Some(u)) = (mapping.blood_sugar, mapping.blood_sugar_unit) {
        let named = header
            .get(c)
            .and_then(|h| units::blood_sugar_in_header(h))
            .is_some_and(|h| h == u);
        out.unit_from("bloodSugar", u.as_str(), source(Some(c), named));
    }
}

/// Every mapped column is in the header: a mapping made for another file (or with the
/// wrong delimiter, which makes one wide column) is refused before any row is read.
fn check_columns(mapping: &Mapping, columns: usize, line: u64) -> Result<(), FileError> {
    match mapping
        .roles()
        .into_iter()
        .find(|(_, c)| c.is_some_and(|c| c >= columns))
    {
        Some((what, Some(c))) => Err(FileError::new(format!(
            "This {} does not match its mapping: the {} is mapped to column {}, but \
             line {line} has {columns} column{}. Check the delimiter and the columns.",
            Format::Spreadsheet.label(),
            what.to_lowercase(),
            c + 1,
            if columns == 1 { "" } else { "s" }
        ))),
        _ => Ok(()),
    }
}

pub const MSG_NO_TIME: &str = "The time is missing: map the column that holds it, or choose a \
     time for rows without one.";

/// The row's date and time, and whether they were converted from an instant (Unix time,
/// a UTC offset), or why they cannot be read.
fn when(
    row: &Row,
    mapping: &Mapping,
    zone: chrono_tz::Tz,
) -> Result<(chrono::NaiveDate, chrono::NaiveTime, bool), String> {
    let raw_date = row.get(Some(mapping.date));
    // A time written with its offset or `Z` is an instant, whatever the order says.
    if let Some(at) = text::instant(raw_date, zone) {
        return Ok((at.date(), at.time(), true));
    }
    if mapping.date_order == DateOrder::Epoch {
        let at = text::epoch(raw_date, zone)
            .ok_or_else(|| text::unreadable("date", raw_date, "1700000000000"))?;
        return Ok((at.date(), at.time(), true));
    }
    let (day_part, time_in_date) = text::split_date_time(raw_date);
    let example = match mapping.date_order {
        DateOrder::Mdy => "07/06/2023",
        DateOrder::Dmy => "06/07/2023",
        DateOrder::Ymd | DateOrder::Epoch => "2023-07-06",
    };
    let day = text::numeric_date(&day_part, mapping.date_order)
        .or_else(|| text::month_name_date(&day_part))
        .ok_or_else(|| text::unreadable("date", raw_date, example))?;
    let raw_time = mapping.time.map(|c| row.get(Some(c))).unwrap_or("");
    let marker = mapping.period.map(|c| row.get(Some(c))).unwrap_or("");
    let period = text::period(marker);
    let time = if !raw_time.is_empty() {
        // A 12-hour time beside an AM/PM column ("8:30" and "PM"); a marker in words
        // beside a written time says nothing more ("12:10" and "Morning" is 12:10).
        let am_pm = marker.trim().to_lowercase().replace('.', "");
        let with_period = match am_pm.as_str() {
            "am" | "pm" => text::clock_time(&format!("{raw_time} {am_pm}")),
            _ => None,
        };
        with_period
            .or_else(|| text::clock_time(raw_time))
            .or_else(|| {
                text::split_date_time(raw_time)
                    .1
                    .and_then(|t| text::clock_time(&t))
            })
            .ok_or_else(|| text::unreadable("time", raw_time, "10:43 or 10:43 PM"))?
    } else if let Some(t) = time_in_date {
        text::clock_time(&t).ok_or_else(|| text::unreadable("time", &t, "10:43 or 10:43 PM"))?
    } else if !marker.is_empty() && period.is_none() {
        return Err(format!(
            "\"{}\" in the morning/evening column is neither a morning nor an evening.",
            super::excerpt(marker)
        ));
    } else if let Some(p) = period {
        match p {
            text::Period::Morning => mapping.morning_time,
            text::Period::Evening => mapping.evening_time,
        }
        .ok_or_else(|| super::MSG_PERIOD_TIMES.to_owned())?
    } else if let Some(t) = mapping.default_time {
        t
    } else {
        return Err(MSG_NO_TIME.to_owned());
    };
    Ok((day, time, false))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{context, file, n, why};
    use super::super::units::WeightIn;
    use super::super::{MSG_EMPTY, MSG_NOT_UTF8};
    use super::*;
    use chrono_tz::America::New_York;
    use kernel::units::{BloodSugarUnit, kg_to_lbs, mmol_to_mgdl, round_to};

    fn mapping(delimiter: char, order: DateOrder) -> Mapping {
        Mapping {
            delimiter,
            header_row: None,
            date: 0,
            time: Some(1),
            systolic: Some(2),
            diastolic: Some(3),
            heart_rate: Some(4),
            weight: None,
            blood_sugar: None,
            notes: None,
            period: None,
            weight_unit: None,
            blood_sugar_unit: None,
            date_order: order,
            default_time: None,
            morning_time: None,
            evening_time: None,
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
        // The same file read month first: 25/12 can only be day first, so the 06/07 beside
        // it would be stored a month off. Refused, saying which order to choose (issue 34).
        let err = read(csv.as_bytes(), &mapping(',', DateOrder::Mdy)).unwrap_err();
        assert_eq!(
            err.0,
            "The dates are read as MM/DD, but \"25/12/2023\" can only be DD/MM: choose DD/MM \
             as the date order, or every day and month would be swapped."
        );
        // A date no order reads stays a skipped row, beside dates that fit the order.
        let csv = "Date,Time,Sys,Dia\n07/13/2023,08:15,130,85\n07/35/2023,08:15,130,85\n";
        let m = Mapping {
            heart_rate: None,
            ..mapping(',', DateOrder::Mdy)
        };
        let p = read(csv.as_bytes(), &m).unwrap();
        assert_eq!(bp(&p), ["2023-07-13 08:15 130/85 -"]);
        assert_eq!(
            p.skipped[0].message,
            "The date \"07/35/2023\" cannot be read (expected like \"07/06/2023\")."
        );
    }

    #[test]
    fn another_table_further_down_is_left_out_not_read_with_this_mapping() {
        // Beurer HealthManager Pro: a blood pressure table, then a weight table under its
        // own title and header. Read with the first table's mapping, 118 kg / BMI 43 / 45 %
        // body fat would be stored as 118/43, pulse 45.
        let csv = "BLUTDRUCK\nDatum;Uhrzeit;Sys;Dia;Puls;MAD;Manuell hinzugefügt\n\
                   15.01.2024;07:30;128;82;66;97;Nein\n\n\
                   GEWICHT\nDatum;Uhrzeit;Gewicht;BMI;Körperfett\n15.01.2024;07:00;118;43;45\n";
        let m = Mapping {
            header_row: Some(2),
            ..mapping(';', DateOrder::Dmy)
        };
        let p = read(csv.as_bytes(), &m).unwrap();
        assert_eq!(bp(&p), ["2024-01-15 07:30 128/82 66"]);
        assert_eq!(
            p.left_out.get(LEFT_OTHER_TABLE),
            Some(&2),
            "{:?}",
            p.left_out
        );
        // The title line between the tables is a skipped row, as any unreadable one.
        assert_eq!(why(&p).len(), 1, "{:?}", why(&p));
    }

    #[test]
    fn times_with_offsets_markers_and_rows_without_a_time() {
        // Libra (Android): UTC with milliseconds, under commented lines.
        let csv = "#Version:6\n#Units:kg\n\n#date;weight;weight trend\n\
                   2024-01-15T06:30:00.000Z;80.5;80.5\n2024-07-15T06:30:00Z;79.5;79.9\n";
        let m = Mapping {
            time: None,
            systolic: None,
            diastolic: None,
            heart_rate: None,
            weight: Some(1),
            weight_unit: Some(WeightIn::Kg),
            ..mapping(';', DateOrder::Ymd)
        };
        let (_dir, path) = file("libra.csv", csv.as_bytes());
        let p = parse(&path, &context(chrono_tz::Europe::Berlin, Some(&m))).unwrap();
        let at: Vec<String> = p
            .candidates
            .iter()
            .map(|c| format!("{} {}", c.values.date, c.values.time.format("%H:%M")))
            .collect();
        assert_eq!(at, ["2024-01-15 07:30", "2024-07-15 08:30"]);
        assert_eq!(p.time_basis, TimeBasis::Converted);
        // A marker beside a written time says nothing more; AM/PM completes a 12-hour one.
        let csv = "Date,Time,When,Sys,Dia\n2024-01-15,12:10,Morning,120,80\n\
                   2024-01-15,14:30,Afternoon,121,81\n2024-01-15,8:05,PM,122,82\n\
                   2024-01-16,,evening,123,83\n2024-01-17,,,124,84\n";
        let m = Mapping {
            period: Some(2),
            systolic: Some(3),
            diastolic: Some(4),
            heart_rate: None,
            morning_time: chrono::NaiveTime::from_hms_opt(7, 0, 0),
            evening_time: chrono::NaiveTime::from_hms_opt(21, 0, 0),
            default_time: chrono::NaiveTime::from_hms_opt(12, 0, 0),
            ..mapping(',', DateOrder::Ymd)
        };
        let p = read(csv.as_bytes(), &m).unwrap();
        assert_eq!(
            bp(&p),
            [
                "2024-01-15 12:10 120/80 -",
                "2024-01-15 14:30 121/81 -",
                "2024-01-15 20:05 122/82 -",
                "2024-01-16 21:00 123/83 -",
                "2024-01-17 12:00 124/84 -",
            ]
        );
    }

    #[test]
    fn semicolons_decimal_commas_and_units() {
        let csv = "Datum;Zeit;Gewicht (kg);Blutzucker (mmol/L);Notiz\n\
                   06.07.2023;07:30;72,5;5,5;nüchtern\n\
                   07.07.2023;07:31;72.4;;\n";
        let m = Mapping {
            delimiter: ';',
            header_row: None,
            date: 0,
            time: Some(1),
            systolic: None,
            diastolic: None,
            heart_rate: None,
            weight: Some(2),
            blood_sugar: Some(3),
            notes: Some(4),
            period: None,
            weight_unit: Some(WeightIn::Kg),
            blood_sugar_unit: Some(BloodSugarUnit::MmolL),
            date_order: DateOrder::Dmy,
            default_time: None,
            morning_time: None,
            evening_time: None,
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
                ("line 5", SkipReason::UnreadableDate, MSG_NO_TIME),
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
