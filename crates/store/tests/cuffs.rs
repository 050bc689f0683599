//! A reading's source, device, flags and original values, a cuff's batch stored once, and
//! the remembered cuffs, on both backends (issue 39).

#![allow(clippy::expect_used)]

use std::sync::Arc;

use readings::cuffs::{CuffInput, CuffRepository, MAX_CUFFS, Put};
use readings::model::*;
use readings::ports::ReadingRepository;
use readings::service::FromCuff;
use readings::{CuffFlag, CuffFlags, Origin, Original, Source};
use store::{CuffStore, Db, ReadingStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::{at, migrated, rows, user};

struct Ctx {
    db: Db,
    users: UserStore,
    readings: ReadingStore,
    cuffs: CuffStore,
    _db: TestDb,
}

fn ctx(backend: Backend) -> Ctx {
    let (tdb, db) = migrated(backend);
    Ctx {
        users: UserStore::new(db.clone()),
        readings: ReadingStore::new(db.clone()),
        cuffs: CuffStore::new(db.clone()),
        db,
        _db: tdb,
    }
}

fn cuff(id: &str) -> CuffInput {
    CuffInput {
        id: id.into(),
        name: "BLESmart_0000".into(),
        maker: Some("OMRON".into()),
        model: Some("X4 Smart".into()),
        user_slot: None,
    }
}

fn bp(time: &str, systolic: i32, heart_rate: Option<i32>) -> ReadingValues {
    let mut v = at(
        "2026-12-01",
        time,
        Measurements {
            systolic: Some(systolic),
            diastolic: Some(80),
            heart_rate,
            ..Default::default()
        },
        None,
    );
    v.origin = Origin::device(
        "OMRON X4 Smart".into(),
        CuffFlags::of([CuffFlag::IrregularPulse, CuffFlag::ClockUnsure]),
    );
    v
}

async fn source_device_flags_and_original_round_trip(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let stored = c
        .readings
        .insert(ann, bp("07:30", 121, Some(64)))
        .await
        .expect("insert");
    assert_eq!(stored.origin.source, Source::Device);
    let read = c
        .readings
        .get(ann, stored.id)
        .await
        .expect("get")
        .expect("found");
    assert_eq!(read.origin, bp("07:30", 121, Some(64)).origin);
    // An edit's origin (decided by the service) is stored with the values.
    let mut edited = bp("07:31", 125, None);
    edited.origin = read.origin.edited(&ReadingValues::from(&read), &edited);
    let after = c
        .readings
        .update(ann, stored.id, edited)
        .await
        .expect("update")
        .expect("found");
    let again = c
        .readings
        .get(ann, stored.id)
        .await
        .expect("get")
        .expect("found");
    assert_eq!(after.origin, again.origin);
    assert_eq!(again.origin.source, Source::Manual);
    assert_eq!(again.origin.device.as_deref(), Some("OMRON X4 Smart"));
    assert_eq!(
        again.origin.original,
        Some(Original::of(&bp("07:30", 121, Some(64))))
    );
    // A typed reading is manual, with nothing else.
    let typed = c
        .readings
        .insert(
            ann,
            at(
                "2026-12-02",
                "08:00",
                Measurements {
                    heart_rate: Some(70),
                    ..Default::default()
                },
                None,
            ),
        )
        .await
        .expect("insert");
    assert_eq!(typed.origin, Origin::default());
}

async fn a_batch_stores_new_readings_and_answers_those_held(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    // Typed earlier: the cuff's copy of it is "already", whatever its source.
    let mut typed = bp("07:30", 121, Some(64));
    typed.origin = Origin::default();
    let typed = c.readings.insert(ann, typed).await.expect("typed");
    let batch = vec![
        bp("07:30", 121, Some(64)),
        bp("07:45", 118, None),
        bp("07:45", 118, None),
        // Another heart rate at the same minute is another reading.
        bp("07:45", 118, Some(70)),
    ];
    let results = c
        .readings
        .insert_from_cuff(ann, cuff("cuff-1"), batch.clone())
        .await
        .expect("batch");
    let FromCuff::Already(held) = &results[0] else {
        panic!("{results:?}")
    };
    assert_eq!(held.id, typed.id);
    let FromCuff::Saved(saved) = &results[1] else {
        panic!("{results:?}")
    };
    assert_eq!(saved.origin.source, Source::Device);
    assert!(saved.origin.flags.contains(CuffFlag::ClockUnsure));
    assert!(matches!(&results[2], FromCuff::Already(r) if r.id == saved.id));
    assert!(matches!(&results[3], FromCuff::Saved(_)));
    assert_eq!(rows(&c.db, "readings").await, 3);
    // The whole memory sent again stores nothing.
    let again = c
        .readings
        .insert_from_cuff(ann, cuff("cuff-1"), batch)
        .await
        .expect("batch");
    assert!(
        again.iter().all(|r| matches!(r, FromCuff::Already(_))),
        "{again:?}"
    );
    assert_eq!(rows(&c.db, "readings").await, 3);
    // The cuff is remembered as synced.
    let cuffs = c.cuffs.list(ann).await.expect("list");
    assert_eq!(cuffs.len(), 1);
    assert!(cuffs[0].last_sync_at.is_some());
    // Another person's identical reading is theirs: saved.
    let bob = user(&c.users, "bob").await;
    let theirs = c
        .readings
        .insert_from_cuff(bob, cuff("cuff-1"), vec![bp("07:45", 118, None)])
        .await
        .expect("batch");
    assert!(matches!(&theirs[0], FromCuff::Saved(r) if r.user_id == bob));
}

async fn concurrent_posts_of_one_batch_store_each_reading_once(b: Backend) {
    let c = Arc::new(ctx(b));
    let ann = user(&c.users, "ann").await;
    let batch: Vec<ReadingValues> = (0..30)
        .map(|i| bp(&format!("07:{i:02}"), 110 + i, Some(60)))
        .collect();
    let posts: Vec<_> = (0..6)
        .map(|_| {
            let (c, batch) = (c.clone(), batch.clone());
            tokio::spawn(async move {
                c.readings
                    .insert_from_cuff(ann, cuff("cuff-1"), batch)
                    .await
                    .expect("batch")
            })
        })
        .collect();
    let mut saved = 0;
    for p in posts {
        let results = p.await.expect("task");
        assert_eq!(results.len(), 30);
        saved += results
            .iter()
            .filter(|r| matches!(r, FromCuff::Saved(_)))
            .count();
    }
    assert_eq!(saved, 30, "each reading saved by exactly one post");
    assert_eq!(rows(&c.db, "readings").await, 30);
    assert_eq!(rows(&c.db, "cuffs").await, 1);
}

async fn cuffs_are_remembered_updated_forgotten_and_per_user(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let Put::Saved(first) = c.cuffs.put(ann, cuff("cuff-1")).await.expect("put") else {
        panic!("room for it")
    };
    assert_eq!(first.maker.as_deref(), Some("OMRON"));
    assert_eq!(first.last_sync_at, None);
    let slot = CuffInput {
        user_slot: Some(2),
        name: "Kitchen cuff".into(),
        ..cuff("cuff-1")
    };
    let Put::Saved(updated) = c.cuffs.put(ann, slot).await.expect("put") else {
        panic!("known cuff")
    };
    assert_eq!(updated.user_slot, Some(2));
    assert_eq!(updated.name, "Kitchen cuff");
    assert_eq!(updated.created_at, first.created_at);
    // A sync keeps the slot the person chose.
    c.readings
        .insert_from_cuff(ann, cuff("cuff-1"), vec![bp("07:30", 120, None)])
        .await
        .expect("batch");
    // Bob's cuff of the same browser id is his own row.
    c.cuffs.put(bob, cuff("cuff-1")).await.expect("put");
    c.cuffs.put(ann, cuff("cuff-2")).await.expect("put");
    let mine = c.cuffs.list(ann).await.expect("list");
    assert_eq!(
        mine.iter().map(|x| x.id.as_str()).collect::<Vec<_>>(),
        ["cuff-1", "cuff-2"],
        "the synced one first"
    );
    assert_eq!(mine[0].user_slot, Some(2));
    assert!(mine[0].last_sync_at.is_some());
    assert_eq!(c.cuffs.list(bob).await.expect("list").len(), 1);
    assert!(c.cuffs.forget(ann, "cuff-1".into()).await.expect("forget"));
    assert!(!c.cuffs.forget(ann, "cuff-1".into()).await.expect("forget"));
    assert_eq!(
        c.cuffs.list(bob).await.expect("list").len(),
        1,
        "bob's stays"
    );
    // Forgetting keeps the readings.
    assert_eq!(rows(&c.db, "readings").await, 1);
}

async fn a_person_remembers_at_most_20_cuffs(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    for i in 0..MAX_CUFFS {
        assert!(matches!(
            c.cuffs
                .put(ann, cuff(&format!("cuff-{i}")))
                .await
                .expect("put"),
            Put::Saved(_)
        ));
    }
    assert_eq!(
        c.cuffs.put(ann, cuff("one-too-many")).await.expect("put"),
        Put::Full
    );
    // A known one still updates; a batch from a new one is stored, the cuff not remembered.
    assert!(matches!(
        c.cuffs.put(ann, cuff("cuff-3")).await.expect("put"),
        Put::Saved(_)
    ));
    let results = c
        .readings
        .insert_from_cuff(ann, cuff("one-too-many"), vec![bp("07:30", 120, None)])
        .await
        .expect("batch");
    assert!(matches!(results[0], FromCuff::Saved(_)));
    assert_eq!(c.cuffs.list(ann).await.expect("list").len(), MAX_CUFFS);
    // Room again once one is forgotten.
    c.cuffs.forget(ann, "cuff-0".into()).await.expect("forget");
    assert!(matches!(
        c.cuffs.put(ann, cuff("one-too-many")).await.expect("put"),
        Put::Saved(_)
    ));
}

on_both_backends!(
    source_device_flags_and_original_round_trip,
    a_batch_stores_new_readings_and_answers_those_held,
    concurrent_posts_of_one_batch_store_each_reading_once,
    cuffs_are_remembered_updated_forgotten_and_per_user,
    a_person_remembers_at_most_20_cuffs,
);
