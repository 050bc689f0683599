//! Passkeys (issue 38) through the real server, on SQLite and PostgreSQL: every ceremony
//! with a software authenticator (testkit::passkey), and the challenges a thief would
//! replay, keep past their time, or finish from another session, refused.

#![allow(clippy::expect_used)]

mod common;

use chrono::{Duration, Utc};
use common::*;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::passkey::SoftAuthenticator;
use testkit::{Backend, on_both_backends};

/// Passkeys need a name for the origin, never an IP address.
async fn spawn(b: Backend) -> TestApp {
    TestApp::spawn_with(b, |c| {
        c.public_url = c.public_url.replace("127.0.0.1", "localhost");
    })
    .await
}

async fn post(client: &Client, app: &TestApp, path: &str, body: Value) -> reqwest::Response {
    post_with(client, &app.url(path), body).await
}

async fn options(client: &Client, app: &TestApp, path: &str) -> Value {
    // Adding one is confirmed by the password; a sign-in start reads no body.
    let res = post(client, app, path, json!({ "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    json_of(res).await["options"].clone()
}

/// Adds a passkey named `name` to the account `client` is signed in to.
async fn add_passkey(app: &TestApp, client: &Client, auth: &mut SoftAuthenticator, name: &str) {
    let opts = options(client, app, "/api/passkeys/register/start").await;
    let credential = auth.register(&opts);
    let res = post(
        client,
        app,
        "/api/passkeys/register/finish",
        json!({ "name": name, "credential": credential }),
    )
    .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert_eq!(json_of(res).await["name"], name);
}

/// A passkey sign-in's finish for the challenge `client` started, answered by `auth`.
async fn sign_in_answer(app: &TestApp, client: &Client, auth: &mut SoftAuthenticator) -> Value {
    let opts = options(client, app, "/api/passkeys/sign-in/start").await;
    auth.assert(0, &opts)
}

async fn finish_sign_in(app: &TestApp, client: &Client, answer: &Value) -> reqwest::Response {
    post(
        client,
        app,
        "/api/passkeys/sign-in/finish",
        json!({ "credential": answer }),
    )
    .await
}

async fn passkeys_of(app: &TestApp, client: &Client) -> Vec<Value> {
    let res = client
        .get(app.url("/api/passkeys"))
        .send()
        .await
        .expect("list");
    assert_eq!(res.status(), StatusCode::OK);
    json_of(res).await["passkeys"]
        .as_array()
        .expect("passkeys")
        .clone()
}

async fn add_then_sign_in_with_it(b: Backend) {
    let app = spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let available = json_of(app.get("/api/passkeys/available").await).await;
    assert_eq!(available["available"], true);
    let mut auth = SoftAuthenticator::new(&app.base);
    add_passkey(&app, &app.client, &mut auth, "Phone").await;
    let mail = app
        .email(
            "ann@example.com",
            "A passkey was added to your Vitalog account",
        )
        .await;
    assert!(mail.decoded().contains("Phone"));
    let listed = passkeys_of(&app, &app.client).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["name"], "Phone");
    assert!(listed[0]["lastUsedAt"].is_null());

    // Another browser, no username typed: signed in as ann, cookies as after a password.
    let other = client();
    let answer = sign_in_answer(&app, &other, &mut auth).await;
    let res = finish_sign_in(&app, &other, &answer).await;
    assert_eq!(res.status(), StatusCode::OK);
    let cookies: Vec<String> = res.cookies().map(|c| c.name().to_owned()).collect();
    for name in ["vitalog_session", "vitalog_auth", "vitalog_device"] {
        assert!(cookies.iter().any(|c| c == name), "{name} in {cookies:?}");
    }
    assert_eq!(json_of(res).await["user"]["username"], "ann");
    let me = other.get(app.url("/api/user")).send().await.expect("user");
    assert_eq!(me.status(), StatusCode::OK);
    let listed = passkeys_of(&app, &other).await;
    assert!(listed[0]["lastUsedAt"].is_string(), "{listed:?}");
    let res = other
        .get(app.url("/api/security-log"))
        .send()
        .await
        .expect("log");
    let newest = json_of(res).await["events"][0].clone();
    assert_eq!(newest["kind"], "signed-in");
    assert_eq!(newest["detail"], "passkey", "noted as a passkey sign-in");

    // The counter was stored: the next sign-in (counter 2) passes too.
    let third = client();
    let answer = sign_in_answer(&app, &third, &mut auth).await;
    assert_eq!(
        finish_sign_in(&app, &third, &answer).await.status(),
        StatusCode::OK
    );
    // A cloned authenticator answering with an old counter is refused.
    auth.credentials[0].counter = 0;
    let fourth = client();
    let answer = sign_in_answer(&app, &fourth, &mut auth).await;
    assert_eq!(
        finish_sign_in(&app, &fourth, &answer).await.status(),
        StatusCode::BAD_REQUEST
    );
}

async fn a_replayed_finish_is_refused(b: Backend) {
    let app = spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let mut auth = SoftAuthenticator::new(&app.base);
    add_passkey(&app, &app.client, &mut auth, "Phone").await;
    let thief = client();
    let answer = sign_in_answer(&app, &thief, &mut auth).await;
    assert_eq!(
        finish_sign_in(&app, &thief, &answer).await.status(),
        StatusCode::OK
    );
    // The same answer again: the session no longer holds the ceremony.
    assert_eq!(
        finish_sign_in(&app, &thief, &answer).await.status(),
        StatusCode::BAD_REQUEST
    );
    // Nor after starting a new one: its challenge is not the one signed.
    options(&thief, &app, "/api/passkeys/sign-in/start").await;
    let res = finish_sign_in(&app, &thief, &answer).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    // A registration answer replayed is refused the same way.
    let opts = options(&app.client, &app, "/api/passkeys/register/start").await;
    let credential = auth.register(&opts);
    let finish = json!({ "name": "Laptop", "credential": credential });
    let first = post(
        &app.client,
        &app,
        "/api/passkeys/register/finish",
        finish.clone(),
    )
    .await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let again = post(&app.client, &app, "/api/passkeys/register/finish", finish).await;
    assert_eq!(again.status(), StatusCode::BAD_REQUEST);
    assert_eq!(passkeys_of(&app, &app.client).await.len(), 2);
}

async fn an_expired_challenge_is_refused(b: Backend) {
    let app = spawn(b).await;
    let now = kernel::clock::truncate_micros(Utc::now());
    app.clock.set(now);
    app.signed_up("ann", "ann@example.com").await;
    let mut auth = SoftAuthenticator::new(&app.base);
    add_passkey(&app, &app.client, &mut auth, "Phone").await;
    let late = client();
    let answer = sign_in_answer(&app, &late, &mut auth).await;
    app.clock.set(now + Duration::minutes(6));
    let res = finish_sign_in(&app, &late, &answer).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(
        json_of(res).await["message"]
            .as_str()
            .is_some_and(|m| m.contains("expired")),
    );
    // Registration too.
    let opts = options(&app.client, &app, "/api/passkeys/register/start").await;
    let credential = auth.register(&opts);
    app.clock.set(now + Duration::minutes(12));
    let res = post(
        &app.client,
        &app,
        "/api/passkeys/register/finish",
        json!({ "name": "Late", "credential": credential }),
    )
    .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(passkeys_of(&app, &app.client).await.len(), 1);
}

async fn another_sessions_challenge_is_refused(b: Backend) {
    let app = spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let mut auth = SoftAuthenticator::new(&app.base);
    add_passkey(&app, &app.client, &mut auth, "Phone").await;
    let owner = client();
    let answer = sign_in_answer(&app, &owner, &mut auth).await;
    // A thief's browser with no ceremony, then with one of its own.
    let thief = client();
    assert_eq!(
        finish_sign_in(&app, &thief, &answer).await.status(),
        StatusCode::BAD_REQUEST
    );
    options(&thief, &app, "/api/passkeys/sign-in/start").await;
    assert_eq!(
        finish_sign_in(&app, &thief, &answer).await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        thief
            .get(app.url("/api/user"))
            .send()
            .await
            .expect("user")
            .status(),
        StatusCode::UNAUTHORIZED
    );
    // The session that asked still finishes.
    assert_eq!(
        finish_sign_in(&app, &owner, &answer).await.status(),
        StatusCode::OK
    );
}

async fn an_unverified_email_does_not_sign_in(b: Backend) {
    let app = spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let mut auth = SoftAuthenticator::new(&app.base);
    add_passkey(&app, &app.client, &mut auth, "Phone").await;
    // The account's email turns unverified (as if it were never confirmed).
    execute_sql(&app.db_url, "UPDATE users SET email_verified = FALSE").await;
    let other = client();
    let answer = sign_in_answer(&app, &other, &mut auth).await;
    let res = finish_sign_in(&app, &other, &answer).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let body = json_of(res).await;
    assert_eq!(body["requiresVerification"], true);
    assert_eq!(body["email"], "ann@example.com");
    assert_eq!(
        other
            .get(app.url("/api/user"))
            .send()
            .await
            .expect("user")
            .status(),
        StatusCode::UNAUTHORIZED
    );
}

async fn adding_and_removing_need_the_password(b: Backend) {
    let app = spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    // A stolen session cannot add a passkey (one that signs in without the password).
    for password in ["", "wrong"] {
        let res = app
            .post(
                "/api/passkeys/register/start",
                json!({ "password": password }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{password:?}");
        assert!(json_of(res).await["errors"]["password"].is_string());
    }
    let mut auth = SoftAuthenticator::new(&app.base);
    add_passkey(&app, &app.client, &mut auth, "Phone").await;
    // Added and removed by name in the security log.
    let log = json_of(app.get("/api/security-log").await).await;
    assert_eq!(log["events"][0]["kind"], "passkey-added");
    assert_eq!(log["events"][0]["detail"], "Phone");
    let id = passkeys_of(&app, &app.client).await[0]["id"]
        .as_i64()
        .expect("id");
    let renamed = app
        .client
        .patch(app.url(&format!("/api/passkeys/{id}")))
        .json(&json!({ "name": "Work phone" }))
        .send()
        .await
        .expect("rename");
    assert_eq!(renamed.status(), StatusCode::OK);
    let remove = format!("/api/passkeys/{id}/remove");
    let res = app.post(&remove, json!({ "password": "wrong" })).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(res).await["errors"]["password"].is_string());
    assert_eq!(passkeys_of(&app, &app.client).await.len(), 1);
    let res = app.post(&remove, json!({ "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let mail = app
        .email(
            "ann@example.com",
            "A passkey was removed from your Vitalog account",
        )
        .await;
    assert!(mail.decoded().contains("Work phone"));
    assert!(passkeys_of(&app, &app.client).await.is_empty());
    let log = json_of(app.get("/api/security-log").await).await;
    assert_eq!(log["events"][0]["kind"], "passkey-removed");
    assert_eq!(log["events"][0]["detail"], "Work phone");
    // It no longer signs in.
    let other = client();
    let answer = sign_in_answer(&app, &other, &mut auth).await;
    assert_eq!(
        finish_sign_in(&app, &other, &answer).await.status(),
        StatusCode::UNAUTHORIZED
    );
    // Someone else's passkey id is not found.
    let res = app.post(&remove, json!({ "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

/// An IP-address public URL: passkeys are off, said at start, the rest works.
async fn an_ip_address_origin_has_no_passkeys(b: Backend) {
    let app = TestApp::spawn(b).await;
    assert!(app.base.starts_with("http://127.0.0.1"));
    assert!(
        captured_logs().contains("browsers refuse WebAuthn on an IP-address origin"),
        "the start warning"
    );
    let available = json_of(app.get("/api/passkeys/available").await).await;
    assert_eq!(available["available"], false);
    let res = app.post("/api/passkeys/sign-in/start", json!({})).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(json_of(res).await["code"], "passkeys_unavailable");
    app.signed_up("ann", "ann@example.com").await;
}

on_both_backends!(
    add_then_sign_in_with_it,
    a_replayed_finish_is_refused,
    an_expired_challenge_is_refused,
    another_sessions_challenge_is_refused,
    an_unverified_email_does_not_sign_in,
    adding_and_removing_need_the_password,
    an_ip_address_origin_has_no_passkeys,
);
