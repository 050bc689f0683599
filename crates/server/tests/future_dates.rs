//! "The future" is the user's own (issue 33.13): every cut-off is now on the wall clock of
//! their preferences' zone plus a few minutes of skew (`kernel::calendar::latest_allowed`),
//! over HTTP on both backends: readings, edits, offline sends, guided measurements and
//! as-needed doses.

#![allow(clippy::expect_used)]

mod common;

use common::guided::{send, session, subscriber};
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

/// 04:00 UTC on the 23rd: 20:00 on the 22nd in Los Angeles, 18:00 on the 23rd in
/// Kiritimati (UTC+14).
const NOW: &str = "2026-11-23T04:00:00Z";

fn heart_rate(date: &str, time: &str) -> Value {
    json!({"date": date, "time": time, "heartRate": 70})
}

async fn in_zone(app: &TestApp, zone: &str) {
    let res = send(
        app,
        Method::PATCH,
        "/api/user/preferences",
        json!({ "timeZone": zone }),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
}

async fn refused(res: reqwest::Response, field: &str, message: &str) {
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body = json_of(res).await;
    assert_eq!(body["errors"][field], message, "{body}");
}

async fn stored(app: &TestApp) -> usize {
    let res = app.get("/api/readings").await;
    res.json::<Vec<Value>>().await.expect("json").len()
}

async fn tomorrow_is_refused_west_of_utc_plus_14(b: Backend) {
    let app = subscriber(b, NOW).await;
    in_zone(&app, "America/Los_Angeles").await;
    let date_future = "Date cannot be in the future";
    let res = app
        .post("/api/readings", heart_rate("2026-11-23", "08:00"))
        .await;
    refused(res, "date", date_future).await;
    let res = app
        .post("/api/readings", heart_rate("2026-11-22", "20:30"))
        .await;
    refused(res, "time", "Time cannot be in the future").await;
    let res = app
        .client
        .post(app.url("/api/readings"))
        .header("Idempotency-Key", "0b6f3c1e-5a0d-4c38-9d1e-3f2a7c9b8e41")
        .json(&heart_rate("2026-11-23", "08:00"))
        .send()
        .await
        .expect("req");
    refused(res, "date", date_future).await;
    let res = app
        .post(
            "/api/bp-sessions",
            session("2026-11-23", "08:00", &[(120, 80), (118, 78)]),
        )
        .await;
    refused(res, "date", date_future).await;
    assert_eq!(stored(&app).await, 0, "nothing was stored");

    // Their now, and a phone a few minutes fast, are fine; an edit cannot move it ahead.
    let res = app
        .post("/api/readings", heart_rate("2026-11-22", "20:03"))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let id = json_of(res).await["id"].as_i64().expect("id");
    let path = format!("/api/readings/{id}");
    let res = send(&app, Method::PATCH, &path, json!({"date": "2026-11-23"})).await;
    refused(res, "date", date_future).await;
    let kept = json_of(app.get(&path).await).await;
    assert_eq!(
        kept["date"], "2026-11-22",
        "the refused edit changed nothing"
    );

    // An as-needed dose is taken at their now too.
    let prn = json_of(
        app.post(
            "/api/medications",
            json!({"name": "Ibuprofen", "strength": 400, "unit": "mg", "form": "tablet",
                   "frequency": "as-needed", "times": [], "startDate": "2026-11-01"}),
        )
        .await,
    )
    .await["id"]
        .as_i64()
        .expect("id");
    let intakes = format!("/api/medications/{prn}/intakes");
    let dose = |date: &str, time: &str| json!({"date": date, "time": time, "status": "taken"});
    let res = app.post(&intakes, dose("2026-11-22", "21:00")).await;
    refused(res, "time", "You cannot record a dose in the future").await;
    let res = app.post(&intakes, dose("2026-11-22", "20:03")).await;
    assert_eq!(res.status(), StatusCode::OK);
}

async fn today_is_allowed_in_utc_plus_14(b: Backend) {
    let app = subscriber(b, NOW).await;
    in_zone(&app, "Pacific/Kiritimati").await;
    let res = app
        .post("/api/readings", heart_rate("2026-11-23", "18:00"))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let res = app
        .post("/api/readings", heart_rate("2026-11-23", "18:30"))
        .await;
    refused(res, "time", "Time cannot be in the future").await;
    assert_eq!(stored(&app).await, 1);
}

on_both_backends!(
    tomorrow_is_refused_west_of_utc_plus_14,
    today_is_allowed_in_utc_plus_14,
);
