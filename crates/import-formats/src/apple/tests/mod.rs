//! Apple Health exports written by hand in the Health app's shape (synthetic values).

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono_tz::America::New_York;
use chrono_tz::Tz;
use kernel::units::{kg_to_lbs, mmol_to_mgdl, round_to};

use super::*;
use crate::testing::{context, file};
use crate::{MSG_CANCELLED, MSG_EMPTY, MSG_XML_NOT_UTF8, Progress, SkipReason, Skipped, Snapshot};

const HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  startDate     CDATA #REQUIRED
>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-11-20 08:00:00 -0500"/>
 <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>
"#;

fn export(body: &str) -> String {
    format!("{HEAD}{body}</HealthData>\n")
}

/// The line the body's first line is on.
fn first_body_line() -> u64 {
    HEAD.lines().count() as u64 + 1
}

fn rec(kind: &str, unit: &str, start: &str, value: &str) -> String {
    format!(
        " <Record type=\"HKQuantityTypeIdentifier{kind}\" sourceName=\"Ann&apos;s Watch\" \
         unit=\"{unit}\" creationDate=\"{start}\" startDate=\"{start}\" endDate=\"{start}\" \
         value=\"{value}\"/>\n"
    )
}

/// A blood pressure correlation, and its pair listed again at the top level, as Apple does.
fn bp(start: &str, systolic: &str, diastolic: &str) -> String {
    let inner = |kind: &str, v: &str| {
        format!(
            "  <Record type=\"HKQuantityTypeIdentifierBloodPressure{kind}\" sourceName=\"OMRON\" \
             unit=\"mmHg\" startDate=\"{start}\" endDate=\"{start}\" value=\"{v}\"/>\n"
        )
    };
    format!(
        " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"OMRON\" \
         startDate=\"{start}\" endDate=\"{start}\">\n  <MetadataEntry key=\"HKWasUserEntered\" \
         value=\"0\"/>\n{}{}</Correlation>\n{}{}",
        inner("Systolic", systolic),
        inner("Diastolic", diastolic),
        inner("Systolic", systolic).replacen("  ", " ", 1),
        inner("Diastolic", diastolic).replacen("  ", " ", 1),
    )
}

fn parse_text(xml: &str, zone: Tz) -> Result<Parsed, FileError> {
    let (_dir, path) = file("export.xml", xml.as_bytes());
    parse(&path, &context(zone, None))
}

fn ok(xml: &str, zone: Tz) -> Parsed {
    parse_text(xml, zone).unwrap_or_else(|e| panic!("{e}"))
}

/// (date time, systolic, diastolic, heart rate, weight, blood sugar), in file order.
type Row = (
    String,
    Option<i32>,
    Option<i32>,
    Option<i32>,
    Option<f64>,
    Option<f64>,
);

fn rows(p: &Parsed) -> Vec<Row> {
    p.candidates
        .iter()
        .map(|c| {
            let v = &c.values.values;
            let at = format!("{} {}", c.values.date, c.values.time.format("%H:%M"));
            (
                at,
                v.systolic,
                v.diastolic,
                v.heart_rate,
                v.weight,
                v.blood_sugar,
            )
        })
        .collect()
}

fn bp_row(at: &str, s: i32, d: i32, hr: Option<i32>) -> Row {
    (at.into(), Some(s), Some(d), hr, None, None)
}

fn hr_row(at: &str, hr: i32) -> Row {
    (at.into(), None, None, Some(hr), None, None)
}

#[test]
fn a_blood_pressure_joins_the_heart_rate_of_its_minute_before_or_after_it() {
    let body = [
        // Before its correlation in the file, 20 s later in the same minute.
        rec(
            "HeartRate",
            "count/min",
            "2023-07-06 08:15:20 -0400",
            "64.6",
        ),
        bp("2023-07-06 08:15:00 -0400", "128", "82"),
        // The watch's samples at other minutes are not kept.
        rec("HeartRate", "count/min", "2023-07-06 08:16:00 -0400", "90"),
        rec("HeartRate", "count/min", "2023-07-06 09:00:00 -0400", "88"),
        rec("StepCount", "count", "2023-07-06 08:15:00 -0400", "120"),
        bp("2023-07-07 19:02:41 -0400", "141", "91"),
        // After its correlation; the second sample at that minute is not (the first wins).
        rec(
            "HeartRate",
            "count/min",
            "2023-07-07 19:02:00 -0400",
            "72.5",
        ),
        rec("HeartRate", "count/min", "2023-07-07 19:02:50 -0400", "99"),
        // A blood pressure without a heart rate at its minute stays without one.
        bp("2023-07-08 07:00:00 -0400", "118", "76"),
    ]
    .concat();
    let p = ok(&export(&body), New_York);
    assert_eq!(
        rows(&p),
        [
            bp_row("2023-07-06 08:15", 128, 82, Some(65)),
            bp_row("2023-07-07 19:02", 141, 91, Some(73)),
            bp_row("2023-07-08 07:00", 118, 76, None),
        ]
    );
    // Top-level elements: 3 correlations, their 6 records listed again, 5 heart rates, 1 step
    // count.
    assert_eq!(p.records, 3 + 6 + 5 + 1);
    assert!(p.skipped.is_empty(), "{:?}", p.skipped);
    assert_eq!(p.time_basis, TimeBasis::Converted);
    let second_bp_line = first_body_line() + 11;
    assert_eq!(
        p.candidates[1].location,
        format!("Correlation at line {second_bp_line} (BloodPressure)")
    );
}

#[test]
fn resting_heart_rate_weight_and_blood_sugar_in_each_unit() {
    let body = [
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-07-06 00:00:00 -0400",
            "58.4",
        ),
        rec("BodyMass", "lb", "2023-07-06 07:01:00 -0400", "170.2"),
        rec("BodyMass", "kg", "2023-07-06 07:02:00 -0400", "77.2"),
        rec("BloodGlucose", "mg/dL", "2023-07-06 07:03:00 -0400", "98"),
        rec(
            "BloodGlucose",
            "mmol&lt;180.1558800000541&gt;/L",
            "2023-07-06 07:04:00 -0400",
            "5.5",
        ),
        rec("BodyMass", "g", "2023-07-06 07:05:00 -0400", "77200"),
    ]
    .concat();
    let p = ok(&export(&body), New_York);
    let line = first_body_line();
    assert_eq!(
        rows(&p),
        [
            hr_row("2023-07-06 00:00", 58),
            (
                "2023-07-06 07:01".into(),
                None,
                None,
                None,
                Some(170.2),
                None
            ),
            (
                "2023-07-06 07:02".into(),
                None,
                None,
                None,
                Some(round_to(kg_to_lbs(77.2), 4)),
                None
            ),
            (
                "2023-07-06 07:03".into(),
                None,
                None,
                None,
                None,
                Some(98.0)
            ),
            (
                "2023-07-06 07:04".into(),
                None,
                None,
                None,
                None,
                Some(round_to(mmol_to_mgdl(5.5), 3))
            ),
        ]
    );
    assert_eq!(
        p.candidates[0].location,
        format!("Record at line {line} (RestingHeartRate)")
    );
    assert_eq!(
        p.skipped,
        [Skipped {
            location: format!("Record at line {} (BodyMass)", line + 5),
            reason: SkipReason::Unreadable,
            message: "A weight in \"g\" cannot be read (expected lb or kg).".into(),
        }]
    );
}

#[test]
fn the_mmol_unit_with_an_unescaped_greater_than() {
    // `<` must be escaped in XML, `>` need not be: both spellings are the same unit.
    let body = rec(
        "BloodGlucose",
        "mmol&lt;180.1558800000541>/L",
        "2023-07-06 07:04:00 -0400",
        "7",
    );
    let p = ok(&export(&body), New_York);
    assert_eq!(rows(&p)[0].5, Some(round_to(mmol_to_mgdl(7.0), 3)));
}

#[test]
fn times_are_converted_to_the_users_zone() {
    let body = [
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-07-06 10:43:59 -0700",
            "60",
        ),
        // Tokyo's morning is New York's evening of the day before.
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-07-07 08:00:00 +0900",
            "61",
        ),
    ]
    .concat();
    let p = ok(&export(&body), New_York);
    assert_eq!(
        rows(&p),
        [
            hr_row("2023-07-06 13:43", 60),
            hr_row("2023-07-06 19:00", 61)
        ]
    );
    let p = ok(&export(&body), chrono_tz::Asia::Tokyo);
    assert_eq!(
        rows(&p),
        [
            hr_row("2023-07-07 02:43", 60),
            hr_row("2023-07-07 08:00", 61)
        ]
    );
}

#[test]
fn a_dst_change_in_the_users_zone() {
    // New York springs forward on 2023-03-12 at 07:00 UTC (02:00 EST becomes 03:00 EDT) and
    // falls back on 2023-11-05 at 06:00 UTC (02:00 EDT becomes 01:00 EST).
    let body = [
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-03-12 01:59:00 -0500",
            "60",
        ),
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-03-12 06:30:00 +0000",
            "61",
        ),
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-03-12 07:30:00 +0000",
            "62",
        ),
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-03-12 03:00:00 -0400",
            "63",
        ),
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-11-05 05:30:00 +0000",
            "64",
        ),
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-11-05 06:30:00 +0000",
            "65",
        ),
    ]
    .concat();
    let p = ok(&export(&body), New_York);
    assert_eq!(
        rows(&p),
        [
            hr_row("2023-03-12 01:59", 60),
            hr_row("2023-03-12 01:30", 61),
            hr_row("2023-03-12 03:30", 62),
            hr_row("2023-03-12 03:00", 63),
            // The hour that happens twice: the same wall-clock time (the service's
            // duplicate check compares values too).
            hr_row("2023-11-05 01:30", 64),
            hr_row("2023-11-05 01:30", 65),
        ]
    );
}

#[test]
fn out_of_range_and_unreadable_are_skipped_with_the_forms_message() {
    let body = [
        bp("2023-07-06 08:15:00 -0400", "300", "82"),
        bp("2023-07-06 08:20:00 -0400", "120.5", "80"),
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-07-06 00:00:00 -0400",
            "250",
        ),
        rec("BodyMass", "lb", "yesterday", "170"),
        rec("BloodGlucose", "mg/dL", "2023-07-06 07:03:00 -0400", "high"),
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-02-30 00:00:00 -0400",
            "60",
        ),
        // Later than now (the tests' now is 2026-11-25 12:00).
        rec(
            "RestingHeartRate",
            "count/min",
            "2027-01-01 00:00:00 -0500",
            "60",
        ),
    ]
    .concat();
    let p = ok(&export(&body), New_York);
    assert!(p.candidates.is_empty());
    let line = first_body_line();
    let got: Vec<(String, SkipReason, String)> = p
        .skipped
        .iter()
        .map(|s| (s.location.clone(), s.reason, s.message.clone()))
        .collect();
    let bad_date = |raw: &str| {
        format!("The date \"{raw}\" cannot be read (expected e.g. 2023-07-06 10:43:12 -0700).")
    };
    assert_eq!(
        got,
        [
            (
                format!("Correlation at line {line} (BloodPressure)"),
                SkipReason::OutOfRange,
                "Systolic must be less than 250".into()
            ),
            (
                format!("Correlation at line {} (BloodPressure)", line + 7),
                SkipReason::Unreadable,
                "Systolic must be a whole number".into()
            ),
            (
                format!("Record at line {} (RestingHeartRate)", line + 14),
                SkipReason::OutOfRange,
                "Heart rate must be less than 220".into()
            ),
            (
                format!("Record at line {} (BodyMass)", line + 15),
                SkipReason::UnreadableDate,
                bad_date("yesterday")
            ),
            (
                format!("Record at line {} (BloodGlucose)", line + 16),
                SkipReason::Unreadable,
                "Blood sugar must be a number".into()
            ),
            (
                format!("Record at line {} (RestingHeartRate)", line + 17),
                SkipReason::UnreadableDate,
                bad_date("2023-02-30 00:00:00 -0400")
            ),
            (
                format!("Record at line {} (RestingHeartRate)", line + 18),
                SkipReason::UnreadableDate,
                "Date cannot be in the future".into()
            ),
        ]
    );
}

#[test]
fn a_heart_rate_out_of_range_at_a_blood_pressure_minute_is_listed_and_the_next_joins() {
    let body = [
        bp("2023-07-06 08:15:00 -0400", "128", "82"),
        rec("HeartRate", "count/min", "2023-07-06 08:15:05 -0400", "30"),
        rec("HeartRate", "count/min", "2023-07-06 08:15:10 -0400", "61"),
    ]
    .concat();
    let p = ok(&export(&body), New_York);
    assert_eq!(rows(&p), [bp_row("2023-07-06 08:15", 128, 82, Some(61))]);
    assert_eq!(p.skipped.len(), 1);
    assert_eq!(p.skipped[0].message, "Heart rate must be at least 40");
    assert_eq!(p.skipped[0].reason, SkipReason::OutOfRange);
}

mod files;
