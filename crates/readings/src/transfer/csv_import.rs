//! CSV import: reads the export's format (and what spreadsheets make of it) and checks
//! every row with the reading form's rules and messages.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use kernel::date;
use kernel::units::{BloodSugarUnit, WeightUnit};

use super::CSV_COLUMNS;
use crate::model::*;
use crate::rules;
use kernel::csv::unneutralise;

/// At most this many data rows per import (ten years at three a day is ~11,000).
pub const IMPORT_MAX_ROWS: usize = 50_000;

pub const MSG_CSV_HEADER: &str =
    "The first row must name the columns, with at least date and time (as in Vitalog's export).";
pub const MSG_CSV_TOO_MANY: &str =
    "The file has more than 50,000 rows. Split it and import each part.";
pub const MSG_WEIGHT_UNIT: &str = "Weight unit must be lbs or kg";
pub const MSG_SUGAR_UNIT: &str = "Blood sugar unit must be mg/dL or mmol/L";

/// A row of an import file, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportRow {
    /// 1-based line of the file (the header is line 1).
    pub line: usize,
    /// The reading in canonical units when the row is valid.
    pub values: Option<ReadingValues>,
    /// Field (the API's camelCase names) to message, with the form's messages.
    pub errors: BTreeMap<String, String>,
}

/// The file as a whole cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ImportFileError(pub &'static str);

fn number_field(raw: &str) -> NumberField {
    let t = raw.trim();
    if t.is_empty() {
        NumberField::Empty
    } else {
        t.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .map_or(NumberField::NotANumber, NumberField::Number)
    }
}

/// Parses an export-format CSV and checks every row with the reading form's rules.
pub fn parse_csv(text: &str, latest: NaiveDateTime) -> Result<Vec<ImportRow>, ImportFileError> {
    // An empty file is the reader's to say (import-formats' `MSG_EMPTY`, as for every
    // format); here it has no header.
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::Fields)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|_| ImportFileError(MSG_CSV_HEADER))?
        .clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h.trim().eq_ignore_ascii_case(name))
    };
    let (Some(date_col), Some(time_col)) = (column("date"), column("time")) else {
        return Err(ImportFileError(MSG_CSV_HEADER));
    };
    let cols: BTreeMap<&str, Option<usize>> = CSV_COLUMNS.iter().map(|c| (*c, column(c))).collect();

    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        if i >= IMPORT_MAX_ROWS {
            return Err(ImportFileError(MSG_CSV_TOO_MANY));
        }
        // The file's own line (a quoted note may span several), else the record's place.
        let line = record
            .as_ref()
            .ok()
            .and_then(|r| r.position())
            .and_then(|p| usize::try_from(p.line()).ok())
            .unwrap_or(i + 2);
        let Ok(record) = record else {
            let mut errors = BTreeMap::new();
            errors.insert("row".to_owned(), "This row is not valid CSV".to_owned());
            rows.push(ImportRow {
                line,
                values: None,
                errors,
            });
            continue;
        };
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let cell = |name: &str| -> &str {
            cols.get(name)
                .copied()
                .flatten()
                .and_then(|c| record.get(c))
                .unwrap_or("")
        };
        let mut unit_errors = BTreeMap::new();
        // An empty unit means the stored one (lbs, mg/dL); a value comes in as stored.
        let weight = match (number_field(cell("weight")), cell("weight_unit")) {
            (f, "") => f,
            (f, u) => match WeightUnit::parse_lenient(u) {
                Some(unit) => NumberField::map(f, |v| unit.to_lbs(v)),
                None => {
                    unit_errors.insert("weight".to_owned(), MSG_WEIGHT_UNIT.to_owned());
                    f
                }
            },
        };
        let sugar = match (number_field(cell("blood_sugar")), cell("blood_sugar_unit")) {
            (f, "") => f,
            (f, u) => match BloodSugarUnit::parse_lenient(u) {
                Some(unit) => NumberField::map(f, |v| unit.to_mgdl(v)),
                None => {
                    unit_errors.insert("bloodSugar".to_owned(), MSG_SUGAR_UNIT.to_owned());
                    f
                }
            },
        };
        let notes = unneutralise(cell("notes")).to_owned();
        let input = ReadingInput {
            date: Some(spreadsheet_date(record.get(date_col).unwrap_or(""))),
            time: Some(spreadsheet_time(record.get(time_col).unwrap_or(""))),
            systolic: Some(number_field(cell("systolic"))),
            diastolic: Some(number_field(cell("diastolic"))),
            heart_rate: Some(number_field(cell("heart_rate"))),
            weight: Some(weight),
            blood_sugar: Some(sugar),
            notes: Some(notes),
            // An empty cell, or no column (an older export), is a home reading.
            setting: Some(cell("setting"))
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        };
        match rules::validate(&input, latest) {
            Ok(values) if unit_errors.is_empty() => rows.push(ImportRow {
                line,
                values: Some(values),
                errors: BTreeMap::new(),
            }),
            result => {
                let mut errors: BTreeMap<String, String> = result
                    .err()
                    .map(|e| {
                        e.iter()
                            .map(|(k, v)| (k.to_owned(), v.to_owned()))
                            .collect()
                    })
                    .unwrap_or_default();
                errors.extend(unit_errors);
                rows.push(ImportRow {
                    line,
                    values: None,
                    errors,
                });
            }
        }
    }
    Ok(rows)
}

/// Spreadsheets re-save dates as they display them: `11/20/2026` (the app's own format)
/// becomes `2026-11-20`; anything else is left for the form's rules to judge.
fn spreadsheet_date(raw: &str) -> String {
    let t = raw.trim();
    kernel::display::parse_date(t)
        .map(date::format_date)
        .unwrap_or_else(|| t.to_owned())
}

/// ...and times as `9:05` or `09:05:00`: both become `09:05`.
fn spreadsheet_time(raw: &str) -> String {
    let t = raw.trim();
    ["%H:%M:%S", date::TIME_FORMAT]
        .iter()
        .find_map(|f| chrono::NaiveTime::parse_from_str(t, f).ok())
        .filter(|_| t.len() >= 4)
        .map(date::format_time)
        .unwrap_or_else(|| t.to_owned())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::*;
    use super::super::{same_reading, to_csv};
    use super::*;
    use kernel::csv::neutralise;
    use kernel::units::{BloodSugarUnit, Units, WeightUnit};

    #[test]
    fn an_export_with_a_cuffs_readings_reads_back_and_its_new_columns_are_not_refused() {
        let cuff = Reading {
            origin: crate::Origin::device(
                "=OMRON, X4".into(),
                crate::CuffFlags::of([crate::CuffFlag::BodyMovement, crate::CuffFlag::ClockUnsure]),
            ),
            ..reading(1, "2026-11-21", "07:05", full(), Some("left arm"))
        };
        let csv = to_csv(std::slice::from_ref(&cuff), Units::CANONICAL).expect("csv");
        let back = parse_csv(&csv, today()).expect("parse");
        assert!(back[0].errors.is_empty(), "{:?}", back[0].errors);
        let values = back[0].values.clone().expect("values");
        assert!(same_reading(&values, &ReadingValues::from(&cuff)));
    }

    #[test]
    fn formula_cells_are_neutralised_and_restored_on_import() {
        for evil in ["=HYPERLINK(\"http://x\")", "+1+1", "-2", "@SUM(A1)", "\tx"] {
            let rs = [reading(1, "2026-11-21", "20:15", full(), Some(evil))];
            let csv = to_csv(&rs, Units::CANONICAL).expect("csv");
            let notes_cell = csv
                .split("\r\n")
                .nth(1)
                .and_then(|l| l.rsplit_once(",mg/dL,"))
                .and_then(|(_, n)| n.strip_suffix(",home,manual,,"))
                .map(|n| n.trim_matches('"').to_owned())
                .expect("row");
            assert!(notes_cell.starts_with('\''), "{evil:?} -> {notes_cell:?}");
            let back = parse_csv(&csv, today()).expect("parse");
            assert_eq!(
                back[0]
                    .values
                    .as_ref()
                    .and_then(|v| v.notes.clone())
                    .as_deref(),
                Some(evil.trim()),
                "round trip of {evil:?}"
            );
        }
        assert_eq!(neutralise("fine = ok"), "fine = ok");
    }

    #[test]
    fn export_then_import_gives_the_same_readings_in_either_units() {
        let mut rs: Vec<Reading> = (0..40)
            .map(|i| {
                let m = Measurements {
                    systolic: Some(100 + i),
                    diastolic: Some(60 + i / 2),
                    heart_rate: Some(50 + i),
                    weight: Some(f64::from(1500 + i * 7) / 10.0),
                    blood_sugar: Some(f64::from(70 + i * 3) + 0.5),
                };
                reading(
                    i64::from(i),
                    "2026-11-01",
                    &format!("{:02}:{:02}", i % 24, i),
                    m,
                    Some("ok"),
                )
            })
            .collect();
        rs.sort_by_key(|r| (r.date, r.time, r.id)); // the export's order
        for units in [
            Units::CANONICAL,
            Units {
                weight: WeightUnit::Kg,
                sugar: BloodSugarUnit::MmolL,
            },
        ] {
            let csv = to_csv(&rs, units).expect("csv");
            let rows = parse_csv(&csv, today()).expect("parse");
            assert_eq!(rows.len(), rs.len());
            for (row, r) in rows.iter().zip(rs.iter()) {
                let v = row
                    .values
                    .as_ref()
                    .unwrap_or_else(|| panic!("{:?}", row.errors));
                assert!(
                    same_reading(v, &ReadingValues::from(r)),
                    "{units:?}: {v:?} vs {r:?}"
                );
                if units == Units::CANONICAL {
                    assert_eq!(v.values, r.values, "canonical export is exact");
                }
            }
        }
    }

    #[test]
    fn import_checks_rows_with_the_forms_messages() {
        let csv = "date,time,systolic,diastolic,weight,weight_unit,blood_sugar,blood_sugar_unit\n\
                   2026-11-20,07:00,69,80,,,,\n\
                   2026-02-30,07:00,120,80,,,,\n\
                   2026-11-20,,120,80,,,,\n\
                   2026-11-20,08:00,,,80,stone,,\n\
                   2026-11-20,09:00,,,,,5.5,mmol/L\n\
                   2026-11-20,10:00,abc,,,,,\n\
                   ,,,,,,,\n";
        let rows = parse_csv(csv, today()).expect("parse");
        assert_eq!(rows.len(), 6, "blank rows are skipped");
        assert_eq!(rows[0].line, 2);
        assert_eq!(rows[0].errors["systolic"], "Systolic must be at least 70");
        assert_eq!(rows[1].errors["date"], rules::MSG_DATE_INVALID);
        assert_eq!(rows[2].errors["time"], "Time is required");
        assert_eq!(rows[3].errors["weight"], MSG_WEIGHT_UNIT);
        let sugar = rows[4].values.as_ref().and_then(|v| v.values.blood_sugar);
        assert_eq!(sugar, Some(99.088), "5.5 mmol/L in mg/dL");
        assert!(rows[5].errors.contains_key("systolic"));
    }

    #[test]
    fn the_setting_column_is_read_and_a_file_without_it_is_home() {
        let clinic = Reading {
            setting: crate::Setting::Office,
            ..reading(1, "2026-11-20", "10:00", full(), None)
        };
        let home = reading(2, "2026-11-21", "07:00", full(), None);
        let csv = to_csv(&[clinic, home], Units::CANONICAL).expect("csv");
        let settings = |csv: &str| -> Vec<Option<crate::Setting>> {
            parse_csv(csv, today())
                .expect("parse")
                .iter()
                .map(|r| r.values.as_ref().map(|v| v.setting))
                .collect()
        };
        use crate::Setting::{Home, Office};
        assert_eq!(settings(&csv), [Some(Office), Some(Home)]);
        let older = "date,time,systolic,diastolic\n2026-11-20,10:00,130,85\n";
        assert_eq!(settings(older), [Some(Home)]);
        let rows = parse_csv(
            "date,time,systolic,diastolic,setting\n2026-11-20,10:00,130,85,\n2026-11-20,11:00,130,85,clinic\n",
            today(),
        )
        .expect("parse");
        assert_eq!(rows[0].values.as_ref().map(|v| v.setting), Some(Home));
        assert_eq!(rows[1].values, None);
        assert_eq!(rows[1].errors["setting"], rules::MSG_SETTING_INVALID);
    }

    #[test]
    fn spreadsheet_dates_and_times_and_true_line_numbers() {
        let csv = "date,time,heart_rate,notes\n\
                   11/20/2026,9:05,70,\"line one\nline two\"\n\
                   2026-11-21,07:30:00,71,\n\
                   2026-11-22,25:00,72,\n";
        let rows = parse_csv(csv, today()).expect("parse");
        let v = rows[0].values.as_ref().expect("valid");
        assert_eq!(v.date.to_string(), "2026-11-20");
        assert_eq!(v.time.format("%H:%M").to_string(), "09:05");
        assert_eq!(
            rows[1]
                .values
                .as_ref()
                .map(|v| v.time.format("%H:%M").to_string()),
            Some("07:30".to_owned())
        );
        assert_eq!(rows[2].line, 5, "the note spans lines 2 and 3");
        assert_eq!(rows[2].errors["time"], rules::MSG_TIME_INVALID);
    }

    #[test]
    fn files_without_the_header_are_refused() {
        assert_eq!(parse_csv("", today()), Err(ImportFileError(MSG_CSV_HEADER)));
        assert_eq!(
            parse_csv("2026-11-20,07:00,120,80\n", today()),
            Err(ImportFileError(MSG_CSV_HEADER))
        );
        let many = format!(
            "date,time,heart_rate\n{}",
            "2026-11-20,07:00,70\n".repeat(IMPORT_MAX_ROWS + 1)
        );
        assert_eq!(
            parse_csv(&many, today()),
            Err(ImportFileError(MSG_CSV_TOO_MANY))
        );
    }
}
