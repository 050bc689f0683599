//! The imports API's wire types (camelCase JSON; the client's are generated from them).

use std::collections::BTreeMap;

use imports::formats::units::WeightIn;
use imports::formats::{Candidate, DateOrder, Format, Mapping, SkipReason, Skipped};
use imports::service::{Preview, SniffResult};
use kernel::units::BloodSugarUnit;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Which column (0-based) holds what in a spreadsheet, and how it is written.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MappingDto {
    // jscpd:ignore-start
    // The wire mirror of `imports::formats::Mapping` (its units, times and date order as
    // the API's strings, described for the client's generated types).
    /// `,`, `;` or a tab.
    pub delimiter: String,
    /// The 1-based line holding the column names; null: found automatically.
    #[serde(default)]
    pub header_row: Option<u64>,
    pub date: usize,
    /// null: the date column holds the time too, or the rows have none (`defaultTime`).
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
    /// `lbs`, `kg` or `st`; null when neither the header nor the person said it (required
    /// with a weight column).
    pub weight_unit: Option<String>,
    /// `mg/dL` or `mmol/L`; null when not said (required with a blood sugar column).
    pub blood_sugar_unit: Option<String>,
    /// `mdy`, `dmy`, `ymd` or `epoch` (Unix time, seconds or milliseconds).
    pub date_order: String,
    /// `HH:MM`: the time of rows that have none.
    #[serde(default)]
    pub default_time: Option<String>,
    /// `HH:MM`: the times a morning and an evening marker stand for.
    #[serde(default)]
    pub morning_time: Option<String>,
    #[serde(default)]
    pub evening_time: Option<String>,
    // jscpd:ignore-end
}

pub const MSG_MAPPING: &str = "The column mapping could not be read. Choose the columns again.";
pub const MSG_MAPPING_MEASURE: &str = "Choose the column of at least one measurement.";
/// Spreadsheets with more columns than this are not ones people keep readings in.
const MAX_COLUMN: usize = 500;
/// A header below this line is not one a person would choose.
const MAX_HEADER_ROW: u64 = 1_000;

/// `HH:MM` as a time of day.
fn clock(v: &Option<String>) -> Result<Option<chrono::NaiveTime>, String> {
    v.as_deref()
        .map(|t| chrono::NaiveTime::parse_from_str(t, "%H:%M").map_err(|_| MSG_MAPPING.to_owned()))
        .transpose()
}

impl MappingDto {
    /// The domain's mapping, or the message saying why not.
    pub fn to_mapping(&self) -> Result<Mapping, String> {
        let bad = || MSG_MAPPING.to_owned();
        let delimiter = match self.delimiter.as_str() {
            "," => ',',
            ";" => ';',
            "\t" => '\t',
            _ => return Err(bad()),
        };
        let date_order = match self.date_order.as_str() {
            "mdy" => DateOrder::Mdy,
            "dmy" => DateOrder::Dmy,
            "ymd" => DateOrder::Ymd,
            "epoch" => DateOrder::Epoch,
            _ => return Err(bad()),
        };
        let weight_unit = self
            .weight_unit
            .as_deref()
            .map(|u| WeightIn::parse(u).ok_or_else(bad))
            .transpose()?;
        let blood_sugar_unit = self
            .blood_sugar_unit
            .as_deref()
            .map(|u| BloodSugarUnit::parse(u).ok_or_else(bad))
            .transpose()?;
        let measures = [
            self.systolic,
            self.diastolic,
            self.heart_rate,
            self.weight,
            self.blood_sugar,
        ];
        let columns = [self.date]
            .into_iter()
            .chain(self.time)
            .chain(self.notes)
            .chain(self.period)
            .chain(measures.into_iter().flatten());
        if columns.into_iter().any(|c| c > MAX_COLUMN)
            || self
                .header_row
                .is_some_and(|r| r == 0 || r > MAX_HEADER_ROW)
        {
            return Err(bad());
        }
        if measures.iter().all(Option::is_none) {
            return Err(MSG_MAPPING_MEASURE.to_owned());
        }
        let mapping = Mapping {
            delimiter,
            header_row: self.header_row,
            date: self.date,
            time: self.time,
            systolic: self.systolic,
            diastolic: self.diastolic,
            heart_rate: self.heart_rate,
            weight: self.weight,
            blood_sugar: self.blood_sugar,
            notes: self.notes,
            period: self.period,
            weight_unit,
            blood_sugar_unit,
            date_order,
            default_time: clock(&self.default_time)?,
            morning_time: clock(&self.morning_time)?,
            evening_time: clock(&self.evening_time)?,
        };
        mapping.check()?;
        Ok(mapping)
    }
}

impl From<&Mapping> for MappingDto {
    fn from(m: &Mapping) -> Self {
        let hm = |t: Option<chrono::NaiveTime>| t.map(|t| t.format("%H:%M").to_string());
        Self {
            delimiter: m.delimiter.to_string(),
            header_row: m.header_row,
            date: m.date,
            time: m.time,
            systolic: m.systolic,
            diastolic: m.diastolic,
            heart_rate: m.heart_rate,
            weight: m.weight,
            blood_sugar: m.blood_sugar,
            notes: m.notes,
            period: m.period,
            weight_unit: m.weight_unit.map(|u| u.as_str().to_owned()),
            blood_sugar_unit: m.blood_sugar_unit.map(|u| u.as_str().to_owned()),
            date_order: match m.date_order {
                DateOrder::Mdy => "mdy",
                DateOrder::Dmy => "dmy",
                DateOrder::Ymd => "ymd",
                DateOrder::Epoch => "epoch",
            }
            .to_owned(),
            default_time: hm(m.default_time),
            morning_time: hm(m.morning_time),
            evening_time: hm(m.evening_time),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct SniffParams {
    /// The file's name (its extension helps tell a format).
    pub name: Option<String>,
    /// CSV: read the header from this 1-based line instead of the one found.
    #[serde(rename = "headerRow")]
    pub header_row: Option<u64>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct UploadParams {
    /// `auto` (the default), `vitalog`, `omron`, `withings`, `apple-health` or `spreadsheet`.
    pub format: Option<String>,
    /// The file's name.
    pub name: Option<String>,
    /// Spreadsheet only: a `MappingDto` as JSON.
    pub mapping: Option<String>,
}

/// What the first bytes of a file are.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SniffDto {
    /// `vitalog`, `omron`, `withings`, `apple-health`, `spreadsheet`, or null when not
    /// recognised (a zip is told apart on upload).
    pub format: Option<String>,
    /// `csv`, `zip`, `xml` or `unknown`.
    pub container: String,
    pub delimiter: Option<String>,
    /// The header row's cells (CSV only).
    pub columns: Vec<String>,
    /// The first data rows (CSV only, at most 5).
    pub rows: Vec<Vec<String>>,
    /// Spreadsheet: the mapping confirmed before for this header, else guessed.
    pub mapping: Option<MappingDto>,
    /// `mapping` is the one the user confirmed for a file with this header.
    pub remembered: bool,
    /// CSV: the 1-based line of the header (1 for anything else).
    pub header_row: u64,
    /// CSV: the lines above the header (titles), as text.
    pub lead: Vec<String>,
    /// A spreadsheet whose layout is a known app's export, its columns chosen for it.
    pub app: Option<String>,
}

impl From<SniffResult> for SniffDto {
    fn from(r: SniffResult) -> Self {
        let s = r.sniff;
        Self {
            format: s.format.map(|f| f.as_str().to_owned()),
            container: serde_json::to_value(s.container)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            delimiter: s.delimiter.map(|d| d.to_string()),
            columns: s.columns,
            rows: s.rows,
            mapping: s.suggested.as_ref().map(MappingDto::from),
            remembered: r.remembered,
            header_row: s.header_row,
            lead: s.lead,
            app: s.app.map(str::to_owned),
        }
    }
}

/// New readings per kind (one with a blood pressure and a heart rate counts in both).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportCountsDto {
    pub blood_pressure: usize,
    pub heart_rate: usize,
    pub weight: usize,
    pub blood_sugar: usize,
}

/// A new reading as it will be stored (canonical units).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRowDto {
    /// Where it is in the file ("line 12", "bp.csv line 4", "Record at line 1,234").
    pub location: String,
    // jscpd:ignore-start
    // ReadingDto's fields: a wire type of its own (see data::PreviewRowDto for why).
    pub date: String,
    pub time: String,
    pub systolic: Option<i32>,
    pub diastolic: Option<i32>,
    pub heart_rate: Option<i32>,
    /// Pounds.
    pub weight: Option<f64>,
    /// mg/dL.
    pub blood_sugar: Option<f64>,
    pub notes: Option<String>,
    // jscpd:ignore-end
    /// The weight as the file wrote it, with its unit (`kg`, `lbs`, `st`).
    pub weight_as_read: Option<QuantityDto>,
    /// The blood sugar as the file wrote it, with its unit (`mg/dL`, `mmol/L`).
    pub blood_sugar_as_read: Option<QuantityDto>,
}

/// A value and its unit, as a file wrote them.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuantityDto {
    pub value: f64,
    pub unit: String,
}

/// Where the unit of a measure was read from.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnitSourceDto {
    /// `weight` or `bloodSugar`.
    pub measure: String,
    pub unit: String,
    /// "the column “Gewicht (kg)”", "your choice".
    pub source: String,
}

/// Records left out by a rule (not errors), and how many.
#[derive(Debug, Serialize, ToSchema)]
pub struct LeftOutDto {
    pub reason: String,
    pub count: u64,
}

impl From<Candidate> for ImportRowDto {
    fn from(c: Candidate) -> Self {
        let v = c.values;
        Self {
            location: c.location,
            date: kernel::date::format_date(v.date),
            time: kernel::date::format_time(v.time),
            systolic: v.values.systolic,
            diastolic: v.values.diastolic,
            heart_rate: v.values.heart_rate,
            weight: v.values.weight,
            blood_sugar: v.values.blood_sugar,
            notes: v.notes,
            weight_as_read: c.as_read.as_ref().and_then(|r| r.weight).map(|(value, u)| {
                QuantityDto {
                    value,
                    unit: u.as_str().to_owned(),
                }
            }),
            blood_sugar_as_read: c.as_read.as_ref().and_then(|r| r.blood_sugar).map(
                |(value, u)| QuantityDto {
                    value,
                    unit: u.as_str().to_owned(),
                },
            ),
        }
    }
}

/// A row or record skipped, and why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkippedRowDto {
    pub location: String,
    /// `out-of-range`, `unreadable-date`, `unreadable` or `duplicate`.
    pub reason: String,
    pub message: String,
}

fn reason(r: SkipReason) -> String {
    serde_json::to_value(r)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

impl From<Skipped> for SkippedRowDto {
    fn from(s: Skipped) -> Self {
        Self {
            location: s.location,
            reason: reason(s.reason),
            message: s.message,
        }
    }
}

/// What importing the file would do. Nothing is stored until the draft `id` is committed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreviewDto {
    pub id: String,
    pub format: String,
    pub file_name: String,
    /// `converted` (times with offsets, shown in `timeZone`) or `as-written`.
    pub time_basis: String,
    pub time_zone: String,
    /// Rows or elements read.
    pub records: u64,
    pub counts: ImportCountsDto,
    pub new: usize,
    pub duplicates: u64,
    /// Skipped for a reason other than being a duplicate.
    pub skipped: u64,
    /// Every skipped row by reason, duplicates included.
    #[schema(value_type = Object)]
    pub skipped_by_reason: BTreeMap<String, u64>,
    /// The new readings' first and last dates.
    pub from: Option<String>,
    pub to: Option<String>,
    /// The first new readings, oldest first.
    pub rows: Vec<ImportRowDto>,
    /// The first skipped rows (at most 500), duplicates included.
    pub skipped_rows: Vec<SkippedRowDto>,
    /// Where the units of weights and blood sugars were read from.
    pub units: Vec<UnitSourceDto>,
    /// Records left out by a rule (a watch's heart-rate samples, other kinds of records).
    pub left_out: Vec<LeftOutDto>,
}

impl From<Preview> for ImportPreviewDto {
    fn from(p: Preview) -> Self {
        Self {
            id: p.id,
            format: p.format.as_str().to_owned(),
            file_name: p.file_name,
            time_basis: serde_json::to_value(p.time_basis)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            time_zone: p.zone.name().to_owned(),
            records: p.records,
            counts: ImportCountsDto {
                blood_pressure: p.counts.blood_pressure,
                heart_rate: p.counts.heart_rate,
                weight: p.counts.weight,
                blood_sugar: p.counts.blood_sugar,
            },
            new: p.new,
            duplicates: p.duplicates,
            skipped: p.skipped,
            skipped_by_reason: p
                .skipped_by_reason
                .into_iter()
                .map(|(r, n)| (reason(r), n))
                .collect(),
            from: p.from.map(kernel::date::format_date),
            to: p.to.map(kernel::date::format_date),
            rows: p.rows.into_iter().map(ImportRowDto::from).collect(),
            skipped_rows: p
                .skipped_rows
                .into_iter()
                .map(SkippedRowDto::from)
                .collect(),
            units: p
                .units
                .into_iter()
                .map(|u| UnitSourceDto {
                    measure: u.measure.to_owned(),
                    unit: u.unit.to_owned(),
                    source: u.source,
                })
                .collect(),
            left_out: p
                .left_out
                .into_iter()
                .map(|(reason, count)| LeftOutDto {
                    reason: reason.to_owned(),
                    count,
                })
                .collect(),
        }
    }
}

/// One line of the upload's answer (`application/x-ndjson`): `progress` while the file is
/// read, then `preview` or `error` last.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportEventDto {
    /// `progress`, `preview` or `error`.
    #[serde(rename = "type")]
    pub kind: String,
    /// progress: bytes of the content read, of `total` (every pass over it counted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub done: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
    /// progress: rows or elements read, and readings found so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub records: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<ImportPreviewDto>,
    /// error: what went wrong (naming the format and the line at fault) and its HTTP status.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
}

impl ImportEventDto {
    fn empty(kind: &str) -> Self {
        Self {
            kind: kind.to_owned(),
            done: None,
            total: None,
            records: None,
            found: None,
            preview: None,
            message: None,
            status: None,
        }
    }

    pub fn progress(at: imports::formats::Snapshot) -> Self {
        Self {
            done: Some(at.done),
            total: Some(at.total),
            records: Some(at.records),
            found: Some(at.found),
            ..Self::empty("progress")
        }
    }

    pub fn preview(p: Preview) -> Self {
        Self {
            preview: Some(p.into()),
            ..Self::empty("preview")
        }
    }

    pub fn error(status: u16, message: String) -> Self {
        Self {
            message: Some(message),
            status: Some(status),
            ..Self::empty("error")
        }
    }
}

/// The `format` parameter: `Some(None)` for automatic, `None` when unknown.
pub fn format_param(v: Option<&str>) -> Option<Option<Format>> {
    match v {
        None | Some("" | "auto") => Some(None),
        Some(v) => Format::parse(v).map(Some),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportResultDto {
    pub imported: usize,
    pub duplicates: usize,
    pub invalid: usize,
    pub message: String,
}

impl ImportResultDto {
    /// The counts and the sentence that says them (an import's commit).
    pub fn of(imported: usize, duplicates: usize, invalid: usize) -> Self {
        Self {
            imported,
            duplicates,
            invalid,
            message: import_message(imported, duplicates, invalid),
        }
    }
}

/// What an import did, in a sentence.
fn import_message(imported: usize, duplicates: usize, invalid: usize) -> String {
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let mut message = if imported == 0 && duplicates > 0 {
        format!(
            "Nothing new to import: {} already in your record.",
            plural(duplicates, "reading is", "readings are")
        )
    } else {
        format!("Imported {}.", plural(imported, "reading", "readings"))
    };
    if duplicates > 0 && imported > 0 {
        message.push_str(&format!(
            " {} already there.",
            plural(duplicates, "was", "were")
        ));
    }
    if invalid > 0 {
        message.push_str(&format!(
            " {} skipped because of errors.",
            plural(invalid, "row was", "rows were")
        ));
    }
    message
}
