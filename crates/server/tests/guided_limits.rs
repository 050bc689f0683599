//! Guided measurements and the home monitoring week at their edges, over HTTP on both
//! backends (issue 15): starting a week again and at once, bodies of odd sizes and types,
//! the averages' lock with numbers of any JSON type, and odd ids.

#![allow(clippy::expect_used)]

mod common;

use common::guided::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;
use testkit::{Backend, on_both_backends};

async fn starting_again_moves_the_running_week(b: Backend) {
    let app = subscriber(b, "2026-11-20T12:00:00Z").await;
    let res = app.post("/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    // Started again from an earlier day: the week answered is the week shown, not a second
    // one beside the first.
    let res = app
        .post("/api/home-week", json!({"startDate": "2026-11-17"}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert_eq!(json_of(res).await["startDate"], "2026-11-17");
    assert_eq!(week(&app).await["startDate"], "2026-11-17");
    let res = send(&app, reqwest::Method::DELETE, "/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert!(week(&app).await.is_null(), "no other week was left running");

    // Two starts of the same day at once: both answered 201, one week.
    let start = json!({"startDate": "2026-11-18"});
    let (one, two) = tokio::join!(
        app.post("/api/home-week", start.clone()),
        app.post("/api/home-week", start.clone())
    );
    assert_eq!(
        (one.status(), two.status()),
        (StatusCode::CREATED, StatusCode::CREATED)
    );
    assert_eq!(week(&app).await["startDate"], "2026-11-18");
    let res = send(&app, reqwest::Method::DELETE, "/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert!(week(&app).await.is_null());

    // A finished week stays (reports show it) when a new one starts.
    app.post("/api/home-week", json!({"startDate": "2026-11-14"}))
        .await;
    move_to(&app, "2026-11-23T12:00:00Z").await;
    let res = app.post("/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let res = send(&app, reqwest::Method::DELETE, "/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let w = week(&app).await;
    assert_eq!(
        (w["startDate"].clone(), w["complete"].clone()),
        (json!("2026-11-14"), json!(true))
    );
}

async fn odd_bodies_are_refused_clearly(b: Backend) {
    let app = subscriber(b, "2026-11-20T18:00:00Z").await;
    // 100,000 readings: refused by the body limit before any parsing.
    let many = format!(
        r#"{{"date":"2026-11-20","time":"07:10","readings":[{}]}}"#,
        vec![r#"{"systolic":120,"diastolic":80}"#; 100_000].join(",")
    );
    let res = app
        .client
        .post(app.url("/api/bp-sessions"))
        .header("content-type", "application/json")
        .body(many)
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    // Within the limit, a long list is refused by its count.
    let res = app
        .post(
            "/api/bp-sessions",
            session("2026-11-20", "07:10", &[(120, 80); 1_000]),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["readings"],
        "A guided measurement has 2 or 3 readings"
    );
    // Numbers of another type are the plain form's errors, keyed by reading.
    let res = app
        .post(
            "/api/bp-sessions",
            json!({"date": "2026-11-20", "time": "07:10", "readings": [
                {"systolic": {"n": 120}, "diastolic": 80},
                {"systolic": "121", "diastolic": [80]}]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let e = json_of(res).await;
    assert_eq!(
        (
            e["errors"]["readings.0.systolic"].clone(),
            e["errors"]["readings.1.diastolic"].clone()
        ),
        (
            json!("Systolic must be a number"),
            json!("Diastolic must be a number")
        ),
        "{e}"
    );
    // Fields of the wrong shape: 400, nothing stored.
    for body in [
        json!({"date": "2026-11-20", "time": "07:10", "readings": null}),
        json!({"date": "2026-11-20", "time": "07:10", "readings": {"0": {}}}),
        json!({"date": "2026-11-20", "time": "07:10", "restSkipped": "yes",
               "readings": [{"systolic": 120, "diastolic": 80}, {"systolic": 121, "diastolic": 80}]}),
        json!({"date": "2026-11-20", "time": "07:10", "period": 1,
               "readings": [{"systolic": 120, "diastolic": 80}, {"systolic": 121, "diastolic": 80}]}),
        json!({"date": "2026-11-20", "time": 710,
               "readings": [{"systolic": 120, "diastolic": 80}, {"systolic": 121, "diastolic": 80}]}),
        json!([1, 2]),
    ] {
        let res = app.post("/api/bp-sessions", body.clone()).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{body}");
    }
    assert_eq!(json_of(app.get("/api/readings").await).await, json!([]));

    // The lock compares numbers, whatever their JSON type; the period's type is checked.
    let r = json_of(
        app.post(
            "/api/bp-sessions",
            session("2026-11-20", "07:10", &[(141, 91), (136, 88)]),
        )
        .await,
    )
    .await;
    let id = r["id"].as_i64().expect("id");
    let reading = format!("/api/readings/{id}");
    let res = send(
        &app,
        reqwest::Method::PATCH,
        &reading,
        json!({"systolic": "139", "diastolic": 90.0, "heartRate": null}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    for changed in [
        json!({"systolic": "140"}),
        json!({"diastolic": null}),
        json!({"heartRate": 70}),
        json!({"systolic": true}),
    ] {
        let res = send(&app, reqwest::Method::PATCH, &reading, changed.clone()).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{changed}");
    }
    // Its date and time can change; the session goes with it.
    let res = send(
        &app,
        reqwest::Method::PATCH,
        &reading,
        json!({"date": "2026-11-19", "time": "07:30"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let moved = json_of(res).await;
    assert_eq!(
        (moved["date"].clone(), moved["systolic"].clone()),
        (json!("2026-11-19"), json!(139))
    );
    assert_eq!(
        moved["session"]["readings"].as_array().map(Vec::len),
        Some(2)
    );
    for period in [json!({"period": 1}), json!({"period": {"x": "morning"}})] {
        let res = send(
            &app,
            reqwest::Method::PATCH,
            &format!("/api/bp-sessions/{id}"),
            period.clone(),
        )
        .await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{period}");
    }
    for path in [
        "-1",
        "0",
        "9223372036854775807",
        "99999999999999999999",
        "x",
    ] {
        let res = send(
            &app,
            reqwest::Method::PATCH,
            &format!("/api/bp-sessions/{path}"),
            json!({"period": "morning"}),
        )
        .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let res = app
        .post("/api/home-week", json!({"startDate": 20261120}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

on_both_backends!(
    starting_again_moves_the_running_week,
    odd_bodies_are_refused_clearly,
);
