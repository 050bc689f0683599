//! Session lifetimes through the real session store, on SQLite and PostgreSQL, with a
//! clock the test moves (no waiting, nothing timing-sensitive).

#![allow(clippy::expect_used)]

mod common;

use chrono::{Duration, Utc};
use common::*;
use reqwest::StatusCode;
use testkit::{Backend, on_both_backends};

async fn activity_keeps_a_short_idle_session_alive(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.session_idle_minutes = 1).await;
    let mut now = kernel::clock::truncate_micros(Utc::now());
    app.clock.set(now);
    app.signed_up("ann", "ann@example.com").await;
    // A request every 20 s for 4 minutes, with a 1-minute idle limit: still signed in.
    for step in 1..=12 {
        now += Duration::seconds(20);
        app.clock.set(now);
        let res = app.get("/api/user").await;
        assert_eq!(res.status(), StatusCode::OK, "after {} s", step * 20);
    }
    // Then 70 s without a request: over.
    app.clock.set(now + Duration::seconds(70));
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

const PHONE: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

fn client_as(agent: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .user_agent(agent)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

async fn sessions_seen_by(client: &reqwest::Client, url: &str) -> Vec<serde_json::Value> {
    let res = client.get(url).send().await.expect("list");
    assert_eq!(res.status(), StatusCode::OK);
    json_of(res).await["sessions"]
        .as_array()
        .expect("sessions")
        .clone()
}

/// The status `client` is answered at `url` with `method`.
async fn status_of(client: &reqwest::Client, method: reqwest::Method, url: &str) -> StatusCode {
    client
        .request(method, url)
        .send()
        .await
        .expect("request")
        .status()
}

/// Issue 38: the list names each device, marks this one, and ending another is at once.
async fn one_device_signs_another_out(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let phone = client_as(PHONE);
    assert_eq!(
        app.login(&phone, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    let list = sessions_seen_by(&app.client, &app.url("/api/sessions")).await;
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(list[0]["current"], true, "this session first");
    let other = &list[1];
    assert_eq!(other["current"], false);
    assert_eq!(other["device"], "Chrome on Android");
    assert_eq!(
        other["network"], "127.0.0.0/24",
        "the network, not the address"
    );
    let id = other["id"].as_str().expect("id");
    assert!(!id.is_empty() && list[0]["id"] != other["id"]);
    // The phone sees itself as current.
    let seen = sessions_seen_by(&phone, &app.url("/api/sessions")).await;
    assert_eq!(seen[0]["id"].as_str(), Some(id));
    assert_eq!(seen[0]["current"], true);
    assert_eq!(seen[1]["current"], false);
    // Nothing but what the person is shown: no key, no hash.
    let mut fields: Vec<&str> = other
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "current",
            "device",
            "id",
            "lastActiveAt",
            "network",
            "signedInAt"
        ]
    );

    // This session cannot end itself here; an unknown id is not found.
    let this = list[0]["id"].as_str().expect("id");
    assert_eq!(
        status_of(
            &app.client,
            reqwest::Method::DELETE,
            &app.url(&format!("/api/sessions/{this}"))
        )
        .await,
        StatusCode::CONFLICT
    );
    assert_eq!(
        status_of(
            &app.client,
            reqwest::Method::DELETE,
            &app.url("/api/sessions/nope")
        )
        .await,
        StatusCode::NOT_FOUND
    );
    // Another person cannot end ann's phone session by its id.
    let bob = client();
    app.register("bob", "bob@example.com").await;
    let token = app
        .token_from_email("bob@example.com", "Verify your email", "verify-email")
        .await;
    post_with(
        &bob,
        &app.url("/api/verify-email"),
        serde_json::json!({ "token": token }),
    )
    .await;
    assert_eq!(
        app.login(&bob, "bob", PASSWORD).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        status_of(
            &bob,
            reqwest::Method::DELETE,
            &app.url(&format!("/api/sessions/{id}"))
        )
        .await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        status_of(&phone, reqwest::Method::GET, &app.url("/api/user")).await,
        StatusCode::OK
    );

    assert_eq!(
        status_of(
            &app.client,
            reqwest::Method::DELETE,
            &app.url(&format!("/api/sessions/{id}"))
        )
        .await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        status_of(&phone, reqwest::Method::GET, &app.url("/api/user")).await,
        StatusCode::UNAUTHORIZED,
        "signed out at its next request"
    );
    assert_eq!(app.get("/api/user").await.status(), StatusCode::OK);
    assert_eq!(
        sessions_seen_by(&app.client, &app.url("/api/sessions"))
            .await
            .len(),
        1
    );
}

/// "Sign out everywhere else" ends every other session, on every server sharing the
/// database (PostgreSQL: a second server), and keeps this one.
async fn sign_out_everywhere_else_keeps_this_one(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let data = tempfile::tempdir().expect("dir");
    let other = second_server(&app, b, &data, |_| {}).await;
    let elsewhere = other.as_ref().map_or(app.base.clone(), |o| o.base.clone());
    let laptop = client();
    let phone = client_as(PHONE);
    assert_eq!(
        app.login(&laptop, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    let res = post_with(
        &phone,
        &format!("{elsewhere}/api/login"),
        serde_json::json!({"username": "ann", "password": PASSWORD}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        sessions_seen_by(&app.client, &app.url("/api/sessions"))
            .await
            .len(),
        3
    );
    let res = app
        .post("/api/sessions/sign-out-others", serde_json::json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["ended"], 2);
    for (client, base) in [(&laptop, &app.base), (&phone, &elsewhere)] {
        let res = client
            .get(format!("{base}/api/user"))
            .send()
            .await
            .expect("user");
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{base}");
    }
    assert_eq!(app.get("/api/user").await.status(), StatusCode::OK);
    if let Some(o) = other {
        o.handle.stop(true).await;
    }
}

/// Issue 38: a sign-in from a browser that never signed in to the account emails the
/// person where and when; the account's first sign-in (just after it was made) and a known
/// browser do not.
async fn a_sign_in_from_a_new_browser_is_emailed(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let subject = "New sign-in to Vitalog";
    let notices = || {
        app.smtp
            .messages()
            .iter()
            .filter(|m| m.subject().contains(subject))
            .count()
    };
    app.outbox_drained().await;
    assert_eq!(
        notices(),
        0,
        "the account's first sign-in follows its creation"
    );

    let phone = client_as(PHONE);
    assert_eq!(
        app.login(&phone, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    let text = app.email("ann@example.com", subject).await.decoded();
    assert!(
        text.contains("Chrome on Android, from network 127.0.0.0/24"),
        "{text}"
    );
    assert!(text.contains("(UTC)"), "in the person's time zone: {text}");
    assert!(text.contains(&format!("{}/profile#profile-security", app.base)));

    // The same browser again, and the first one: both known by their device cookies.
    assert_eq!(
        app.login(&phone, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.login(&app.client, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    app.outbox_drained().await;
    assert_eq!(notices(), 1);
    // A wrong password from yet another browser is no sign-in.
    let other = client();
    let res = app.login(&other, "ann", "Wrong-pass1!").await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    app.outbox_drained().await;
    assert_eq!(notices(), 1);

    // A password change: the browser that made it stays known; the phone, known before, is
    // not any more (the device cookies name the old login secret).
    let changed = "Ch4nged!pass";
    let res = app
        .post(
            "/api/user/change-password",
            serde_json::json!({"currentPassword": PASSWORD, "newPassword": changed}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.login(&app.client, "ann", changed).await.status(),
        StatusCode::OK
    );
    app.outbox_drained().await;
    assert_eq!(
        notices(),
        1,
        "no alarm for the browser that changed the password"
    );
    assert_eq!(
        app.login(&phone, "ann", changed).await.status(),
        StatusCode::OK
    );
    app.outbox_drained().await;
    assert_eq!(notices(), 2);
}

on_both_backends!(
    a_sign_in_from_a_new_browser_is_emailed,
    activity_keeps_a_short_idle_session_alive,
    one_device_signs_another_out,
    sign_out_everywhere_else_keeps_this_one,
);
