//! Guided measurements, the home monitoring week and severe readings over HTTP on both
//! backends (issue 15). The server's clock is pinned, so "today" does not depend on when the
//! suite runs.

#![allow(clippy::expect_used)]

mod common;

use common::guided::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

async fn a_session_is_one_reading_with_its_readings(b: Backend) {
    let app = subscriber(b, "2026-11-20T18:00:00Z").await;
    let body = json!({"date": "2026-11-20", "time": "07:10", "restSkipped": true,
        "notes": "before pills",
        "readings": [{"systolic": 141, "diastolic": 91, "heartRate": 72},
                     {"time": "07:12", "systolic": 136, "diastolic": 88, "heartRate": null}]});
    let res = app.post("/api/bp-sessions", body.clone()).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let r = json_of(res).await;
    // The rounded averages: (141+136)/2 = 138.5 -> 139, (91+88)/2 = 89.5 -> 90.
    assert_eq!(
        (r["systolic"].clone(), r["diastolic"].clone()),
        (json!(139), json!(90))
    );
    assert_eq!(r["heartRate"], 72);
    assert_eq!(r["time"], "07:10");
    assert_eq!(r["notes"], "before pills");
    assert_eq!(r["bpCategory"]["code"], "stage-2");
    assert_eq!(r["severe"], false);
    assert_eq!(
        r["session"],
        json!({"period": "morning", "restSkipped": true, "readings": [
            {"time": "07:10", "systolic": 141, "diastolic": 91, "heartRate": 72},
            {"time": "07:12", "systolic": 136, "diastolic": 88, "heartRate": null}]})
    );
    let id = r["id"].as_i64().expect("id");

    // Lists and the one-reading answer carry the session; a plain reading carries none.
    app.post(
        "/api/readings",
        json!({"date": "2026-11-19", "time": "20:00", "systolic": 120, "diastolic": 70}),
    )
    .await;
    let list = json_of(app.get("/api/readings").await).await;
    assert_eq!(
        list[0]["session"]["readings"].as_array().map(Vec::len),
        Some(2)
    );
    assert!(list[1]["session"].is_null());
    let plain = list[1]["id"].as_i64().expect("id");
    let one = json_of(app.get(&format!("/api/readings/{id}")).await).await;
    assert_eq!(one["session"]["period"], "morning");

    // The period can change; only to morning or evening, only on a session.
    let path = format!("/api/bp-sessions/{id}");
    let res = send(
        &app,
        reqwest::Method::PATCH,
        &path,
        json!({"period": "evening"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["session"]["period"], "evening");
    let res = send(
        &app,
        reqwest::Method::PATCH,
        &path,
        json!({"period": "noon"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["period"],
        "Period must be morning or evening"
    );
    let res = send(
        &app,
        reqwest::Method::PATCH,
        &format!("/api/bp-sessions/{plain}"),
        json!({"period": "evening"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // The averages change only with the readings; the rest of the reading can change.
    let reading = format!("/api/readings/{id}");
    let res = send(
        &app,
        reqwest::Method::PATCH,
        &reading,
        json!({"systolic": 120}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let e = json_of(res).await;
    assert!(
        e["errors"]["systolic"]
            .as_str()
            .is_some_and(|m| m.contains("average of a guided")),
        "{e}"
    );
    let res = send(
        &app,
        reqwest::Method::PATCH,
        &reading,
        json!({"systolic": 139, "diastolic": 90, "heartRate": 72, "notes": "edited", "weight": 160}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let edited = json_of(res).await;
    assert_eq!(edited["notes"], "edited");
    assert_eq!(
        edited["session"]["readings"].as_array().map(Vec::len),
        Some(2)
    );

    // Deleting the reading deletes the session.
    let res = send(&app, reqwest::Method::DELETE, &reading, json!({})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = send(
        &app,
        reqwest::Method::PATCH,
        &path,
        json!({"period": "morning"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // Another subscriber sees none of ann's sessions.
    let id = json_of(app.post("/api/bp-sessions", body).await).await["id"]
        .as_i64()
        .expect("id");
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    bob.subscribe().await;
    let res = send(
        &bob,
        reqwest::Method::PATCH,
        &format!("/api/bp-sessions/{id}"),
        json!({"period": "morning"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        bob.get(&format!("/api/readings/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
}

async fn bad_sessions_store_nothing(b: Backend) {
    let app = subscriber(b, "2026-11-20T18:00:00Z").await;
    let cases = [
        (
            session("2026-11-20", "07:10", &[(120, 80)]),
            "readings",
            "A guided measurement has 2 or 3 readings",
        ),
        (
            session("2026-11-20", "07:10", &[(120, 80); 4]),
            "readings",
            "A guided measurement has 2 or 3 readings",
        ),
        (
            json!({"date": "2026-11-20", "time": "07:10",
                   "readings": [{"systolic": 120}, {"systolic": 121, "diastolic": 80}]}),
            "readings.0.diastolic",
            "Enter systolic and diastolic for each reading",
        ),
        (
            session("2026-11-20", "07:10", &[(120, 80), (260, 80)]),
            "readings.1.systolic",
            "Systolic must be less than 250",
        ),
        (
            session("2026-11-20", "07:10", &[(120, 80), (120, 120)]),
            "readings.1.diastolic",
            "Diastolic must be lower than systolic",
        ),
        (
            session("2026-11-30", "07:10", &[(120, 80), (121, 80)]),
            "date",
            "Date cannot be in the future",
        ),
        (
            json!({"date": "2026-11-20", "time": "07:10", "period": "noon",
                   "readings": [{"systolic": 120, "diastolic": 80}, {"systolic": 121, "diastolic": 80}]}),
            "period",
            "Period must be morning or evening",
        ),
    ];
    for (body, field, message) in cases {
        let res = app.post("/api/bp-sessions", body.clone()).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{body}");
        let e = json_of(res).await;
        assert_eq!(e["errors"][field], message, "{body}: {e}");
    }
    let list = json_of(app.get("/api/readings").await).await;
    assert_eq!(list, json!([]), "nothing stored");

    // Without a subscription nothing is recorded and no week starts.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    let res = bob
        .post(
            "/api/bp-sessions",
            session("2026-11-20", "07:10", &[(120, 80), (121, 80)]),
        )
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(json_of(res).await["message"], "Subscription Required");
    let res = bob.post("/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

async fn severe_is_above_180_or_120(b: Backend) {
    let app = subscriber(b, "2026-11-20T18:00:00Z").await;
    for (s, d, severe) in [
        (180, 120, false),
        (181, 80, true),
        (150, 121, true),
        (120, 79, false),
    ] {
        let res = app
            .post(
                "/api/readings",
                json!({"date": "2026-11-20", "time": "08:00", "systolic": s, "diastolic": d}),
            )
            .await;
        assert_eq!(json_of(res).await["severe"], severe, "{s}/{d}");
    }
    // One number alone (issue 35): the AHA's "higher than 180 and/or higher than 120" makes
    // either enough; Stage 1 and 2 are "or" rules, so one number sets a floor; below Stage 1
    // a lone number has no category.
    for (field, value, severe, category) in [
        (
            "systolic",
            200,
            true,
            json!({"code": "hypertensive-crisis", "label": "Hypertensive Crisis", "atLeast": false, "guideline": "acc-aha-2025", "guidelineName": "ACC/AHA 2025"}),
        ),
        (
            "diastolic",
            125,
            true,
            json!({"code": "hypertensive-crisis", "label": "Hypertensive Crisis", "atLeast": false, "guideline": "acc-aha-2025", "guidelineName": "ACC/AHA 2025"}),
        ),
        (
            "systolic",
            180,
            false,
            json!({"code": "stage-2", "label": "Stage 2", "atLeast": true, "guideline": "acc-aha-2025", "guidelineName": "ACC/AHA 2025"}),
        ),
        (
            "systolic",
            145,
            false,
            json!({"code": "stage-2", "label": "Stage 2", "atLeast": true, "guideline": "acc-aha-2025", "guidelineName": "ACC/AHA 2025"}),
        ),
        (
            "diastolic",
            85,
            false,
            json!({"code": "stage-1", "label": "Stage 1", "atLeast": true, "guideline": "acc-aha-2025", "guidelineName": "ACC/AHA 2025"}),
        ),
        ("systolic", 125, false, Value::Null),
    ] {
        let r = json_of(
            app.post(
                "/api/readings",
                json!({"date": "2026-11-20", "time": "08:00", field: value}),
            )
            .await,
        )
        .await;
        assert_eq!(
            (r["severe"].clone(), r["bpCategory"].clone()),
            (json!(severe), category),
            "{field} {value} alone"
        );
    }
    // A session's average decides: 178 and 184 average 181.
    let r = json_of(
        app.post(
            "/api/bp-sessions",
            session("2026-11-20", "08:05", &[(178, 90), (184, 90)]),
        )
        .await,
    )
    .await;
    assert_eq!(
        (r["systolic"].clone(), r["severe"].clone()),
        (json!(181), json!(true))
    );
}

async fn the_home_week_fills_up(b: Backend) {
    // Day 1 is Monday 2026-11-16; the user's time zone is UTC until changed below.
    let app = subscriber(b, "2026-11-16T21:00:00Z").await;
    assert!(week(&app).await.is_null(), "no week, no readings");
    let res = app.post("/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let w = json_of(res).await;
    assert_eq!(
        (w["startDate"].clone(), w["endDate"].clone()),
        (json!("2026-11-16"), json!("2026-11-22"))
    );
    assert_eq!(
        (w["origin"].clone(), w["today"].clone()),
        (json!("started"), json!(1))
    );
    assert_eq!(w["days"].as_array().map(Vec::len), Some(7));

    // Day 1: counted nowhere. Days 2 and 3: a morning session and an evening reading.
    app.post(
        "/api/bp-sessions",
        session("2026-11-16", "07:00", &[(180, 110), (180, 110)]),
    )
    .await;
    for day in ["17", "18"] {
        move_to(&app, &format!("2026-11-{day}T21:00:00Z")).await;
        let res = app
            .post(
                "/api/bp-sessions",
                session(&format!("2026-11-{day}"), "07:00", &[(134, 84), (136, 86)]),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        app.post(
            "/api/readings",
            json!({"date": format!("2026-11-{day}"), "time": "20:00", "systolic": 128, "diastolic": 80}),
        )
        .await;
    }
    let w = week(&app).await;
    assert_eq!(w["today"], 3);
    assert_eq!(w["countedDays"], 2);
    assert!(
        w["average"].is_null(),
        "two counted days are not enough: {w}"
    );
    assert_eq!(
        w["days"][0],
        json!({"date": "2026-11-16", "day": 1, "morning": 2, "evening": 0, "counted": false})
    );
    assert_eq!(
        w["days"][1],
        json!({"date": "2026-11-17", "day": 2, "morning": 2, "evening": 1, "counted": true})
    );

    // Day 4 makes three counted days, but 8 readings are short of the AHA's minimum of 12
    // (issue 35): no average and no level yet.
    move_to(&app, "2026-11-19T21:00:00Z").await;
    app.post(
        "/api/bp-sessions",
        session("2026-11-19", "07:00", &[(134, 84), (136, 86)]),
    )
    .await;
    let w = week(&app).await;
    assert_eq!(
        (w["countedDays"].clone(), w["countedReadings"].clone()),
        (json!(3), json!(8))
    );
    assert_eq!(
        (w["minDays"].clone(), w["minReadings"].clone()),
        (json!(3), json!(12))
    );
    assert!(w["average"].is_null() && w["level"].is_null(), "{w}");
    assert!(w["compared"].is_null(), "{w}");

    // Day 5 brings the twelfth: every reading from day 2 on, a session's one by one.
    move_to(&app, "2026-11-20T21:00:00Z").await;
    app.post(
        "/api/bp-sessions",
        session("2026-11-20", "07:00", &[(134, 84), (136, 86)]),
    )
    .await;
    for time in ["20:00", "20:10"] {
        app.post(
            "/api/readings",
            json!({"date": "2026-11-20", "time": time, "systolic": 128, "diastolic": 80}),
        )
        .await;
    }
    let w = week(&app).await;
    assert_eq!(
        (w["countedDays"].clone(), w["countedReadings"].clone()),
        (json!(4), json!(12))
    );
    // 8 morning readings averaging 135/85 and 4 evening readings of 128/80.
    assert_eq!(
        w["morning"],
        json!({"systolic": 135, "diastolic": 85, "count": 8})
    );
    assert_eq!(
        w["evening"],
        json!({"systolic": 128, "diastolic": 80, "count": 4})
    );
    // (8*135 + 4*128)/12 = 132.67; (8*85 + 4*80)/12 = 83.33: compared unrounded, shown cut.
    assert_eq!(
        w["average"],
        json!({"systolic": 133, "diastolic": 83, "count": 12})
    );
    assert_eq!(w["compared"], json!({"systolic": 132.6, "diastolic": 83.3}));
    assert_eq!(w["level"]["code"], "from-130-80");
    assert!(
        w["level"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("2025 ACC/AHA") && !t.contains("ESH"))
    );

    // The user's time zone decides "today": 21:00 UTC on the 22nd is the 23rd in Auckland.
    move_to(&app, "2026-11-22T21:00:00Z").await;
    assert_eq!(week(&app).await["today"], 7);
    let res = send(
        &app,
        reqwest::Method::PATCH,
        "/api/user/preferences",
        json!({"timeZone": "Pacific/Auckland"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let w = week(&app).await;
    assert_eq!(
        (w["today"].clone(), w["complete"].clone()),
        (Value::Null, json!(true))
    );
    let res = send(&app, reqwest::Method::DELETE, "/api/home-week", json!({})).await;
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "a finished week is kept"
    );
    assert_eq!(
        json_of(res).await["message"],
        "No home monitoring week is running"
    );
}

async fn starting_and_stopping_a_week(b: Backend) {
    let app = subscriber(b, "2026-11-20T12:00:00Z").await;
    for (start, field_message) in [
        (
            "2026-11-13",
            "A home monitoring week starts today or in the last 6 days",
        ),
        (
            "2026-11-21",
            "A home monitoring week starts today or in the last 6 days",
        ),
        ("2026-02-30", "Date must be a real date (YYYY-MM-DD)"),
    ] {
        let res = app
            .post("/api/home-week", json!({"startDate": start}))
            .await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{start}");
        assert_eq!(json_of(res).await["errors"]["startDate"], field_message);
    }
    assert!(week(&app).await.is_null(), "nothing started");
    let res = app
        .post("/api/home-week", json!({"startDate": "2026-11-14"}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert_eq!(json_of(res).await["today"], 7);
    // Starting the same week again keeps it.
    let res = app
        .post("/api/home-week", json!({"startDate": "2026-11-14"}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    // Readings on two days: enough to recognise a week once nothing was started.
    for date in ["2026-11-15", "2026-11-18"] {
        let res = app
            .post(
                "/api/readings",
                json!({"date": date, "time": "08:00", "systolic": 120, "diastolic": 70}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    let res = send(&app, reqwest::Method::DELETE, "/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert!(
        week(&app).await.is_null(),
        "stopped: its readings are not at once recognised as a week again"
    );
    let res = send(&app, reqwest::Method::DELETE, "/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // Readings after the day it was stopped are recognised again.
    for date in ["2026-11-21", "2026-11-22"] {
        move_to(&app, &format!("{date}T12:00:00Z")).await;
        app.post(
            "/api/readings",
            json!({"date": date, "time": "08:00", "systolic": 122, "diastolic": 72}),
        )
        .await;
    }
    let w = week(&app).await;
    assert_eq!(
        (w["origin"].clone(), w["startDate"].clone()),
        (json!("recognised"), json!("2026-11-21"))
    );
    // Starting the stopped week again brings it back.
    move_to(&app, "2026-11-20T12:00:00Z").await;
    let res = app
        .post("/api/home-week", json!({"startDate": "2026-11-14"}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let w = week(&app).await;
    assert_eq!(
        (w["origin"].clone(), w["startDate"].clone()),
        (json!("started"), json!("2026-11-14"))
    );
}

async fn a_week_is_recognised_from_readings(b: Backend) {
    let app = subscriber(b, "2026-11-20T12:00:00Z").await;
    app.post(
        "/api/readings",
        json!({"date": "2026-11-10", "time": "08:00", "systolic": 120, "diastolic": 70}),
    )
    .await;
    app.post(
        "/api/readings",
        json!({"date": "2026-11-15", "time": "08:00", "systolic": 120, "diastolic": 70}),
    )
    .await;
    assert!(
        week(&app).await.is_null(),
        "one day in the last seven is not a week"
    );
    app.post(
        "/api/readings",
        json!({"date": "2026-11-17", "time": "19:00", "systolic": 122, "diastolic": 72}),
    )
    .await;
    let w = week(&app).await;
    assert_eq!(
        (w["origin"].clone(), w["startDate"].clone()),
        (json!("recognised"), json!("2026-11-15"))
    );
    assert_eq!(w["today"], 6);
}

async fn exports_carry_sessions_and_weeks(b: Backend) {
    let app = subscriber(b, "2026-11-20T12:00:00Z").await;
    let r = json_of(
        app.post(
            "/api/bp-sessions",
            session("2026-11-20", "07:00", &[(131, 81), (133, 83), (135, 85)]),
        )
        .await,
    )
    .await;
    app.post("/api/home-week", json!({"startDate": "2026-11-18"}))
        .await;
    let res = app.get("/api/data/account.json").await;
    assert_eq!(res.status(), StatusCode::OK);
    let account = json_of(res).await;
    assert_eq!(
        account["guidedMeasurements"],
        json!([{"readingId": r["id"], "date": "2026-11-20", "session": r["session"]}])
    );
    assert_eq!(
        account["guidedMeasurements"][0]["session"]["readings"][2]["systolic"],
        135
    );
    assert_eq!(account["homeMonitoringWeeksStarted"], json!(["2026-11-18"]));
    // The CSV holds the averages, as the history shows them.
    let csv = app
        .get("/api/data/readings.csv")
        .await
        .text()
        .await
        .expect("csv");
    assert!(
        csv.lines()
            .any(|l| l.contains("2026-11-20") && l.contains(",133,83,")),
        "{csv}"
    );
}

on_both_backends!(
    exports_carry_sessions_and_weeks,
    a_session_is_one_reading_with_its_readings,
    bad_sessions_store_nothing,
    severe_is_above_180_or_120,
    the_home_week_fills_up,
    starting_and_stopping_a_week,
    a_week_is_recognised_from_readings,
);
