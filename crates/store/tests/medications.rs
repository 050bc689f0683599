//! Medications in the store, on both backends (issue 16): periods in order, every method
//! scoped to the owner, the per-user limits held under concurrency, a change of dose against
//! a stale period refused, doses recorded once per slot, and everything gone with the
//! medication or the account.

#![allow(clippy::expect_used)]

use chrono::{NaiveDate, NaiveTime};
use identity::ports::UserRepository;
use kernel::UserId;
use kernel::outbox::OutgoingEmail;
use medications::model::*;
use medications::ports::MedicationRepository;
use store::{Db, DbOptions, MedicationStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::{rows, user};

struct Ctx {
    _db: TestDb,
    db: Db,
    users: UserStore,
    meds: MedicationStore,
}

fn ctx(backend: Backend) -> Ctx {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    Ctx {
        users: UserStore::new(db.clone()),
        meds: MedicationStore::new(db.clone()),
        db,
        _db: tdb,
    }
}

fn d(s: &str) -> NaiveDate {
    kernel::date::parse_date(s).expect("date")
}

fn t(s: &str) -> NaiveTime {
    kernel::date::parse_time(s).expect("time")
}

fn dose(strength: f64, frequency: Frequency, times: &[&str]) -> Dose {
    Dose {
        strength,
        unit: DoseUnit::Mg,
        frequency,
        times: times.iter().map(|s| t(s)).collect(),
    }
}

fn new_med(name: &str, dose: Dose, start: &str) -> NewMedication {
    NewMedication {
        details: Details {
            name: name.into(),
            form: Form::Tablet,
            reason: Some("blood pressure".into()),
            reminders: true,
        },
        dose,
        start: d(start),
        end: None,
    }
}

fn taken(medication_id: i64, date: &str, time: &str) -> IntakeValues {
    IntakeValues {
        medication_id,
        date: d(date),
        time: t(time),
        status: IntakeStatus::Taken,
        reason: None,
    }
}

/// (start, end, strength) of each period.
fn spans(m: &Medication) -> Vec<(String, Option<String>, f64)> {
    m.periods
        .iter()
        .map(|p| {
            (
                p.start.to_string(),
                p.end.map(|e| e.to_string()),
                p.dose.strength,
            )
        })
        .collect()
}

impl Ctx {
    async fn add(&self, user: UserId, new: NewMedication) -> Medication {
        self.meds
            .insert(user, new, 100)
            .await
            .expect("insert")
            .expect("room")
    }

    async fn change(&self, user: UserId, m: &Medication, strength: f64, start: &str) -> Medication {
        let latest = m.latest().expect("period").id;
        self.meds
            .change_dose(
                user,
                m.id,
                latest,
                dose(strength, Frequency::OnceDaily, &["08:00"]),
                d(start),
                200,
            )
            .await
            .expect("change")
            .expect("changed")
    }
}

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

async fn a_dose_is_recorded_once_per_slot(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let m = c
        .add(
            ann,
            new_med(
                "Amlodipine",
                dose(5.0, Frequency::TwiceDaily, &["08:00", "20:00"]),
                "2026-03-01",
            ),
        )
        .await;
    let first = c
        .meds
        .record(ann, taken(m.id, "2026-03-02", "08:00"))
        .await
        .expect("record")
        .expect("stored");
    assert_eq!(
        (first.medication_id, first.date, first.time, first.status),
        (m.id, d("2026-03-02"), t("08:00"), IntakeStatus::Taken)
    );
    // The same slot again: replaced, not doubled.
    let skipped = IntakeValues {
        status: IntakeStatus::Skipped,
        reason: Some("felt dizzy".into()),
        ..taken(m.id, "2026-03-02", "08:00")
    };
    let replaced = c
        .meds
        .record(ann, skipped)
        .await
        .expect("record")
        .expect("stored");
    assert_eq!(replaced.id, first.id, "the slot's row, replaced in place");
    assert_eq!(replaced.status, IntakeStatus::Skipped);
    assert_eq!(replaced.reason.as_deref(), Some("felt dizzy"));
    assert_eq!(rows(&c.db, "medication_intakes").await, 1);

    // One tap for the day: the evening dose is stored, the skipped morning one kept.
    let stored = c
        .meds
        .record_missing(
            ann,
            vec![
                taken(m.id, "2026-03-02", "08:00"),
                taken(m.id, "2026-03-02", "20:00"),
                taken(m.id, "2026-03-02", "20:00"),
            ],
        )
        .await
        .expect("record");
    assert_eq!(stored, 1);
    let day = c
        .meds
        .intakes(ann, Some(m.id), d("2026-03-02"), d("2026-03-02"))
        .await
        .expect("intakes");
    assert_eq!(
        day.iter()
            .map(|i| (i.time, i.status, i.reason.clone()))
            .collect::<Vec<_>>(),
        [
            (t("08:00"), IntakeStatus::Skipped, Some("felt dizzy".into())),
            (t("20:00"), IntakeStatus::Taken, None),
        ]
    );
}

async fn intakes_are_filtered_by_dates_and_medication(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let once = || dose(5.0, Frequency::OnceDaily, &["08:00"]);
    let a = c.add(ann, new_med("A", once(), "2026-03-01")).await;
    let b2 = c.add(ann, new_med("B", once(), "2026-03-01")).await;
    let bobs = c.add(bob, new_med("Bob's", once(), "2026-03-01")).await;
    for date in ["2026-03-01", "2026-03-05", "2026-03-10", "2026-03-11"] {
        c.meds
            .record_missing(
                ann,
                vec![taken(a.id, date, "08:00"), taken(b2.id, date, "08:00")],
            )
            .await
            .expect("record");
        c.meds
            .record(bob, taken(bobs.id, date, "08:00"))
            .await
            .expect("record");
    }
    let key = |list: Vec<Intake>| {
        list.into_iter()
            .map(|i| (i.date.to_string(), i.medication_id))
            .collect::<Vec<_>>()
    };
    // Both ends included, oldest first; only Ann's.
    assert_eq!(
        key(c
            .meds
            .intakes(ann, None, d("2026-03-05"), d("2026-03-10"))
            .await
            .expect("intakes")),
        [
            ("2026-03-05".into(), a.id),
            ("2026-03-05".into(), b2.id),
            ("2026-03-10".into(), a.id),
            ("2026-03-10".into(), b2.id),
        ]
    );
    assert_eq!(
        key(c
            .meds
            .intakes(ann, Some(b2.id), d("2026-03-01"), d("2026-03-05"))
            .await
            .expect("intakes")),
        [("2026-03-01".into(), b2.id), ("2026-03-05".into(), b2.id)]
    );
    assert_eq!(
        c.meds
            .intakes(ann, None, d("2026-03-12"), d("2026-12-31"))
            .await
            .expect("intakes"),
        []
    );
}

async fn a_deleted_medication_takes_its_periods_and_intakes(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let once = || dose(5.0, Frequency::OnceDaily, &["08:00"]);
    let gone = c.add(ann, new_med("Gone", once(), "2026-03-01")).await;
    let gone = c.change(ann, &gone, 10.0, "2026-03-10").await;
    let kept = c.add(ann, new_med("Kept", once(), "2026-03-01")).await;
    for m in [&gone, &kept] {
        c.meds
            .record(ann, taken(m.id, "2026-03-02", "08:00"))
            .await
            .expect("record");
    }
    assert!(c.meds.delete(ann, gone.id).await.expect("delete"));
    assert!(!c.meds.delete(ann, gone.id).await.expect("delete"), "once");
    assert_eq!(c.meds.list(ann).await.expect("list"), [kept]);
    assert_eq!(
        (
            rows(&c.db, "medication_periods").await,
            rows(&c.db, "medication_intakes").await
        ),
        (1, 1)
    );
}

async fn deleting_the_account_deletes_every_medication_row(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let once = || dose(5.0, Frequency::OnceDaily, &["08:00"]);
    for who in [ann, bob] {
        let m = c.add(who, new_med("Med", once(), "2026-03-01")).await;
        c.change(who, &m, 10.0, "2026-03-10").await;
        c.meds
            .record(who, taken(m.id, "2026-03-02", "08:00"))
            .await
            .expect("record");
    }
    let email = kernel::Email::parse("ann@example.com").expect("email");
    c.users
        .delete_account(
            ann,
            OutgoingEmail::new(None, &email, "Deleted", "t".into(), "h".into()),
        )
        .await
        .expect("delete");
    assert_eq!(
        (
            rows(&c.db, "medications").await,
            rows(&c.db, "medication_periods").await,
            rows(&c.db, "medication_intakes").await
        ),
        (1, 2, 1),
        "Bob's alone"
    );
    assert_eq!(c.meds.list(bob).await.expect("list").len(), 1);
}

on_both_backends!(
    stored_and_read_back_with_periods_in_order,
    another_users_ids_are_not_found,
    the_limit_holds_when_inserts_race,
    a_change_of_dose_ends_the_latest_and_refuses_a_stale_one,
    an_update_replaces_the_details_and_the_latest_period,
    a_dose_is_recorded_once_per_slot,
    intakes_are_filtered_by_dates_and_medication,
    a_deleted_medication_takes_its_periods_and_intakes,
    deleting_the_account_deletes_every_medication_row,
);

/// `vitalog copy-database`: medications move from SQLite to PostgreSQL with their ids, and
/// new rows get ids after the copied ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copied_to_postgres_with_their_ids() {
    let c = ctx(Backend::Sqlite);
    let ann = user(&c.users, "ann").await;
    let once = || dose(5.0, Frequency::OnceDaily, &["08:00"]);
    // Gaps in the ids (deleted rows) must survive the copy.
    let deleted = c.add(ann, new_med("Deleted", once(), "2026-03-01")).await;
    assert!(c.meds.delete(ann, deleted.id).await.expect("delete"));
    let m = c
        .add(
            ann,
            new_med(
                "Amlodipine",
                dose(2.5, Frequency::TwiceDaily, &["08:00", "20:00"]),
                "2026-03-01",
            ),
        )
        .await;
    let m = c.change(ann, &m, 5.0, "2026-03-10").await;
    let intake = c
        .meds
        .record(ann, taken(m.id, "2026-03-02", "20:00"))
        .await
        .expect("record")
        .expect("stored");

    let pg = TestDb::new(Backend::Postgres);
    let target = Db::connect(&DbOptions::new(&pg.url)).expect("connect");
    target.migrate().expect("migrate");
    let report = c.db.copy_into(&target).await.expect("copy");
    for (table, n) in [
        ("medications", 1),
        ("medication_periods", 2),
        ("medication_intakes", 1),
    ] {
        assert!(report.contains(&(table, n)), "{table}: {report:?}");
    }
    let moved = MedicationStore::new(target.clone());
    assert_eq!(
        moved.list(ann).await.expect("list"),
        std::slice::from_ref(&m)
    );
    assert_eq!(
        moved
            .intakes(ann, None, d("2026-03-01"), d("2026-03-31"))
            .await
            .expect("intakes"),
        std::slice::from_ref(&intake)
    );
    let new = moved
        .insert(ann, new_med("New", once(), "2026-04-01"), 100)
        .await
        .expect("insert")
        .expect("room");
    assert!(new.id > m.id, "{} after {}", new.id, m.id);
    assert!(new.periods[0].id > m.periods[1].id);
    let recorded = moved
        .record(ann, taken(m.id, "2026-03-03", "08:00"))
        .await
        .expect("record")
        .expect("stored");
    assert!(recorded.id > intake.id);
}
