//! The accounts API over real HTTP, on SQLite and PostgreSQL, with real email.

#![allow(clippy::expect_used)]

mod common;

use std::time::Duration;

use common::*;
use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, LOCATION, RETRY_AFTER, SET_COOKIE};
use serde_json::json;
use testkit::{Backend, on_both_backends};

fn session_cookie(res: &reqwest::Response) -> Option<String> {
    res.headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("vitalog_session="))
        .map(str::to_owned)
}

async fn register_verify_login_logout(b: Backend) {
    let app = TestApp::spawn(b).await;
    let res = app.register("Ann", "Ann@Example.com").await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let body = json_of(res).await;
    assert_eq!(body["email"], "ann@example.com");

    // The account exists once its verification email is out (it is made after the answer).
    app.email("ann@example.com", "Verify your email").await;
    // Not verified yet: right password, but 403 pointing at verification.
    let res = app.login(&app.client, "ann", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let body = json_of(res).await;
    assert_eq!(body["requiresVerification"], true);
    assert_eq!(body["email"], "ann@example.com");
    assert!(body["message"].as_str().expect("msg").contains("verify"));

    let mail = app.email("ann@example.com", "Verify your email").await;
    assert!(mail.subject().contains("Vitalog"));
    let decoded = mail.decoded();
    assert!(decoded.contains("text/plain") && decoded.contains("text/html"));
    let token = app
        .token_from_email("ann@example.com", "Verify your email", "verify-email")
        .await;
    assert!(token.len() >= 43, "at least 128 bits: {token}");

    let res = app
        .post("/api/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        json_of(res).await["message"],
        "Your email address has been verified. You can now log in."
    );
    // A used link of a verified account says so (issue 14.9), not "invalid".
    let res = app
        .post("/api/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(res.status(), StatusCode::OK, "already verified");
    assert_eq!(
        json_of(res).await["message"],
        "Your email address is already verified. You can log in."
    );

    // Login by username, any case; cookies as the spec and the issue say.
    let res = app.login(&app.client, "ANN", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);
    let cookie = session_cookie(&res).expect("session cookie");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(!cookie.contains("Secure"), "http public URL: not Secure");
    let presence = res
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("vitalog_auth=1"))
        .expect("presence cookie")
        .to_owned();
    assert!(!presence.contains("HttpOnly"), "the client reads it");
    let body = json_of(res).await;
    assert_eq!(body["user"]["username"], "Ann");
    assert!(body["user"].get("passwordHash").is_none());

    let res = app.get("/api/user").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()
            .get(CACHE_CONTROL)
            .map(|v| v.to_str().expect("ascii")),
        Some("no-store")
    );
    let user = json_of(res).await;
    for key in [
        "id",
        "username",
        "email",
        "firstName",
        "lastName",
        "dateOfBirth",
        "gender",
    ] {
        assert!(user.get(key).is_some(), "user has {key}: {user}");
    }
    assert_eq!(user["gender"], "other");

    // Logging in by email works too.
    let other = client();
    assert_eq!(
        app.login(&other, "ann@example.com", PASSWORD)
            .await
            .status(),
        StatusCode::OK
    );

    // Logout ends the session on the server: the copied cookie stops working.
    let copied = cookie.split(';').next().expect("pair").to_owned();
    let res = app.post("/api/logout", json!({})).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let replay = reqwest::Client::new()
        .get(app.url("/api/user"))
        .header("cookie", &copied)
        .send()
        .await
        .expect("request");
    assert_eq!(replay.status(), StatusCode::UNAUTHORIZED);
}

async fn session_id_changes_at_login(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    // A session that existed before login (e.g. planted by an attacker) is not reused.
    let c = client();
    let first = app.login(&c, "ann", PASSWORD).await;
    let a = session_cookie(&first).expect("cookie");
    let second = app.login(&c, "ann", PASSWORD).await;
    let b2 = session_cookie(&second).expect("cookie");
    assert_ne!(a.split(';').next(), b2.split(';').next());
    let replay = reqwest::Client::new()
        .get(app.url("/api/user"))
        .header("cookie", a.split(';').next().expect("pair"))
        .send()
        .await
        .expect("request");
    assert_eq!(replay.status(), StatusCode::UNAUTHORIZED, "old id is gone");
}

async fn login_failures_look_the_same(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let c = client();
    let unknown = app.login(&c, "nobody", PASSWORD).await;
    assert_eq!(unknown.status(), StatusCode::UNAUTHORIZED);
    let unknown = json_of(unknown).await;
    let wrong = app.login(&c, "ann", "Wrong1!pass").await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let wrong = json_of(wrong).await;
    assert_eq!(unknown, wrong);
    assert_eq!(
        wrong,
        json!({"code": "invalid_credentials", "message": "Invalid username or password"})
    );

    let res = post_with(&c, &app.url("/api/login"), json!({})).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body = json_of(res).await;
    assert_eq!(body["errors"]["username"], "Username is required");
    assert_eq!(body["errors"]["password"], "Password is required");
}

async fn registration_rules_and_conflicts(b: Backend) {
    let app = TestApp::spawn(b).await;
    let res = app
        .post(
            "/api/register",
            json!({"username": "an", "email": "nope", "password": "password1",
                   "firstName": "", "lastName": ""}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body = json_of(res).await;
    assert_eq!(
        body["errors"]["email"],
        "Please enter a valid email address."
    );
    assert_eq!(
        body["errors"]["username"],
        "Username must be at least 3 characters."
    );
    assert_eq!(
        body["errors"]["password"],
        "Password must include uppercase, lowercase, number and special character."
    );
    let res = app
        .post(
            "/api/register",
            json!({"username": "ann", "email": "ann@example.com", "password": "Ab1!"}),
        )
        .await;
    assert_eq!(
        json_of(res).await["errors"]["password"],
        "Password must be at least 8 characters."
    );
    let res = app
        .post(
            "/api/register",
            json!({"username": "ann", "email": "ann@example.com", "password": "Abcdefg1#"}),
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::BAD_REQUEST,
        "# is not an allowed special"
    );

    assert_eq!(
        app.register("ann", "ann@example.com").await.status(),
        StatusCode::CREATED
    );
    // The account is made after the answer; its email says it exists.
    app.email("ann@example.com", "Verify").await;
    let res = app.register("ANN", "other@example.com").await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(
        json_of(res).await["message"]
            .as_str()
            .expect("m")
            .contains("username")
    );
    app.email("ann@example.com", "Verify").await;
    assert_eq!(
        app.smtp.count_to("other@example.com"),
        0,
        "a refusal sends nothing"
    );
}

async fn password_reset_through_the_emailed_link(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;

    let neutral = json_of(
        app.post(
            "/api/password-reset/request",
            json!({"email": "ghost@example.com"}),
        )
        .await,
    )
    .await;
    let res = app
        .post(
            "/api/password-reset/request",
            json!({"email": "ann@example.com"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        json_of(res).await,
        neutral,
        "same answer for unknown addresses"
    );
    assert!(
        neutral["message"]
            .as_str()
            .expect("m")
            .starts_with("If an account exists with that email")
    );

    let token = app
        .token_from_email(
            "ann@example.com",
            "Reset your Vitalog password",
            "reset-password",
        )
        .await;
    let res = app
        .get(&format!("/api/password-reset/verify/{token}"))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["valid"], true);

    let res = app
        .post(
            "/api/password-reset/reset",
            json!({"token": token, "password": "weak"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let res = app
        .post(
            "/api/password-reset/reset",
            json!({"token": token, "password": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);

    // The session that existed before the reset is over.
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let mail = app.email("ann@example.com", "password was changed").await;
    assert!(mail.decoded().contains("Vitalog"));

    let res = app
        .get(&format!("/api/password-reset/verify/{token}"))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body = json_of(res).await;
    assert_eq!(body["valid"], false);
    assert_eq!(
        body["message"],
        "This password reset link is invalid or has expired. Please request a new one."
    );
    let res = app
        .post(
            "/api/password-reset/reset",
            json!({"token": token, "password": "An0ther!pw"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "single use");

    let c = client();
    assert_eq!(
        app.login(&c, "ann", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login(&c, "ann", NEW_PASSWORD).await.status(),
        StatusCode::OK
    );
    assert_eq!(app.smtp.count_to("ghost@example.com"), 0);

    let logs = captured_logs();
    for secret in [PASSWORD, NEW_PASSWORD, token.as_str()] {
        assert!(!logs.contains(secret), "logs must not contain {secret:?}");
    }
}

async fn change_password_ends_other_sessions(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let laptop = client();
    assert_eq!(
        app.login(&laptop, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );

    let res = app
        .post(
            "/api/user/change-password",
            json!({"currentPassword": "Wrong1!pw", "newPassword": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["currentPassword"],
        "Current password is incorrect"
    );
    let res = app
        .post(
            "/api/user/change-password",
            json!({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::OK,
        "this browser stays in"
    );
    let other = laptop.get(app.url("/api/user")).send().await.expect("req");
    assert_eq!(
        other.status(),
        StatusCode::UNAUTHORIZED,
        "other sessions end"
    );
    app.email("ann@example.com", "password was changed").await;
    let c = client();
    assert_eq!(
        app.login(&c, "ann", NEW_PASSWORD).await.status(),
        StatusCode::OK
    );
}

async fn resend_verification_is_neutral(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.register("ann", "ann@example.com").await;
    let first = app
        .token_from_email("ann@example.com", "Verify", "verify-email")
        .await;
    let res = app
        .post(
            "/api/verify-email/resend",
            json!({"email": "ann@example.com"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let known = json_of(res).await;
    let unknown = json_of(
        app.post(
            "/api/verify-email/resend",
            json!({"email": "ghost@example.com"}),
        )
        .await,
    )
    .await;
    assert_eq!(known, unknown);
    // Wait for the second email: both links work until one is used (issue 14.9: mail
    // arrives late, and the user clicks the one they see first).
    let deadline = tokio::time::Instant::now() + MAIL_WAIT;
    while app.smtp.count_to("ann@example.com") < 2 {
        assert!(tokio::time::Instant::now() < deadline, "second email");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let second = app
        .token_from_email("ann@example.com", "Verify", "verify-email")
        .await;
    assert_ne!(first, second);
    let res = app.post("/api/verify-email", json!({"token": first})).await;
    assert_eq!(res.status(), StatusCode::OK, "the earlier link still works");
    assert!(
        json_of(res).await["message"]
            .as_str()
            .expect("m")
            .contains("has been verified")
    );
    let res = app
        .post("/api/verify-email", json!({"token": second}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        json_of(res).await["message"]
            .as_str()
            .expect("m")
            .contains("already verified")
    );
    let res = app
        .post("/api/verify-email", json!({"token": "x".repeat(43)}))
        .await;
    assert_eq!(
        res.status(),
        StatusCode::BAD_REQUEST,
        "an unknown link is invalid"
    );
    let res = app
        .post("/api/verify-email/resend", json!({"email": ""}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

async fn rate_limits_answer_429_with_retry_after(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let c = client();
    // The account allows 10 attempts per 15 minutes; signing up used one.
    let mut statuses = Vec::new();
    for _ in 0..9 {
        statuses.push(app.login(&c, "ann", "Wrong1!pass").await.status());
    }
    assert!(
        statuses.iter().all(|s| *s == StatusCode::UNAUTHORIZED),
        "{statuses:?}"
    );
    let res = app.login(&c, "ann", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = res
        .headers()
        .get(RETRY_AFTER)
        .expect("Retry-After")
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!(wait >= 1);
    assert!(
        json_of(res).await["message"]
            .as_str()
            .expect("m")
            .contains("Too many")
    );

    for _ in 0..3 {
        let r = app
            .post(
                "/api/password-reset/request",
                json!({"email": "ann@example.com"}),
            )
            .await;
        assert_eq!(r.status(), StatusCode::OK);
    }
    let r = app
        .post(
            "/api/password-reset/request",
            json!({"email": "ann@example.com"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS, "per address");
}

async fn rate_limits_are_configurable(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.rate_limit_multiplier = 10.0).await;
    app.register("ann", "ann@example.com").await;
    let c = client();
    for _ in 0..20 {
        assert_eq!(
            app.login(&c, "ann", "Wrong1!pass").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
}

async fn cross_site_state_changes_are_refused(b: Backend) {
    let app = TestApp::spawn(b).await;
    let body = json!({"username": "ann", "password": PASSWORD});
    for (name, value) in [
        ("origin", "https://evil.example"),
        ("sec-fetch-site", "cross-site"),
        ("origin", "null"),
    ] {
        let res = app
            .client
            .post(app.url("/api/login"))
            .header(name, value)
            .json(&body)
            .send()
            .await
            .expect("req");
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{name}: {value}");
        assert_eq!(
            json_of(res).await["message"],
            "Cross-site requests are not allowed."
        );
    }
    let res = app
        .client
        .post(app.url("/api/login"))
        .header("origin", &app.base)
        .header("sec-fetch-site", "same-origin")
        .json(&body)
        .send()
        .await
        .expect("req");
    assert_eq!(
        res.status(),
        StatusCode::UNAUTHORIZED,
        "own origin passes the guard"
    );
    let res = app
        .client
        .get(app.url("/health/live"))
        .header("origin", "https://evil.example")
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK, "reads are not state changes");
}

async fn native_forms_and_open_redirects(b: Backend) {
    let app = TestApp::spawn(b).await;
    let res = app
        .client
        .post(app.url("/api/register"))
        .form(&[
            ("username", "ann"),
            ("email", "ann@example.com"),
            ("password", PASSWORD),
            ("firstName", ""),
            ("lastName", ""),
            ("redirect", "/"),
        ])
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        res.headers()[LOCATION],
        "/verify-pending?email=ann%40example.com&registered=1"
    );
    let token = app
        .token_from_email("ann@example.com", "Verify", "verify-email")
        .await;
    app.post("/api/verify-email", json!({"token": token})).await;

    for (redirect, expected) in [
        ("//evil.example/x", "/"),
        ("https://evil.example", "/"),
        ("/\\evil.example", "/"),
        ("/history", "/history"),
    ] {
        let c = client();
        let res = c
            .post(app.url("/api/login"))
            .form(&[
                ("username", "ann"),
                ("password", PASSWORD),
                ("timestamp", "1763780000000"),
                ("redirect", redirect),
            ])
            .send()
            .await
            .expect("req");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{redirect}");
        assert_eq!(res.headers()[LOCATION], expected, "{redirect}");
        let res = c
            .post(app.url("/api/logout"))
            .form(&[("redirect", "/auth")])
            .send()
            .await
            .expect("req");
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()[LOCATION], "/auth");
        assert_eq!(
            c.get(app.url("/api/user"))
                .send()
                .await
                .expect("req")
                .status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let res = client()
        .post(app.url("/api/login"))
        .form(&[
            ("username", "ann"),
            ("password", "Wrong1!pw"),
            ("redirect", "/"),
        ])
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(
        res.headers()[LOCATION]
            .to_str()
            .expect("ascii")
            .starts_with("/auth?error=")
    );
    let res = client()
        .post(app.url("/api/logout"))
        .form(&[("redirect", "https://evil.example")])
        .send()
        .await
        .expect("req");
    assert_eq!(res.headers()[LOCATION], "/");
}

async fn profile_email_change_and_preferences(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let patch = |body: serde_json::Value| {
        let c = app.client.clone();
        let url = app.url("/api/user");
        async move { c.patch(url).json(&body).send().await.expect("req") }
    };
    let res = patch(json!({"firstName": "Ann", "lastName": "Lee", "dateOfBirth": "1980-05-17",
                           "gender": "female", "email": "ann@example.com", "userId": 999, "id": 999}))
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let body = json_of(res).await;
    assert_eq!(body["user"]["firstName"], "Ann");
    assert_eq!(body["user"]["dateOfBirth"], "1980-05-17");
    assert_eq!(body["user"]["gender"], "female");
    assert_ne!(body["user"]["id"], 999, "ids in bodies are ignored");
    assert!(body["emailChangePending"].is_null());

    let res = patch(json!({"dateOfBirth": "2015-01-01", "gender": "robot"})).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let errs = json_of(res).await["errors"].clone();
    assert!(errs["dateOfBirth"].as_str().expect("m").contains("18"));
    assert!(errs["gender"].is_string());
    let res = patch(json!({"email": "not-an-email"})).await;
    assert_eq!(
        json_of(res).await["errors"]["email"],
        "Please enter a valid email address."
    );

    let prefs = json_of(app.get("/api/user/preferences").await).await;
    assert_eq!(
        prefs,
        json!({"weightUnit": "lbs", "bloodSugarUnit": "mg/dL", "emailReminders": false, "weeklyReports": false,
               "reminderTime": "20:00", "timeZone": "UTC", "guideline": "acc-aha-2025"})
    );
    let res = app
        .client
        .patch(app.url("/api/user/preferences"))
        .json(&json!({"weightUnit": "kg", "weeklyReports": true}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let prefs = json_of(app.get("/api/user/preferences").await).await;
    assert_eq!(prefs["weightUnit"], "kg");
    assert_eq!(prefs["bloodSugarUnit"], "mg/dL");
    assert_eq!(prefs["weeklyReports"], true);
    let res = app
        .client
        .patch(app.url("/api/user/preferences"))
        .json(&json!({"weightUnit": "stone"}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(app.get("/api/user/preferences").await).await["weightUnit"],
        "kg"
    );
    // Reminder time and time zone: kept when valid, refused with a message otherwise.
    let patch = |body: serde_json::Value| {
        app.client
            .patch(app.url("/api/user/preferences"))
            .json(&body)
            .send()
    };
    let res = patch(json!({"reminderTime": "07:30", "timeZone": "Asia/Tokyo"}))
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let res = patch(json!({"reminderTime": "25:00", "timeZone": "Mars/Olympus"}))
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let errors = json_of(res).await["errors"].clone();
    assert_eq!(
        errors["reminderTime"],
        "Reminder time must be a time like 20:00."
    );
    assert_eq!(
        errors["timeZone"],
        "Time zone must be a time zone name like Europe/Paris."
    );
    let prefs = json_of(app.get("/api/user/preferences").await).await;
    assert_eq!(
        (prefs["reminderTime"].as_str(), prefs["timeZone"].as_str()),
        (Some("07:30"), Some("Asia/Tokyo"))
    );
}

async fn protected_routes_need_a_session(b: Backend) {
    let app = TestApp::spawn(b).await;
    let c = client();
    let res = c.get(app.url("/api/user")).send().await.expect("req");
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert!(
        res.headers()
            .get_all(SET_COOKIE)
            .iter()
            .any(|v| v.to_str().is_ok_and(|s| s.starts_with("vitalog_auth=;"))),
        "401 clears the presence cookie"
    );
    for (method, path) in [
        ("GET", "/api/user/preferences"),
        ("PATCH", "/api/user"),
        ("PATCH", "/api/user/preferences"),
        ("POST", "/api/user/change-password"),
    ] {
        let res = c
            .request(method.parse().expect("method"), app.url(path))
            .json(&json!({}))
            .send()
            .await
            .expect("req");
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
    }
}

async fn email_survives_an_smtp_outage(b: Backend) {
    let mut app = TestApp::spawn(b).await;
    app.smtp.stop();
    assert_eq!(
        app.register("ann", "ann@example.com").await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        app.register("bob", "bob@example.com").await.status(),
        StatusCode::CREATED
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(app.smtp.count_to("ann@example.com"), 0);
    app.smtp.restart().await;
    // The worker backs off (5 s, then 10 s); both emails arrive once SMTP is back.
    let wait = Duration::from_secs(30);
    app.smtp.wait_for("ann@example.com", |_| true, wait).await;
    app.smtp.wait_for("bob@example.com", |_| true, wait).await;
}

async fn api_edges(b: Backend) {
    let app = TestApp::spawn(b).await;
    let res = app.get("/api/no-such-thing").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        json_of(res).await,
        json!({"code": "not_found", "message": "Not found"})
    );
    let res = app
        .client
        .post(app.url("/api/login"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let text = res.text().await.expect("body");
    assert!(
        !text.contains("line") && !text.contains("column"),
        "no parser detail: {text}"
    );
    let huge = "x".repeat(200 * 1024);
    let res = app
        .post(
            "/api/register",
            json!({"username": huge, "password": "x", "email": "a@b.c"}),
        )
        .await;
    assert!(res.status().is_client_error(), "{}", res.status());
    let res = app.get("/health/ready").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["database"], "ok");
    let res = app.get("/health/live").await;
    let h = res.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["referrer-policy"], "no-referrer");
    assert!(
        h["content-security-policy"]
            .to_str()
            .expect("csp")
            .contains("frame-ancestors 'none'")
    );
}

on_both_backends!(
    register_verify_login_logout,
    session_id_changes_at_login,
    login_failures_look_the_same,
    registration_rules_and_conflicts,
    password_reset_through_the_emailed_link,
    change_password_ends_other_sessions,
    resend_verification_is_neutral,
    rate_limits_answer_429_with_retry_after,
    rate_limits_are_configurable,
    cross_site_state_changes_are_refused,
    native_forms_and_open_redirects,
    profile_email_change_and_preferences,
    protected_routes_need_a_session,
    email_survives_an_smtp_outage,
    api_edges,
);
