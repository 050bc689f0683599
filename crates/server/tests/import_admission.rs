//! Who gets an import slot, over HTTP (issue 33): an upload that trickles is cut after one
//! window and gives its turn back, and an account's one import at a time holds across two
//! servers on one PostgreSQL database, answered as a real `429` with Retry-After.

#![allow(clippy::expect_used)]

mod common;

use std::time::{Duration, Instant};

use common::*;
use diesel::prelude::*;
use reqwest::{Client, StatusCode};
use testkit::{Backend, on_both_backends};
use web::routes::imports::upload::{MIN_PER_WINDOW, MSG_STALLED, WINDOW};

const CSV: &str = "\"Date\",\"Time\",\"Systolic (mmHg)\",\"Diastolic (mmHg)\",\"Pulse (bpm)\",\"Symptoms\",\"Consumed\",\"TruRead\",\"Notes\"\n\
\"Jul 6 2023\",\"10:43 am\",\"128\",\"82\",\"66\",\"-\",\"-\",\"Off\",\"-\"\n";

/// A body whose parts are sent as the test pushes them into the returned sender.
fn pushed_body() -> (
    tokio::sync::mpsc::Sender<Result<Vec<u8>, std::io::Error>>,
    reqwest::Body,
) {
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|part| (part, rx))
    });
    (tx, reqwest::Body::wrap_stream(stream))
}

async fn upload(c: &Client, url: String, body: impl Into<reqwest::Body>) -> reqwest::Response {
    c.post(url)
        .header("content-type", "application/octet-stream")
        .body(body)
        .send()
        .await
        .expect("upload")
}

fn imports_url(base: &str) -> String {
    format!("{base}/api/data/imports?format=auto&name=omron.csv")
}

async fn a_trickling_upload_is_cut_and_gives_its_turn_back(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    let (tx, body) = pushed_body();
    // A byte a second: far below the pace a window asks for.
    let trickle = tokio::spawn(async move {
        for _ in 0..(3 * WINDOW.as_secs()) {
            if tx.send(Ok(b"x".to_vec())).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
    assert!(MIN_PER_WINDOW > 2 * WINDOW.as_secs());
    let started = Instant::now();
    let res = upload(&app.client, imports_url(&app.base), body).await;
    let took = started.elapsed();
    assert_eq!(res.status(), StatusCode::REQUEST_TIMEOUT);
    assert_eq!(json_of(res).await["message"], MSG_STALLED);
    assert!(
        took < 2 * WINDOW,
        "cut after one window, not the 45-minute deadline: {took:?}"
    );
    trickle.abort();
    // The turn is free: the account's next upload is read.
    let res = upload(&app.client, imports_url(&app.base), CSV).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("body");
    assert!(text.contains("\"type\":\"preview\""), "{text}");
}

async fn one_import_per_account_holds_across_two_servers(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    let data = tempfile::tempdir().expect("dir");
    let Some(other) = second_server(&app, b, &data, |_| {}).await else {
        return; // SQLite: one server per file (second_server checks the refusal).
    };
    // An upload under way on the first server, kept at a healthy pace.
    let (tx, body) = pushed_body();
    tx.send(Ok(CSV.as_bytes().to_vec())).await.expect("send");
    let first = {
        let (c, url) = (app.client.clone(), imports_url(&app.base));
        tokio::spawn(async move { upload(&c, url, body).await.status() })
    };
    let keep_pace = tokio::spawn(async move {
        let part = " \n"
            .repeat(usize::try_from(MIN_PER_WINDOW).expect("n"))
            .into_bytes();
        while tx.send(Ok(part.clone())).await.is_ok() {
            tokio::time::sleep(WINDOW / 4).await;
        }
    });
    // Once the first server holds the account's turn (its lease is in the database)...
    turns_become(&app.db_url, 1).await;
    // ...the second server refuses the account's next upload: a real 429, before reading.
    let refused = upload(&app.client, imports_url(&other.base), CSV).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key("retry-after"));
    assert_eq!(
        json_of(refused).await["message"],
        imports::service::MSG_IMPORT_RUNNING
    );
    keep_pace.abort();
    let status = first.await.expect("join");
    assert_ne!(status, StatusCode::TOO_MANY_REQUESTS);
    // Once the first is over and its turn given back, the second server reads one.
    turns_become(&app.db_url, 0).await;
    let res = upload(&app.client, imports_url(&other.base), CSV).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("body");
    assert!(text.contains("\"type\":\"preview\""), "{text}");
}

/// Waits until the database holds `n` import turns (PostgreSQL: the test's schema).
async fn turns_become(url: &str, n: i64) {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = diesel::PgConnection::establish(url).expect("connect");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let held = diesel::sql_query("SELECT COUNT(*) AS n FROM import_turns")
            .get_result::<Count>(&mut conn)
            .expect("count")
            .n;
        if held == n {
            return;
        }
        assert!(Instant::now() < deadline, "{held} import turns, never {n}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

on_both_backends!(
    a_trickling_upload_is_cut_and_gives_its_turn_back,
    one_import_per_account_holds_across_two_servers,
);
