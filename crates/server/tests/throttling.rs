//! Who a request comes from behind reverse proxies, and how login attempts are throttled,
//! over real HTTP.

mod common;

use common::*;
use reqwest::{Client, Response, StatusCode};
use serde_json::json;
use testkit::{Backend, on_both_backends};

/// A login as the trusted proxy passes it on: `header` carries what the client wrote and
/// what the proxy appended.
async fn login_via(
    app: &TestApp,
    c: &Client,
    header: (&str, String),
    username: &str,
    password: &str,
) -> Response {
    c.post(app.url("/api/login"))
        .header(header.0, header.1)
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .expect("request")
}

async fn spoofed_forwarded_for_entries_do_not_escape_the_limit(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.trusted_proxies = 1).await;
    let c = client();
    let mut statuses = Vec::new();
    for i in 0..40 {
        // The client writes a fresh address each time; the proxy appends the real one.
        let xff = format!("198.51.100.{i}, 203.0.113.7");
        let user = format!("nobody{i}");
        let res = login_via(&app, &c, ("x-forwarded-for", xff), &user, "Wrong1!pass").await;
        statuses.push(res.status());
    }
    // 20 attempts per minute per address.
    assert!(
        statuses[..20]
            .iter()
            .all(|s| *s == StatusCode::UNAUTHORIZED),
        "{statuses:?}"
    );
    assert!(
        statuses[20..]
            .iter()
            .all(|s| *s == StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    // Another client behind the same proxy is counted on its own.
    let res = login_via(
        &app,
        &c,
        ("x-forwarded-for", "203.0.113.8".into()),
        "nobody",
        "Wrong1!pass",
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

async fn spoofed_forwarded_elements_do_not_escape_the_limit(b: Backend) {
    let app = TestApp::spawn_with(b, |c| {
        c.trusted_proxies = 1;
        c.proxy_header = "forwarded".into();
        c.rate_login_per_ip = "3/min".into();
    })
    .await;
    let c = client();
    let mut statuses = Vec::new();
    for i in 0..5 {
        let fwd = format!("for=198.51.100.{i}, for=\"[2001:db8::7]:4711\";proto=https");
        let user = format!("nobody{i}");
        statuses.push(
            login_via(&app, &c, ("forwarded", fwd), &user, "Wrong1!pass")
                .await
                .status(),
        );
    }
    use StatusCode as S;
    assert_eq!(
        statuses,
        [
            S::UNAUTHORIZED,
            S::UNAUTHORIZED,
            S::UNAUTHORIZED,
            S::TOO_MANY_REQUESTS,
            S::TOO_MANY_REQUESTS
        ]
    );
}

on_both_backends!(
    spoofed_forwarded_for_entries_do_not_escape_the_limit,
    spoofed_forwarded_elements_do_not_escape_the_limit,
);
