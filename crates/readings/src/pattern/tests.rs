//! The pattern matrix (issue 35) at each guideline's thresholds, untreated and treated, and
//! the window and minimum that decide whether there is a pattern at all.

use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
use kernel::{Guideline, UserId};

use super::*;
use crate::home_week::{Origin, summarize};
use crate::model::{Measurements, Reading};

fn d(v: &str) -> NaiveDate {
    v.parse().expect("date")
}

/// A home week from 2026-11-02 with 12 readings of `s`/`d` on days 2 to 4.
fn week(g: Guideline, s: i32, dia: i32) -> WeekSummary {
    let readings: Vec<Reading> = (0..12)
        .map(|i| Reading {
            id: i,
            user_id: UserId(1),
            date: d(&format!("2026-11-0{}", 3 + i % 3)),
            time: NaiveTime::from_hms_opt(7, 0, 0).expect("t"),
            values: Measurements {
                systolic: Some(s),
                diastolic: Some(dia),
                ..Default::default()
            },
            setting: crate::Setting::Home,
            notes: None,
            session: None,
            origin: Default::default(),
            created_at: Utc.timestamp_opt(0, 0).single().expect("t"),
            updated_at: Utc.timestamp_opt(0, 0).single().expect("t"),
        })
        .collect();
    summarize(
        d("2026-11-02"),
        Origin::Started,
        d("2026-11-20"),
        &readings,
        g,
    )
}

fn office(s: i32, dia: i32) -> Vec<(NaiveDate, i32, i32)> {
    vec![(d("2026-10-20"), s, dia), (d("2026-10-27"), s, dia)]
}

#[test]
fn the_matrix_at_every_guidelines_thresholds() {
    use Guideline::*;
    // (guideline, office, home, untreated code, treated code)
    type Case = (
        Guideline,
        (i32, i32),
        (i32, i32),
        &'static str,
        &'static str,
    );
    let cases: [Case; 12] = [
        // ACC/AHA: office and home high from 130/80.
        (AccAha2025, (129, 79), (129, 79), "normal", "controlled"),
        (
            AccAha2025,
            (130, 70),
            (129, 79),
            "white-coat-hypertension",
            "white-coat-effect",
        ),
        (
            AccAha2025,
            (129, 79),
            (120, 80),
            "masked-hypertension",
            "masked-uncontrolled",
        ),
        (
            AccAha2025,
            (130, 80),
            (130, 80),
            "sustained-hypertension",
            "uncontrolled",
        ),
        // ESH: office from 140/90, home from 135/85.
        (Esh2023, (139, 89), (134, 84), "normal", "controlled"),
        (
            Esh2023,
            (140, 80),
            (134, 84),
            "white-coat-hypertension",
            "white-coat-effect",
        ),
        (
            Esh2023,
            (139, 89),
            (120, 85),
            "masked-hypertension",
            "masked-uncontrolled",
        ),
        (
            Esh2023,
            (120, 90),
            (135, 70),
            "sustained-hypertension",
            "uncontrolled",
        ),
        // ESC: the same thresholds as ESH.
        (Esc2024, (139, 89), (134, 84), "normal", "controlled"),
        (
            Esc2024,
            (150, 95),
            (130, 80),
            "white-coat-hypertension",
            "white-coat-effect",
        ),
        (
            Esc2024,
            (135, 85),
            (136, 80),
            "masked-hypertension",
            "masked-uncontrolled",
        ),
        (
            Esc2024,
            (145, 92),
            (140, 88),
            "sustained-hypertension",
            "uncontrolled",
        ),
    ];
    for (g, (os, od), (hs, hd), untreated, treated) in cases {
        let w = week(g, hs, hd);
        let p = pattern(g, &w, &office(os, od), false).expect("a pattern");
        assert_eq!(p.code(), untreated, "{} {os}/{od} {hs}/{hd}", g.code());
        let t = pattern(g, &w, &office(os, od), true).expect("a pattern");
        assert_eq!(t.code(), treated, "{} treated", g.code());
        assert!(t.text().contains("treated terms"));
        assert!(
            p.text().contains("not a diagnosis") && p.text().contains(GuidelineRules::of(g).name)
        );
        assert_eq!((p.office.count, p.home.count), (2, 12));
    }
}

#[test]
fn means_are_compared_unrounded() {
    // Clinic 129 and 130: mean 129.5, below ACC/AHA's 130 though it rounds to 130.
    let w = week(Guideline::AccAha2025, 120, 70);
    let office = [(d("2026-10-20"), 129, 70), (d("2026-10-27"), 130, 70)];
    let p = pattern(Guideline::AccAha2025, &w, &office, false).expect("pattern");
    assert_eq!(p.code(), "normal");
    assert!((p.office.systolic - 129.5).abs() < 1e-9);
}

#[test]
fn no_pattern_without_two_clinic_readings_within_three_months_or_a_home_average() {
    let g = Guideline::AccAha2025;
    let w = week(g, 140, 90);
    // The window: 2026-08-02 to 2027-02-08 (3 months either side of 11/02 to 11/08).
    let edge = [(d("2026-08-02"), 150, 95), (d("2027-02-08"), 150, 95)];
    let p = pattern(g, &w, &edge, false).expect("both on the window's edges count");
    assert_eq!(
        (p.office.from, p.office.to),
        (d("2026-08-02"), d("2027-02-08"))
    );
    let outside = [
        (d("2026-08-01"), 150, 95),
        (d("2027-02-09"), 150, 95),
        (d("2026-10-01"), 150, 95),
    ];
    assert_eq!(
        pattern(g, &w, &outside, false),
        None,
        "one inside is not enough"
    );
    // A week short of 12 readings has no average, so no pattern.
    let short = summarize(d("2026-11-02"), Origin::Started, d("2026-11-20"), &[], g);
    assert_eq!(pattern(g, &short, &office(150, 95), false), None);
}
