//! Medications in the store, on both backends (issue 16): periods in order, every method
//! scoped to the owner, the per-user limits held under concurrency, and a change of dose
//! against a stale period refused. Recorded doses: `medication_intakes.rs`.

#![allow(clippy::expect_used)]

use medications::model::*;
use medications::ports::MedicationRepository;
use testkit::{Backend, on_both_backends};

mod fixtures;
use fixtures::medications::*;
use fixtures::{rows, user};

async fn stored_and_read_back_with_periods_in_order(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let amlo = c
        .add(
            ann,
            new_med(
                "Amlodipine",
                dose(2.5, Frequency::TwiceDaily, &["08:00", "20:00"]),
                "2026-01-10",
            ),
        )
        .await;
    assert_eq!(amlo.name, "Amlodipine");
    assert_eq!(amlo.form, Form::Tablet);
    assert_eq!(amlo.reason.as_deref(), Some("blood pressure"));
    assert!(amlo.reminders);
    assert!(amlo.for_blood_pressure);
    assert_eq!(
        amlo.periods[0].dose,
        dose(2.5, Frequency::TwiceDaily, &["08:00", "20:00"])
    );
    let amlo = c.change(ann, &amlo, 5.0, "2026-03-01").await;
    let amlo = c.change(ann, &amlo, 10.0, "2026-05-15").await;
    // As needed (no times) and stopped, with no reason and no reminders.
    let prn = c
        .add(
            ann,
            NewMedication {
                details: Details {
                    name: "Ibuprofen".into(),
                    form: Form::Capsule,
                    reason: None,
                    reminders: false,
                    for_blood_pressure: false,
                },
                dose: Dose {
                    unit: DoseUnit::Ml,
                    ..dose(0.125, Frequency::AsNeeded, &[])
                },
                start: d("2026-02-01"),
                end: Some(d("2026-02-20")),
            },
        )
        .await;

    let listed = c.meds.list(ann).await.expect("list");
    assert_eq!(listed, [amlo.clone(), prn.clone()], "by id, whole");
    assert_eq!(
        spans(&listed[0]),
        [
            ("2026-01-10".into(), Some("2026-02-28".into()), 2.5),
            ("2026-03-01".into(), Some("2026-05-14".into()), 5.0),
            ("2026-05-15".into(), None, 10.0),
        ]
    );
    assert_eq!(listed[1].periods[0].dose.times, []);
    assert_eq!(listed[1].periods[0].dose.unit, DoseUnit::Ml);
    assert_eq!(listed[1].end(), Some(d("2026-02-20")));
    assert_eq!(listed[1].reason, None);
    assert!(!listed[1].reminders);
    assert!(!listed[1].for_blood_pressure);
    assert!(listed[0].for_blood_pressure, "a change of dose keeps it");
    assert_eq!(
        c.meds.get(ann, amlo.id).await.expect("get"),
        Some(amlo.clone())
    );
    assert_eq!(c.meds.get(ann, prn.id + 1000).await.expect("get"), None);
}

async fn another_users_ids_are_not_found(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let m = c
        .add(
            ann,
            new_med(
                "Lisinopril",
                dose(10.0, Frequency::OnceDaily, &["08:00"]),
                "2026-01-01",
            ),
        )
        .await;
    let latest = m.latest().expect("period").id;
    let intake = c
        .meds
        .record(ann, taken(m.id, "2026-01-02", "08:00"))
        .await
        .expect("record")
        .expect("ann's");

    assert_eq!(c.meds.list(bob).await.expect("list"), []);
    assert_eq!(c.meds.get(bob, m.id).await.expect("get"), None);
    let renamed = new_med(
        "Bob's now",
        dose(40.0, Frequency::OnceDaily, &["09:00"]),
        "2026-01-01",
    );
    assert_eq!(
        c.meds
            .update(bob, m.id, latest, renamed)
            .await
            .expect("update"),
        None
    );
    assert_eq!(
        c.meds
            .change_dose(
                bob,
                m.id,
                latest,
                dose(20.0, Frequency::OnceDaily, &["08:00"]),
                d("2026-02-01"),
                200
            )
            .await
            .expect("change"),
        None
    );
    assert_eq!(
        c.meds
            .record(bob, taken(m.id, "2026-01-03", "08:00"))
            .await
            .expect("record"),
        None
    );
    let skipped_by_bob = IntakeValues {
        status: IntakeStatus::Skipped,
        ..taken(m.id, "2026-01-02", "08:00")
    };
    assert_eq!(
        c.meds
            .record(bob, skipped_by_bob.clone())
            .await
            .expect("record"),
        None,
        "not even replacing ann's"
    );
    assert_eq!(
        c.meds
            .record_missing(bob, vec![taken(m.id, "2026-01-04", "08:00")])
            .await
            .expect("record"),
        0
    );
    assert_eq!(
        c.meds
            .intakes(bob, Some(m.id), d("2026-01-01"), d("2026-12-31"))
            .await
            .expect("intakes"),
        []
    );
    assert!(
        !c.meds
            .delete_intake(bob, m.id, intake.id)
            .await
            .expect("delete")
    );
    assert!(!c.meds.delete(bob, m.id).await.expect("delete"));
    // Ann's intake under another of her medications' ids is not found either.
    let other = c
        .add(
            ann,
            new_med(
                "Other",
                dose(1.0, Frequency::OnceDaily, &["08:00"]),
                "2026-01-01",
            ),
        )
        .await;
    assert!(
        !c.meds
            .delete_intake(ann, other.id, intake.id)
            .await
            .expect("delete")
    );

    // Nothing of Ann's changed.
    assert_eq!(c.meds.get(ann, m.id).await.expect("get"), Some(m.clone()));
    assert_eq!(
        c.meds
            .intakes(ann, None, d("2026-01-01"), d("2026-12-31"))
            .await
            .expect("intakes"),
        std::slice::from_ref(&intake)
    );
    assert!(
        c.meds
            .delete_intake(ann, m.id, intake.id)
            .await
            .expect("delete")
    );
}

async fn the_limit_holds_when_inserts_race(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let once = || dose(5.0, Frequency::OnceDaily, &["08:00"]);
    for name in ["A", "B"] {
        c.add(ann, new_med(name, once(), "2026-01-01")).await;
    }
    let racers: Vec<_> = (0..4)
        .map(|n| {
            let meds = c.meds.clone();
            let new = new_med(&format!("Racer {n}"), once(), "2026-01-01");
            tokio::spawn(async move { meds.insert(ann, new, 3).await.expect("insert") })
        })
        .collect();
    let mut stored = 0;
    for racer in racers {
        stored += usize::from(racer.await.expect("task").is_some());
    }
    assert_eq!(stored, 1, "exactly one fits under the limit");
    assert_eq!(c.meds.list(ann).await.expect("list").len(), 3);
    assert_eq!(rows(&c.db, "medication_periods").await, 3);
    // The limit is per user.
    assert!(
        c.meds
            .insert(bob, new_med("Bob's", once(), "2026-01-01"), 3)
            .await
            .expect("insert")
            .is_some()
    );
}

async fn a_change_of_dose_ends_the_latest_and_refuses_a_stale_one(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let m = c
        .add(
            ann,
            new_med(
                "Losartan",
                dose(25.0, Frequency::OnceDaily, &["08:00"]),
                "2026-03-01",
            ),
        )
        .await;
    let first = m.latest().expect("period").id;
    let changed = c.change(ann, &m, 50.0, "2026-04-01").await;
    assert_eq!(
        spans(&changed),
        [
            ("2026-03-01".into(), Some("2026-03-31".into()), 25.0),
            ("2026-04-01".into(), None, 50.0),
        ]
    );
    let change_from_first = |start: &str, max: usize| {
        c.meds.change_dose(
            ann,
            m.id,
            first,
            dose(100.0, Frequency::OnceDaily, &["08:00"]),
            d(start),
            max,
        )
    };
    // Against the period that was latest before: someone else's change won.
    assert_eq!(
        change_from_first("2026-05-01", 200).await.expect("change"),
        None
    );
    let second = changed.latest().expect("period").id;
    let change_latest = |start: &str, max: usize| {
        c.meds.change_dose(
            ann,
            m.id,
            second,
            dose(100.0, Frequency::OnceDaily, &["08:00"]),
            d(start),
            max,
        )
    };
    // Not after the latest's start, or no room for another period.
    assert_eq!(
        change_latest("2026-04-01", 200).await.expect("change"),
        None
    );
    assert_eq!(change_latest("2026-05-01", 2).await.expect("change"), None);
    assert_eq!(
        c.meds.get(ann, m.id).await.expect("get"),
        Some(changed.clone()),
        "a refused change changes nothing"
    );

    // Two changes against the same latest period at once: one wins.
    let racers: Vec<_> = ["2026-06-01", "2026-07-01"]
        .into_iter()
        .map(|start| {
            let meds = c.meds.clone();
            let (id, start) = (m.id, d(start));
            tokio::spawn(async move {
                meds.change_dose(
                    ann,
                    id,
                    second,
                    dose(75.0, Frequency::OnceDaily, &["08:00"]),
                    start,
                    200,
                )
                .await
                .expect("change")
            })
        })
        .collect();
    let mut won = 0;
    for racer in racers {
        won += usize::from(racer.await.expect("task").is_some());
    }
    assert_eq!(won, 1);
    let after = c.meds.get(ann, m.id).await.expect("get").expect("ann's");
    assert_eq!(after.periods.len(), 3);
    assert_eq!(
        after.periods.iter().filter(|p| p.end.is_none()).count(),
        1,
        "{after:?}"
    );
}

async fn an_update_replaces_the_details_and_the_latest_period(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let m = c
        .add(
            ann,
            new_med(
                "Metoprolol",
                dose(25.0, Frequency::OnceDaily, &["08:00"]),
                "2026-03-01",
            ),
        )
        .await;
    let m = c.change(ann, &m, 50.0, "2026-04-01").await;
    let (first, latest) = (m.periods[0].clone(), m.periods[1].clone());
    let corrected = NewMedication {
        details: Details {
            name: "Metoprolol succinate".into(),
            form: Form::Capsule,
            reason: None,
            reminders: false,
            for_blood_pressure: false,
        },
        dose: Dose {
            unit: DoseUnit::Mcg,
            ..dose(
                47.5,
                Frequency::ThreeTimesDaily,
                &["07:00", "13:00", "21:30"],
            )
        },
        start: d("2026-04-03"),
        end: Some(d("2026-06-30")),
    };
    // Only the latest period is corrected this way.
    assert_eq!(
        c.meds
            .update(ann, m.id, first.id, corrected.clone())
            .await
            .expect("update"),
        None
    );
    assert_eq!(c.meds.get(ann, m.id).await.expect("get"), Some(m.clone()));

    let updated = c
        .meds
        .update(ann, m.id, latest.id, corrected.clone())
        .await
        .expect("update")
        .expect("updated");
    assert_eq!(updated.name, "Metoprolol succinate");
    assert_eq!(updated.form, Form::Capsule);
    assert_eq!(updated.reason, None);
    assert!(!updated.reminders);
    assert!(!updated.for_blood_pressure, "unmarked");
    assert_eq!(updated.periods[0], first, "the earlier period stays");
    assert_eq!(
        updated.periods[1],
        DosePeriod {
            id: latest.id,
            dose: corrected.dose.clone(),
            start: d("2026-04-03"),
            end: Some(d("2026-06-30")),
        }
    );
    // Restarting: the end date goes.
    let restarted = c
        .meds
        .update(
            ann,
            m.id,
            latest.id,
            NewMedication {
                end: None,
                ..corrected
            },
        )
        .await
        .expect("update")
        .expect("updated");
    assert_eq!(restarted.end(), None);
    assert_eq!(c.meds.get(ann, m.id).await.expect("get"), Some(restarted));
}

/// A change after the medication was stopped is a restart at a new dose: the days between
/// stay untaken.
async fn a_change_after_a_stop_keeps_the_gap(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let mut stopped = new_med(
        "Losartan",
        dose(25.0, Frequency::OnceDaily, &["08:00"]),
        "2026-03-01",
    );
    stopped.end = Some(d("2026-03-10"));
    let m = c.add(ann, stopped).await;
    let restarted = c.change(ann, &m, 50.0, "2026-04-01").await;
    assert_eq!(
        spans(&restarted),
        [
            ("2026-03-01".into(), Some("2026-03-10".into()), 25.0),
            ("2026-04-01".into(), None, 50.0),
        ]
    );
}

on_both_backends!(
    a_change_after_a_stop_keeps_the_gap,
    stored_and_read_back_with_periods_in_order,
    another_users_ids_are_not_found,
    the_limit_holds_when_inserts_race,
    a_change_of_dose_ends_the_latest_and_refuses_a_stale_one,
    an_update_replaces_the_details_and_the_latest_period,
);
