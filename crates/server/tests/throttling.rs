//! Who a request comes from behind reverse proxies, and how login attempts are throttled,
//! over real HTTP.

#![allow(clippy::expect_used)]

mod common;

use std::time::{Duration, Instant};

use common::*;
use reqwest::header::{RETRY_AFTER, SET_COOKIE};
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
    // 20 an hour, not the default 20 a minute: a token comes back every 3 minutes, far
    // longer than these 41 logins take even on a loaded machine (at 20 a minute, CI's load
    // let 41 logins span 15 s, 5 tokens came back and the count was off by 5).
    let app = TestApp::spawn_with(b, |c| {
        c.trusted_proxies = 1;
        c.rate_login_per_ip = "20/hour".into();
    })
    .await;
    let c = client();
    let mut statuses = Vec::new();
    for i in 0..40 {
        // The client writes a fresh address each time; the proxy appends the real one.
        let xff = format!("198.51.100.{i}, 203.0.113.7");
        let user = format!("nobody{i}");
        let res = login_via(&app, &c, ("x-forwarded-for", xff), &user, "Wrong1!pass").await;
        statuses.push(res.status());
    }
    // 20 attempts per address.
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

async fn a_guesser_does_not_lock_the_owner_out(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.trusted_proxies = 1).await;
    // The owner signs in once on this browser (app.client).
    app.signed_up("ann", "ann@example.com").await;

    // A guesser at one address: ten tries, then 429.
    let guesser = client();
    let mut statuses = Vec::new();
    for _ in 0..12 {
        let xff = ("x-forwarded-for", "198.51.100.66".to_owned());
        let res = login_via(&app, &guesser, xff, "ann", "Wrong1!pass").await;
        statuses.push(res.status());
    }
    assert!(
        statuses[..10]
            .iter()
            .all(|s| *s == StatusCode::UNAUTHORIZED),
        "{statuses:?}"
    );
    assert!(
        statuses[10..]
            .iter()
            .all(|s| *s == StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    let res = login_via(
        &app,
        &guesser,
        ("x-forwarded-for", "198.51.100.66".into()),
        "ann",
        PASSWORD,
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "even the right one"
    );

    // The owner, at another address, signs in; by email too.
    for (address, login) in [("192.0.2.10", "ann"), ("192.0.2.11", "Ann@Example.com")] {
        let res = login_via(
            &app,
            &app.client,
            ("x-forwarded-for", address.into()),
            login,
            PASSWORD,
        )
        .await;
        assert_eq!(res.status(), StatusCode::OK, "{login} from {address}");
    }
}

async fn a_spread_out_guesser_meets_the_account_bound(b: Backend) {
    let app = TestApp::spawn_with(b, |c| {
        c.trusted_proxies = 1;
        c.rate_login_per_account = "6/h".into();
    })
    .await;
    // The owner's sign-in is the first of the account's 6.
    app.signed_up("ann", "ann@example.com").await;
    let device = app
        .login(&app.client, "ann", PASSWORD)
        .await
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("vitalog_device="))
        .map(str::to_owned)
        .expect("device cookie");
    assert!(device.contains("HttpOnly"), "{device}");
    assert!(device.contains("Path=/api/login"), "{device}");

    // Guessers at ten addresses, one try each, on browsers that never signed in.
    let mut statuses = Vec::new();
    let mut took = Vec::new();
    for i in 0..10 {
        let started = Instant::now();
        let xff = ("x-forwarded-for", format!("198.51.100.{i}"));
        let res = login_via(&app, &client(), xff, "ann", "Wrong1!pass").await;
        took.push(started.elapsed());
        statuses.push(res.status());
    }
    assert!(
        statuses[..5].iter().all(|s| *s == StatusCode::UNAUTHORIZED),
        "{statuses:?}"
    );
    assert!(
        statuses[5..]
            .iter()
            .all(|s| *s == StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    // From half the budget on, each attempt waits longer: 250 ms, 500 ms, 1 s.
    assert!(took[4] >= Duration::from_secs(1), "{took:?}");

    // A browser new to the account waits, even with the right password...
    let res = login_via(
        &app,
        &client(),
        ("x-forwarded-for", "192.0.2.99".into()),
        "ann",
        PASSWORD,
    )
    .await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key(RETRY_AFTER));
    // ...the owner's browser does not, from anywhere.
    let res = login_via(
        &app,
        &app.client,
        ("x-forwarded-for", "192.0.2.10".into()),
        "ann",
        PASSWORD,
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
}

/// A device cookie names the account by its login secret, which a password reset
/// replaces: a browser that signed in before the reset (perhaps a thief's) is new again.
async fn a_password_reset_voids_device_cookies_earned_before(b: Backend) {
    let app = TestApp::spawn_with(b, |c| {
        c.trusted_proxies = 1;
        c.rate_login_per_account = "6/h".into();
    })
    .await;
    // The account's 6: signing up, then the owner's sign-in on a second browser below.
    app.signed_up("ann", "ann@example.com").await;
    app.reset_password("ann@example.com", NEW_PASSWORD).await;
    // The owner signs in after the reset on another browser, which earns a cookie.
    let after = client();
    let xff = ("x-forwarded-for", "192.0.2.20".to_owned());
    let res = login_via(&app, &after, xff, "ann", NEW_PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);

    // Guessers spread over addresses use up the account-wide bound.
    let mut statuses = Vec::new();
    for i in 0..5 {
        let xff = ("x-forwarded-for", format!("198.51.100.{i}"));
        let res = login_via(&app, &client(), xff, "ann", "Wrong1!pass").await;
        statuses.push(res.status());
    }
    assert_eq!(
        statuses.last(),
        Some(&StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    // The browser that signed in before the reset waits like any new one, even with the
    // new password; the one that signed in after passes.
    let xff = ("x-forwarded-for", "192.0.2.10".to_owned());
    let res = login_via(&app, &app.client, xff, "ann", NEW_PASSWORD).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let xff = ("x-forwarded-for", "192.0.2.21".to_owned());
    let res = login_via(&app, &after, xff, "ann", NEW_PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);
}

/// Two servers on one PostgreSQL database count limits together (issue 20): one account's
/// wrong passwords and one address's reset emails, spread over both, stop where one
/// server's would. (On SQLite a second server is refused, asserted by `second_server`.)
async fn servers_sharing_a_database_count_together(b: Backend) {
    let tweak = |c: &mut server::Config| {
        c.rate_login_per_account_address = "6/h".into();
        c.rate_email_per_address = "2/h".into();
    };
    let app = TestApp::spawn_with(b, tweak).await;
    let data = tempfile::tempdir().expect("dir");
    let Some(other) = second_server(&app, b, &data, tweak).await else {
        return;
    };
    let mut statuses = Vec::new();
    for i in 0..10 {
        let url = if i % 2 == 0 {
            app.url("/api/login")
        } else {
            other.url("/api/login")
        };
        let res = post_with(
            &client(),
            &url,
            json!({"username": "carol", "password": "Wrong1!pass"}),
        )
        .await;
        statuses.push(res.status().as_u16());
    }
    assert_eq!(statuses, [401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);

    let mut statuses = Vec::new();
    for i in 0..4 {
        let url = if i % 2 == 0 {
            app.url("/api/password-reset/request")
        } else {
            other.url("/api/password-reset/request")
        };
        let res = post_with(&client(), &url, json!({"email": "carol@example.com"})).await;
        statuses.push(res.status().as_u16());
    }
    assert_eq!(statuses, [200, 200, 429, 429]);
    other.handle.stop(true).await;
}

on_both_backends!(
    servers_sharing_a_database_count_together,
    a_guesser_does_not_lock_the_owner_out,
    a_spread_out_guesser_meets_the_account_bound,
    a_password_reset_voids_device_cookies_earned_before,
    spoofed_forwarded_for_entries_do_not_escape_the_limit,
    spoofed_forwarded_elements_do_not_escape_the_limit,
);
