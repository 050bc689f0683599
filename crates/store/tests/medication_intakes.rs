//! Recorded doses in the store, on both backends (issue 16): once per slot, filtered by
//! dates and medication, and gone with the medication or the account; and the three tables
//! copied from SQLite to PostgreSQL.

#![allow(clippy::expect_used)]

use identity::ports::UserRepository;
use kernel::outbox::OutgoingEmail;
use medications::model::*;
use medications::ports::{AsNeededRecorded, MedicationRepository};
use store::{Db, DbOptions, MedicationStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::medications::*;
use fixtures::{rows, user};

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

/// Issue 33.12: the as-needed limit is counted with the insert under the user's lock, so 40
/// concurrent doses of one day store 24, also through two pools (two servers) on one
/// PostgreSQL. (One SQLite file serves one process: one pool.)
async fn as_needed_doses_stop_at_the_limit_under_concurrent_requests(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let m = c
        .add(
            ann,
            new_med(
                "Ibuprofen",
                dose(400.0, Frequency::AsNeeded, &[]),
                "2026-03-01",
            ),
        )
        .await;
    let mut stores = vec![c.meds.clone()];
    if b == Backend::Postgres {
        let other = Db::connect(&DbOptions::new(c.url())).expect("connect");
        stores.push(MedicationStore::new(other));
    }
    let mut sends = tokio::task::JoinSet::new();
    for n in 0..40 {
        let store = stores[n % stores.len()].clone();
        let time = format!("{:02}:{:02}", 8 + n / 60, n % 60);
        sends.spawn(async move {
            store
                .record_as_needed(ann, taken(m.id, "2026-03-02", &time), 24)
                .await
                .expect("no db error")
        });
    }
    let answers = sends.join_all().await;
    let stored = answers
        .iter()
        .filter(|a| matches!(a, AsNeededRecorded::Stored(_)))
        .count();
    let full = answers
        .iter()
        .filter(|a| **a == AsNeededRecorded::DayFull)
        .count();
    assert_eq!((stored, full), (24, 16));
    let day = d("2026-03-02");
    let kept = c
        .meds
        .intakes(ann, Some(m.id), day, day)
        .await
        .expect("intakes");
    assert_eq!(kept.len(), 24);
    // A time already taken is replaced, not counted; another day has its own 24.
    let again = taken(m.id, "2026-03-02", &kernel::date::format_time(kept[0].time));
    let replaced = c
        .meds
        .record_as_needed(ann, again, 24)
        .await
        .expect("replace");
    assert_eq!(replaced, AsNeededRecorded::Stored(kept[0].clone()));
    let next_day = c
        .meds
        .record_as_needed(ann, taken(m.id, "2026-03-03", "08:00"), 24)
        .await
        .expect("next day");
    assert!(matches!(next_day, AsNeededRecorded::Stored(_)));
    let bob = user(&c.users, "bob").await;
    let bobs = c
        .meds
        .record_as_needed(bob, taken(m.id, "2026-03-04", "08:00"), 24)
        .await
        .expect("bob");
    assert_eq!(bobs, AsNeededRecorded::NotFound, "not bob's medication");
}

on_both_backends!(
    as_needed_doses_stop_at_the_limit_under_concurrent_requests,
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
