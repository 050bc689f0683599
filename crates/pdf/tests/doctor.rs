//! Issue 36, "wrong in front of a doctor": what the PDF's text says, read back with
//! pdftotext (poppler-utils, scripts/ensure-pdf-tools.sh).

#![allow(clippy::expect_used)]

use std::process::Command;

use chrono::{Duration, NaiveDate};
use reports::ReportType;
use reports::analysis::analyse;

mod fixture;
use fixture::doc;

fn text_of(d: &reports::ReportDocument) -> String {
    let bytes = pdf::render(d).expect("render");
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, bytes).expect("write");
    let out = Command::new("pdftotext")
        .args(["-layout", &path.to_string_lossy(), "-"])
        .output()
        .expect("pdftotext (Debian package poppler-utils)");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The header line of the readings table.
fn table_header(text: &str) -> Vec<String> {
    let at = text.find("All readings").expect("the table");
    text[at..]
        .lines()
        .find(|l| l.trim_start().starts_with("Date "))
        .expect("header")
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// The table's rows: lines starting with a date, after "All readings".
fn table_rows(text: &str) -> Vec<&str> {
    let at = text.find("All readings").expect("the table");
    text[at..]
        .lines()
        .filter(|l| {
            let t = l.trim_start().as_bytes();
            t.len() > 10 && t[2] == b'/' && t[5] == b'/'
        })
        .collect()
}

/// Readings each holding one kind of measure: blood pressure with heart rate, a weight, a
/// blood sugar, as a person with three devices records them.
fn separate_measures(report_type: ReportType, days: i64) -> reports::ReportDocument {
    let mut d = doc(report_type, days, false);
    for (i, r) in d.readings.iter_mut().enumerate() {
        let v = &mut r.values;
        match i % 3 {
            0 => (v.weight, v.blood_sugar) = (None, None),
            1 => (v.systolic, v.diastolic, v.heart_rate, v.blood_sugar) = (None, None, None, None),
            _ => (v.systolic, v.diastolic, v.heart_rate, v.weight) = (None, None, None, None),
        }
        r.notes = None;
    }
    d.analysis = analyse(&d.readings, d.patient.guideline);
    d
}

#[test]
fn every_weight_and_sugar_is_in_its_column_and_no_row_is_blank() {
    let text = text_of(&separate_measures(ReportType::Comprehensive, 10));
    assert_eq!(
        table_header(&text),
        [
            "Date", "Time", "BP", "(mmHg)", "Category", "HR", "Weight", "Sugar"
        ]
    );
    let rows = table_rows(&text);
    assert_eq!(rows.len(), 30);
    // A weight-only reading prints its weight (fixture: 160.0 - k % 50 / 10).
    assert!(rows[1].contains("159.9"), "{}", rows[1]);
    assert!(rows[2].trim_end().ends_with("87"), "{}", rows[2]);
    for row in &rows {
        let values: Vec<&str> = row.split_whitespace().skip(3).collect();
        assert!(values.iter().any(|v| *v != "---"), "a blank row: {row}");
    }
}

#[test]
fn a_blood_pressure_report_lists_no_weight_only_rows_and_says_so() {
    let text = text_of(&separate_measures(ReportType::Bp, 10));
    assert_eq!(
        table_header(&text),
        ["Date", "Time", "BP", "(mmHg)", "Category", "HR"]
    );
    assert_eq!(table_rows(&text).len(), 10);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Not listed: 20 readings of the period that hold only weight or blood sugar, not part of a blood pressure report."),
        "{flat}"
    );
}

#[test]
fn a_weight_report_has_no_blood_pressure_columns() {
    let text = text_of(&separate_measures(ReportType::Weight, 10));
    assert_eq!(table_header(&text), ["Date", "Time", "Weight"]);
    let rows = table_rows(&text);
    assert_eq!(rows.len(), 10);
    assert!(rows.iter().all(|r| !r.contains("---")), "{rows:?}");
    assert!(
        !text.contains("Categories of the"),
        "no blood pressure here"
    );
}

#[test]
fn a_measure_never_recorded_has_no_column_and_is_named() {
    let mut d = doc(ReportType::Comprehensive, 10, false);
    for r in &mut d.readings {
        r.values.blood_sugar = None;
    }
    d.analysis = analyse(&d.readings, d.patient.guideline);
    let text = text_of(&d);
    assert!(!table_header(&text).contains(&"Sugar".to_owned()));
    assert!(
        text.contains("Blood sugar: none recorded in this period."),
        "{text}"
    );
}

#[test]
fn two_years_have_years_on_the_axis_and_a_monthly_summary() {
    let d = doc(ReportType::Comprehensive, 730, false);
    let text = text_of(&d);
    // Period 11/23/2025 to 11/22/2027: the ticks carry their year.
    assert!(text.contains("11/23/2025"), "first tick with its year");
    let ticks_2026 = text.matches("/2026").count();
    assert!(ticks_2026 >= 2, "ticks in 2026: {ticks_2026}");
    let at = text.find("Month by month").expect("the monthly summary");
    assert!(
        at < text.find("All readings").expect("table"),
        "before the table"
    );
    let months: Vec<&str> = text[at..]
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            t.len() > 8
                && t[..3].chars().all(char::is_alphabetic)
                && t.as_bytes()[3] == b' '
                && t[4..8].chars().all(|c| c.is_ascii_digit())
        })
        .collect();
    assert_eq!(months.len(), 25, "Nov 2025 to Nov 2027: {months:?}");
    assert!(
        months[0].trim_start().starts_with("Nov 2025"),
        "{}",
        months[0]
    );
    // A month line: days, readings, the BP average in whole mmHg.
    let first: Vec<&str> = months[1].split_whitespace().collect();
    assert_eq!(first[..4], ["Dec", "2025", "31", "93"], "{first:?}");
    assert!(
        first[4].split('/').all(|n| n.parse::<u32>().is_ok()),
        "{first:?}"
    );
}

#[test]
fn a_short_period_has_no_monthly_summary_and_no_years_on_the_axis() {
    let text = text_of(&doc(ReportType::Comprehensive, 30, false));
    assert!(!text.contains("Month by month"));
    // The chart's tick row: seven dates on one line, month/day only.
    let ticks = text
        .lines()
        .find(|l| l.trim_start().starts_with("11/23 "))
        .expect("the tick row");
    assert_eq!(ticks.split_whitespace().count(), 7, "{ticks}");
    assert!(!ticks.contains("/2025"), "{ticks}");
}

#[test]
fn one_reading_of_758_is_not_0_per_cent() {
    let mut d = doc(ReportType::Bp, 253, false);
    d.readings.truncate(758);
    for r in &mut d.readings {
        (r.values.systolic, r.values.diastolic) = (Some(112), Some(72));
    }
    d.readings[757].values.systolic = Some(185);
    d.analysis = analyse(&d.readings, d.patient.guideline);
    let text = text_of(&d);
    let crisis = text
        .lines()
        .find(|l| {
            l.trim_start().starts_with("Hypertensive Crisis")
                || l.trim_start().starts_with("Severe")
        })
        .expect("the crisis line");
    assert!(crisis.contains("<1 %"), "{crisis}");
    let normal = text
        .lines()
        .find(|l| l.trim_start().starts_with("Normal "))
        .expect("normal");
    assert!(normal.contains(">99 %"), "{normal}");
}

#[test]
fn one_wild_evening_leaves_a_flat_month_stable() {
    let start = NaiveDate::from_ymd_opt(2026, 10, 1).expect("d");
    let mut d = doc(ReportType::Bp, 30, false);
    for (i, r) in d.readings.iter_mut().enumerate() {
        let day = (r.date - start).num_days() as i32;
        // A flat month: scatter of ±6 mmHg around 128/82.
        r.values.systolic = Some(128 + (day * 7 + i as i32) % 13 - 6);
        r.values.diastolic = Some(82 + (day * 5 + i as i32) % 9 - 4);
    }
    let last = d.readings.len() - 1;
    (
        d.readings[last].values.systolic,
        d.readings[last].values.diastolic,
    ) = (Some(212), Some(126));
    d.spec.date_end = d.spec.date_start + Duration::days(29);
    d.analysis = analyse(&d.readings, d.patient.guideline);
    let text = text_of(&d);
    assert!(text.contains("Systolic: stable over the period."), "{text}");
    assert!(
        text.contains("Diastolic: stable over the period."),
        "{text}"
    );
    assert!(text.contains("Theil-Sen"), "the method is said");
}
