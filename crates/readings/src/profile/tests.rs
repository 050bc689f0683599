use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
use kernel::{Guideline, UserId};

use super::*;
use crate::model::Measurements;
use crate::origin::{CuffFlag, CuffFlags, Origin};
use crate::session::{Period, Session, SessionReading};

fn d(v: &str) -> NaiveDate {
    v.parse().expect("date")
}

fn t(v: &str) -> NaiveTime {
    NaiveTime::parse_from_str(v, "%H:%M").expect("time")
}

fn bp(date: &str, time: &str, systolic: i32, diastolic: i32) -> Reading {
    Reading {
        id: 1,
        user_id: UserId(1),
        date: d(date),
        time: t(time),
        values: Measurements {
            systolic: Some(systolic),
            diastolic: Some(diastolic),
            ..Default::default()
        },
        notes: None,
        session: None,
        setting: Setting::Home,
        origin: Origin::default(),
        created_at: Utc.timestamp_opt(0, 0).single().expect("t"),
        updated_at: Utc.timestamp_opt(0, 0).single().expect("t"),
    }
}

fn office(r: Reading) -> Reading {
    Reading {
        setting: Setting::Office,
        ..r
    }
}

fn cuff(r: Reading, flags: &[CuffFlag]) -> Reading {
    Reading {
        origin: Origin::device(
            "OMRON X4 Smart".into(),
            CuffFlags::of(flags.iter().copied()),
        ),
        ..r
    }
}

/// A guided measurement: its stored numbers (200/110) are not its readings', to show the
/// profile counts the individual readings.
fn guided(date: &str, time: &str, each: &[(i32, i32)]) -> Reading {
    let session = Session {
        period: Period::of(t(time)),
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
    Reading {
        session: Some(session),
        ..bp(date, time, 200, 110)
    }
}

fn each(readings: &[Reading]) -> Vec<Individual> {
    individual::home(readings).collect()
}

const ACC: Guideline = Guideline::AccAha2025;
const ESH: Guideline = Guideline::Esh2023;

/// Six mornings at `m` and six evenings at `e` (systolic, diastolic), 1 to 6 March.
fn six_days(m: (i32, i32), e: (i32, i32)) -> Vec<Reading> {
    (1..=6)
        .flat_map(|day| {
            let date = format!("2026-03-0{day}");
            [bp(&date, "07:00", m.0, m.1), bp(&date, "20:00", e.0, e.1)]
        })
        .collect()
}

#[test]
fn morning_predominant_is_a_high_morning_with_a_normal_evening() {
    // ESH home threshold 135/85. Mornings 136/80 reach it by the systolic; evenings 134/84
    // are below both numbers. Difference 2/-4.
    let me = threshold::morning_evening(&each(&six_days((136, 80), (134, 84))), ESH);
    assert_eq!(
        me.morning.map(|m| (m.systolic, m.diastolic, m.count)),
        Some((136.0, 80.0, 6))
    );
    assert_eq!(me.difference, Some((2.0, -4.0)));
    assert_eq!(me.morning_predominant, Some(true));
    // Under ACC/AHA 2025 (home 130/80) the evening's 134 is high too: not morning-predominant.
    let me = threshold::morning_evening(&each(&six_days((136, 80), (134, 84))), ACC);
    assert_eq!(me.morning_predominant, Some(false));
    // The morning's diastolic alone reaches it (the guideline's "or").
    let me = threshold::morning_evening(&each(&six_days((120, 85), (120, 80))), ESH);
    assert_eq!(me.morning_predominant, Some(true));
}

#[test]
fn means_are_compared_unrounded_and_the_mark_waits_for_enough_readings() {
    // Mornings 135 and 134 three times each: mean 134.5, shown as 135 but below 135/85.
    let mut readings = six_days((135, 80), (120, 80));
    for r in readings.iter_mut().step_by(4) {
        r.values.systolic = Some(134);
    }
    let me = threshold::morning_evening(&each(&readings), ESH);
    assert_eq!(me.morning.map(|m| m.systolic), Some(134.5));
    assert_eq!(me.morning_predominant, Some(false));
    // Five evenings: no mark yet (MIN_PERIOD_READINGS = 6), the means are still given.
    let short = &six_days((150, 95), (120, 80))[..11];
    let me = threshold::morning_evening(&each(short), ESH);
    assert_eq!(threshold::MIN_PERIOD_READINGS, 6);
    assert_eq!(me.evening.map(|e| e.count), Some(5));
    assert_eq!(me.morning_predominant, None);
    let none = threshold::morning_evening(&[], ESH);
    assert_eq!((none.morning, none.difference), (None, None));
}

#[test]
fn a_reading_is_above_the_threshold_by_either_number() {
    // ESH 135/85: 135/70 (systolic), 120/85 (diastolic) and 140/90 are at or above; 134/84
    // is not. 3 of 4: 75 %.
    let readings = [
        bp("2026-03-01", "07:00", 135, 70),
        bp("2026-03-01", "20:00", 120, 85),
        bp("2026-03-02", "07:00", 140, 90),
        bp("2026-03-02", "20:00", 134, 84),
    ];
    let above = threshold::above(&each(&readings), ESH);
    assert_eq!((above.count, above.of, above.share), (3, 4, Some(0.75)));
    // ACC/AHA 2025 (130/80): 134/84 is above too.
    assert_eq!(threshold::above(&each(&readings), ACC).count, 4);
    assert_eq!(threshold::above(&[], ESH).share, None);
}

#[test]
fn daily_means_count_each_reading_of_a_guided_measurement() {
    // 1 March: 120/80 alone and a guided measurement of 130/84 and 134/86: (120 + 130 +
    // 134) / 3 = 128, (80 + 84 + 86) / 3 = 83.33. 3 March: 140/90.
    let readings = [
        bp("2026-03-01", "07:00", 120, 80),
        guided("2026-03-01", "20:00", &[(130, 84), (134, 86)]),
        bp("2026-03-03", "07:00", 140, 90),
    ];
    let days = daily_means(&each(&readings));
    assert_eq!(days.len(), 2);
    assert_eq!(
        (days[0].date, days[0].systolic, days[0].count),
        (d("2026-03-01"), 128.0, 3)
    );
    assert!((days[0].diastolic - 250.0 / 3.0).abs() < 1e-9);
    assert_eq!((days[1].systolic, days[1].count), (140.0, 1));
}

#[test]
fn device_days_are_counted_in_30_day_windows() {
    // Period 1 March to 15 April (46 days): windows 1-30 March and 31 March-15 April.
    // Cuff readings on 1, 1 (again), 2 and 30 March: 3 days; on 31 March and 15 April: 2.
    // A typed reading on 3 March is no device day.
    let readings = [
        cuff(bp("2026-03-01", "07:00", 120, 80), &[]),
        cuff(bp("2026-03-01", "20:00", 120, 80), &[]),
        cuff(bp("2026-03-02", "07:00", 120, 80), &[]),
        bp("2026-03-03", "07:00", 120, 80),
        cuff(bp("2026-03-30", "07:00", 120, 80), &[]),
        cuff(bp("2026-03-31", "07:00", 120, 80), &[]),
        cuff(bp("2026-04-15", "07:00", 120, 80), &[]),
    ];
    let p = profile(&readings, d("2026-03-01"), d("2026-04-15"), ACC);
    let windows: Vec<(NaiveDate, NaiveDate, usize)> = p
        .quality
        .windows
        .iter()
        .map(|w| (w.from, w.to, w.device_days))
        .collect();
    assert_eq!(
        windows,
        [
            (d("2026-03-01"), d("2026-03-30"), 3),
            (d("2026-03-31"), d("2026-04-15"), 2)
        ]
    );
}

#[test]
fn quality_counts_flags_guided_readings_and_sources() {
    let mut imported = bp("2026-03-02", "07:00", 120, 80);
    imported.origin = Origin::import("Withings");
    let readings = [
        cuff(
            bp("2026-03-01", "07:00", 120, 80),
            &[CuffFlag::IrregularPulse],
        ),
        cuff(
            bp("2026-03-01", "20:00", 120, 80),
            &[CuffFlag::IrregularPulse, CuffFlag::BodyMovement],
        ),
        guided("2026-03-02", "20:00", &[(120, 80), (122, 82)]),
        imported,
        // Neither counts: a clinic reading, and a reading with no blood pressure.
        office(cuff(
            bp("2026-03-03", "07:00", 150, 95),
            &[CuffFlag::BodyMovement],
        )),
        Reading {
            values: Measurements {
                weight: Some(170.0),
                ..Default::default()
            },
            ..bp("2026-03-03", "08:00", 0, 0)
        },
    ];
    let q = profile(&readings, d("2026-03-01"), d("2026-03-31"), ACC).quality;
    assert_eq!((q.irregular_pulse, q.body_movement), (2, 1));
    assert_eq!((q.guided, q.single), (1, 3));
    assert_eq!((q.manual, q.device, q.import), (1, 2, 1));
}

#[test]
fn the_profile_counts_home_readings_of_the_period_only() {
    // Three home readings in the period (120, 130, 140, one a day at 07:00), one clinic
    // reading (180) and one home reading outside the period (100): SD 10, ARV 10 over 2
    // pairs, TTR over 110-130: day 1-2 all in (1 day), day 2-3 from 130 to 140 none: 50 %.
    let readings = [
        bp("2026-03-01", "07:00", 120, 75),
        bp("2026-03-02", "07:00", 130, 75),
        bp("2026-03-03", "07:00", 140, 75),
        office(bp("2026-03-02", "09:00", 180, 100)),
        bp("2026-04-01", "07:00", 100, 70),
    ];
    let p = profile(&readings, d("2026-03-01"), d("2026-03-31"), ACC);
    assert_eq!(p.readings, 3);
    assert_eq!(p.threshold, (130, 80));
    assert_eq!(p.variability.sd, Some(Stat { value: 10.0, n: 3 }));
    assert_eq!(p.variability.arv, Some(Stat { value: 10.0, n: 2 }));
    assert_eq!(p.time_in_range.share, Some(0.5));
    assert_eq!(p.time_in_range.covered_days, 2.0);
    // 130/75 and 140/75 reach ACC/AHA's 130/80 by the systolic; 120/75 does not.
    assert_eq!((p.above.count, p.above.of), (2, 3));
    assert_eq!(p.modal_day.len(), 1);
    assert_eq!(p.days.len(), 3);
}

#[test]
fn an_empty_period_has_no_statistic_and_no_zero() {
    let p = profile(&[], d("2026-03-01"), d("2026-03-10"), ESH);
    assert_eq!(p.readings, 0);
    assert_eq!(p.time_in_range.share, None);
    assert_eq!(
        (p.variability.sd, p.variability.cv, p.variability.arv),
        (None, None, None)
    );
    assert_eq!(p.above.share, None);
    assert!(p.modal_day.is_empty() && p.days.is_empty());
    assert_eq!(p.quality.windows.len(), 1);
    assert_eq!(p.quality.windows[0].device_days, 0);
    let one = profile(
        &[bp("2026-03-02", "07:00", 125, 80)],
        d("2026-03-01"),
        d("2026-03-10"),
        ESH,
    );
    assert_eq!((one.time_in_range.share, one.variability.sd), (None, None));
}
