//! The native form post the client sends right after a successful JSON login or
//! registration (so the browser's password manager sees the credentials) does not do the
//! work again: no second password check or throttle count, no second registration.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use reqwest::header::{LOCATION, SET_COOKIE};
use testkit::{Backend, on_both_backends};

fn location(res: &reqwest::Response) -> String {
    res.headers()[LOCATION].to_str().expect("ascii").to_owned()
}

async fn login_form(
    app: &TestApp,
    c: &reqwest::Client,
    username: &str,
    password: &str,
) -> reqwest::Response {
    c.post(app.url("/api/login"))
        .form(&[
            ("username", username),
            ("password", password),
            ("timestamp", "1763780000000"),
            ("redirect", "/history"),
        ])
        .send()
        .await
        .expect("req")
}

async fn login_form_after_json_login_does_no_work(b: Backend) {
    // Two attempts per account and address: the JSON login of signed_up is the first.
    let app = TestApp::spawn_with(b, |c| c.rate_login_per_account_address = "2/60min".into()).await;
    app.signed_up("ann", "ann@example.com").await;
    for typed in ["ann", " ANN ", "Ann@Example.com"] {
        let res = login_form(&app, &app.client, typed, PASSWORD).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{typed}");
        assert_eq!(location(&res), "/history", "{typed}");
    }
    // No password check: the session already is this account, so nothing is granted.
    let res = login_form(&app, &app.client, "ann", "Wrong1!pw").await;
    assert_eq!(location(&res), "/history");
    assert_eq!(app.get("/api/user").await.status(), StatusCode::OK);
    // The form posts counted nothing: the second real attempt is still admitted, the third is not.
    assert_eq!(
        app.login(&app.client, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.login(&app.client, "ann", PASSWORD).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );

    // Another account, or no session: a real login with its checks.
    let res = login_form(&app, &app.client, "bob", PASSWORD).await;
    assert!(
        location(&res).starts_with("/auth?error="),
        "{}",
        location(&res)
    );
    let res = login_form(&app, &client(), "ann", "Wrong1!pw").await;
    assert!(
        location(&res).starts_with("/auth?error="),
        "{}",
        location(&res)
    );
}

async fn register_form(
    c: &reqwest::Client,
    app: &TestApp,
    username: &str,
    email: &str,
) -> reqwest::Response {
    c.post(app.url("/api/register"))
        .form(&[
            ("username", username),
            ("email", email),
            ("password", PASSWORD),
            // The visible form's other inputs: read past.
            ("confirmPassword", PASSWORD),
            ("terms", "on"),
            ("redirect", "/auth"),
        ])
        .send()
        .await
        .expect("req")
}

async fn register_form_after_json_registration_does_no_work(b: Backend) {
    // One registration per address: a second real one is refused (429), so any form post
    // answered without that refusal did not register.
    let app = TestApp::spawn_with(b, |c| c.rate_register_per_ip = "1/60min".into()).await;
    let c = client();
    let res = app.register("ann", "ann@example.com").await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert!(
        res.headers().get_all(SET_COOKIE).iter().any(|v| v
            .to_str()
            .is_ok_and(|v| v.starts_with("vitalog_registered="))),
        "the JSON answer remembers the registration"
    );
    // `app.client` holds that cookie; `c` does not.
    let other = register_form(&app.client, &app, "someone", "ann@example.com").await;
    assert!(
        location(&other).starts_with("/auth?error="),
        "another username: {}",
        location(&other)
    );
    let none = register_form(&c, &app, "ann", "ann@example.com").await;
    assert!(
        location(&none).starts_with("/auth?error="),
        "no cookie: {}",
        location(&none)
    );

    let res = register_form(&app.client, &app, " Ann", "ANN@example.com").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        location(&res),
        "/verify-pending?email=ann%40example.com&registered=1"
    );
    // Used up: the cookie is removed with that answer.
    let again = register_form(&app.client, &app, "ann", "ann@example.com").await;
    assert!(
        location(&again).starts_with("/auth?error="),
        "{}",
        location(&again)
    );

    // The one registration is there: the verification email arrives.
    app.email("ann@example.com", "Verify your email").await;
}

on_both_backends!(
    login_form_after_json_login_does_no_work,
    register_form_after_json_registration_does_no_work,
);
