//! The person's security log through the API, on SQLite and PostgreSQL (issue 38): what
//! each request that touches the ways in (or what was shared) notes, newest first, from
//! which device, with nothing secret in it; paged; and only the person's own.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

const PHONE: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

fn phone() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .user_agent(PHONE)
        .build()
        .expect("client")
}

async fn log_page(app: &TestApp, before: Option<i64>) -> Value {
    let path = match before {
        Some(id) => format!("/api/security-log?before={id}"),
        None => "/api/security-log".to_owned(),
    };
    let res = app.get(&path).await;
    assert_eq!(res.status(), StatusCode::OK);
    json_of(res).await
}

/// (kind, detail) of the first page, newest first.
async fn noted(app: &TestApp) -> Vec<(String, Option<String>)> {
    log_page(app, None).await["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().expect("kind").to_owned(),
                e["detail"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

/// Waits (5 s at most) until the signed-in person's log holds `kind`: a wrong password is
/// noted after its answer.
async fn until_noted(app: &TestApp, kind: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !noted(app).await.iter().any(|(k, _)| k == kind) {
        assert!(std::time::Instant::now() < deadline, "{kind} never noted");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

fn pair(kind: &str, detail: Option<&str>) -> (String, Option<String>) {
    (kind.to_owned(), detail.map(str::to_owned))
}

async fn what_happens_to_the_ways_in_is_noted_newest_first(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    // A wrong password for ann, then for nobody (no account, no log to write to).
    let thief = client();
    assert_eq!(
        app.login(&thief, "ann", "Wrong-pass1!").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login(&thief, "nobody", "Wrong-pass1!").await.status(),
        StatusCode::UNAUTHORIZED
    );
    // Noted after the answer (its time must not tell whether the name has an account).
    until_noted(&app, "sign-in-failed").await;
    let phone = phone();
    assert_eq!(
        app.login(&phone, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    let res = app.post("/api/sessions/sign-out-others", json!({})).await;
    assert_eq!(json_of(res).await["ended"], 1);
    let new_password = NEW_PASSWORD;
    let res = app
        .post(
            "/api/user/change-password",
            json!({"currentPassword": PASSWORD, "newPassword": new_password,
                   "confirmPassword": new_password}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.get("/api/data/readings.csv").await.status(),
        StatusCode::OK
    );
    let res = app
        .post("/api/user/delete", json!({"password": "Not-mine-1!"}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);

    assert_eq!(
        noted(&app).await,
        [
            pair("deletion-refused", None),
            pair("data-exported", Some("csv")),
            pair("password-changed", None),
            pair("other-sessions-ended", Some("1")),
            pair("signed-in", Some("password")),
            pair("sign-in-failed", None),
            pair("signed-in", Some("password")),
        ]
    );
    let page = log_page(&app, None).await;
    let phone_sign_in = &page["events"][4];
    assert_eq!(phone_sign_in["device"], "Chrome on Android");
    assert_eq!(
        phone_sign_in["network"], "127.0.0.0/24",
        "never the address"
    );
    assert!(page["nextBefore"].is_null(), "one page");
    let whole = page.to_string();
    for secret in [PASSWORD, new_password, "Wrong-pass1!", "Not-mine-1!"] {
        assert!(!whole.contains(secret), "{secret} in {whole}");
    }
    assert_eq!(
        client()
            .get(app.url("/api/security-log"))
            .send()
            .await
            .expect("anonymous")
            .status(),
        StatusCode::UNAUTHORIZED
    );
}

async fn share_links_and_email_links_are_noted(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let res = app
        .post(
            "/api/shares",
            json!({"label": "Dr Patel", "shownName": "Ann", "periodKind": "rolling", "days": 30,
                   "lifetimeDays": 7}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let created = json_of(res).await;
    let link = created["link"]
        .as_str()
        .expect("link")
        .replace("/s/", "/api/shared/");
    // The doctor opens it three times in a few minutes: noted once.
    for _ in 0..3 {
        let res = client().get(&link).send().await.expect("open");
        assert_eq!(res.status(), StatusCode::OK);
    }
    let id = created["share"]["id"].as_i64().expect("id");
    let res = app
        .post(&format!("/api/shares/{id}/revoke"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    app.reset_password("ann@example.com", "Reset&pass7!").await;
    let res = app
        .post(
            "/api/login",
            json!({"username": "ann", "password": "Reset&pass7!"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);

    let events = log_page(&app, None).await["events"].clone();
    let opened = events.as_array().expect("events").iter();
    let doctor = opened
        .clone()
        .find(|e| e["kind"] == "share-opened")
        .expect("opened");
    assert_ne!(doctor["device"], Value::Null, "the visitor's browser");
    assert_eq!(
        noted(&app).await,
        [
            pair("signed-in", Some("password")),
            pair("password-reset", None),
            pair("share-revoked", Some("Dr Patel")),
            pair("share-opened", Some("Dr Patel")),
            pair("share-created", Some("Dr Patel")),
            pair("signed-in", Some("password")),
        ]
    );
}

async fn the_log_is_paged_and_each_persons_own(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    // 30 exports and the sign-in: 31 events, a page of 25 and one of 6.
    for _ in 0..30 {
        assert_eq!(
            app.get("/api/data/medications.csv").await.status(),
            StatusCode::OK
        );
    }
    let first = log_page(&app, None).await;
    assert_eq!(first["events"].as_array().expect("events").len(), 25);
    let before = first["nextBefore"].as_i64().expect("an older page");
    assert_eq!(first["events"][24]["id"].as_i64(), Some(before));
    let second = log_page(&app, Some(before)).await;
    let older = second["events"].as_array().expect("events");
    assert_eq!(older.len(), 6);
    assert!(second["nextBefore"].is_null());
    assert_eq!(older[5]["kind"], "signed-in", "the oldest last");
    assert!(
        older.iter().all(|e| e["id"].as_i64().expect("id") < before),
        "only older ones"
    );

    // Bob (this client, signed in as him now) sees his own sign-in, never ann's, whatever
    // `before` he sends.
    app.signed_up("bob", "bob@example.com").await;
    let res = app
        .get(&format!("/api/security-log?before={}", before + 100))
        .await;
    let his = json_of(res).await;
    let kinds: Vec<&str> = his["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["kind"].as_str().expect("kind"))
        .collect();
    assert_eq!(kinds, ["signed-in"]);
}

on_both_backends!(
    what_happens_to_the_ways_in_is_noted_newest_first,
    share_links_and_email_links_are_noted,
    the_log_is_paged_and_each_persons_own,
);
