//! A Bluetooth cuff's readings and the paired cuffs over HTTP on both backends (issue 39):
//! a batch saved, answered "already" when sent again and refused with the form's messages;
//! its bounds; a reading's source only the server sets; an edit of a cuff's values makes it
//! manual and keeps the first original; remembered cuffs per person; the exports say the
//! source.

#![allow(clippy::expect_used)]

mod common;

use common::guided::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

const NOW: &str = "2026-12-01T18:00:00Z";

fn cuff() -> Value {
    json!({"id": "dGVzdC1jdWZm", "name": "BLESmart_0000", "maker": "OMRON", "model": "X4 Smart"})
}

fn reading(time: &str, systolic: i64, flags: &[&str]) -> Value {
    json!({"date": "2026-12-01", "time": time, "systolic": systolic, "diastolic": 81,
           "heartRate": 64, "flags": flags})
}

async fn post_batch(app: &TestApp, readings: Vec<Value>) -> reqwest::Response {
    app.post(
        "/api/readings/from-device",
        json!({"cuff": cuff(), "readings": readings}),
    )
    .await
}

async fn a_batch_is_saved_once_and_refused_with_the_forms_messages(b: Backend) {
    let app = subscriber(b, NOW).await;
    let batch = vec![
        reading("07:30", 121, &["irregular-pulse", "clock-unsure"]),
        reading("07:45", 300, &[]),
        reading("08:00", 122, &["hiccups"]),
    ];
    let res = post_batch(&app, batch.clone()).await;
    assert_eq!(res.status(), StatusCode::OK);
    let first = json_of(res).await;
    assert_eq!(
        (&first["saved"], &first["already"], &first["refused"]),
        (&json!(1), &json!(0), &json!(2)),
        "{first}"
    );
    let saved = &first["results"][0];
    assert_eq!(saved["status"], "saved");
    assert_eq!(saved["reading"]["source"], "device");
    assert_eq!(saved["reading"]["device"], "OMRON X4 Smart");
    assert_eq!(
        saved["reading"]["flags"],
        json!(["irregular-pulse", "clock-unsure"])
    );
    assert_eq!(saved["reading"]["original"], Value::Null);
    assert_eq!(saved["reading"]["setting"], "home");
    let out_of_range = &first["results"][1];
    assert_eq!(out_of_range["status"], "refused");
    assert_eq!(out_of_range["message"], "Systolic must be less than 250");
    assert_eq!(
        out_of_range["fieldErrors"]["systolic"],
        "Systolic must be less than 250"
    );
    assert_eq!(first["results"][2]["status"], "refused");
    assert!(
        first["results"][2]["fieldErrors"]["flags"]
            .as_str()
            .is_some_and(|m| m.contains("irregular-pulse")),
        "{first}"
    );
    // The cuff's memory sent again: nothing new.
    let again = json_of(post_batch(&app, batch).await).await;
    assert_eq!(
        (&again["saved"], &again["already"], &again["refused"]),
        (&json!(0), &json!(1), &json!(2)),
        "{again}"
    );
    assert_eq!(again["results"][0]["status"], "already");
    assert_eq!(again["results"][0]["reading"]["id"], saved["reading"]["id"]);
    let list = json_of(app.get("/api/readings").await).await;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
    // The cuff is remembered, synced.
    let cuffs = json_of(app.get("/api/cuffs").await).await;
    assert_eq!(cuffs[0]["id"], "dGVzdC1jdWZm");
    assert_eq!(cuffs[0]["maker"], "OMRON");
    assert!(cuffs[0]["lastSyncAt"].is_string(), "{cuffs}");
}

async fn a_batch_holds_1_to_200_readings_and_needs_a_subscription(b: Backend) {
    let app = subscriber(b, NOW).await;
    let many: Vec<Value> = (0..201)
        .map(|i| {
            json!({"date": "2026-11-30", "time": format!("{:02}:{:02}", i / 60, i % 60),
                   "systolic": 120, "diastolic": 80, "heartRate": null, "flags": []})
        })
        .collect();
    let res = post_batch(&app, many.clone()).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body = json_of(res).await;
    assert_eq!(
        body["errors"]["readings"],
        "A cuff sends 1 to 200 readings at once"
    );
    assert_eq!(
        post_batch(&app, Vec::new()).await.status(),
        StatusCode::BAD_REQUEST
    );
    let res = post_batch(&app, many[..200].to_vec()).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["saved"], 200);
    // Without a subscription, as recording a reading.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    let res = post_batch(&bob, vec![reading("07:30", 121, &[])]).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(json_of(res).await["code"], "subscription_required");
}

async fn only_the_server_sets_a_readings_source_and_an_edit_keeps_the_first_original(b: Backend) {
    let app = subscriber(b, NOW).await;
    // The form cannot claim a cuff.
    let res = app
        .post(
            "/api/readings",
            json!({"date": "2026-12-01", "time": "06:00", "systolic": 130, "diastolic": 85,
                   "source": "device", "device": "Fake cuff", "flags": ["cuff-loose"],
                   "original": {"systolic": 1}}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let typed = json_of(res).await;
    assert_eq!(typed["source"], "manual");
    assert_eq!(typed["device"], Value::Null);
    assert_eq!(typed["flags"], json!([]));
    assert_eq!(typed["original"], Value::Null);

    let batch = json_of(
        post_batch(
            &app,
            vec![
                reading("07:30", 121, &["body-movement"]),
                reading("07:45", 124, &[]),
            ],
        )
        .await,
    )
    .await;
    let id = batch["results"][0]["reading"]["id"].as_i64().expect("id");
    let other = batch["results"][1]["reading"]["id"].as_i64().expect("id");
    // Notes alone leave it the cuff's.
    let res = app
        .patch(
            &format!("/api/readings/{other}"),
            json!({"notes": "left arm"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let noted = json_of(res).await;
    assert_eq!(noted["source"], "device");
    assert_eq!(noted["original"], Value::Null);
    // Its values edited: the person's now, still naming the cuff, with what it recorded.
    let res = app
        .patch(
            &format!("/api/readings/{id}"),
            json!({"systolic": 125, "time": "07:31"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let edited = json_of(res).await;
    assert_eq!(edited["source"], "manual");
    assert_eq!(edited["device"], "OMRON X4 Smart");
    assert_eq!(edited["flags"], json!(["body-movement"]));
    let first_original = json!({"systolic": 121, "diastolic": 81, "heartRate": 64,
                                "date": "2026-12-01", "time": "07:30"});
    assert_eq!(edited["original"], first_original);
    let res = app
        .patch(&format!("/api/readings/{id}"), json!({"diastolic": 79}))
        .await;
    let twice = json_of(res).await;
    assert_eq!(
        twice["original"], first_original,
        "the first original stays"
    );
    let listed = json_of(app.get(&format!("/api/readings/{id}")).await).await;
    assert_eq!(listed["original"], first_original);

    // The exports say where each reading came from.
    let csv = app
        .get("/api/data/readings.csv")
        .await
        .text()
        .await
        .expect("csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].ends_with(",setting,source,device,flags"), "{csv}");
    assert!(
        csv.contains(",home,device,OMRON X4 Smart,\r\n")
            || csv.contains(",home,device,OMRON X4 Smart,\n"),
        "{csv}"
    );
    assert!(
        csv.contains(",manual,OMRON X4 Smart,body-movement"),
        "{csv}"
    );
    let fhir = json_of(app.get("/api/data/readings.fhir.json").await).await;
    let sources: Vec<&str> = fhir["entry"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["resource"]["meta"]["source"].as_str())
        .collect();
    assert!(
        sources.contains(&"urn:vitalog:source:device"),
        "{sources:?}"
    );
    assert!(
        sources.contains(&"urn:vitalog:source:manual"),
        "{sources:?}"
    );
    let device_bp = fhir["entry"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["resource"]["meta"]["source"] == "urn:vitalog:source:device")
        .expect("a cuff's observation");
    assert_eq!(device_bp["resource"]["device"]["display"], "OMRON X4 Smart");
}

async fn cuffs_are_remembered_per_person_at_most_20(b: Backend) {
    let app = subscriber(b, NOW).await;
    let res = app
        .put(
            "/api/cuffs/cuff-a",
            json!({"name": "BLESmart_0000", "maker": "OMRON", "model": "X4 Smart", "userSlot": 2}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let cuff = json_of(res).await;
    assert_eq!(
        (&cuff["id"], &cuff["userSlot"], &cuff["lastSyncAt"]),
        (&json!("cuff-a"), &json!(2), &Value::Null)
    );
    assert!(cuff["createdAt"].is_string());
    let res = app
        .put("/api/cuffs/cuff-a", json!({"name": "x", "userSlot": 256}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["userSlot"],
        "User slot must be a whole number from 1 to 255"
    );
    for i in 1..20 {
        let res = app
            .put(&format!("/api/cuffs/cuff-{i}"), json!({"name": "Cuff"}))
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{i}");
    }
    let res = app.put("/api/cuffs/cuff-21", json!({"name": "Cuff"})).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(
        json_of(res).await["message"],
        "You can remember at most 20 cuffs: forget one first"
    );
    assert_eq!(
        app.delete("/api/cuffs/cuff-3").await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.delete("/api/cuffs/cuff-3").await.status(),
        StatusCode::NOT_FOUND
    );
    let cuffs = json_of(app.get("/api/cuffs").await).await;
    assert_eq!(cuffs.as_array().map(Vec::len), Some(19));
    // Another person sees none of them and cannot forget them.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    assert_eq!(json_of(bob.get("/api/cuffs").await).await, json!([]));
    assert_eq!(
        bob.delete("/api/cuffs/cuff-a").await.status(),
        StatusCode::NOT_FOUND
    );
}

/// A browser's device id is base64 ("/", "+" and "="): the client puts it in the path
/// percent-encoded and in the batch's body as it is, and both name one cuff.
async fn a_browsers_id_names_one_cuff_in_the_path_and_the_body(b: Backend) {
    let app = subscriber(b, NOW).await;
    let id = "aB/c+d9==";
    let res = app
        .put(
            "/api/cuffs/aB%2Fc%2Bd9%3D%3D",
            json!({"name": "BM85", "userSlot": 1}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["id"], id);
    let cuff = json!({"id": id, "name": "BM85", "maker": "Beurer", "model": "BM85"});
    let res = app
        .post(
            "/api/readings/from-device",
            json!({"cuff": cuff, "readings": [reading("07:30", 121, &[])]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let cuffs = json_of(app.get("/api/cuffs").await).await;
    let cuffs = cuffs.as_array().expect("a list");
    assert_eq!(cuffs.len(), 1, "{cuffs:?}");
    assert_eq!(
        (&cuffs[0]["id"], &cuffs[0]["userSlot"], &cuffs[0]["model"]),
        (&json!(id), &json!(1), &json!("BM85"))
    );
    assert!(cuffs[0]["lastSyncAt"].is_string());
    assert_eq!(
        app.delete("/api/cuffs/aB%2Fc%2Bd9%3D%3D").await.status(),
        StatusCode::NO_CONTENT
    );
}

async fn imported_readings_name_their_app(b: Backend) {
    let app = subscriber(b, NOW).await;
    let res = app
        .import_csv("date,time,systolic,diastolic\r\n2026-11-30,07:00,120,80\r\n")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let list = json_of(app.get("/api/readings").await).await;
    assert_eq!(list[0]["source"], "import", "{list}");
    assert_eq!(list[0]["device"], "Vitalog");
    assert_eq!(list[0]["flags"], json!([]));
}

on_both_backends!(
    imported_readings_name_their_app,
    a_batch_is_saved_once_and_refused_with_the_forms_messages,
    a_batch_holds_1_to_200_readings_and_needs_a_subscription,
    only_the_server_sets_a_readings_source_and_an_edit_keeps_the_first_original,
    cuffs_are_remembered_per_person_at_most_20,
    a_browsers_id_names_one_cuff_in_the_path_and_the_body,
);
