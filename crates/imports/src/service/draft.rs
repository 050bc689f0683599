//! A preview's new readings as they wait for "Import": a compact JSON the store keeps as
//! text (one row per draft), so a draft survives a restart and any server can commit it.

use chrono::{NaiveDate, NaiveTime};
use readings::Setting;
use readings::model::{Measurements, ReadingValues};
use serde::{Deserialize, Serialize};

use crate::formats::Format;

/// The draft's readings in canonical units, and how many rows of the file were skipped.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    pub format: Format,
    pub skipped: u64,
    pub readings: Vec<ReadingValues>,
}

/// One reading as an array: date, time, systolic, diastolic, heart rate, weight, sugar,
/// notes (a third of the size of named fields, for 100,000 readings).
type Row = (
    NaiveDate,
    NaiveTime,
    Option<i32>,
    Option<i32>,
    Option<i32>,
    Option<f64>,
    Option<f64>,
    Option<String>,
);

#[derive(Serialize, Deserialize)]
struct Wire {
    /// The layout's version: a draft written by an older server is refused, not misread.
    v: u8,
    format: Format,
    skipped: u64,
    readings: Vec<Row>,
    /// The places in `readings` of those taken at the clinic (issue 35), the rest being home
    /// ones: a Vitalog CSV may hold a few, other apps' files none.
    #[serde(default)]
    office: Vec<usize>,
}

/// 2 added `office`; a draft of layout 1 (written before it) holds home readings only.
const VERSION: u8 = 2;
const VERSIONS_READ: [u8; 2] = [1, VERSION];

impl Draft {
    pub fn encode(self) -> anyhow::Result<String> {
        let office = (self.readings.iter().enumerate())
            .filter(|(_, r)| r.setting == Setting::Office)
            .map(|(i, _)| i)
            .collect();
        let wire = Wire {
            v: VERSION,
            format: self.format,
            skipped: self.skipped,
            office,
            readings: self
                .readings
                .into_iter()
                .map(|r| {
                    let m = r.values;
                    (
                        r.date,
                        r.time,
                        m.systolic,
                        m.diastolic,
                        m.heart_rate,
                        m.weight,
                        m.blood_sugar,
                        r.notes,
                    )
                })
                .collect(),
        };
        Ok(serde_json::to_string(&wire)?)
    }

    pub fn decode(text: &str) -> anyhow::Result<Self> {
        let wire: Wire = serde_json::from_str(text)?;
        anyhow::ensure!(
            VERSIONS_READ.contains(&wire.v),
            "draft layout {} is not one of {VERSIONS_READ:?}",
            wire.v
        );
        let office: std::collections::HashSet<usize> = wire.office.into_iter().collect();
        Ok(Self {
            format: wire.format,
            skipped: wire.skipped,
            readings: wire
                .readings
                .into_iter()
                .enumerate()
                .map(
                    |(
                        i,
                        (date, time, systolic, diastolic, heart_rate, weight, blood_sugar, notes),
                    )| {
                        ReadingValues {
                            date,
                            time,
                            values: Measurements {
                                systolic,
                                diastolic,
                                heart_rate,
                                weight,
                                blood_sugar,
                            },
                            notes,
                            setting: if office.contains(&i) {
                                Setting::Office
                            } else {
                                Setting::Home
                            },
                            // Set as the draft is committed, from its format.
                            origin: Default::default(),
                        }
                    },
                )
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_reads_back_exactly() {
        let r = ReadingValues {
            date: NaiveDate::from_ymd_opt(2023, 7, 6).unwrap_or_default(),
            time: NaiveTime::from_hms_opt(22, 43, 0).unwrap_or_default(),
            values: Measurements {
                systolic: Some(131),
                diastolic: Some(84),
                heart_rate: Some(66),
                weight: Some(170.2046),
                blood_sugar: Some(99.088),
            },
            notes: Some("Symptoms: headache \"quoted\"".to_owned()),
            setting: Setting::Home,
            origin: Default::default(),
        };
        let clinic = ReadingValues {
            setting: Setting::Office,
            ..r.clone()
        };
        let d = Draft {
            format: Format::Vitalog,
            skipped: 3,
            readings: vec![r.clone(), clinic, ReadingValues { notes: None, ..r }],
        };
        let text = d.clone().encode().expect("encode");
        assert_eq!(Draft::decode(&text).expect("decode"), d);
        assert!(Draft::decode(&text.replace("\"v\":2", "\"v\":3")).is_err());
        // A draft written before readings had a setting holds home readings.
        let older = text
            .replace("\"v\":2", "\"v\":1")
            .replace(",\"office\":[1]", "");
        assert!(!older.contains("office"), "{older}");
        let read = Draft::decode(&older).expect("decode");
        assert!(read.readings.iter().all(|r| r.setting == Setting::Home));
    }
}
