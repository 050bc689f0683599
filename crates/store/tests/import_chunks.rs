//! A large import is stored chunk by chunk (issue 33: 100,000 readings held the SQLite
//! writer, everyone's writes, ~2.6 s in one transaction): another user's writes go between
//! its chunks, and committing the same readings again adds nothing.

#![allow(clippy::expect_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use chrono::NaiveDate;
use readings::model::*;
use readings::ports::ReadingRepository;
use store::{ReadingStore, UserStore};
use testkit::Backend;

mod fixtures;
use fixtures::{minutely, user};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn other_users_write_between_a_large_imports_chunks_on_sqlite() {
    let (_tdb, db) = fixtures::migrated(Backend::Sqlite);
    let users = UserStore::new(db.clone());
    let store = ReadingStore::new(db.clone());
    let ann = user(&users, "ann").await;
    let bob = user(&users, "bob").await;
    let done = Arc::new(AtomicBool::new(false));
    // Bob records one reading after another for as long as Ann's import runs.
    let bobs = {
        let (store, done) = (store.clone(), done.clone());
        tokio::spawn(async move {
            let mut ids = Vec::new();
            let mut minute = 0i64;
            while !done.load(Ordering::Acquire) {
                let at = NaiveDate::from_ymd_opt(2026, 1, 1)
                    .and_then(|d| d.and_hms_opt(0, 0, 0))
                    .expect("day")
                    + chrono::Duration::minutes(minute);
                minute += 1;
                let v = ReadingValues {
                    date: at.date(),
                    time: at.time(),
                    values: Measurements {
                        heart_rate: Some(70),
                        ..Default::default()
                    },
                    notes: None,
                    setting: readings::Setting::Home,
                    origin: Default::default(),
                };
                ids.push(store.insert(bob, v).await.expect("bob records").id);
            }
            ids
        })
    };
    let readings = minutely(40_000, None);
    assert_eq!(
        store.import(ann, readings.clone()).await.expect("import"),
        40_000
    );
    done.store(true, Ordering::Release);
    let bob_ids = bobs.await.expect("join");
    let anns: Vec<i64> = store
        .list(ann, ReadingQuery::default())
        .await
        .expect("list")
        .readings
        .iter()
        .map(|r| r.id)
        .collect();
    let (first, last) = (
        anns.iter().min().copied().expect("first"),
        anns.iter().max().copied().expect("last"),
    );
    let between = bob_ids
        .iter()
        .filter(|id| (first..last).contains(id))
        .count();
    assert!(
        between > 0,
        "none of Bob's {} readings was stored while Ann's import ran ({first}..{last})",
        bob_ids.len()
    );
    // The same readings again add nothing (each chunk checks what is stored).
    assert_eq!(store.import(ann, readings).await.expect("again"), 0);
}
