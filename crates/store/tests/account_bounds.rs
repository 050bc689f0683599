//! One account's record is bounded (`readings::quota`, issue 33): the store refuses the
//! write that would pass a bound, on every path (one reading, a keyed one, an import, an
//! edit), stores nothing of it, and counts what is deleted, on both backends and across
//! two stores on one database (two servers).

#![allow(clippy::expect_used)]

use readings::model::*;
use readings::ports::ReadingRepository;
use readings::quota::{self, Full};
use store::{ReadingStore, UserStore};
use testkit::{Backend, on_both_backends};

mod fixtures;
use fixtures::{minutely as many, user};

fn one(date: &str, notes: Option<&str>) -> ReadingValues {
    fixtures::at(
        date,
        "07:00",
        Measurements {
            heart_rate: Some(61),
            ..Default::default()
        },
        notes,
    )
}

fn refusal(e: &anyhow::Error) -> Option<Full> {
    Full::of(e)
}

async fn count(store: &ReadingStore, who: kernel::UserId) -> i64 {
    store
        .count(who, ReadingQuery::default())
        .await
        .expect("count")
}

async fn readings_stop_at_the_bound_on_every_path(b: Backend) {
    let (_tdb, db) = fixtures::migrated(b);
    let users = UserStore::new(db.clone());
    let (store, other) = (ReadingStore::new(db.clone()), ReadingStore::new(db.clone()));
    let ann = user(&users, "ann").await;
    let bob = user(&users, "bob").await;
    let max = usize::try_from(quota::MAX_READINGS).expect("max");
    // An import past the bound stores nothing of itself.
    let too_many = many(max + 1, None);
    let e = store
        .import(ann, too_many)
        .await
        .expect_err("past the bound");
    assert_eq!(refusal(&e), Some(Full::Readings), "{e:#}");
    assert_eq!(count(&store, ann).await, 0);
    // Up to the bound, from two stores (servers).
    let all = many(max, None);
    let (first, second) = all.split_at(max / 2);
    assert_eq!(
        store.import(ann, first.to_vec()).await.expect("first"),
        max / 2
    );
    assert_eq!(
        other.import(ann, second.to_vec()).await.expect("second"),
        max - max / 2
    );
    assert_eq!(count(&store, ann).await, quota::MAX_READINGS);
    // One more, by any path, is refused and stores nothing.
    let e = store
        .insert(ann, one("2026-01-01", None))
        .await
        .expect_err("full");
    assert_eq!(refusal(&e), Some(Full::Readings));
    let key = readings::model::IdempotencyKey::parse("key-00001").expect("key");
    let e = other
        .insert_once(ann, key, "f".into(), one("2026-01-01", None), true)
        .await
        .expect_err("full");
    assert_eq!(refusal(&e), Some(Full::Readings));
    let e = store
        .import(ann, vec![one("2026-01-02", None)])
        .await
        .expect_err("full");
    assert_eq!(refusal(&e), Some(Full::Readings));
    assert_eq!(count(&store, ann).await, quota::MAX_READINGS);
    // Another account is not touched by ann's bound.
    store
        .insert(bob, one("2026-01-01", None))
        .await
        .expect("bob records");
    // A deleted reading makes room again.
    let page = store
        .list(
            ann,
            ReadingQuery {
                limit: Some(1),
                ..Default::default()
            },
        )
        .await
        .expect("list");
    let id = page.readings.first().expect("a reading").id;
    assert!(store.delete(ann, id).await.expect("delete"));
    store
        .insert(ann, one("2026-01-01", None))
        .await
        .expect("room again");
    assert_eq!(count(&store, ann).await, quota::MAX_READINGS);
}

async fn notes_stop_at_their_bound_in_bytes(b: Backend) {
    let (_tdb, db) = fixtures::migrated(b);
    let users = UserStore::new(db.clone());
    let store = ReadingStore::new(db.clone());
    let ann = user(&users, "ann").await;
    // 1,000 four-byte characters: 4,000 bytes a note.
    let note = "\u{1F4A7}".repeat(readings::rules::NOTES_MAX);
    let fit = usize::try_from(quota::MAX_NOTES_BYTES).expect("max") / note.len();
    let e = store
        .import(ann, many(fit + 1, Some(&note)))
        .await
        .expect_err("past the notes bound");
    assert_eq!(refusal(&e), Some(Full::Notes), "{e:#}");
    assert_eq!(count(&store, ann).await, 0);
    assert_eq!(
        store
            .import(ann, many(fit, Some(&note)))
            .await
            .expect("fits"),
        fit
    );
    // A reading without notes still fits; a note on it, or an edit that lengthens a note
    // past the bound, does not.
    let plain = store
        .insert(ann, one("2026-01-01", None))
        .await
        .expect("no notes");
    let e = store
        .insert(ann, one("2026-01-02", Some(&note)))
        .await
        .expect_err("notes full");
    assert_eq!(refusal(&e), Some(Full::Notes));
    let e = store
        .update(ann, plain.id, one("2026-01-01", Some(&note)))
        .await
        .expect_err("edit past the bound");
    assert_eq!(refusal(&e), Some(Full::Notes));
    let kept = store.get(ann, plain.id).await.expect("get").expect("kept");
    assert_eq!(kept.notes, None, "the refused edit changed nothing");
}

on_both_backends!(
    readings_stop_at_the_bound_on_every_path,
    notes_stop_at_their_bound_in_bytes,
);
