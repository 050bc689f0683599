//! A page's total is kept between requests (store::reading_counts) and follows every write,
//! on both backends, from the same store or another one on the same database (another
//! server): the readings' revision is moved by triggers, not by the code that writes.

#![allow(clippy::expect_used)]

use identity::ports::UserRepository;
use kernel::Email;
use kernel::UserId;
use kernel::outbox::OutgoingEmail;
use readings::model::*;
use readings::ports::ReadingRepository;
use readings::session::{Period, Session, SessionReading};
use store::{Db, ReadingStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::{at, user};

/// The store under test keeps totals; `other` is another server's store on the same
/// database, which writes.
struct Ctx {
    _tdb: TestDb,
    db: Db,
    users: UserStore,
    kept: ReadingStore,
    other: ReadingStore,
}

fn ctx(backend: Backend) -> Ctx {
    let (_tdb, db) = fixtures::migrated(backend);
    let store = || ReadingStore::new(db.clone());
    Ctx {
        users: UserStore::new(db.clone()),
        kept: store(),
        other: store(),
        db,
        _tdb,
    }
}

fn bp(date: &str, time: &str, systolic: i32, notes: &str) -> ReadingValues {
    at(
        date,
        time,
        Measurements {
            systolic: Some(systolic),
            diastolic: Some(80),
            ..Default::default()
        },
        Some(notes),
    )
}

/// History's second page of a search for "walk": the total comes with it.
fn walks() -> ReadingQuery {
    ReadingQuery {
        text: Some("walk".into()),
        limit: Some(2),
        offset: 2,
        ..Default::default()
    }
}

/// The total `kept` gives for a page of `q`, checked against a store that keeps nothing.
async fn total(c: &Ctx, who: UserId, q: ReadingQuery) -> i64 {
    let kept = c.kept.list(who, q.clone()).await.expect("list").total;
    let fresh = ReadingStore::new(c.db.clone())
        .list(who, q.clone())
        .await
        .expect("fresh list")
        .total;
    assert_eq!(kept, fresh, "the kept total is the count of {q:?}");
    let counted = c.kept.count(who, q).await.expect("count");
    assert_eq!(counted, fresh, "count() agrees");
    kept
}

async fn totals_follow_every_write(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let mut ids = Vec::new();
    for day in 1..=5 {
        let r = c
            .kept
            .insert(
                ann,
                bp(
                    &format!("2026-10-0{day}"),
                    "07:00",
                    120 + day,
                    "after a walk",
                ),
            )
            .await
            .expect("insert");
        ids.push(r.id);
    }
    assert_eq!(total(&c, ann, walks()).await, 5);

    // Each write goes through the other server's store; the kept total follows it.
    c.other
        .insert(ann, bp("2026-10-06", "07:00", 131, "walk, then coffee"))
        .await
        .expect("insert");
    assert_eq!(total(&c, ann, walks()).await, 6, "insert");
    c.other
        .update(ann, ids[0], bp("2026-10-01", "07:00", 121, "no exercise"))
        .await
        .expect("update")
        .expect("found");
    assert_eq!(total(&c, ann, walks()).await, 5, "update");
    assert!(c.other.delete(ann, ids[1]).await.expect("delete"));
    assert_eq!(total(&c, ann, walks()).await, 4, "delete");
    let imported = c
        .other
        .import(
            ann,
            vec![
                bp("2025-01-01", "08:00", 140, "walk"),
                bp("2025-01-02", "08:00", 141, "long walk"),
            ],
        )
        .await
        .expect("import");
    assert_eq!(imported, 2);
    assert_eq!(total(&c, ann, walks()).await, 6, "import");
    let reading = |time: &str, systolic: i32| SessionReading {
        time: kernel::date::parse_time(time).expect("time"),
        systolic,
        diastolic: 84,
        heart_rate: None,
    };
    let session = Session {
        period: Period::Morning,
        rest_skipped: false,
        readings: vec![reading("07:30", 130), reading("07:31", 128)],
    };
    c.other
        .insert_session(ann, bp("2026-10-07", "07:30", 129, "walk first"), session)
        .await
        .expect("session");
    assert_eq!(total(&c, ann, walks()).await, 7, "guided session");

    // Another user's writes leave Ann's total, and theirs is their own.
    c.other
        .insert(bob, bp("2026-10-01", "09:00", 150, "walk"))
        .await
        .expect("bob");
    assert_eq!(total(&c, ann, walks()).await, 7);
    assert_eq!(total(&c, bob, walks()).await, 1);
    // Filters and units are part of what a total is kept for.
    let october = ReadingQuery {
        from: kernel::date::parse_date("2026-10-01").ok(),
        ..walks()
    };
    assert_eq!(total(&c, ann, october).await, 5);
    let numbers = ReadingQuery {
        text: Some("131".into()),
        ..walks()
    };
    assert_eq!(total(&c, ann, numbers).await, 1);
}

/// Proof that the total is kept, not recounted: with the triggers gone (here only), a new
/// reading leaves the revision, and the kept total, where they were.
async fn a_total_is_reused_while_the_revision_stands(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    c.kept
        .insert(ann, bp("2026-10-01", "07:00", 120, "walk"))
        .await
        .expect("insert");
    assert_eq!(total(&c, ann, walks()).await, 1);
    let drop = match b {
        Backend::Sqlite => "DROP TRIGGER reading_revisions_insert",
        Backend::Postgres => "DROP TRIGGER reading_revisions_insert ON readings",
    };
    c.db.write(move |conn| -> anyhow::Result<()> {
        use diesel::RunQueryDsl;
        diesel::sql_query(drop).execute(conn)?;
        Ok(())
    })
    .await
    .expect("drop trigger");
    c.other
        .insert(ann, bp("2026-10-02", "07:00", 121, "walk"))
        .await
        .expect("insert");
    let page = c.kept.list(ann, walks()).await.expect("list");
    assert_eq!(page.total, 1, "kept at the unchanged revision");
    let fresh = ReadingStore::new(c.db.clone());
    assert_eq!(fresh.list(ann, walks()).await.expect("list").total, 2);
}

/// The revision's row comes with the user and goes with them, and deleting an account
/// (whose readings cascade through the triggers) works on both backends.
async fn revisions_live_and_die_with_the_user(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    assert_eq!(fixtures::rows(&c.db, "reading_revisions").await, 1);
    c.kept
        .insert(ann, bp("2026-10-01", "07:00", 120, "walk"))
        .await
        .expect("insert");
    let email = Email::parse("ann@example.com").expect("email");
    let notice = OutgoingEmail::new(None, &email, "Deleted", "t".into(), "h".into());
    c.users
        .delete_account(ann, notice)
        .await
        .expect("delete account");
    assert_eq!(fixtures::rows(&c.db, "readings").await, 0);
    assert_eq!(fixtures::rows(&c.db, "reading_revisions").await, 0);
}

on_both_backends!(
    totals_follow_every_write,
    a_total_is_reused_while_the_revision_stands,
    revisions_live_and_die_with_the_user,
);
