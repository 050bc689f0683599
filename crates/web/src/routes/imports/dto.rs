//! The imports API's wire types (camelCase JSON; the client's are generated from them).

use std::collections::BTreeMap;

use imports::formats::{Candidate, DateOrder, Format, Mapping, SkipReason, Skipped};
use imports::service::{Preview, SniffResult};
use kernel::units::{BloodSugarUnit, WeightUnit};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Which column (0-based) holds what in a spreadsheet, and how it is written.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MappingDto {
    // jscpd:ignore-start
    // The wire mirror of `imports::formats::Mapping` (its units and date order as the
    // API's strings, described for the client's generated types).
    /// `,`, `;` or a tab.
    pub delimiter: String,
    pub date: usize,
    /// null: the date column holds the time too.
    pub time: Option<usize>,
    pub systolic: Option<usize>,
    pub diastolic: Option<usize>,
    pub heart_rate: Option<usize>,
    pub weight: Option<usize>,
    pub blood_sugar: Option<usize>,
    pub notes: Option<usize>,
    /// `lbs` or `kg`.
    pub weight_unit: String,
    /// `mg/dL` or `mmol/L`.
    pub blood_sugar_unit: String,
    /// `mdy`, `dmy` or `ymd`.
    pub date_order: String,
    // jscpd:ignore-end
}

pub const MSG_MAPPING: &str = "The column mapping could not be read. Choose the columns again.";
pub const MSG_MAPPING_MEASURE: &str = "Choose the column of at least one measurement.";
/// Spreadsheets with more columns than this are not ones people keep readings in.
const MAX_COLUMN: usize = 500;

impl MappingDto {
    /// The domain's mapping, or the message saying why not.
    pub fn to_mapping(&self) -> Result<Mapping, &'static str> {
        let delimiter = match self.delimiter.as_str() {
            "," => ',',
            ";" => ';',
            "\t" => '\t',
            _ => return Err(MSG_MAPPING),
        };
        let date_order = match self.date_order.as_str() {
            "mdy" => DateOrder::Mdy,
            "dmy" => DateOrder::Dmy,
            "ymd" => DateOrder::Ymd,
            _ => return Err(MSG_MAPPING),
        };
        let weight_unit = WeightUnit::parse(&self.weight_unit).ok_or(MSG_MAPPING)?;
        let blood_sugar_unit = BloodSugarUnit::parse(&self.blood_sugar_unit).ok_or(MSG_MAPPING)?;
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
            .chain(measures.into_iter().flatten());
        if columns.into_iter().any(|c| c > MAX_COLUMN) {
            return Err(MSG_MAPPING);
        }
        if measures.iter().all(Option::is_none) {
            return Err(MSG_MAPPING_MEASURE);
        }
        Ok(Mapping {
            delimiter,
            date: self.date,
            time: self.time,
            systolic: self.systolic,
            diastolic: self.diastolic,
            heart_rate: self.heart_rate,
            weight: self.weight,
            blood_sugar: self.blood_sugar,
            notes: self.notes,
            weight_unit,
            blood_sugar_unit,
            date_order,
        })
    }
}

impl From<&Mapping> for MappingDto {
    fn from(m: &Mapping) -> Self {
        Self {
            delimiter: m.delimiter.to_string(),
            date: m.date,
            time: m.time,
            systolic: m.systolic,
            diastolic: m.diastolic,
            heart_rate: m.heart_rate,
            weight: m.weight,
            blood_sugar: m.blood_sugar,
            notes: m.notes,
            weight_unit: m.weight_unit.as_str().to_owned(),
            blood_sugar_unit: m.blood_sugar_unit.as_str().to_owned(),
            date_order: match m.date_order {
                DateOrder::Mdy => "mdy",
                DateOrder::Dmy => "dmy",
                DateOrder::Ymd => "ymd",
            }
            .to_owned(),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct SniffParams {
    /// The file's name (its extension helps tell a format).
    pub name: Option<String>,
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
