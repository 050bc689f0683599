//! SIGTERM drains before the server stops (issue 20): `/health/ready` answers 503
//! "draining" at once, so a load balancer moves new requests away, while the server still
//! answers them (each closing its connection); then it exits 0. A second signal cuts the
//! drain short. On both backends, against the real binary.

#![allow(clippy::expect_used)]

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::binary::*;
use reqwest::{Client, StatusCode};
use serde_json::Value;
use testkit::smtp::SmtpSink;
use testkit::{Backend, TestDb, on_both_backends};

fn signal(pid: u32) {
    let sent = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
}

/// Waits for the child to exit (a drain far longer than this fails the test).
fn exit_code(server: &mut Binary, within: Duration) -> Option<i32> {
    let deadline = Instant::now() + within;
    loop {
        if let Some(status) = server.child.try_wait().expect("wait") {
            return status.code();
        }
        if Instant::now() > deadline {
            let _ = server.child.kill();
            panic!("vitalog did not exit within {within:?} of the signals");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

async fn start_draining(b: Backend, drain: &str) -> (Binary, TestDb, tempfile::TempDir) {
    let smtp = SmtpSink::start().await;
    let db = TestDb::new(b);
    let data = tempfile::tempdir().expect("dir");
    let server = start_with(
        data.path(),
        free_port(),
        &smtp,
        &[
            ("VITALOG_DATABASE_URL", &db.url),
            ("VITALOG_DRAIN_SECONDS", drain),
        ],
    )
    .await;
    (server, db, data)
}

async fn sigterm_turns_unready_and_keeps_serving_until_it_stops(b: Backend) {
    let (mut server, _db, _data) = start_draining(b, "4").await;
    // No connection is reused: each answer is read as a new client would.
    let c = Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .expect("client");
    let ready = c
        .get(format!("{}/health/ready", server.base))
        .send()
        .await
        .expect("ready");
    assert_eq!(ready.status(), StatusCode::OK);
    assert_ne!(
        ready
            .headers()
            .get("connection")
            .and_then(|v| v.to_str().ok()),
        Some("close")
    );

    signal(server.child.id());
    // The flag is set as the signal is handled; poll until it shows.
    let deadline = Instant::now() + Duration::from_secs(3);
    let body: Value = loop {
        let r = c
            .get(format!("{}/health/ready", server.base))
            .send()
            .await
            .expect("ready while draining");
        if r.status() == StatusCode::SERVICE_UNAVAILABLE {
            break r.json().await.expect("json");
        }
        assert!(Instant::now() < deadline, "still ready after SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(body["status"], "draining");
    // Requests are still answered while load balancers move away, each closing its
    // connection so none is left idle to be reused as the server stops.
    let live = c
        .get(format!("{}/health/live", server.base))
        .send()
        .await
        .expect("live while draining");
    assert_eq!(live.status(), StatusCode::OK);
    assert_eq!(
        live.headers()
            .get("connection")
            .and_then(|v| v.to_str().ok()),
        Some("close")
    );
    assert_eq!(exit_code(&mut server, Duration::from_secs(60)), Some(0));
    assert!(
        c.get(format!("{}/health/live", server.base))
            .send()
            .await
            .is_err(),
        "stopped accepting"
    );
}

async fn a_second_signal_cuts_the_drain_short(b: Backend) {
    // A drain of ten minutes: only the second signal can end it within the wait below.
    let (mut server, _db, _data) = start_draining(b, "600").await;
    let c = Client::new();
    signal(server.child.id());
    let deadline = Instant::now() + Duration::from_secs(3);
    while c
        .get(format!("{}/health/ready", server.base))
        .send()
        .await
        .expect("ready")
        .status()
        == StatusCode::OK
    {
        assert!(Instant::now() < deadline, "still ready after SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    signal(server.child.id());
    assert_eq!(exit_code(&mut server, Duration::from_secs(60)), Some(0));
}

on_both_backends!(
    sigterm_turns_unready_and_keeps_serving_until_it_stops,
    a_second_signal_cuts_the_drain_short,
);
