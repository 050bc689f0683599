//! Readings taken at the clinic (issue 35) over HTTP on both backends: recorded, listed and
//! changed; any other setting refused with its message and nothing changed; a guided
//! measurement always home; never in the home week; through the CSV export and back.

#![allow(clippy::expect_used)]

mod common;

use common::guided::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

const REFUSED: &str = "Setting must be home or office";

fn bp(date: &str, time: &str, setting: Option<&str>) -> Value {
    let mut body = json!({"date": date, "time": time, "systolic": 148, "diastolic": 94});
    if let Some(s) = setting {
        body["setting"] = json!(s);
    }
    body
}

async fn readings(app: &TestApp) -> Vec<Value> {
    let list = json_of(app.get("/api/readings").await).await;
    list.as_array().cloned().unwrap_or_default()
}

async fn patch(app: &TestApp, id: i64, body: Value) -> reqwest::Response {
    send(
        app,
        reqwest::Method::PATCH,
        &format!("/api/readings/{id}"),
        body,
    )
    .await
}

async fn clinic_readings_are_recorded_changed_and_checked(b: Backend) {
    let app = subscriber(b, "2026-11-20T18:00:00Z").await;
    let res = app
        .post("/api/readings", bp("2026-11-20", "10:30", Some("office")))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let clinic = json_of(res).await;
    assert_eq!(clinic["setting"], "office");
    let id = clinic["id"].as_i64().expect("id");
    let home = json_of(
        app.post("/api/readings", bp("2026-11-20", "07:00", None))
            .await,
    )
    .await;
    assert_eq!(home["setting"], "home", "home unless sent");

    let list = readings(&app).await;
    let settings: Vec<&Value> = list.iter().map(|r| &r["setting"]).collect();
    assert_eq!(settings, [&json!("office"), &json!("home")], "newest first");

    // Unchanged when not sent; changed when sent.
    let res = patch(&app, id, json!({"heartRate": 71})).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["setting"], "office");
    let res = patch(&app, id, json!({"setting": "home"})).await;
    assert_eq!(json_of(res).await["setting"], "home");
    let res = patch(&app, id, json!({"setting": "office"})).await;
    assert_eq!(json_of(res).await["setting"], "office");

    // Anything else is refused with the message, and nothing changes.
    let before = readings(&app).await;
    for bad in ["clinic", "", "HOME"] {
        let res = patch(&app, id, json!({"setting": bad, "systolic": 150})).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{bad:?}");
        let body = json_of(res).await;
        assert_eq!(body["errors"]["setting"], REFUSED, "{body}");
        assert_eq!(body["message"], REFUSED, "{body}");
        let res = app
            .post("/api/readings", bp("2026-11-19", "10:00", Some(bad)))
            .await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{bad:?}");
        assert_eq!(json_of(res).await["errors"]["setting"], REFUSED);
    }
    assert_eq!(readings(&app).await, before, "nothing stored or changed");

    // A guided measurement is the home protocol: home, whatever is sent, and it stays so.
    let mut body = session("2026-11-20", "08:00", &[(130, 84), (128, 82)]);
    body["setting"] = json!("office");
    let res = app.post("/api/bp-sessions", body).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let guided = json_of(res).await;
    assert_eq!(guided["setting"], "home");
    let guided_id = guided["id"].as_i64().expect("id");
    let res = patch(&app, guided_id, json!({"setting": "office"})).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(
        json_of(res).await["errors"]["setting"]
            .as_str()
            .is_some_and(|m| m.contains("guided measurement")),
    );
    let res = patch(&app, guided_id, json!({"setting": "home", "notes": "ok"})).await;
    assert_eq!(res.status(), StatusCode::OK);
}

async fn clinic_readings_stay_out_of_the_home_week(b: Backend) {
    // Clinic readings on two days: no week is recognised from them.
    let app = subscriber(b, "2026-11-18T21:00:00Z").await;
    for day in ["2026-11-17", "2026-11-18"] {
        let res = app
            .post("/api/readings", bp(day, "10:30", Some("office")))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    assert!(week(&app).await.is_null(), "clinic readings make no week");

    // In a started week they fill no slot and count nowhere.
    let res = app
        .post("/api/home-week", json!({"startDate": "2026-11-16"}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    app.post("/api/readings", bp("2026-11-18", "20:00", None))
        .await;
    let w = week(&app).await;
    assert_eq!(
        w["days"][1],
        json!({"date": "2026-11-17", "day": 2, "morning": 0, "evening": 0, "counted": false}),
        "{w}"
    );
    assert_eq!(
        w["days"][2],
        json!({"date": "2026-11-18", "day": 3, "morning": 0, "evening": 1, "counted": true}),
        "{w}"
    );
    assert_eq!(
        (w["countedDays"].clone(), w["countedReadings"].clone()),
        (json!(1), json!(1))
    );
}

async fn the_csv_export_carries_the_setting_back(b: Backend) {
    let app = subscriber(b, "2026-11-20T18:00:00Z").await;
    app.post("/api/readings", bp("2026-11-19", "10:30", Some("office")))
        .await;
    app.post("/api/readings", bp("2026-11-20", "07:00", None))
        .await;
    let res = app.get("/api/data/readings.csv?units=canonical").await;
    assert_eq!(res.status(), StatusCode::OK);
    let csv = res.text().await.expect("csv");
    let lines: Vec<&str> = csv.trim_end().split("\r\n").collect();
    // The setting, then where each reading came from (issue 39's trailing columns).
    assert!(
        lines[0].ends_with(",notes,setting,source,device,flags"),
        "{csv}"
    );
    assert_eq!(lines[1], "2026-11-19,10:30,148,94,,,,,,,office,manual,,");
    assert_eq!(lines[2], "2026-11-20,07:00,148,94,,,,,,,home,manual,,");

    // Into another account: the clinic reading is a clinic reading there too.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    bob.subscribe().await;
    let res = bob.import_csv(&csv).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["imported"], 2);
    let settings: Vec<(Value, Value)> = readings(&bob)
        .await
        .iter()
        .map(|r| (r["date"].clone(), r["setting"].clone()))
        .collect();
    assert_eq!(
        settings,
        [
            (json!("2026-11-20"), json!("home")),
            (json!("2026-11-19"), json!("office"))
        ]
    );
    // A file from before the column: home readings.
    let older = "date,time,systolic,diastolic\n2026-11-18,10:30,150,95\n";
    let res = bob.import_csv(older).await;
    assert_eq!(json_of(res).await["imported"], 1);
    assert_eq!(readings(&bob).await[2]["setting"], "home");
}

/// The clinician's view of a share says which readings were taken at the clinic.
async fn a_share_carries_the_setting(b: Backend) {
    let app = subscriber(b, "2026-11-20T18:00:00Z").await;
    app.post("/api/readings", bp("2026-11-19", "10:30", Some("office")))
        .await;
    app.post("/api/readings", bp("2026-11-20", "07:00", None))
        .await;
    let (_, token) = common::sharing::create(&app, json!({})).await;
    let res = common::sharing::open(&app, &common::sharing::stranger(), &token).await;
    assert_eq!(res.status(), StatusCode::OK);
    let view = json_of(res).await;
    let settings: Vec<(Value, Value)> = view["readings"]
        .as_array()
        .expect("readings")
        .iter()
        .map(|r| (r["date"].clone(), r["setting"].clone()))
        .collect();
    assert_eq!(
        settings,
        [
            (json!("2026-11-19"), json!("office")),
            (json!("2026-11-20"), json!("home"))
        ],
        "oldest first"
    );
}

on_both_backends!(
    a_share_carries_the_setting,
    clinic_readings_are_recorded_changed_and_checked,
    clinic_readings_stay_out_of_the_home_week,
    the_csv_export_carries_the_setting_back,
);
