//! `POST /api/readings` with an `Idempotency-Key`, on both backends (issue 19): the offline
//! queue's retries, double sends and concurrent sends store one reading; a key reused with
//! another reading, a malformed key or a new key without a subscription store nothing.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

fn reading(systolic: Value) -> Value {
    json!({"date": "2026-11-20", "time": "08:15", "systolic": systolic, "diastolic": 82,
           "heartRate": 64, "notes": "typed offline"})
}

async fn send(app: &TestApp, key: &str, body: &Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/readings"))
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .expect("request")
}

async fn stored(app: &TestApp) -> Vec<Value> {
    json_of(app.get("/api/readings").await)
        .await
        .as_array()
        .cloned()
        .expect("a list")
}

fn replayed(res: &reqwest::Response) -> Option<&str> {
    res.headers()
        .get("idempotent-replayed")
        .map(|v| v.to_str().expect("ascii"))
}

async fn subscriber(b: Backend) -> TestApp {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    app
}

async fn the_same_key_twice_stores_one_reading(b: Backend) {
    let app = subscriber(b).await;
    let first = send(
        &app,
        "0f8c2f4e-1b7a-4d0e-9a57-3c1d2b6e8f90",
        &reading(json!(128)),
    )
    .await;
    assert_eq!(first.status(), StatusCode::CREATED);
    assert_eq!(replayed(&first), None);
    let first = json_of(first).await;
    // The same reading sent again, its number as text this time: the same reading.
    let again = send(
        &app,
        "0f8c2f4e-1b7a-4d0e-9a57-3c1d2b6e8f90",
        &reading(json!("128")),
    )
    .await;
    assert_eq!(again.status(), StatusCode::CREATED);
    assert_eq!(replayed(&again), Some("true"));
    assert_eq!(json_of(again).await, first, "the stored reading, unchanged");
    assert_eq!(stored(&app).await.len(), 1);
    // Without a key every send is a new reading, as before.
    for _ in 0..2 {
        assert_eq!(
            app.post("/api/readings", reading(json!(128)))
                .await
                .status(),
            StatusCode::CREATED
        );
    }
    assert_eq!(stored(&app).await.len(), 3);
}

async fn concurrent_sends_of_one_key_store_one_reading(b: Backend) {
    let app = subscriber(b).await;
    let body = reading(json!(131));
    let sends = (0..10).map(|_| send(&app, "queued-reading-concurrent-1", &body));
    let answers = futures_util::future::join_all(sends).await;
    let mut ids = Vec::new();
    let mut fresh = 0;
    for res in answers {
        assert_eq!(res.status(), StatusCode::CREATED);
        if replayed(&res).is_none() {
            fresh += 1;
        }
        ids.push(json_of(res).await["id"].as_i64().expect("id"));
    }
    assert_eq!(fresh, 1, "one send stored it, the others answered it");
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    assert_eq!(stored(&app).await.len(), 1);
}

async fn a_key_reused_with_another_reading_is_refused(b: Backend) {
    let app = subscriber(b).await;
    let key = "queued-reading-2";
    assert_eq!(
        send(&app, key, &reading(json!(120))).await.status(),
        StatusCode::CREATED
    );
    let res = send(&app, key, &reading(json!(121))).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        json_of(res).await["message"],
        "This Idempotency-Key was already used for a different reading"
    );
    let list = stored(&app).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["systolic"], 120, "the first reading, untouched");
}

async fn a_deleted_readings_key_answers_gone(b: Backend) {
    let app = subscriber(b).await;
    let key = "queued-reading-3";
    let id = json_of(send(&app, key, &reading(json!(125))).await).await["id"]
        .as_i64()
        .expect("id");
    let del = app
        .client
        .delete(app.url(&format!("/api/readings/{id}")))
        .send()
        .await
        .expect("delete");
    assert_eq!(del.status(), StatusCode::OK);
    let res = send(&app, key, &reading(json!(125))).await;
    assert_eq!(res.status(), StatusCode::GONE);
    assert_eq!(
        json_of(res).await["message"],
        "This reading was saved and has since been deleted"
    );
    assert!(stored(&app).await.is_empty(), "not stored again");
}

async fn malformed_keys_and_bad_readings_store_nothing(b: Backend) {
    let app = subscriber(b).await;
    for key in [
        "short",
        "has space in it",
        &"k".repeat(129),
        "semi;colon-key",
        "",
    ] {
        let res = send(&app, key, &reading(json!(120))).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{key:?}");
        assert_eq!(
            json_of(res).await["errors"]["Idempotency-Key"],
            "Idempotency-Key must be 8 to 128 letters, digits, hyphens or underscores",
            "{key:?}"
        );
    }
    // The spec's own wording for a value out of range, key or not.
    let res = send(&app, "queued-reading-4", &reading(json!(400))).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(res).await["errors"]["systolic"].is_string());
    assert!(stored(&app).await.is_empty());
    // The refused send did not use the key up.
    assert_eq!(
        send(&app, "queued-reading-4", &reading(json!(120)))
            .await
            .status(),
        StatusCode::CREATED
    );
}

async fn a_new_key_needs_a_subscription_and_keys_are_per_account(b: Backend) {
    let app = subscriber(b).await;
    let key = "shared-looking-key-5";
    let anns = json_of(send(&app, key, &reading(json!(122))).await).await;
    // Bob, on another client, without a subscription: his send with Ann's key is his own
    // new reading, refused, and never answers Ann's.
    let bob = client();
    assert_eq!(
        app.register("bob", "bob@example.com").await.status(),
        StatusCode::CREATED
    );
    let token = app
        .token_from_email("bob@example.com", "Verify your email", "verify-email")
        .await;
    let verified = post_with(
        &bob,
        &app.url("/api/verify-email"),
        json!({ "token": token }),
    )
    .await;
    assert_eq!(verified.status(), StatusCode::OK);
    assert_eq!(
        app.login(&bob, "bob", PASSWORD).await.status(),
        StatusCode::OK
    );
    let res = bob
        .post(app.url("/api/readings"))
        .header("Idempotency-Key", key)
        .json(&reading(json!(122)))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let body = json_of(res).await;
    assert_eq!(body["message"], "Subscription Required");
    assert!(body.get("id").is_none(), "not Ann's reading: {body}");
    assert_eq!(stored(&app).await, vec![anns]);
}

on_both_backends!(
    the_same_key_twice_stores_one_reading,
    concurrent_sends_of_one_key_store_one_reading,
    a_key_reused_with_another_reading_is_refused,
    a_deleted_readings_key_answers_gone,
    malformed_keys_and_bad_readings_store_nothing,
    a_new_key_needs_a_subscription_and_keys_are_per_account,
);
