//! Guided measurements in the store, on both backends (issue 15): a reading carries its
//! session in every list, however many readings and whatever dates the list spans, and only
//! its owner's.

#![allow(clippy::expect_used)]

use chrono::Duration;
use readings::model::*;
use readings::ports::ReadingRepository;
use readings::session::{Period, Session, SessionReading};
use store::{Db, DbOptions, ReadingStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::{at, user};

struct Ctx {
    _db: TestDb,
    db: Db,
    users: UserStore,
    readings: ReadingStore,
}

fn ctx(backend: Backend) -> Ctx {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    Ctx {
        users: UserStore::new(db.clone()),
        readings: ReadingStore::new(db.clone()),
        db,
        _db: tdb,
    }
}

fn bp(systolic: i32, diastolic: i32) -> Measurements {
    Measurements {
        systolic: Some(systolic),
        diastolic: Some(diastolic),
        ..Default::default()
    }
}

fn guided() -> Session {
    let reading = |time: &str, systolic| SessionReading {
        time: kernel::date::parse_time(time).expect("time"),
        systolic,
        diastolic: 88,
        heart_rate: None,
    };
    Session {
        period: Period::Morning,
        rest_skipped: false,
        readings: vec![reading("07:10", 141), reading("07:12", 137)],
    }
}

/// The sessions of a list, by the reading's note.
fn sessions(list: &[Reading]) -> Vec<(Option<String>, Option<usize>)> {
    list.iter()
        .map(|r| {
            (
                r.notes.clone(),
                r.session.as_ref().map(|s| s.readings.len()),
            )
        })
        .collect()
}

async fn a_page_spanning_years_carries_its_sessions(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let old = c
        .readings
        .insert_session(
            ann,
            at("2016-03-01", "07:10", bp(139, 88), Some("old guided")),
            guided(),
        )
        .await
        .expect("session");
    c.readings
        .insert(ann, at("2021-06-01", "20:00", bp(120, 70), Some("plain")))
        .await
        .expect("reading");
    c.readings
        .insert_session(
            ann,
            at("2026-11-20", "07:10", bp(139, 88), Some("new guided")),
            guided(),
        )
        .await
        .expect("session");
    // Bob's session, on a date inside ann's list.
    c.readings
        .insert_session(
            bob,
            at("2021-06-01", "07:10", bp(139, 88), Some("bob")),
            guided(),
        )
        .await
        .expect("session");

    // A filtered page, ten years wide.
    let page = c
        .readings
        .list(
            ann,
            ReadingQuery {
                text: Some("guided".into()),
                limit: Some(10),
                ..Default::default()
            },
        )
        .await
        .expect("list");
    assert_eq!(
        sessions(&page.readings),
        [
            (Some("new guided".into()), Some(2)),
            (Some("old guided".into()), Some(2))
        ]
    );
    let all = c
        .readings
        .list(ann, ReadingQuery::default())
        .await
        .expect("list");
    assert_eq!(
        sessions(&all.readings),
        [
            (Some("new guided".into()), Some(2)),
            (Some("plain".into()), None),
            (Some("old guided".into()), Some(2))
        ]
    );
    // The period changes only on its owner's session.
    assert!(
        c.readings
            .set_period(bob, old.id, Period::Evening)
            .await
            .expect("set")
            .is_none()
    );
    let plain = all.readings[1].id;
    assert!(
        c.readings
            .set_period(ann, plain, Period::Evening)
            .await
            .expect("set")
            .is_none()
    );
    let moved = c
        .readings
        .set_period(ann, old.id, Period::Evening)
        .await
        .expect("set");
    assert_eq!(
        moved.and_then(|r| r.session).map(|s| s.period),
        Some(Period::Evening)
    );
}

async fn a_long_list_carries_its_sessions(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    // More readings than a page: the sessions are asked for by the list's dates.
    let start = kernel::date::parse_date("2023-01-01").expect("date");
    let many: Vec<ReadingValues> = (0..1100)
        .map(|i| ReadingValues {
            date: start + Duration::days(i),
            time: kernel::date::parse_time("20:00").expect("time"),
            values: bp(120, 70),
            notes: None,
            setting: readings::Setting::Home,
            origin: Default::default(),
        })
        .collect();
    assert_eq!(c.readings.import(ann, many).await.expect("import"), 1100);
    let session = c
        .readings
        .insert_session(
            ann,
            at("2023-06-01", "07:10", bp(139, 88), Some("guided")),
            guided(),
        )
        .await
        .expect("session");
    let all = c
        .readings
        .list(ann, ReadingQuery::default())
        .await
        .expect("list");
    assert_eq!(all.readings.len(), 1101);
    let with: Vec<i64> = all
        .readings
        .iter()
        .filter(|r| r.session.is_some())
        .map(|r| r.id)
        .collect();
    assert_eq!(with, [session.id]);

    // Deleting the reading deletes its session and its readings (foreign keys cascade on
    // SQLite too).
    assert_eq!(rows(&c, "bp_session_readings").await, 2);
    assert!(c.readings.delete(ann, session.id).await.expect("delete"));
    assert_eq!(
        (
            rows(&c, "bp_sessions").await,
            rows(&c, "bp_session_readings").await
        ),
        (0, 0)
    );
}

async fn rows(c: &Ctx, table: &'static str) -> i64 {
    fixtures::rows(&c.db, table).await
}

on_both_backends!(
    a_page_spanning_years_carries_its_sessions,
    a_long_list_carries_its_sessions,
);
