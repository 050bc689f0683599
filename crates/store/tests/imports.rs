//! Import drafts and remembered spreadsheet mappings in the store, on both backends
//! (issue 18): scoped to the owner, one draft per user, expired drafts purged and never
//! read, the newest mappings kept, everything gone with the account.

#![allow(clippy::expect_used)]

use chrono::{DateTime, Duration, Utc};
use identity::ports::UserRepository;
use imports::ports::{ImportStore, ImportTurns};
use store::{Db, DbOptions, ImportStoreDb, ImportTurnStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::{rows, user};

struct Ctx {
    db: Db,
    users: UserStore,
    store: ImportStoreDb,
    _db: TestDb,
}

fn ctx(backend: Backend) -> Ctx {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    Ctx {
        users: UserStore::new(db.clone()),
        store: ImportStoreDb::new(db.clone()),
        db,
        _db: tdb,
    }
}

fn now() -> DateTime<Utc> {
    kernel::clock::truncate_micros(Utc::now())
}

async fn drafts_are_the_owners_one_at_a_time_and_expire(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let t = now();
    let long_ago = t - Duration::hours(2);
    let s = &c.store;
    s.save_draft(
        bob,
        "old",
        "[bob old]".into(),
        long_ago,
        long_ago - Duration::hours(1),
    )
    .await
    .expect("save");
    s.save_draft(ann, "a1", "[1]".into(), t, t - Duration::hours(1))
        .await
        .expect("save");
    assert_eq!(
        rows(&c.db, "import_drafts").await,
        1,
        "bob's expired draft purged"
    );
    s.save_draft(ann, "a2", "[2]".into(), t, t - Duration::hours(1))
        .await
        .expect("save");
    let since = t - Duration::hours(1);
    assert_eq!(
        s.draft(ann, "a1", since).await.expect("read"),
        None,
        "replaced"
    );
    assert_eq!(
        s.draft(ann, "a2", since).await.expect("read").as_deref(),
        Some("[2]")
    );
    assert_eq!(
        s.draft(bob, "a2", since).await.expect("read"),
        None,
        "not bob's"
    );
    assert_eq!(
        s.draft(ann, "a2", t + Duration::seconds(1))
            .await
            .expect("read"),
        None,
        "older than not_before"
    );
    assert!(
        !s.delete_draft(bob, "a2").await.expect("delete"),
        "not bob's"
    );
    assert!(s.delete_draft(ann, "a2").await.expect("delete"));
    assert!(!s.delete_draft(ann, "a2").await.expect("delete"), "gone");
}

async fn mappings_are_remembered_per_header_and_the_newest_kept(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let t = now();
    let s = &c.store;
    s.remember_mapping(ann, "k1", "{\"v\":1}".into(), t, 2)
        .await
        .expect("remember");
    s.remember_mapping(ann, "k1", "{\"v\":2}".into(), t + Duration::seconds(1), 2)
        .await
        .expect("update");
    assert_eq!(
        s.mapping(ann, "k1").await.expect("read").as_deref(),
        Some("{\"v\":2}")
    );
    assert_eq!(s.mapping(bob, "k1").await.expect("read"), None);
    s.remember_mapping(ann, "k2", "{}".into(), t + Duration::seconds(2), 2)
        .await
        .expect("remember");
    s.remember_mapping(ann, "k3", "{}".into(), t + Duration::seconds(3), 2)
        .await
        .expect("remember");
    assert_eq!(
        s.mapping(ann, "k1").await.expect("read"),
        None,
        "least recent dropped"
    );
    assert!(s.mapping(ann, "k3").await.expect("read").is_some());
    assert_eq!(rows(&c.db, "import_mappings").await, 2);

    s.save_draft(ann, "d", "[]".into(), t, t - Duration::hours(1))
        .await
        .expect("save");
    let id = ann;
    let mail = kernel::outbox::OutgoingEmail::new(
        None,
        &kernel::Email::parse("ann@example.com").expect("email"),
        "Deleted",
        "t".into(),
        "h".into(),
    );
    c.users.delete_account(id, mail).await.expect("delete");
    assert_eq!(
        rows(&c.db, "import_mappings").await,
        0,
        "gone with the account"
    );
    assert_eq!(
        rows(&c.db, "import_drafts").await,
        0,
        "gone with the account"
    );
}

/// An account's import turn is one lease, whichever store (server) asks: taken by one
/// holder, refused to another until given back or expired; other accounts are free.
async fn an_accounts_import_turn_is_one_lease_across_servers(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let (one, other) = (
        ImportTurnStore::new(c.db.clone()),
        ImportTurnStore::new(c.db.clone()),
    );
    let minute = std::time::Duration::from_secs(60);
    assert!(one.take(ann, "a", minute).await.expect("take"));
    assert!(!other.take(ann, "b", minute).await.expect("take"), "held");
    assert!(
        !other.extend(ann, "b", minute).await.expect("extend"),
        "not b's"
    );
    assert!(one.extend(ann, "a", minute).await.expect("extend"));
    assert!(
        other.take(bob, "b", minute).await.expect("take"),
        "bob's own"
    );
    // Only its holder gives it back.
    other.give_back(ann, "b").await.expect("give back");
    assert!(
        !other.take(ann, "b", minute).await.expect("take"),
        "still a's"
    );
    one.give_back(ann, "a").await.expect("give back");
    assert!(
        other.take(ann, "b", minute).await.expect("take"),
        "free again"
    );
    // An expired lease (a server that died) is taken over.
    assert!(one.take(bob, "c", std::time::Duration::ZERO).await.is_ok());
    other.give_back(bob, "b").await.expect("give back");
    assert!(
        one.take(bob, "c", std::time::Duration::ZERO)
            .await
            .expect("take")
    );
    assert!(
        other.take(bob, "d", minute).await.expect("take"),
        "c's lease expired"
    );
    assert!(
        !one.extend(bob, "c", minute).await.expect("extend"),
        "c lost it"
    );
}

on_both_backends!(
    drafts_are_the_owners_one_at_a_time_and_expire,
    mappings_are_remembered_per_header_and_the_newest_kept,
    an_accounts_import_turn_is_one_lease_across_servers,
);
