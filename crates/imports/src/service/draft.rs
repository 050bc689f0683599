//! A preview's new readings as they wait for "Import": a compact JSON the store keeps as
//! text (one row per draft), so a draft survives a restart and any server can commit it.

use chrono::{NaiveDate, NaiveTime};
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
}

const VERSION: u8 = 1;

impl Draft {
    pub fn encode(self) -> anyhow::Result<String> {
        let wire = Wire {
            v: VERSION,
            format: self.format,
            skipped: self.skipped,
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
            wire.v == VERSION,
            "draft layout {} is not {VERSION}",
            wire.v
        );
        Ok(Self {
            format: wire.format,
            skipped: wire.skipped,
            readings: wire
                .readings
                .into_iter()
                .map(
                    |(date, time, systolic, diastolic, heart_rate, weight, blood_sugar, notes)| {
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
        };
        let d = Draft {
            format: Format::Omron,
            skipped: 3,
            readings: vec![r.clone(), ReadingValues { notes: None, ..r }],
        };
        let text = d.clone().encode().expect("encode");
        assert_eq!(Draft::decode(&text).expect("decode"), d);
        assert!(Draft::decode(&text.replace("\"v\":1", "\"v\":2")).is_err());
    }
}
