use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
use kernel::{Guideline, UserId};

use super::*;
use crate::category::GuidelineRules;
use crate::model::Measurements;
use crate::session::{Session, SessionReading};

fn d(v: &str) -> NaiveDate {
    v.parse().expect("date")
}

fn t(v: &str) -> NaiveTime {
    NaiveTime::parse_from_str(v, "%H:%M").expect("time")
}

fn reading(date: &str, time: &str, values: Measurements, session: Option<Session>) -> Reading {
    Reading {
        id: 1,
        user_id: UserId(1),
        date: d(date),
        time: t(time),
        values,
        notes: None,
        session,
        setting: crate::Setting::Home,
        origin: Default::default(),
        created_at: Utc.timestamp_opt(0, 0).single().expect("t"),
        updated_at: Utc.timestamp_opt(0, 0).single().expect("t"),
    }
}

/// A plain blood pressure reading.
fn bp(date: &str, time: &str, systolic: i32, diastolic: i32) -> Reading {
    let values = Measurements {
        systolic: Some(systolic),
        diastolic: Some(diastolic),
        ..Default::default()
    };
    reading(date, time, values, None)
}

/// A guided measurement at `time` with the stored `period`. The reading's own numbers are
/// deliberately not the session's averages, to show the week counts the individual ones.
fn guided(date: &str, time: &str, period: Period, each: &[(i32, i32)]) -> Reading {
    let session = Session {
        period,
        rest_skipped: false,
        readings: each
            .iter()
            .map(|&(systolic, diastolic)| SessionReading {
                time: t(time),
                systolic,
                diastolic,
                heart_rate: None,
            })
            .collect(),
    };
    let values = Measurements {
        systolic: Some(200),
        diastolic: Some(110),
        ..Default::default()
    };
    reading(date, time, values, Some(session))
}

fn avg(systolic: i32, diastolic: i32, count: usize) -> Option<BpAverage> {
    Some(BpAverage {
        systolic,
        diastolic,
        count,
    })
}

const START: &str = "2026-11-02";
const ACC: Guideline = Guideline::AccAha2025;

/// Each reading four times: the same averages from four times the readings, so a test of
/// the arithmetic reaches the minimum of 12 readings (`HOME_WEEK_MIN_READINGS`).
fn four(readings: &[Reading]) -> Vec<Reading> {
    readings
        .iter()
        .flat_map(|r| std::iter::repeat_n(r.clone(), 4))
        .collect()
}

/// The level of a single pair of numbers (a mean of one).
fn level_at(systolic: i32, diastolic: i32) -> &'static rules::HomeLevelRule {
    level_of_mean(Guideline::AccAha2025, systolic.into(), diastolic.into(), 1)
}

fn week(today: &str, readings: &[Reading]) -> WeekSummary {
    summarize(
        d(START),
        Origin::Started,
        d(today),
        readings,
        Guideline::AccAha2025,
    )
}

#[test]
fn a_week_has_seven_numbered_days() {
    let w = week("2026-11-04", &[]);
    assert_eq!(w.end, d("2026-11-08"));
    assert_eq!(w.days.len(), 7);
    let numbered: Vec<(NaiveDate, u32)> = w.days.iter().map(|s| (s.date, s.day)).collect();
    assert_eq!(numbered.first(), Some(&(d("2026-11-02"), 1)));
    assert_eq!(numbered.last(), Some(&(d("2026-11-08"), 7)));
    assert_eq!(w.counted_days, 0);
    assert_eq!((w.average, w.level), (None, None));
}

#[test]
fn day_one_is_left_out_of_every_average() {
    let readings = [
        bp("2026-11-02", "07:00", 180, 110),
        bp("2026-11-02", "19:00", 178, 108),
        bp("2026-11-03", "07:00", 120, 80),
        bp("2026-11-04", "07:00", 124, 82),
        bp("2026-11-05", "20:00", 122, 78),
    ];
    let w = week("2026-11-09", &four(&readings));
    let first = &w.days[0];
    assert_eq!((first.morning, first.evening, first.counted), (4, 4, false));
    assert_eq!((w.counted_days, w.counted_readings), (3, 12));
    assert_eq!(w.average, avg(122, 80, 12));
    assert_eq!(w.morning, avg(122, 81, 8));
    assert_eq!(w.evening, avg(122, 78, 4));
}

#[test]
fn no_average_below_three_counted_days_and_one_at_exactly_three() {
    let two_days = [
        bp("2026-11-02", "07:00", 130, 85),
        bp("2026-11-03", "07:00", 130, 85),
        bp("2026-11-03", "19:00", 132, 84),
        bp("2026-11-04", "07:00", 134, 86),
        bp("2026-11-04", "19:00", 136, 88),
    ];
    let w = week("2026-11-09", &four(&two_days));
    assert_eq!((w.counted_days, w.counted_readings), (2, 16));
    assert_eq!((w.average, w.morning, w.evening), (None, None, None));
    assert_eq!(w.level, None);

    let mut three_days = two_days.to_vec();
    three_days.push(bp("2026-11-08", "20:00", 128, 78));
    let w = week("2026-11-09", &four(&three_days));
    assert_eq!(w.counted_days, 3);
    assert_eq!(w.average, avg(132, 84, 20));
    assert_eq!(w.level.map(|l| l.code), Some("from-130-80"));
}

#[test]
fn a_session_counts_each_of_its_readings() {
    let readings = [
        guided(
            "2026-11-03",
            "07:00",
            Period::Morning,
            &[(130, 80), (128, 78), (126, 76)],
        ),
        bp("2026-11-04", "07:00", 120, 70),
        guided(
            "2026-11-05",
            "19:00",
            Period::Evening,
            &[(140, 90), (138, 88)],
        ),
    ];
    let w = week("2026-11-09", &four(&readings));
    assert_eq!((w.days[1].morning, w.days[1].evening), (12, 0));
    assert_eq!((w.days[3].morning, w.days[3].evening), (0, 8));
    // 6 individual readings (each 4 times): 782/6 = 130.3, 482/6 = 80.3; not the sessions'
    // stored 200/110.
    assert_eq!(w.average, avg(130, 80, 24));
    assert_eq!(w.morning, avg(126, 76, 16));
    assert_eq!(w.evening, avg(139, 89, 8));
}

#[test]
fn morning_and_evening_split_and_an_empty_period_has_no_average() {
    let mornings = [
        bp("2026-11-03", "04:00", 140, 90),
        bp("2026-11-04", "11:59", 136, 86),
        bp("2026-11-05", "06:30", 138, 88),
    ];
    let w = week("2026-11-09", &four(&mornings));
    assert_eq!(w.morning, avg(138, 88, 12));
    assert_eq!(w.evening, None);
    assert_eq!(w.average, w.morning);

    let mut both = mornings.to_vec();
    both.extend([
        bp("2026-11-03", "12:00", 120, 76),
        bp("2026-11-04", "03:59", 124, 78),
    ]);
    let w = week("2026-11-09", &four(&both));
    assert_eq!((w.days[2].morning, w.days[2].evening), (4, 4));
    assert_eq!(w.evening, avg(122, 77, 8));
    assert_eq!(w.morning, avg(138, 88, 12));
    assert_eq!(w.average, avg(132, 84, 20));
}

/// Issue 35: a clinic reading is office blood pressure, judged apart from home readings; it
/// neither counts in the week nor makes one be recognised.
#[test]
fn clinic_readings_never_enter_the_home_week() {
    let clinic = |date: &str, time: &str, systolic: i32, diastolic: i32| Reading {
        setting: crate::Setting::Office,
        ..bp(date, time, systolic, diastolic)
    };
    let home = [
        bp("2026-11-03", "07:00", 120, 80),
        bp("2026-11-04", "07:00", 124, 82),
        bp("2026-11-05", "20:00", 122, 78),
    ];
    let mut with_clinic = four(&home);
    with_clinic.push(clinic("2026-11-04", "10:30", 168, 102));
    with_clinic.push(clinic("2026-11-06", "10:30", 170, 104));
    let w = week("2026-11-09", &with_clinic);
    assert_eq!((w.counted_days, w.counted_readings), (3, 12));
    assert_eq!(w.average, avg(122, 80, 12));
    assert_eq!(
        w.days[4].morning + w.days[4].evening,
        0,
        "the clinic day is empty"
    );
    assert_eq!(
        w.days[2].morning, 4,
        "the clinic reading is not in its day's slots"
    );

    let only_clinic = [
        clinic("2026-11-08", "10:30", 150, 95),
        clinic("2026-11-09", "10:30", 150, 95),
    ];
    assert_eq!(recognise(d("2026-11-09"), &only_clinic), None);
}

#[test]
fn readings_outside_the_week_and_half_readings_are_ignored() {
    let only_weight = Measurements {
        weight: Some(150.0),
        ..Default::default()
    };
    let only_systolic = Measurements {
        systolic: Some(190),
        ..Default::default()
    };
    let only_diastolic = Measurements {
        diastolic: Some(125),
        ..Default::default()
    };
    let readings = [
        bp("2026-11-01", "07:00", 200, 120),
        bp("2026-11-09", "07:00", 200, 120),
        bp("2026-11-03", "07:00", 120, 80),
        bp("2026-11-04", "07:00", 122, 80),
        bp("2026-11-05", "07:00", 124, 80),
        reading("2026-11-06", "07:00", only_weight, None),
        reading("2026-11-07", "07:00", only_systolic, None),
        reading("2026-11-08", "19:00", only_diastolic, None),
    ];
    let w = week("2026-11-20", &four(&readings));
    assert_eq!((w.counted_days, w.counted_readings), (3, 12));
    assert_eq!(w.average, avg(122, 80, 12));
    for day in &w.days[4..] {
        assert_eq!((day.morning, day.evening, day.counted), (0, 0, false));
    }
}

#[test]
fn today_and_completeness() {
    let w = week("2026-11-02", &[]);
    assert_eq!((w.today, w.complete), (Some(1), false));
    let w = week("2026-11-08", &[]);
    assert_eq!((w.today, w.complete), (Some(7), false));
    let w = week("2026-11-09", &[]);
    assert_eq!((w.today, w.complete), (None, true));
    let w = week("2026-11-01", &[]);
    assert_eq!((w.today, w.complete), (None, false));
}

/// A reading's date and time are the user's wall clock as stored: the US changes to
/// daylight saving time on 2026-03-08 (02:00 becomes 03:00) and back on 2026-11-01 (02:00
/// becomes 01:00, so 01:30 happens twice). Neither day is shorter or longer here: each
/// reading falls on its stored date, in the period of its stored time.
#[test]
fn daylight_saving_changes_move_no_reading() {
    for (start, change, today) in [
        ("2026-03-06", "2026-03-08", "2026-03-13"),
        ("2026-10-30", "2026-11-01", "2026-11-06"),
    ] {
        let day = |offset: i64| (d(start) + Duration::days(offset)).to_string();
        let readings = [
            bp(change, "01:30", 130, 80),
            bp(change, "03:30", 132, 82),
            bp(change, "23:59", 134, 84),
            bp(&day(3), "07:00", 120, 80),
            bp(&day(6), "07:00", 120, 80),
            bp(&day(7), "00:00", 190, 130),
            // Taken at 03:30 (evening by the clock), stored as a morning measurement.
            guided(&day(4), "03:30", Period::Morning, &[(124, 76), (122, 74)]),
        ];
        let w = summarize(
            d(start),
            Origin::Started,
            d(today),
            &four(&readings),
            Guideline::AccAha2025,
        );
        assert_eq!(w.end.to_string(), day(6), "{start}");
        let slots: Vec<(u32, u32, u32)> = w
            .days
            .iter()
            .map(|s| (s.day, s.morning, s.evening))
            .collect();
        assert_eq!(
            slots,
            [
                (1, 0, 0),
                (2, 0, 0),
                (3, 0, 12),
                (4, 4, 0),
                (5, 8, 0),
                (6, 0, 0),
                (7, 4, 0),
            ],
            "{start}"
        );
        assert_eq!(w.counted_days, 4);
        assert_eq!(w.average, avg(126, 79, 28), "{start}");
        assert_eq!(w.morning, avg(122, 78, 16), "{start}");
        assert_eq!(w.evening, avg(132, 82, 12), "{start}");
    }
}

#[test]
fn every_level_threshold() {
    let cases = [
        (119, 79, "below-120-80"),
        (120, 79, "from-120"),
        (129, 79, "from-120"),
        (119, 80, "from-130-80"),
        (130, 79, "from-130-80"),
        (129, 80, "from-130-80"),
        (134, 84, "from-130-80"),
        (135, 84, "from-135-85"),
        (134, 85, "from-135-85"),
        (144, 89, "from-135-85"),
        (145, 89, "from-145-90"),
        (144, 90, "from-145-90"),
        (118, 95, "from-145-90"),
        (200, 130, "from-145-90"),
    ];
    for (s, d, code) in cases {
        assert_eq!(level_at(s, d).code, code, "{s}/{d}");
    }
    // Every threshold in rules.json is hit exactly at its value, and one below is lower.
    for (i, level) in GuidelineRules::of(ACC)
        .home_levels
        .iter()
        .enumerate()
        .skip(1)
    {
        if let Some(from) = level.systolic_from {
            assert_eq!(level_at(from, 60).code, level.code);
            assert_eq!(
                level_at(from - 1, 60).code,
                GuidelineRules::of(ACC).home_levels[i - 1].code
            );
        }
        if let Some(from) = level.diastolic_from {
            assert_eq!(level_at(100, from).code, level.code);
            assert_ne!(level_at(100, from - 1).code, level.code);
        }
    }
}

#[test]
fn the_summary_carries_the_level_of_its_average() {
    let readings = [
        bp("2026-11-03", "07:00", 136, 84),
        bp("2026-11-04", "07:00", 134, 84),
        bp("2026-11-05", "07:00", 135, 84),
    ];
    let w = week("2026-11-09", &four(&readings));
    assert_eq!(w.average, avg(135, 84, 12));
    assert_eq!(w.compared, Some((135.0, 84.0)));
    let level = w.level.expect("level");
    assert_eq!(level.code, "from-135-85");
    // One guideline's numbers only (issue 35): the ACC/AHA table, no other guideline's.
    assert!(level.text.contains("2025 ACC/AHA"));
    assert!(!level.text.contains("ESH"));
}

/// The AHA's minimum (issue 35): 3 days and 12 readings from day 2 on. Three readings on
/// three days gave an average and a level before.
#[test]
fn no_average_below_twelve_readings_and_one_at_exactly_twelve() {
    let three = [
        bp("2026-11-03", "07:00", 140, 90),
        bp("2026-11-04", "07:00", 140, 90),
        bp("2026-11-05", "07:00", 140, 90),
    ];
    let w = week("2026-11-09", &three);
    assert_eq!((w.counted_days, w.counted_readings), (3, 3));
    assert_eq!((w.average, w.level, w.compared), (None, None, None));
    assert_eq!((w.morning, w.evening), (None, None));

    let mut eleven = four(&three);
    eleven.pop();
    let w = week("2026-11-09", &eleven);
    assert_eq!((w.counted_days, w.counted_readings), (3, 11));
    assert_eq!((w.average, w.level), (None, None));

    // Twelve on two days is still short of the days.
    let two_days = four(&[three[0].clone(), three[1].clone(), three[1].clone()]);
    let w = week("2026-11-09", &two_days);
    assert_eq!((w.counted_days, w.counted_readings), (2, 12));
    assert_eq!(w.average, None);

    let w = week("2026-11-09", &four(&three));
    assert_eq!((w.counted_days, w.counted_readings), (3, 12));
    assert_eq!(w.average, avg(140, 90, 12));
    assert_eq!(w.level.map(|l| l.code), Some("from-145-90"));
    // Day 1's readings never count towards the minimum.
    let mut with_day_one = eleven.clone();
    with_day_one.push(bp(START, "07:00", 140, 90));
    assert_eq!(week("2026-11-09", &with_day_one).average, None);
}

/// A rounded mean must not cross a threshold (issue 35): 134.5/84.5 is shown as 135/85
/// (halves away from zero) but is below 135/85, and the figures compared are given.
#[test]
fn the_unrounded_mean_is_compared_with_the_thresholds() {
    // (the two alternating readings, the rounded average shown, the figures compared, level)
    type Case<'a> = (&'a [(i32, i32)], (i32, i32), (f64, f64), &'a str);
    let cases: [Case; 4] = [
        // 6 x 134/84 and 6 x 135/85: mean 134.5/84.5.
        (
            &[(134, 84), (135, 85)],
            (135, 85),
            (134.5, 84.5),
            "from-130-80",
        ),
        // Exactly 135/85.
        (
            &[(135, 85), (135, 85)],
            (135, 85),
            (135.0, 85.0),
            "from-135-85",
        ),
        // 144.5/89.5: rounds to 145/90, below 145/90.
        (
            &[(144, 89), (145, 90)],
            (145, 90),
            (144.5, 89.5),
            "from-135-85",
        ),
        // 129.5/79.5: rounds to 130/80, still systolic 120 or more only.
        (
            &[(129, 79), (130, 80)],
            (130, 80),
            (129.5, 79.5),
            "from-120",
        ),
    ];
    for (pair, shown, compared, code) in cases {
        let readings: Vec<Reading> = (0..12)
            .map(|i| {
                let (s, d) = pair[i % 2];
                let date = format!("2026-11-0{}", 3 + i % 3);
                bp(&date, "07:00", s, d)
            })
            .collect();
        let w = week("2026-11-09", &readings);
        assert_eq!(w.average, avg(shown.0, shown.1, 12), "{pair:?}");
        assert_eq!(w.compared, Some(compared), "{pair:?}");
        assert_eq!(w.level.map(|l| l.code), Some(code), "{pair:?}");
    }
    // One short of 135 in the sum: 134.916...; shown cut to 134.9, never rounded up to 135.0.
    let mut readings: Vec<Reading> = (0..12)
        .map(|i| bp(&format!("2026-11-0{}", 3 + i % 3), "07:00", 135, 80))
        .collect();
    readings[0] = bp("2026-11-03", "07:00", 134, 80);
    let w = week("2026-11-09", &readings);
    assert_eq!(w.compared, Some((134.9, 80.0)));
    assert_eq!(w.level.map(|l| l.code), Some("from-130-80"));
}

#[test]
fn recognition_needs_two_days_in_the_last_seven() {
    let today = d("2026-11-10");
    assert_eq!(recognise(today, &[]), None);
    let one_day = [
        bp("2026-11-08", "07:00", 120, 80),
        bp("2026-11-08", "19:00", 120, 80),
    ];
    assert_eq!(recognise(today, &one_day), None);
    let mut two_days = one_day.to_vec();
    two_days.push(bp("2026-11-10", "07:00", 120, 80));
    assert_eq!(recognise(today, &two_days), Some(d("2026-11-08")));
    // 2026-11-03 is 7 days ago: outside; 2026-11-04 (6 days ago) starts the week.
    let mut older = two_days.clone();
    older.push(bp("2026-11-03", "07:00", 120, 80));
    assert_eq!(recognise(today, &older), Some(d("2026-11-08")));
    older.push(bp("2026-11-04", "07:00", 120, 80));
    assert_eq!(recognise(today, &older), Some(d("2026-11-04")));
    // Readings after today (a later time zone) and half readings are not a week's days.
    let weight = Measurements {
        weight: Some(150.0),
        ..Default::default()
    };
    let not_bp = [
        bp("2026-11-09", "07:00", 120, 80),
        bp("2026-11-11", "07:00", 120, 80),
        reading("2026-11-10", "07:00", weight, None),
    ];
    assert_eq!(recognise(today, &not_bp), None);
    let session = [
        bp("2026-11-09", "07:00", 120, 80),
        guided(
            "2026-11-10",
            "07:00",
            Period::Morning,
            &[(120, 80), (118, 78)],
        ),
    ];
    assert_eq!(recognise(today, &session), Some(d("2026-11-09")));
}

#[test]
fn the_started_week_comes_first_and_stays_a_week_after_it_ends() {
    let readings = [
        bp("2026-11-10", "07:00", 120, 80),
        bp("2026-11-11", "07:00", 120, 80),
    ];
    // Running: shown although readings would make a week too.
    let w = current(d("2026-11-11"), Some(d(START)), &readings, ACC).expect("week");
    assert_eq!((w.start, w.origin), (d(START), Origin::Started));
    assert_eq!(w.today, None);
    // Ended 2026-11-08: shown up to 2026-11-15, 7 days later.
    let w = current(d("2026-11-15"), Some(d(START)), &readings, ACC).expect("week");
    assert_eq!(
        (w.start, w.origin, w.complete),
        (d(START), Origin::Started, true)
    );
    // A day later a recognised week takes over.
    let w = current(d("2026-11-16"), Some(d(START)), &readings, ACC).expect("week");
    assert_eq!((w.start, w.origin), (d("2026-11-10"), Origin::Recognised));
    assert_eq!((w.today, w.complete), (Some(7), false));
    // Nothing started and too few readings: nothing.
    assert_eq!(
        current(d("2026-11-17"), Some(d(START)), &readings, ACC),
        None
    );
    assert_eq!(current(d("2026-11-11"), None, &readings[..1], ACC), None);
    let w = current(d("2026-11-11"), None, &readings, ACC).expect("week");
    assert_eq!((w.origin, w.today), (Origin::Recognised, Some(2)));
}

#[test]
fn the_window_covers_the_oldest_week_still_shown() {
    let today = d("2026-11-15");
    let (from, to) = window(today);
    assert_eq!((from, to), (d("2026-11-02"), today));
    // The oldest started week `current` still shows begins on `from`.
    let w = current(today, Some(from), &[], ACC).expect("week");
    assert_eq!(w.origin, Origin::Started);
    let later = from - Duration::days(1);
    assert_eq!(current(today, Some(later), &[], ACC), None);
}

/// The one severe rule: above 180 systolic and/or above 120 diastolic (AHA), either number
/// alone enough (issue 35: systolic 200 alone was not severe).
#[test]
fn severe_boundaries() {
    let m = |systolic, diastolic| Measurements {
        systolic,
        diastolic,
        ..Default::default()
    };
    assert!(!m(Some(180), Some(120)).severe(ACC));
    assert!(m(Some(181), Some(80)).severe(ACC));
    assert!(m(Some(150), Some(121)).severe(ACC));
    assert!(m(Some(181), Some(121)).severe(ACC));
    assert!(m(Some(181), None).severe(ACC));
    assert!(m(Some(200), None).severe(ACC));
    assert!(!m(Some(180), None).severe(ACC));
    assert!(m(None, Some(121)).severe(ACC));
    assert!(m(None, Some(125)).severe(ACC));
    assert!(!m(None, Some(120)).severe(ACC));
    assert!(!m(None, None).severe(ACC));
}

/// Each guideline's home levels, at their boundaries (issue 35): never another's.
#[test]
fn each_guideline_has_its_own_home_levels() {
    use Guideline::*;
    let cases = [
        (AccAha2025, 129, 79, "from-120"),
        (AccAha2025, 130, 79, "from-130-80"),
        (AccAha2025, 134, 84, "from-130-80"),
        (Esh2023, 134, 84, "below-135-85"),
        (Esh2023, 135, 70, "from-135-85"),
        (Esh2023, 120, 85, "from-135-85"),
        (Esc2024, 119, 69, "below-120-70"),
        (Esc2024, 120, 60, "from-120-70"),
        (Esc2024, 100, 70, "from-120-70"),
        (Esc2024, 134, 84, "from-120-70"),
        (Esc2024, 135, 60, "from-135-85"),
        (Esc2024, 100, 85, "from-135-85"),
    ];
    for (g, s, d, code) in cases {
        assert_eq!(
            level_of_mean(g, s.into(), d.into(), 1).code,
            code,
            "{} {s}/{d}",
            g.code()
        );
    }
    // A 12-reading week summarised in ESH terms carries ESH's level and text only.
    let readings: Vec<Reading> = (0..12)
        .map(|i| bp(&format!("2026-11-0{}", 3 + i % 3), "07:00", 136, 80))
        .collect();
    let w = summarize(
        d(START),
        Origin::Started,
        d("2026-11-09"),
        &readings,
        Esh2023,
    );
    let level = w.level.expect("level");
    assert_eq!((level.code, w.guideline), ("from-135-85", Esh2023));
    assert!(level.text.contains("ESH") && !level.text.contains("ACC/AHA"));
}
