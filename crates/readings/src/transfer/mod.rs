//! Taking readings out and bringing them back: CSV (in the user's or canonical units, safe
//! to open in a spreadsheet) and a FHIR R4 `Bundle` of `Observation`s with LOINC codes and
//! UCUM units. Import reads the export's CSV format with the form's rules and messages.
//!
//! This module holds what export and import share (the columns, formula neutralising);
//! each direction and format has its own module.

mod csv_export;
mod csv_import;
mod dedup;
mod fhir;

pub use csv_export::to_csv;
pub use csv_import::{
    IMPORT_MAX_ROWS, ImportFileError, ImportRow, MSG_CSV_HEADER, MSG_CSV_TOO_MANY, MSG_SUGAR_UNIT,
    MSG_WEIGHT_UNIT, parse_csv,
};
pub use dedup::{KnownReadings, same_reading};
pub use fhir::{FhirPatient, to_fhir_bundle};

/// The export's columns, in order. Import matches columns by these names, in any order;
/// `date` and `time` are required, the others optional, unknown columns are ignored.
/// `setting` (home or office, issue 35) came last, so the older columns kept their places;
/// a file without it (an older export) imports as home readings. `source`, `device` and
/// `flags` (issue 39: manual, device or import; the cuff's maker and model or the app; the
/// cuff's flags joined by `;`) came after it for the same reason; reading a file back
/// ignores them (its readings are the import's).
pub const CSV_COLUMNS: [&str; 14] = [
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
    "setting",
    "source",
    "device",
    "flags",
];

#[cfg(test)]
pub(crate) mod fixtures {
    //! Readings the export, import and FHIR tests share.

    use chrono::{NaiveDate, NaiveDateTime, Utc};
    use kernel::UserId;

    use crate::model::*;

    pub fn reading(
        id: i64,
        date: &str,
        time: &str,
        m: Measurements,
        notes: Option<&str>,
    ) -> Reading {
        Reading {
            id,
            user_id: UserId(1),
            date: kernel::date::parse_date(date).expect("date"),
            time: kernel::date::parse_time(time).expect("time"),
            values: m,
            notes: notes.map(str::to_owned),
            session: None,
            setting: crate::Setting::Home,
            origin: Default::default(),
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    pub fn full() -> Measurements {
        Measurements {
            systolic: Some(122),
            diastolic: Some(81),
            heart_rate: Some(64),
            weight: Some(170.2),
            blood_sugar: Some(97.0),
        }
    }

    pub fn today() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 22)
            .and_then(|d| d.and_hms_opt(23, 59, 0))
            .expect("date")
    }
}
