//! Readings stored under a client's idempotency key, on both backends (issue 19): a key
//! stores one reading however often and however concurrently it is sent, a key reused for
//! another reading is refused, a deleted reading's key answers Gone, keys are per user, and
//! keys older than a year are forgotten.

#![allow(clippy::expect_used)]

use std::sync::Arc;

use readings::model::*;
use readings::ports::ReadingRepository;
use readings::service::fingerprint;
use store::{Db, DbOptions, ReadingStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::{at, rows, user};

struct Ctx {
    db: Db,
    users: UserStore,
    readings: Arc<ReadingStore>,
    _db: TestDb,
}

fn ctx(backend: Backend) -> Ctx {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    Ctx {
        users: UserStore::new(db.clone()),
        readings: Arc::new(ReadingStore::new(db.clone())),
        db,
        _db: tdb,
    }
}

fn key(s: &str) -> IdempotencyKey {
    IdempotencyKey::parse(s).expect("key")
}

fn bp(sys: i32, dia: i32) -> ReadingValues {
    at(
        "2026-11-20",
        "08:15",
        Measurements {
            systolic: Some(sys),
            diastolic: Some(dia),
            ..Measurements::default()
        },
        Some("offline"),
    )
}

async fn send(c: &Ctx, who: kernel::UserId, k: &str, v: ReadingValues, allowed: bool) -> Once {
    c.readings
        .insert_once(who, key(k), fingerprint(&v), v, allowed)
        .await
        .expect("insert_once")
}

async fn a_key_stores_one_reading_and_answers_it_again(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let Once::Created(first) = send(&c, ann, "key-00000001", bp(128, 82), true).await else {
        panic!("a new key stores the reading");
    };
    let Once::Replayed(again) = send(&c, ann, "key-00000001", bp(128, 82), true).await else {
        panic!("the same key and reading is a replay");
    };
    assert_eq!(again, first, "the stored reading, as it was stored");
    // A replay needs no permission: the reading was stored while it was allowed.
    let Once::Replayed(lapsed) = send(&c, ann, "key-00000001", bp(128, 82), false).await else {
        panic!("a replay after the subscription lapsed");
    };
    assert_eq!(lapsed.id, first.id);
    assert_eq!(rows(&c.db, "readings").await, 1);
}

async fn concurrent_sends_of_one_key_store_one_reading(b: Backend) {
    let c = Arc::new(ctx(b));
    let ann = user(&c.users, "ann").await;
    let sends: Vec<_> = (0..8)
        .map(|_| {
            let c = c.clone();
            tokio::spawn(
                async move { send(&c, ann, "same-key-concurrent", bp(131, 84), true).await },
            )
        })
        .collect();
    let mut outcomes = Vec::new();
    for s in sends {
        outcomes.push(s.await.expect("task"));
    }
    let ids: Vec<i64> = outcomes
        .iter()
        .map(|o| match o {
            Once::Created(r) | Once::Replayed(r) => r.id,
            other => panic!("every send answers the reading: {other:?}"),
        })
        .collect();
    let created = outcomes
        .iter()
        .filter(|o| matches!(o, Once::Created(_)))
        .count();
    assert_eq!(created, 1, "{outcomes:?}");
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    assert_eq!(rows(&c.db, "readings").await, 1);
    assert_eq!(rows(&c.db, "reading_keys").await, 1);
}

async fn a_key_reused_for_another_reading_is_refused_and_stores_nothing(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    assert!(matches!(
        send(&c, ann, "key-00000002", bp(120, 80), true).await,
        Once::Created(_)
    ));
    assert_eq!(
        send(&c, ann, "key-00000002", bp(121, 80), true).await,
        Once::Conflict
    );
    assert_eq!(rows(&c.db, "readings").await, 1);
}

async fn a_deleted_readings_key_answers_gone_and_stores_nothing(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let Once::Created(r) = send(&c, ann, "key-00000003", bp(120, 80), true).await else {
        panic!("stored");
    };
    assert!(c.readings.delete(ann, r.id).await.expect("delete"));
    assert_eq!(
        send(&c, ann, "key-00000003", bp(120, 80), true).await,
        Once::Gone
    );
    assert_eq!(rows(&c.db, "readings").await, 0);
}

async fn keys_are_per_user_and_a_new_key_needs_permission(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    assert_eq!(
        send(&c, bob, "key-00000004", bp(120, 80), false).await,
        Once::NotAllowed
    );
    assert_eq!(rows(&c.db, "readings").await, 0);
    let Once::Created(anns) = send(&c, ann, "key-00000004", bp(120, 80), true).await else {
        panic!("ann's");
    };
    // Bob's send with the same key is his own: it never answers Ann's reading.
    let Once::Created(bobs) = send(&c, bob, "key-00000004", bp(120, 80), true).await else {
        panic!("bob's own");
    };
    assert_ne!(anns.id, bobs.id);
    assert_eq!(bobs.user_id, bob);
}

async fn keys_older_than_a_year_are_forgotten(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    assert!(matches!(
        send(&c, ann, "key-old-00001", bp(120, 80), true).await,
        Once::Created(_)
    ));
    c.db.write(|conn| -> anyhow::Result<usize> {
        use diesel::RunQueryDsl;
        let old = (chrono::Utc::now() - chrono::Duration::days(366)).naive_utc();
        Ok(diesel::sql_query("UPDATE reading_keys SET created_at = $1")
            .bind::<diesel::sql_types::Timestamp, _>(old)
            .execute(conn)?)
    })
    .await
    .expect("age the key");
    assert!(matches!(
        send(&c, ann, "key-new-00002", bp(122, 80), true).await,
        Once::Created(_)
    ));
    assert_eq!(rows(&c.db, "reading_keys").await, 1, "the old key is gone");
}

on_both_backends!(
    a_key_stores_one_reading_and_answers_it_again,
    concurrent_sends_of_one_key_store_one_reading,
    a_key_reused_for_another_reading_is_refused_and_stores_nothing,
    a_deleted_readings_key_answers_gone_and_stores_nothing,
    keys_are_per_user_and_a_new_key_needs_permission,
    keys_older_than_a_year_are_forgotten,
);
