//! Taking readings out and bringing them back: CSV (in the user's or canonical units, safe
//! to open in a spreadsheet) and a FHIR R4 `Bundle` of `Observation`s with LOINC codes and
//! UCUM units. Import reads the export's CSV format with the form's rules and messages.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::Tz;
use serde_json::{Value, json};

use crate::model::*;
use crate::rules;
use crate::units::{kg_to_lbs, lbs_to_kg, mgdl_to_mmol, mmol_to_mgdl, round_to};

/// The export's columns, in order. Import matches columns by these names, in any order;
/// `date` and `time` are required, the others optional, unknown columns are ignored.
pub const CSV_COLUMNS: [&str; 10] = [
    "date",
    "time",
    "systolic",
    "diastolic",
    "heart_rate",
    "weight",
    "weight_unit",
    "blood_sugar",
    "blood_sugar_unit",
    "notes",
];

/// At most this many data rows per import (ten years at three a day is ~11,000).
pub const IMPORT_MAX_ROWS: usize = 50_000;

pub const MSG_CSV_EMPTY: &str = "The file is empty. Choose a CSV file exported from Vitalog.";
pub const MSG_CSV_HEADER: &str =
    "The first row must name the columns, with at least date and time (as in Vitalog's export).";
pub const MSG_CSV_TOO_MANY: &str =
    "The file has more than 50,000 rows. Split it and import each part.";
pub const MSG_WEIGHT_UNIT: &str = "Weight unit must be lbs or kg";
pub const MSG_SUGAR_UNIT: &str = "Blood sugar unit must be mg/dL or mmol/L";
pub const MSG_NOT_A_NUMBER: &str = "must be a number";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WeightUnit {
    Lbs,
    Kg,
}

impl WeightUnit {
    pub fn label(self) -> &'static str {
        match self {
            WeightUnit::Lbs => "lbs",
            WeightUnit::Kg => "kg",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SugarUnit {
    MgDl,
    MmolL,
}

impl SugarUnit {
    pub fn label(self) -> &'static str {
        match self {
            SugarUnit::MgDl => "mg/dL",
            SugarUnit::MmolL => "mmol/L",
        }
    }
}

/// The units an export is written in (and a user reads values in: [`crate::search`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CsvUnits {
    pub weight: WeightUnit,
    pub sugar: SugarUnit,
}

impl CsvUnits {
    /// Vitalog's storage units: lbs and mg/dL, exact.
    pub const CANONICAL: CsvUnits = CsvUnits {
        weight: WeightUnit::Lbs,
        sugar: SugarUnit::MgDl,
    };
}

impl Default for CsvUnits {
    fn default() -> Self {
        Self::CANONICAL
    }
}

/// Formats with at most `decimals` places and no trailing zeros.
fn number(value: f64, decimals: usize) -> String {
    let s = format!("{value:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}

/// A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) gets a
/// leading apostrophe, so opening the export can never execute anything.
pub fn neutralise(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

/// Undoes [`neutralise`] on import.
fn unneutralise(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
        _ => cell,
    }
}

/// One row per reading, header first, oldest first; weights and sugars in `units`
/// (canonical units are written exactly; kg and mmol/L to two decimals).
pub fn to_csv(readings: &[Reading], units: CsvUnits) -> anyhow::Result<String> {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    w.write_record(CSV_COLUMNS)?;
    let mut sorted: Vec<&Reading> = readings.iter().collect();
    sorted.sort_by_key(|r| (r.date, r.time, r.id));
    for r in sorted {
        let v = &r.values;
        let int = |x: Option<i32>| x.map(|n| n.to_string()).unwrap_or_default();
        let weight = v.weight.map(|lbs| match units.weight {
            WeightUnit::Lbs => number(lbs, 4),
            WeightUnit::Kg => number(lbs_to_kg(lbs), 2),
        });
        let sugar = v.blood_sugar.map(|mg| match units.sugar {
            SugarUnit::MgDl => number(mg, 3),
            SugarUnit::MmolL => number(mgdl_to_mmol(mg), 2),
        });
        w.write_record([
            r.date.format("%Y-%m-%d").to_string(),
            r.time.format("%H:%M").to_string(),
            int(v.systolic),
            int(v.diastolic),
            int(v.heart_rate),
            weight.clone().unwrap_or_default(),
            weight
                .map(|_| units.weight.label().to_owned())
                .unwrap_or_default(),
            sugar.clone().unwrap_or_default(),
            sugar
                .map(|_| units.sugar.label().to_owned())
                .unwrap_or_default(),
            neutralise(r.notes.as_deref().unwrap_or("")),
        ])?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

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
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(ImportFileError(MSG_CSV_EMPTY));
    }
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
        let weight = match (number_field(cell("weight")), cell("weight_unit")) {
            (NumberField::Number(v), u) if u.eq_ignore_ascii_case("kg") => {
                NumberField::Number(kg_to_lbs(v))
            }
            (f, "") => f,
            (f, u) if u.eq_ignore_ascii_case("lbs") || u.eq_ignore_ascii_case("lb") => f,
            (f @ (NumberField::Empty | NumberField::NotANumber), u)
                if u.eq_ignore_ascii_case("kg") =>
            {
                f
            }
            (f, _) => {
                unit_errors.insert("weight".to_owned(), MSG_WEIGHT_UNIT.to_owned());
                f
            }
        };
        let sugar = match (number_field(cell("blood_sugar")), cell("blood_sugar_unit")) {
            (NumberField::Number(v), u) if u.eq_ignore_ascii_case("mmol/L") => {
                NumberField::Number(mmol_to_mgdl(v))
            }
            (f, "") => f,
            (f, u) if u.eq_ignore_ascii_case("mg/dL") => f,
            (f @ (NumberField::Empty | NumberField::NotANumber), u)
                if u.eq_ignore_ascii_case("mmol/L") =>
            {
                f
            }
            (f, _) => {
                unit_errors.insert("bloodSugar".to_owned(), MSG_SUGAR_UNIT.to_owned());
                f
            }
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
    NaiveDate::parse_from_str(t, "%m/%d/%Y")
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_else(|_| t.to_owned())
}

/// ...and times as `9:05` or `09:05:00`: both become `09:05`.
fn spreadsheet_time(raw: &str) -> String {
    let t = raw.trim();
    ["%H:%M:%S", "%H:%M"]
        .iter()
        .find_map(|f| chrono::NaiveTime::parse_from_str(t, f).ok())
        .filter(|_| t.len() >= 4)
        .map(|v| v.format("%H:%M").to_string())
        .unwrap_or_else(|| t.to_owned())
}

/// What a kg / mmol/L export rounds away: readings closer than this are the same.
const WEIGHT_TOLERANCE: f64 = 0.02;
const SUGAR_TOLERANCE: f64 = 0.1;

/// Two readings are the same when date, time, blood pressure, heart rate and notes match
/// and weight and sugar agree within what a kg / mmol/L export rounds away (0.02 lbs,
/// 0.1 mg/dL). Importing a file twice, or an export back into its account, adds nothing.
pub fn same_reading(a: &ReadingValues, b: &ReadingValues) -> bool {
    let close = |x: Option<f64>, y: Option<f64>, tol: f64| match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() <= tol,
        _ => false,
    };
    a.date == b.date
        && a.time == b.time
        && a.values.systolic == b.values.systolic
        && a.values.diastolic == b.values.diastolic
        && a.values.heart_rate == b.values.heart_rate
        && close(a.values.weight, b.values.weight, WEIGHT_TOLERANCE)
        && close(a.values.blood_sugar, b.values.blood_sugar, SUGAR_TOLERANCE)
        && a.notes.as_deref().unwrap_or("") == b.notes.as_deref().unwrap_or("")
}

/// The fields [`same_reading`] compares exactly.
type ExactKey = (
    NaiveDate,
    chrono::NaiveTime,
    Option<i32>,
    Option<i32>,
    Option<i32>,
    String,
);
/// Weight and sugar cut into cells as wide as their tolerance.
type Cell = (Option<i64>, Option<i64>);

fn exact_key(v: &ReadingValues) -> ExactKey {
    (
        v.date,
        v.time,
        v.values.systolic,
        v.values.diastolic,
        v.values.heart_rate,
        v.notes.clone().unwrap_or_default(),
    )
}

fn cell_of(x: Option<f64>, tol: f64) -> Option<i64> {
    // Measures are bounded (at most 500), so the cast cannot saturate.
    x.map(|x| (x / tol).floor() as i64)
}

fn cell(v: &ReadingValues) -> Cell {
    (
        cell_of(v.values.weight, WEIGHT_TOLERANCE),
        cell_of(v.values.blood_sugar, SUGAR_TOLERANCE),
    )
}

/// The cells whose readings may be within tolerance of `c`: the neighbours, and one more
/// on each side for floating-point rounding at the cell edges.
fn near(c: Option<i64>) -> Vec<Option<i64>> {
    match c {
        None => vec![None],
        Some(c) => (c - 2..=c + 2).map(Some).collect(),
    }
}

/// Readings known so far, indexed so that finding the [`same_reading`] as a new one takes
/// a few hash look-ups instead of a pass over all of them: the same answers as comparing
/// every pair, in time linear in the number of readings (50,000 distinct rows in one
/// file used to take seconds of a web worker).
#[derive(Debug, Default)]
pub struct KnownReadings {
    slots: std::collections::HashMap<ExactKey, std::collections::HashMap<Cell, Vec<ReadingValues>>>,
    compared: usize,
}

impl KnownReadings {
    pub fn new(readings: impl IntoIterator<Item = ReadingValues>) -> Self {
        let mut known = Self::default();
        for r in readings {
            known.insert(r);
        }
        known
    }

    fn insert(&mut self, v: ReadingValues) {
        self.slots
            .entry(exact_key(&v))
            .or_default()
            .entry(cell(&v))
            .or_default()
            .push(v);
    }

    /// Whether the same reading is known.
    pub fn contains(&mut self, v: &ReadingValues) -> bool {
        let Some(cells) = self.slots.get(&exact_key(v)) else {
            return false;
        };
        let (w, s) = cell(v);
        let mut compared = 0;
        let found = near(w).into_iter().any(|w| {
            near(s).into_iter().any(|s| {
                cells.get(&(w, s)).is_some_and(|bucket| {
                    bucket.iter().any(|k| {
                        compared += 1;
                        same_reading(k, v)
                    })
                })
            })
        });
        self.compared += compared;
        found
    }

    /// Adds `v` unless the same reading is known; true when it was added.
    pub fn add_if_new(&mut self, v: &ReadingValues) -> bool {
        if self.contains(v) {
            return false;
        }
        self.insert(v.clone());
        true
    }

    /// How many pairs of readings were compared so far (what keeps this linear).
    pub fn comparisons(&self) -> usize {
        self.compared
    }
}

impl From<&Reading> for ReadingValues {
    fn from(r: &Reading) -> Self {
        ReadingValues {
            date: r.date,
            time: r.time,
            values: r.values,
            notes: r.notes.clone(),
        }
    }
}

/// Who the FHIR observations are about (shown, not linked: the export stands alone).
#[derive(Debug, Clone, Default)]
pub struct FhirPatient {
    pub display_name: String,
}

const LOINC: &str = "http://loinc.org";
const UCUM: &str = "http://unitsofmeasure.org";
const CATEGORY: &str = "http://terminology.hl7.org/CodeSystem/observation-category";

fn loinc(code: &str, display: &str) -> Value {
    json!({ "coding": [{ "system": LOINC, "code": code, "display": display }], "text": display })
}

fn quantity(value: f64, unit: &str, code: &str) -> Value {
    json!({ "value": value, "unit": unit, "system": UCUM, "code": code })
}

fn category(code: &str, display: &str) -> Value {
    json!([{ "coding": [{ "system": CATEGORY, "code": code, "display": display }] }])
}

/// The reading's local date and time in `tz` as a FHIR dateTime with its UTC offset.
fn effective(date: NaiveDate, time: chrono::NaiveTime, tz: Tz) -> String {
    let local = NaiveDateTime::new(date, time);
    // A time skipped by a DST change is read as the moment just after the gap.
    let at = tz
        .from_local_datetime(&local)
        .earliest()
        .or_else(|| {
            tz.from_local_datetime(&(local + chrono::Duration::hours(1)))
                .earliest()
        })
        .map_or_else(
            || local.and_utc().fixed_offset(),
            |t| t.with_timezone(&t.offset().fix()),
        );
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// A FHIR R4 `Bundle` (type collection) with one `Observation` per measure of each
/// reading: 85354-9 blood pressure panel (8480-6 systolic, 8462-4 diastolic), 8867-4
/// heart rate, 29463-7 body weight, 2339-0 glucose, in UCUM units.
pub fn to_fhir_bundle(
    readings: &[Reading],
    patient: &FhirPatient,
    tz: Tz,
    now: DateTime<Utc>,
) -> Value {
    let subject = json!({ "display": patient.display_name });
    let mut entries = Vec::new();
    let mut sorted: Vec<&Reading> = readings.iter().collect();
    sorted.sort_by_key(|r| (r.date, r.time, r.id));
    for r in sorted {
        let when = effective(r.date, r.time, tz);
        let note = r
            .notes
            .as_ref()
            .map(|n| json!([{ "text": n }]))
            .unwrap_or(Value::Null);
        let mut push = |suffix: &str, cat: Value, code: Value, body: Value| {
            let mut obs = json!({
                "resourceType": "Observation",
                "id": format!("vitalog-{}-{suffix}", r.id),
                "identifier": [{ "system": "urn:vitalog:reading", "value": format!("{}-{suffix}", r.id) }],
                "status": "final",
                "category": cat,
                "code": code,
                "subject": subject,
                "effectiveDateTime": when,
            });
            if let (Some(o), Some(b)) = (obs.as_object_mut(), body.as_object()) {
                o.extend(b.clone());
                if !note.is_null() {
                    o.insert("note".into(), note.clone());
                }
            }
            entries.push(json!({ "resource": obs }));
        };
        let v = &r.values;
        if v.systolic.is_some() || v.diastolic.is_some() {
            let mut components = Vec::new();
            if let Some(s) = v.systolic {
                components.push(json!({
                    "code": loinc("8480-6", "Systolic blood pressure"),
                    "valueQuantity": quantity(f64::from(s), "mmHg", "mm[Hg]"),
                }));
            }
            if let Some(d) = v.diastolic {
                components.push(json!({
                    "code": loinc("8462-4", "Diastolic blood pressure"),
                    "valueQuantity": quantity(f64::from(d), "mmHg", "mm[Hg]"),
                }));
            }
            push(
                "bp",
                category("vital-signs", "Vital Signs"),
                loinc("85354-9", "Blood pressure panel with all children optional"),
                json!({ "component": components }),
            );
        }
        if let Some(hr) = v.heart_rate {
            push(
                "hr",
                category("vital-signs", "Vital Signs"),
                loinc("8867-4", "Heart rate"),
                json!({ "valueQuantity": quantity(f64::from(hr), "beats/minute", "/min") }),
            );
        }
        if let Some(w) = v.weight {
            push(
                "weight",
                category("vital-signs", "Vital Signs"),
                loinc("29463-7", "Body weight"),
                json!({ "valueQuantity": quantity(round_to(w, 4), "lbs", "[lb_av]") }),
            );
        }
        if let Some(g) = v.blood_sugar {
            push(
                "glucose",
                category("laboratory", "Laboratory"),
                loinc("2339-0", "Glucose [Mass/volume] in Blood"),
                json!({ "valueQuantity": quantity(round_to(g, 3), "mg/dL", "mg/dL") }),
            );
        }
    }
    json!({
        "resourceType": "Bundle",
        "type": "collection",
        "timestamp": now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "total": entries.len(),
        "entry": entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveTime;
    use kernel::UserId;

    fn reading(id: i64, date: &str, time: &str, m: Measurements, notes: Option<&str>) -> Reading {
        Reading {
            id,
            user_id: UserId(1),
            date: NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("date"),
            time: NaiveTime::parse_from_str(time, "%H:%M").expect("time"),
            values: m,
            notes: notes.map(str::to_owned),
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    fn full() -> Measurements {
        Measurements {
            systolic: Some(122),
            diastolic: Some(81),
            heart_rate: Some(64),
            weight: Some(170.2),
            blood_sugar: Some(97.0),
        }
    }

    fn today() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 22)
            .and_then(|d| d.and_hms_opt(23, 59, 0))
            .expect("date")
    }

    #[test]
    fn csv_keeps_half_a_blood_pressure() {
        let half = |s: Option<i32>, d: Option<i32>| Measurements {
            systolic: s,
            diastolic: d,
            ..Default::default()
        };
        let rs = [
            reading(1, "2026-11-20", "07:05", half(Some(133), None), None),
            reading(2, "2026-11-21", "07:05", half(None, Some(88)), None),
        ];
        let csv = to_csv(&rs, CsvUnits::CANONICAL).expect("csv");
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[1], "2026-11-20,07:05,133,,,,,,,");
        assert_eq!(lines[2], "2026-11-21,07:05,,88,,,,,,");
    }

    #[test]
    fn csv_has_a_header_and_one_row_per_reading_oldest_first() {
        let rs = [
            reading(
                2,
                "2026-11-21",
                "20:15",
                full(),
                Some("evening, \"rested\""),
            ),
            reading(
                1,
                "2026-11-20",
                "07:05",
                Measurements {
                    heart_rate: Some(70),
                    ..Default::default()
                },
                None,
            ),
        ];
        let csv = to_csv(&rs, CsvUnits::CANONICAL).expect("csv");
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes"
        );
        assert_eq!(lines[1], "2026-11-20,07:05,,,70,,,,,");
        assert_eq!(
            lines[2],
            "2026-11-21,20:15,122,81,64,170.2,lbs,97,mg/dL,\"evening, \"\"rested\"\"\""
        );
    }

    #[test]
    fn csv_in_preferred_units() {
        let rs = [reading(1, "2026-11-21", "20:15", full(), None)];
        let csv = to_csv(
            &rs,
            CsvUnits {
                weight: WeightUnit::Kg,
                sugar: SugarUnit::MmolL,
            },
        )
        .expect("csv");
        // 170.2 lbs = 77.2014... kg; 97 mg/dL = 5.384... mmol/L.
        assert!(
            csv.contains("2026-11-21,20:15,122,81,64,77.2,kg,5.38,mmol/L,"),
            "{csv}"
        );
    }

    #[test]
    fn formula_cells_are_neutralised_and_restored_on_import() {
        for evil in ["=HYPERLINK(\"http://x\")", "+1+1", "-2", "@SUM(A1)", "\tx"] {
            let rs = [reading(1, "2026-11-21", "20:15", full(), Some(evil))];
            let csv = to_csv(&rs, CsvUnits::CANONICAL).expect("csv");
            let notes_cell = csv
                .split("\r\n")
                .nth(1)
                .and_then(|l| l.rsplit_once(",mg/dL,"))
                .map(|(_, n)| n.trim_matches('"').to_owned())
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
            CsvUnits::CANONICAL,
            CsvUnits {
                weight: WeightUnit::Kg,
                sugar: SugarUnit::MmolL,
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
                if units == CsvUnits::CANONICAL {
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
        assert_eq!(parse_csv("", today()), Err(ImportFileError(MSG_CSV_EMPTY)));
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

    #[test]
    fn fhir_bundle_has_loinc_codes_ucum_units_and_offsets() {
        let rs = [reading(7, "2026-07-01", "08:30", full(), Some("after run"))];
        let tz: Tz = "America/New_York".parse().expect("tz");
        let b = to_fhir_bundle(
            &rs,
            &FhirPatient {
                display_name: "Ann Lee".into(),
            },
            tz,
            Utc::now(),
        );
        assert_eq!(b["resourceType"], "Bundle");
        assert_eq!(b["type"], "collection");
        let entries = b["entry"].as_array().expect("entries");
        assert_eq!(entries.len(), 4, "bp panel, heart rate, weight, glucose");
        let bp = &entries[0]["resource"];
        assert_eq!(bp["code"]["coding"][0]["code"], "85354-9");
        assert_eq!(bp["component"][0]["code"]["coding"][0]["code"], "8480-6");
        assert_eq!(bp["component"][0]["valueQuantity"]["value"], 122.0);
        assert_eq!(bp["component"][1]["code"]["coding"][0]["code"], "8462-4");
        assert_eq!(bp["component"][1]["valueQuantity"]["code"], "mm[Hg]");
        assert_eq!(bp["effectiveDateTime"], "2026-07-01T08:30:00-04:00", "EDT");
        assert_eq!(bp["note"][0]["text"], "after run");
        assert_eq!(
            entries[1]["resource"]["code"]["coding"][0]["code"],
            "8867-4"
        );
        assert_eq!(entries[1]["resource"]["valueQuantity"]["code"], "/min");
        assert_eq!(
            entries[2]["resource"]["code"]["coding"][0]["code"],
            "29463-7"
        );
        assert_eq!(entries[2]["resource"]["valueQuantity"]["code"], "[lb_av]");
        assert_eq!(
            entries[3]["resource"]["code"]["coding"][0]["code"],
            "2339-0"
        );
        assert_eq!(entries[3]["resource"]["valueQuantity"]["code"], "mg/dL");
        assert_eq!(
            entries[3]["resource"]["category"][0]["coding"][0]["code"],
            "laboratory"
        );
        let winter = to_fhir_bundle(
            &[reading(8, "2026-01-10", "08:30", full(), None)],
            &FhirPatient::default(),
            tz,
            Utc::now(),
        );
        assert_eq!(
            winter["entry"][0]["resource"]["effectiveDateTime"],
            "2026-01-10T08:30:00-05:00"
        );
        assert!(winter["entry"][0]["resource"].get("note").is_none());
    }

    #[test]
    fn duplicates_are_recognised_within_rounding_only() {
        let a = ReadingValues::from(&reading(1, "2026-11-20", "07:00", full(), Some("x")));
        let mut b = a.clone();
        b.values.weight = Some(170.21);
        assert!(same_reading(&a, &b));
        b.values.weight = Some(170.3);
        assert!(!same_reading(&a, &b));
        let mut c = a.clone();
        c.notes = None;
        assert!(!same_reading(&a, &c));
    }

    fn values(day: u32, minute: u32, weight: Option<f64>, sugar: Option<f64>) -> ReadingValues {
        ReadingValues {
            date: NaiveDate::from_ymd_opt(2026, 1, day).expect("date"),
            time: NaiveTime::from_hms_opt(7, minute, 0).expect("time"),
            values: Measurements {
                systolic: Some(120),
                weight,
                blood_sugar: sugar,
                ..Default::default()
            },
            notes: minute.is_multiple_of(2).then(|| "x".to_owned()),
        }
    }

    #[test]
    fn known_readings_answer_as_comparing_every_pair() {
        // Near-duplicates around every cell edge, with and without weight and sugar.
        let mut rows = Vec::new();
        for i in 0..1500_u32 {
            let w = (i % 3 != 0).then(|| 150.0 + f64::from(i % 97) * 0.01);
            let s = (i % 5 != 0).then(|| 90.0 + f64::from(i % 41) * 0.05);
            rows.push(values(1 + i % 2, i % 3, w, s));
        }
        let (existing, file) = rows.split_at(400);
        let mut seen: Vec<ReadingValues> = Vec::new();
        let mut known = KnownReadings::new(existing.iter().cloned());
        for v in file {
            let brute = existing
                .iter()
                .chain(seen.iter())
                .any(|e| same_reading(e, v));
            assert_eq!(known.add_if_new(v), !brute, "{v:?}");
            if !brute {
                seen.push(v.clone());
            }
        }
        assert!(
            !seen.is_empty() && seen.len() < file.len(),
            "both outcomes met"
        );
    }

    #[test]
    fn fifty_thousand_distinct_rows_in_one_slot_are_checked_in_linear_work() {
        // One date and time, 50,000 weights 0.03 lbs apart: all distinct, and all in the
        // bucket the old (date, time) key compared pairwise.
        let n = 50_000_u32;
        let mut known = KnownReadings::default();
        let mut added = 0;
        for i in 0..n {
            let v = values(1, 0, Some(50.0 + f64::from(i) * 0.03), None);
            if known.add_if_new(&v) {
                added += 1;
            }
        }
        assert_eq!(added, n);
        // Each row meets at most its own cell and the neighbours (a handful), not 50,000.
        assert!(
            known.comparisons() <= 5 * n as usize,
            "{} comparisons",
            known.comparisons()
        );
        // Importing the same file again finds every row.
        for i in 0..n {
            let v = values(1, 0, Some(50.0 + f64::from(i) * 0.03), None);
            assert!(known.contains(&v));
        }
    }
}
