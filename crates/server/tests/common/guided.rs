//! What the issue 15 tests (`guided.rs`, `guided_limits.rs`) share: a subscriber at a
//! pinned time, moving the clock, guided measurement bodies and the shown week.

use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::Backend;

use super::{PASSWORD, TestApp, json_of};

pub fn at(rfc3339: &str) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(rfc3339)
        .expect("t")
        .with_timezone(&chrono::Utc)
}

/// A subscriber, with the server's clock at `now`.
pub async fn subscriber(b: Backend, now: &str) -> TestApp {
    let app = TestApp::spawn(b).await;
    app.clock.set(at(now));
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    app
}

/// Moves the server's clock and signs in again (a day later the session has expired).
pub async fn move_to(app: &TestApp, now: &str) {
    app.clock.set(at(now));
    let res = app.login(&app.client, "ann", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);
}

pub async fn send(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    body: Value,
) -> reqwest::Response {
    app.client
        .request(method, app.url(path))
        .json(&body)
        .send()
        .await
        .expect("req")
}

pub fn session(date: &str, time: &str, pairs: &[(i64, i64)]) -> Value {
    let readings: Vec<Value> = pairs
        .iter()
        .map(|(s, d)| json!({"systolic": s, "diastolic": d}))
        .collect();
    json!({"date": date, "time": time, "restSkipped": false, "readings": readings})
}

pub async fn week(app: &TestApp) -> Value {
    let res = app.get("/api/home-week").await;
    assert_eq!(res.status(), StatusCode::OK);
    json_of(res).await["week"].clone()
}
