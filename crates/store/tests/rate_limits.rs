//! Rate-limit counters in the database (issue 20), on both backends: a burst of `count`,
//! then a refusal saying when to retry and counting nothing; keys counted apart; concurrent
//! counts of one key lose no update; refilled counters are swept.

#![allow(clippy::expect_used)]

use std::sync::Arc;
use std::time::Duration;

use kernel::rate::{Rate, RateStore, Taken};
use store::{Db, DbOptions, RateLimitStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::rows;

fn ctx(backend: Backend) -> (Db, RateLimitStore, TestDb) {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    (db.clone(), RateLimitStore::new(db), tdb)
}

const HOURLY_3: Rate = Rate::new(3, Duration::from_secs(3600));

async fn a_burst_then_a_refusal_with_when_to_retry(b: Backend) {
    let (db, s, _t) = ctx(b);
    for used in 1..=3 {
        assert_eq!(
            s.take("login\nann", HOURLY_3).await.expect("take"),
            Taken::Allowed { used }
        );
    }
    for _ in 0..2 {
        match s.take("login\nann", HOURLY_3).await.expect("take") {
            // One comes back every 20 minutes; a refusal counts nothing, so the wait
            // does not grow.
            Taken::Refused { retry_after } => assert!(
                retry_after > Duration::from_secs(1190) && retry_after <= Duration::from_secs(1200),
                "{retry_after:?}"
            ),
            other => panic!("fourth allowed: {other:?}"),
        }
    }
    assert_eq!(
        s.take("login\nbob", HOURLY_3).await.expect("take"),
        Taken::Allowed { used: 1 },
        "another key"
    );
    assert_eq!(
        s.take("email\nann", HOURLY_3).await.expect("take"),
        Taken::Allowed { used: 1 },
        "the same key under another limit"
    );
    assert_eq!(rows(&db, "rate_limits").await, 3);
    let stored: Vec<String> = db.read(store_keys).await.expect("keys");
    assert!(
        stored.iter().all(|k| !k.contains("ann") && k.len() == 64),
        "keys are stored as digests: {stored:?}"
    );
}

fn store_keys(conn: &mut store::db::AnyConnection) -> diesel::QueryResult<Vec<String>> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct K {
        #[diesel(sql_type = diesel::sql_types::Text)]
        key: String,
    }
    Ok(diesel::sql_query("SELECT key FROM rate_limits")
        .load::<K>(conn)?
        .into_iter()
        .map(|k| k.key)
        .collect())
}

async fn concurrent_counts_lose_no_update(b: Backend) {
    let (_db, s, _t) = ctx(b);
    let s = Arc::new(s);
    let rate = Rate::new(10, Duration::from_secs(3600));
    let tasks: Vec<_> = (0..40)
        .map(|_| {
            let s = s.clone();
            tokio::spawn(async move { s.take("login\nann", rate).await.expect("take") })
        })
        .collect();
    let mut allowed = Vec::new();
    for t in tasks {
        if let Taken::Allowed { used } = t.await.expect("join") {
            allowed.push(used);
        }
    }
    allowed.sort_unstable();
    assert_eq!(allowed, (1..=10).collect::<Vec<_>>(), "each token once");
}

async fn refilled_counters_are_swept(b: Backend) {
    let (db, s, _t) = ctx(b);
    s.take("login\nann", HOURLY_3).await.expect("take");
    s.take("login\nbob", HOURLY_3).await.expect("take");
    assert_eq!(s.sweep().await.expect("sweep"), 0, "both still counting");
    // Ann's bucket refilled long ago (her arrival time is in the past).
    db.write(|conn| -> anyhow::Result<usize> {
        use diesel::RunQueryDsl;
        let ann = kernel::secret::hash("login\nann");
        Ok(
            diesel::sql_query("UPDATE rate_limits SET tat_us = 1000 WHERE key = $1")
                .bind::<diesel::sql_types::Text, _>(ann)
                .execute(conn)?,
        )
    })
    .await
    .expect("age ann's counter");
    assert_eq!(s.sweep().await.expect("sweep"), 1);
    assert_eq!(rows(&db, "rate_limits").await, 1);
    assert_eq!(
        s.take("login\nann", HOURLY_3).await.expect("take"),
        Taken::Allowed { used: 1 },
        "a swept key starts afresh"
    );
}

/// A peek tells what a count would find and counts nothing (wrong access codes are
/// counted only once they are known to be wrong, but refused before they are checked).
async fn a_peek_counts_nothing(b: Backend) {
    let (db, s, _t) = ctx(b);
    assert_eq!(
        s.peek("code\nx", HOURLY_3).await.expect("peek"),
        Taken::Allowed { used: 0 },
        "an unknown key"
    );
    assert_eq!(rows(&db, "rate_limits").await, 0, "a peek stores nothing");
    s.take("code\nx", HOURLY_3).await.expect("take");
    s.take("code\nx", HOURLY_3).await.expect("take");
    for _ in 0..3 {
        assert_eq!(
            s.peek("code\nx", HOURLY_3).await.expect("peek"),
            Taken::Allowed { used: 2 }
        );
    }
    s.take("code\nx", HOURLY_3).await.expect("take");
    assert!(matches!(
        s.peek("code\nx", HOURLY_3).await.expect("peek"),
        Taken::Refused { retry_after } if retry_after > Duration::from_secs(1190)
    ));
}

on_both_backends!(
    a_peek_counts_nothing,
    a_burst_then_a_refusal_with_when_to_retry,
    concurrent_counts_lose_no_update,
    refilled_counters_are_swept,
);
