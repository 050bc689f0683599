//! Two servers' outbox workers on one PostgreSQL database never both send one email
//! (issue 20). The cluster harness saw a reset email sent twice: worker B selected a
//! pending email, worker A claimed, sent and marked it sent, and B's guarded claim still
//! matched the row (it was unlocked again). Here the interleaving is forced: a third
//! connection holds the row while B's claim waits on it, then leaves it sent.
//! PostgreSQL only: SQLite has one server, whose claims are serialised in the process.

#![allow(clippy::expect_used)]

use std::time::{Duration, Instant};

use chrono::Utc;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use kernel::outbox::OutboxQueue;
use store::{Db, DbOptions, OutboxStore, UserStore};
use testkit::{Backend, TestDb};

mod fixtures;

#[derive(QueryableByName)]
struct N {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_waiting_on_an_email_another_worker_sends_claims_nothing() {
    let tdb = TestDb::new(Backend::Postgres);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    fixtures::user(&UserStore::new(db.clone()), "ann").await;
    // Each server has its own pool: worker B's.
    let b = OutboxStore::new(Db::connect(&DbOptions::new(&tdb.url)).expect("connect"));

    // Worker A, by hand: holds the oldest pending email as its claim would.
    let mut a = PgConnection::establish(&tdb.url).expect("a");
    a.batch_execute(
        "BEGIN; SELECT id FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE",
    )
    .expect("hold");
    let now = Utc::now();
    let claim = tokio::spawn(async move {
        b.claim_due(now, now + chrono::Duration::minutes(1), 1)
            .await
    });
    // Wait until B's claim is blocked on A's row lock (it has selected the row already).
    let mut watch = PgConnection::establish(&tdb.url).expect("watch");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let waiting = diesel::sql_query(
            "SELECT count(*) AS n FROM pg_stat_activity \
             WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE \"outbox\"%'",
        )
        .get_result::<N>(&mut watch)
        .expect("activity")
        .n;
        if waiting > 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "worker B never reached its claim"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // A sends it and marks it sent (unlocked, no longer pending).
    a.batch_execute(
        "UPDATE outbox SET status = 'sent', locked_until = NULL \
         WHERE id = (SELECT min(id) FROM outbox); COMMIT",
    )
    .expect("sent by A");
    let claimed = claim.await.expect("join").expect("claim");
    assert!(
        claimed.is_empty(),
        "worker B claimed an email A had sent: {:?}",
        claimed.iter().map(|e| &e.email.subject).collect::<Vec<_>>()
    );
}
