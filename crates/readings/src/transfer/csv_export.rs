//! CSV export: one row per reading in the export's columns, in the user's or canonical
//! units.

use kernel::date;
use kernel::units::{BloodSugarUnit, Units, WeightUnit, lbs_to_kg, mgdl_to_mmol};

use super::CSV_COLUMNS;
use crate::model::*;
use kernel::csv::neutralise;

/// Formats with at most `decimals` places and no trailing zeros.
fn number(value: f64, decimals: usize) -> String {
    let s = format!("{value:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}

/// One row per reading, header first, oldest first; weights and sugars in `units`
/// (canonical units are written exactly; kg and mmol/L to two decimals).
pub fn to_csv(readings: &[Reading], units: Units) -> anyhow::Result<String> {
    let mut w = kernel::csv::writer(&CSV_COLUMNS)?;
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
            BloodSugarUnit::MgDl => number(mg, 3),
            BloodSugarUnit::MmolL => number(mgdl_to_mmol(mg), 2),
        });
        w.write_record([
            date::format_date(r.date),
            date::format_time(r.time),
            int(v.systolic),
            int(v.diastolic),
            int(v.heart_rate),
            weight.clone().unwrap_or_default(),
            weight
                .map(|_| units.weight.as_str().to_owned())
                .unwrap_or_default(),
            sugar.clone().unwrap_or_default(),
            sugar
                .map(|_| units.sugar.as_str().to_owned())
                .unwrap_or_default(),
            neutralise(r.notes.as_deref().unwrap_or("")),
            r.setting.code().to_owned(),
            r.origin.source.code().to_owned(),
            neutralise(r.origin.device.as_deref().unwrap_or("")),
            r.origin
                .flags
                .iter()
                .map(crate::CuffFlag::code)
                .collect::<Vec<_>>()
                .join(";"),
        ])?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::*;
    use super::*;

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
        let csv = to_csv(&rs, Units::CANONICAL).expect("csv");
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[1], "2026-11-20,07:05,133,,,,,,,,home,manual,,");
        assert_eq!(lines[2], "2026-11-21,07:05,,88,,,,,,,home,manual,,");
    }

    #[test]
    fn csv_has_a_header_and_one_row_per_reading_oldest_first() {
        let clinic = Reading {
            setting: crate::Setting::Office,
            ..reading(
                2,
                "2026-11-21",
                "20:15",
                full(),
                Some("evening, \"rested\""),
            )
        };
        let rs = [
            clinic,
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
        let csv = to_csv(&rs, Units::CANONICAL).expect("csv");
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes,setting,source,device,flags"
        );
        assert_eq!(lines[1], "2026-11-20,07:05,,,70,,,,,,home,manual,,");
        assert_eq!(
            lines[2],
            "2026-11-21,20:15,122,81,64,170.2,lbs,97,mg/dL,\"evening, \"\"rested\"\"\",office,manual,,"
        );
    }

    #[test]
    fn csv_ends_with_the_source_the_device_and_the_cuffs_flags() {
        let cuff = Reading {
            origin: crate::Origin::device(
                "=OMRON X4".into(),
                crate::CuffFlags::of([crate::CuffFlag::IrregularPulse, crate::CuffFlag::CuffLoose]),
            ),
            ..reading(1, "2026-11-21", "07:05", full(), None)
        };
        let imported = Reading {
            origin: crate::Origin::import("Withings"),
            ..reading(2, "2026-11-22", "07:05", full(), None)
        };
        let csv = to_csv(&[cuff, imported], Units::CANONICAL).expect("csv");
        let lines: Vec<&str> = csv.split("\r\n").collect();
        // A device's name is neutralised like notes: a spreadsheet runs no formula.
        assert!(
            lines[1].ends_with(",home,device,'=OMRON X4,irregular-pulse;cuff-loose"),
            "{csv}"
        );
        assert!(lines[2].ends_with(",home,import,Withings,"), "{csv}");
    }

    #[test]
    fn csv_in_preferred_units() {
        let rs = [reading(1, "2026-11-21", "20:15", full(), None)];
        let csv = to_csv(
            &rs,
            Units {
                weight: WeightUnit::Kg,
                sugar: BloodSugarUnit::MmolL,
            },
        )
        .expect("csv");
        // 170.2 lbs = 77.2014... kg; 97 mg/dL = 5.384... mmol/L.
        assert!(
            csv.contains("2026-11-21,20:15,122,81,64,77.2,kg,5.38,mmol/L,"),
            "{csv}"
        );
    }
}
