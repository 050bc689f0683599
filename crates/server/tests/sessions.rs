//! Session lifetimes through the real session store, on SQLite and PostgreSQL, with a
//! clock the test moves (no waiting, nothing timing-sensitive).

#![allow(clippy::expect_used)]

mod common;

use chrono::{Duration, Utc};
use common::*;
use reqwest::StatusCode;
use testkit::{Backend, on_both_backends};

async fn activity_keeps_a_short_idle_session_alive(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.session_idle_minutes = 1).await;
    let mut now = kernel::clock::truncate_micros(Utc::now());
    app.clock.set(now);
    app.signed_up("ann", "ann@example.com").await;
    // A request every 20 s for 4 minutes, with a 1-minute idle limit: still signed in.
    for step in 1..=12 {
        now += Duration::seconds(20);
        app.clock.set(now);
        let res = app.get("/api/user").await;
        assert_eq!(res.status(), StatusCode::OK, "after {} s", step * 20);
    }
    // Then 70 s without a request: over.
    app.clock.set(now + Duration::seconds(70));
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

on_both_backends!(activity_keeps_a_short_idle_session_alive);
