//! The trend charts: blood pressure and heart rate, weight, blood sugar, in the user's
//! units.

use chrono::NaiveDate;
use kernel::units::Units;
use readings::Reading;
use reports::{Measure, ReportDocument};

use super::section;
use crate::canvas::*;
use crate::charts::{self, Series};

fn day_of(r: &Reading, start: NaiveDate) -> f64 {
    (r.date - start).num_days() as f64
        + f64::from(chrono::Timelike::num_seconds_from_midnight(&r.time)) / 86_400.0
}

pub(crate) fn charts_section(c: &mut Canvas, doc: &ReportDocument, u: &Units) {
    section(c, "Trends");
    let (s, e) = (doc.spec.date_start, doc.spec.date_end);
    let rs = &doc.readings;
    let series = |f: &dyn Fn(&Reading) -> Option<f64>| -> Vec<(f64, f64)> {
        rs.iter()
            .filter_map(|r| f(r).map(|v| (day_of(r, s), v)))
            .collect()
    };
    if doc.shows(Measure::BloodPressure) {
        let both = |r: &Reading| r.values.systolic.is_some() && r.values.diastolic.is_some();
        let sys = series(&|r| {
            if both(r) {
                r.values.systolic.map(f64::from)
            } else {
                None
            }
        });
        let dia = series(&|r| {
            if both(r) {
                r.values.diastolic.map(f64::from)
            } else {
                None
            }
        });
        // Both points of a severe reading in the owner's guideline (the one rule:
        // readings::Measurements::severe), as the app's chart marks them.
        let severe = &readings::GuidelineRules::of(doc.patient.guideline).severe;
        let mark_label = capitalised(severe.summary);
        let crisis: Vec<(f64, f64)> = doc
            .readings
            .iter()
            .filter_map(|r| match (r.values.systolic, r.values.diastolic) {
                (Some(sy), Some(di)) if r.values.severe(doc.patient.guideline) => {
                    let d = day_of(r, s);
                    Some([(d, f64::from(sy)), (d, f64::from(di))])
                }
                _ => None,
            })
            .flatten()
            .collect();
        charts::draw(
            c,
            &charts::Chart {
                title: "Blood pressure",
                unit: "mmHg",
                series: &[
                    Series {
                        label: "Systolic",
                        color: SYSTOLIC,
                        points: sys,
                    },
                    Series {
                        label: "Diastolic",
                        color: DIASTOLIC,
                        points: dia,
                    },
                ],
                fixed: Some((60.0, 180.0)),
                start: s,
                end: e,
                empty_text: "No blood pressure readings in this period",
                marks: &crisis,
                mark_label: &mark_label,
            },
        );
    }
    if doc.shows(Measure::HeartRate) {
        let hr = series(&|r| r.values.heart_rate.map(f64::from));
        charts::draw(
            c,
            &charts::Chart {
                title: "Heart rate",
                unit: "bpm",
                series: &[Series {
                    label: "Heart rate",
                    color: HEART_RATE,
                    points: hr,
                }],
                fixed: Some((40.0, 120.0)),
                start: s,
                end: e,
                empty_text: "No heart rate readings in this period",
                marks: &[],
                mark_label: "",
            },
        );
    }
    if doc.shows(Measure::Weight) {
        let w = series(&|r| r.values.weight.map(|v| u.weight.shown(v)));
        charts::draw(
            c,
            &charts::Chart {
                title: "Weight",
                unit: u.weight.as_str(),
                series: &[Series {
                    label: "Weight",
                    color: WEIGHT,
                    points: w,
                }],
                fixed: None,
                start: s,
                end: e,
                empty_text: "No weight readings in this period",
                marks: &[],
                mark_label: "",
            },
        );
    }
    if doc.shows(Measure::BloodSugar) {
        let b = series(&|r| r.values.blood_sugar.map(|v| u.sugar.shown(v)));
        // 60-200 mg/dL, as the user reads it.
        let domain = (u.sugar.shown(60.0), u.sugar.shown(200.0));
        charts::draw(
            c,
            &charts::Chart {
                title: "Blood sugar",
                unit: u.sugar.as_str(),
                series: &[Series {
                    label: "Blood sugar",
                    color: SUGAR,
                    points: b,
                }],
                fixed: Some(domain),
                start: s,
                end: e,
                empty_text: "No blood sugar readings in this period",
                marks: &[],
                mark_label: "",
            },
        );
    }
}

/// "very high (above 180/120)" -> "Very high (above 180/120)".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
