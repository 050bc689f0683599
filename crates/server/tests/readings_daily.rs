//! `GET /api/readings/daily` (issue 36) over HTTP: one row per day with readings, in
//! camelCase; both dates required, in order, at most 20 years apart. (The SQL, and that
//! another user's readings are not in it, is tested on both backends in `store/tests/daily.rs`.)

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::Backend;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn daily_rows_of_a_bounded_span() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    assert_eq!(
        app.get("/api/readings/daily?from=2026-11-01&to=2026-11-30")
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    for (time, systolic, diastolic) in [("07:00", 130, 80), ("20:00", 140, 90)] {
        let res = app
            .post(
                "/api/readings",
                json!({"date": "2026-11-20", "time": time, "systolic": systolic,
                       "diastolic": diastolic, "weight": 170.0}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }

    let res = app
        .get("/api/readings/daily?from=2026-11-01&to=2026-11-30")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        json_of(res).await,
        json!([{"date": "2026-11-20", "count": 2, "bpCount": 2,
                "systolic": {"min": 130, "max": 140, "mean": 135.0},
                "diastolic": {"min": 80, "max": 90, "mean": 85.0},
                "heartRate": null, "weight": 170.0, "bloodSugar": null}])
    );

    for (query, field) in [
        ("", "from"),
        ("?from=2026-11-01", "to"),
        ("?from=2026-11-31&to=2026-12-01", "from"),
        ("?from=2026-12-02&to=2026-12-01", "to"),
        ("?from=2000-01-01&to=2026-12-01", "from"),
    ] {
        let res = app.get(&format!("/api/readings/daily{query}")).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{query}");
        let body: Value = json_of(res).await;
        assert!(body["errors"][field].is_string(), "{query}: {body}");
    }
}
