use chrono::{NaiveDate, NaiveTime};

use super::*;
use crate::model::{Dose, DosePeriod, DoseUnit, Form, Frequency};
use crate::testing::{d, t};

fn period(
    id: i64,
    mg: f64,
    frequency: Frequency,
    times: Vec<NaiveTime>,
    start: NaiveDate,
    end: Option<NaiveDate>,
) -> DosePeriod {
    DosePeriod {
        id,
        dose: Dose {
            strength: mg,
            unit: DoseUnit::Mg,
            frequency,
            times,
        },
        start,
        end,
    }
}

fn med(id: i64, periods: Vec<DosePeriod>) -> Medication {
    Medication {
        id,
        name: "Amlodipine".into(),
        form: Form::Tablet,
        reason: None,
        reminders: false,
        for_blood_pressure: false,
        added_at: None,
        added: None,
        periods,
    }
}

fn bp(date: NaiveDate, systolic: i32, diastolic: i32) -> BpPoint {
    BpPoint {
        date,
        systolic,
        diastolic,
    }
}

fn intake(
    id: i64,
    medication_id: i64,
    date: NaiveDate,
    time: NaiveTime,
    status: IntakeStatus,
) -> Intake {
    Intake {
        id,
        medication_id,
        date,
        time,
        status,
        reason: None,
    }
}

/// 5 mg from March 1st, 10 mg from March 21st, stopped after April 30th.
fn amlodipine() -> Medication {
    med(
        1,
        vec![
            period(
                1,
                5.0,
                Frequency::OnceDaily,
                vec![t(8, 0)],
                d(2026, 3, 1),
                Some(d(2026, 3, 20)),
            ),
            period(
                2,
                10.0,
                Frequency::OnceDaily,
                vec![t(8, 0)],
                d(2026, 3, 21),
                Some(d(2026, 4, 30)),
            ),
        ],
    )
}

#[test]
fn events_name_starts_changes_and_stops_up_to_today() {
    let got: Vec<(NaiveDate, &str, String)> = events(&[amlodipine()], d(2026, 6, 1))
        .into_iter()
        .map(|e| (e.date, e.kind.code(), e.label))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                d(2026, 3, 1),
                "started",
                "Started Amlodipine 5 mg".to_owned()
            ),
            (
                d(2026, 3, 21),
                "changed",
                "Amlodipine 5 mg → 10 mg".to_owned()
            ),
            (d(2026, 5, 1), "stopped", "Stopped Amlodipine".to_owned()),
        ]
    );
    let early = events(&[amlodipine()], d(2026, 3, 10));
    assert_eq!(
        early.len(),
        1,
        "a change or stop still to come is not on the chart yet"
    );
}

#[test]
fn a_period_after_a_gap_is_a_new_start() {
    let m = med(
        1,
        vec![
            period(
                1,
                5.0,
                Frequency::OnceDaily,
                vec![t(8, 0)],
                d(2026, 1, 1),
                Some(d(2026, 1, 31)),
            ),
            period(
                2,
                5.0,
                Frequency::OnceDaily,
                vec![t(8, 0)],
                d(2026, 3, 1),
                None,
            ),
        ],
    );
    let kinds: Vec<&str> = events(&[m], d(2026, 6, 1))
        .iter()
        .map(|e| e.kind.code())
        .collect();
    assert_eq!(kinds, vec!["started", "stopped", "started"]);
}

#[test]
fn before_and_after_windows_leave_out_the_first_two_days() {
    let m = med(
        1,
        vec![period(
            1,
            5.0,
            Frequency::OnceDaily,
            vec![t(8, 0)],
            d(2026, 3, 15),
            None,
        )],
    );
    let mut points = vec![
        // Before: March 1st..14th. The 28th of February is outside.
        bp(d(2026, 2, 28), 200, 110),
        bp(d(2026, 3, 1), 150, 95),
        bp(d(2026, 3, 7), 148, 93),
        bp(d(2026, 3, 14), 146, 91),
        // Days 1 and 2 (15th, 16th) are left out.
        bp(d(2026, 3, 15), 100, 60),
        bp(d(2026, 3, 16), 100, 60),
        // After: March 17th..30th.
        bp(d(2026, 3, 17), 138, 86),
        bp(d(2026, 3, 30), 136, 84),
    ];
    let e = &effects(&m, &points, d(2026, 6, 1))[0];
    assert_eq!(
        e.before,
        Some(BpAverage {
            systolic: 148,
            diastolic: 93,
            count: 3
        })
    );
    assert_eq!(
        e.after,
        Some(BpAverage {
            systolic: 137,
            diastolic: 85,
            count: 2
        })
    );
    assert!(!e.enough, "2 after is not enough");
    assert!(e.summary.contains("3 before and 2 after"), "{}", e.summary);

    points.push(bp(d(2026, 3, 31), 100, 60)); // day 17: outside
    points.push(bp(d(2026, 3, 20), 134, 82));
    let e = &effects(&m, &points, d(2026, 6, 1))[0];
    assert_eq!(
        e.after,
        Some(BpAverage {
            systolic: 136,
            diastolic: 84,
            count: 3
        })
    );
    assert!(e.enough);
    assert_eq!(
        e.summary,
        "Average 148/93 mmHg before (3 readings) and 136/84 mmHg after (3 readings): systolic 12 lower, diastolic 9 lower."
    );
}

#[test]
fn the_after_window_stops_at_the_next_change_and_at_today() {
    let points: Vec<BpPoint> = (1..=31)
        .map(|day| bp(d(2026, 3, day), 140 + i32::try_from(day).unwrap_or(0), 90))
        .collect();
    let m = amlodipine();
    // Change on the 21st: the start's after window (3rd..16th) is whole; the change's
    // (23rd..) is cut at today, the 25th.
    let fx = effects(&m, &points, d(2026, 3, 25));
    assert_eq!(fx.len(), 2);
    assert_eq!(fx[0].after.map(|a| a.count), Some(14));
    assert_eq!(fx[1].kind, EventKind::Changed);
    assert_eq!(fx[1].before.map(|a| a.count), Some(14), "7th..20th");
    assert_eq!(fx[1].after.map(|a| a.count), Some(3), "23rd..25th");

    // A change 5 days after the start: the start's after window ends the day before it.
    let quick = med(
        1,
        vec![
            period(
                1,
                5.0,
                Frequency::OnceDaily,
                vec![t(8, 0)],
                d(2026, 3, 10),
                Some(d(2026, 3, 14)),
            ),
            period(
                2,
                10.0,
                Frequency::OnceDaily,
                vec![t(8, 0)],
                d(2026, 3, 15),
                None,
            ),
        ],
    );
    let fx = effects(&quick, &points, d(2026, 6, 1));
    assert_eq!(fx[0].after.map(|a| a.count), Some(3), "12th..14th only");
}

#[test]
fn the_after_window_stops_when_the_medication_stopped() {
    // Taken March 1st to 5th, then stopped: readings from March 6th on were taken without
    // it and are not "after" it.
    let m = med(
        1,
        vec![period(
            1,
            5.0,
            Frequency::OnceDaily,
            vec![t(8, 0)],
            d(2026, 3, 1),
            Some(d(2026, 3, 5)),
        )],
    );
    let points = vec![
        bp(d(2026, 3, 3), 130, 80),
        bp(d(2026, 3, 5), 132, 82),
        bp(d(2026, 3, 10), 160, 100),
    ];
    let e = effects(&m, &points, d(2026, 4, 1));
    assert_eq!(e.len(), 1);
    assert_eq!(
        e[0].after,
        Some(BpAverage {
            systolic: 131,
            diastolic: 81,
            count: 2
        })
    );
}

#[test]
fn no_readings_means_no_average() {
    let fx = effects(&amlodipine(), &[], d(2026, 6, 1));
    assert!(
        fx.iter()
            .all(|e| e.before.is_none() && e.after.is_none() && !e.enough)
    );
    assert!(
        fx[0]
            .summary
            .starts_with("Not enough readings to compare yet: 0 before and 0 after")
    );
}

#[test]
fn adherence_counts_due_taken_skipped_and_missed() {
    let m = med(
        1,
        vec![period(
            1,
            5.0,
            Frequency::TwiceDaily,
            vec![t(8, 0), t(20, 0)],
            d(2026, 3, 1),
            None,
        )],
    );
    let intakes = vec![
        intake(1, 1, d(2026, 3, 1), t(8, 0), IntakeStatus::Taken),
        intake(2, 1, d(2026, 3, 1), t(20, 0), IntakeStatus::Taken),
        intake(3, 1, d(2026, 3, 2), t(8, 0), IntakeStatus::Skipped),
        intake(4, 1, d(2026, 3, 3), t(8, 0), IntakeStatus::Taken),
        // Another medication's intake does not count.
        intake(5, 2, d(2026, 3, 2), t(20, 0), IntakeStatus::Taken),
    ];
    // Feb 27th..March 3rd, today the 3rd at 12:00: due = 2 + 2 + 1 (20:00 not yet).
    let a = adherence(
        std::slice::from_ref(&m),
        &intakes,
        d(2026, 2, 27),
        d(2026, 3, 3),
        d(2026, 3, 3),
        t(12, 0),
    );
    assert_eq!((a.due, a.taken, a.skipped, a.missed), (5, 3, 1, 1));
    assert_eq!(a.percent(), Some(60));
    // The evening dose recorded early counts as due.
    let mut early = intakes.clone();
    early.push(intake(6, 1, d(2026, 3, 3), t(20, 0), IntakeStatus::Taken));
    let a = adherence(
        std::slice::from_ref(&m),
        &early,
        d(2026, 3, 1),
        d(2026, 3, 3),
        d(2026, 3, 3),
        t(12, 0),
    );
    assert_eq!((a.due, a.taken, a.skipped, a.missed), (6, 4, 1, 1));
    assert_eq!(a.percent(), Some(67), "4/6 = 66.7%");
    // Days after today never count.
    let a = adherence(
        &[m],
        &intakes,
        d(2026, 3, 1),
        d(2026, 3, 31),
        d(2026, 3, 2),
        t(23, 0),
    );
    assert_eq!(a.due, 4);
}

#[test]
fn adherence_of_nothing_due_has_no_percent_and_as_needed_is_apart() {
    let prn = med(
        3,
        vec![period(
            1,
            400.0,
            Frequency::AsNeeded,
            vec![],
            d(2026, 3, 1),
            None,
        )],
    );
    let intakes = vec![
        intake(1, 3, d(2026, 3, 2), t(9, 12), IntakeStatus::Taken),
        intake(2, 3, d(2026, 3, 2), t(15, 40), IntakeStatus::Taken),
    ];
    let a = adherence(
        &[prn],
        &intakes,
        d(2026, 3, 1),
        d(2026, 3, 31),
        d(2026, 4, 1),
        t(0, 0),
    );
    assert_eq!((a.due, a.as_needed), (0, 2));
    assert_eq!(a.percent(), None);
    // Halves round up: 1/8 = 12.5% → 13%.
    let a = Adherence {
        due: 8,
        taken: 1,
        ..Adherence::default()
    };
    assert_eq!(a.percent(), Some(13));
}

#[test]
fn weekly_adherence_counts_one_dose_a_week() {
    // Tuesday March 3rd, weekly: the 3rd, 10th, 17th, 24th, 31st.
    let m = med(
        1,
        vec![period(
            1,
            50.0,
            Frequency::Weekly,
            vec![t(9, 0)],
            d(2026, 3, 3),
            None,
        )],
    );
    let a = adherence(
        &[m],
        &[],
        d(2026, 3, 1),
        d(2026, 3, 31),
        d(2026, 4, 30),
        t(0, 0),
    );
    assert_eq!((a.due, a.missed), (5, 5));
}

#[test]
fn windows_cover_each_change_and_merge_when_they_overlap() {
    // Starts on March 1st and 21st: [Feb 15, Mar 16] and [Mar 7, Apr 5] overlap.
    assert_eq!(
        windows(&amlodipine(), d(2026, 6, 1)),
        vec![(d(2026, 2, 15), d(2026, 4, 5))]
    );
    let far = med(
        1,
        vec![
            period(
                1,
                5.0,
                Frequency::OnceDaily,
                vec![t(8, 0)],
                d(2026, 1, 1),
                Some(d(2026, 4, 30)),
            ),
            period(
                2,
                10.0,
                Frequency::OnceDaily,
                vec![t(8, 0)],
                d(2026, 5, 1),
                None,
            ),
        ],
    );
    assert_eq!(
        windows(&far, d(2026, 5, 10)),
        vec![
            (d(2025, 12, 18), d(2026, 1, 16)),
            (d(2026, 4, 17), d(2026, 5, 10))
        ],
        "the second cut at today"
    );
}

/// Issue 36: a medication started a year ago and added to Vitalog today showed "Taken 0 of
/// 60 doses (0%) · Missed 60" on day one. Doses before it was added are not recorded, and a
/// dose the person logs for such a day still counts as taken.
#[test]
fn doses_before_a_medication_was_added_are_not_recorded_never_missed() {
    let mut m = med(
        1,
        vec![period(
            1,
            5.0,
            Frequency::TwiceDaily,
            vec![t(8, 0), t(20, 0)],
            d(2025, 11, 1),
            None,
        )],
    );
    m.added = Some(d(2026, 3, 30));
    let logged = vec![intake(1, 1, d(2026, 3, 20), t(8, 0), IntakeStatus::Taken)];
    // The last 30 days, today March 30th at 12:00: only today's 08:00 dose was due.
    let a = adherence(
        std::slice::from_ref(&m),
        &logged,
        d(2026, 3, 1),
        d(2026, 3, 30),
        d(2026, 3, 30),
        t(12, 0),
    );
    assert_eq!((a.due, a.taken, a.missed), (2, 1, 1), "{a:?}");
    assert_eq!(a.not_recorded, 57, "29 days × 2, less the one logged");
    assert_eq!(a.added, Some(d(2026, 3, 30)));
    let text = crate::service::adherence_text(&a, &m.periods);
    assert!(
        text.contains("57 doses before it was added to Vitalog on 03/30/2026 not recorded"),
        "{text}"
    );
    assert!(!text.contains("57 missed"), "{text}");
    // Without the day it was added (unknown), every due dose counts as before.
    m.added = None;
    let a = adherence(
        std::slice::from_ref(&m),
        &logged,
        d(2026, 3, 1),
        d(2026, 3, 30),
        d(2026, 3, 30),
        t(12, 0),
    );
    assert_eq!((a.due, a.missed, a.not_recorded), (59, 58, 0));
}
