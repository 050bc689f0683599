//! Two-step verification (issue 38) through the real server and store, on SQLite and
//! PostgreSQL, with a clock the test sets: codes are computed at the times it chooses.

#![allow(clippy::expect_used)]

mod common;

use chrono::{DateTime, Duration, TimeZone, Utc};
use common::*;
use reqwest::{Client, StatusCode};
use serde_json::json;
use testkit::{Backend, on_both_backends};

/// Now, moved to 10 s into its 30-second step so ±1 step is unambiguous (and near the real
/// time: sessions made before the clock is set must not look expired).
fn start() -> DateTime<Utc> {
    static START: std::sync::OnceLock<i64> = std::sync::OnceLock::new();
    let t = *START.get_or_init(|| {
        let now = Utc::now().timestamp();
        now - now % 30 + 10
    });
    Utc.timestamp_opt(t, 0).single().expect("time")
}

struct TwoStep {
    secret: Vec<u8>,
    recovery_codes: Vec<String>,
}

impl TwoStep {
    /// The app's code for the step holding `at`.
    fn code_at(&self, at: DateTime<Utc>) -> String {
        identity::two_step::code_at(&self.secret, u64::try_from(at.timestamp()).expect("t"))
    }
}

/// Turns two-step verification on for the signed-in `app.client` at `start()`.
async fn turned_on(app: &TestApp, email: &str) -> TwoStep {
    app.clock.set(start());
    let res = app
        .post("/api/user/two-step/setup", json!({ "password": PASSWORD }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let setup = json_of(res).await;
    let text = setup["secret"].as_str().expect("secret");
    assert!(
        setup["uri"]
            .as_str()
            .expect("uri")
            .starts_with("otpauth://totp/Vitalog:ann?")
    );
    let secret = totp_rs::Secret::try_from_base32(text)
        .expect("base32")
        .as_bytes()
        .to_vec();
    let on = TwoStep {
        secret,
        recovery_codes: Vec::new(),
    };
    // Not on until a code confirms it; a wrong one changes nothing.
    let res = app
        .post("/api/user/two-step/confirm", json!({"code": "000000"}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(
        !json_of(app.get("/api/user/two-step").await).await["enabled"]
            .as_bool()
            .expect("enabled")
    );
    let res = app
        .post(
            "/api/user/two-step/confirm",
            json!({"code": on.code_at(start())}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let codes: Vec<String> = json_of(res).await["recoveryCodes"]
        .as_array()
        .expect("codes")
        .iter()
        .map(|c| c.as_str().expect("code").to_owned())
        .collect();
    assert_eq!(codes.len(), 10);
    app.email(email, "Two-step verification is on").await;
    let status = json_of(app.get("/api/user/two-step").await).await;
    assert_eq!(status, json!({"enabled": true, "recoveryCodesLeft": 10}));
    TwoStep {
        recovery_codes: codes,
        ..on
    }
}

async fn second_step(app: &TestApp, client: &Client, code: &str) -> reqwest::Response {
    post_with(
        client,
        &app.url("/api/login/second-step"),
        json!({ "code": code }),
    )
    .await
}

/// A fresh browser past the password: asked for the second step, and not signed in.
async fn past_the_password(app: &TestApp) -> Client {
    let browser = client();
    let res = app.login(&browser, "ann", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        !res.cookies().any(|c| c.name() == "vitalog_auth"),
        "no presence cookie before the second step"
    );
    assert_eq!(json_of(res).await, json!({"secondStep": "totp"}));
    let me = browser
        .get(app.url("/api/user"))
        .send()
        .await
        .expect("user");
    assert_eq!(me.status(), StatusCode::UNAUTHORIZED, "no session yet");
    browser
}

async fn signed_in_as_ann(app: &TestApp, browser: &Client) -> bool {
    let me = browser
        .get(app.url("/api/user"))
        .send()
        .await
        .expect("user");
    me.status() == StatusCode::OK && json_of(me).await["username"] == "ann"
}

/// The password alone signs in no more; a code does, once, within one step of now.
async fn a_code_is_accepted_once_within_one_step(b: Backend) {
    // More tries than one person's ten in 15 minutes (the throttle has its own test).
    let app = TestApp::spawn_with(b, |c| {
        c.rate_login_per_account_address = "100/hour".into();
    })
    .await;
    app.signed_up("ann", "ann@example.com").await;
    let on = turned_on(&app, "ann@example.com").await;
    let step = |n: i64| start() + Duration::seconds(30 * n);

    // The code that confirmed the setup was spent then.
    let browser = past_the_password(&app).await;
    let res = second_step(&app, &browser, &on.code_at(step(0))).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "replayed");
    assert!(!signed_in_as_ann(&app, &browser).await);

    app.clock.set(step(1));
    let res = second_step(&app, &browser, &on.code_at(step(1))).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.cookies().any(|c| c.name() == "vitalog_auth"));
    assert_eq!(json_of(res).await["user"]["username"], "ann");
    assert!(signed_in_as_ann(&app, &browser).await);

    // The same code again, from another browser within its window: refused. The next
    // step's (a phone a little ahead) is accepted.
    let other = past_the_password(&app).await;
    let res = second_step(&app, &other, &on.code_at(step(1))).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "replayed");
    let body = json_of(res).await;
    assert_eq!(
        body["errors"]["code"],
        identity::two_step::MSG_CODE_WRONG,
        "{body}"
    );
    let res = second_step(&app, &other, &on.code_at(step(2))).await;
    assert_eq!(res.status(), StatusCode::OK, "one step ahead");

    // Two steps either side: refused; one step behind: accepted.
    app.clock.set(step(5));
    let third = past_the_password(&app).await;
    for off in [step(7), step(3)] {
        let res = second_step(&app, &third, &on.code_at(off)).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "two steps off");
    }
    let res = second_step(&app, &third, &on.code_at(step(4))).await;
    assert_eq!(res.status(), StatusCode::OK, "one step behind");
    assert!(signed_in_as_ann(&app, &third).await);

    // One new code sent by two browsers at once: exactly one is signed in.
    app.clock.set(step(8));
    let (a, b) = (past_the_password(&app).await, past_the_password(&app).await);
    let code = on.code_at(step(8));
    let (ra, rb) = tokio::join!(second_step(&app, &a, &code), second_step(&app, &b, &code));
    let mut statuses = [ra.status(), rb.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::BAD_REQUEST]);
}

/// Recovery codes work once each, however they are typed; new ones void the old.
async fn recovery_codes_work_once(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let on = turned_on(&app, "ann@example.com").await;
    let first = &on.recovery_codes[0];

    let browser = past_the_password(&app).await;
    let typed = first.to_uppercase().replace('-', " ");
    let res = second_step(&app, &browser, &typed).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(signed_in_as_ann(&app, &browser).await);
    let status = json_of(app.get("/api/user/two-step").await).await;
    assert_eq!(status["recoveryCodesLeft"], 9);

    let again = past_the_password(&app).await;
    let res = second_step(&app, &again, first).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "spent");

    // New codes need the password, and the old ones stop working.
    let res = app
        .post(
            "/api/user/two-step/recovery-codes",
            json!({"password": "Wrong-pass1!"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let res = app
        .post(
            "/api/user/two-step/recovery-codes",
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let fresh = json_of(res).await["recoveryCodes"][0]
        .as_str()
        .expect("code")
        .to_owned();
    app.email("ann@example.com", "New recovery codes").await;
    let res = second_step(&app, &again, &on.recovery_codes[1]).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "an old code");
    let res = second_step(&app, &again, &fresh).await;
    assert_eq!(res.status(), StatusCode::OK);

    // The security log tells each step apart, newest first; no code is in it.
    let res = again
        .get(app.url("/api/security-log"))
        .send()
        .await
        .expect("log");
    let log = json_of(res).await;
    let noted: Vec<(String, String)> = log["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| {
            let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_owned();
            (text(&e["kind"]), text(&e["detail"]))
        })
        .collect();
    let pair = |k: &str, d: &str| (k.to_owned(), d.to_owned());
    assert_eq!(
        noted[..6],
        [
            pair("signed-in", "password+recovery-code"),
            pair("recovery-codes-renewed", ""),
            // Its second wrong code, from the same browser within 10 minutes, is not
            // noted again.
            pair("second-step-failed", ""),
            pair("signed-in", "password+recovery-code"),
            pair("two-step-on", ""),
            pair("signed-in", "password"),
        ]
    );
    let whole = log.to_string();
    for code in on.recovery_codes.iter().chain([&fresh]) {
        assert!(!whole.contains(code.as_str()), "{code} in the log");
    }
}

/// Wrong codes count as login attempts: a guesser meets 429, and five wrong codes send the
/// browser back to the password.
async fn wrong_codes_are_throttled(b: Backend) {
    let app = TestApp::spawn_with(b, |c| {
        c.rate_login_per_account_address = "9/hour".into();
    })
    .await;
    app.signed_up("ann", "ann@example.com").await;
    let on = turned_on(&app, "ann@example.com").await;
    // The sign-up's login was the first attempt, turning it on the second (its password),
    // this password the third.
    let browser = past_the_password(&app).await;
    for _ in 0..4 {
        let res = second_step(&app, &browser, "123456").await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    }
    let res = second_step(&app, &browser, "123456").await;
    assert_eq!(
        res.status(),
        StatusCode::UNAUTHORIZED,
        "five wrong codes: the password again"
    );
    let res = second_step(&app, &browser, &on.code_at(start())).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "nothing pending");
    // Eight attempts so far; the ninth (a password) passes, the tenth is refused even
    // with the right code.
    assert_eq!(
        app.login(&browser, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    app.clock.set(start() + Duration::seconds(30));
    let res = second_step(&app, &browser, &on.code_at(start() + Duration::seconds(30))).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
    assert!(!signed_in_as_ann(&app, &browser).await);
}

/// The pending state is this browser's and lasts 5 minutes.
async fn the_second_step_is_bound_to_the_browser_and_expires(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let on = turned_on(&app, "ann@example.com").await;
    let later = start() + Duration::seconds(30);
    app.clock.set(later);
    let _browser = past_the_password(&app).await;
    // Another browser cannot finish it.
    let stranger = client();
    let res = second_step(&app, &stranger, &on.code_at(later)).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    let slow = past_the_password(&app).await;
    let expired = later + Duration::seconds(301);
    app.clock.set(expired);
    let res = second_step(&app, &slow, &on.code_at(expired)).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert!(!signed_in_as_ann(&app, &slow).await);

    // A native form post is sent to the second step, with no session either.
    let form = client();
    let res = form
        .post(app.url("/api/login"))
        .form(&[
            ("username", "ann"),
            ("password", PASSWORD),
            ("redirect", "/"),
        ])
        .send()
        .await
        .expect("form");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], "/auth?step=code");
    assert!(!signed_in_as_ann(&app, &form).await);
    let res = second_step(&app, &form, &on.code_at(expired)).await;
    assert_eq!(res.status(), StatusCode::OK);
}

/// Turning it off asks for the password and emails; a reset password still needs the code;
/// the administrator's reset turns it off.
async fn turning_off_needs_the_password_and_reset_does_not_bypass(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let on = turned_on(&app, "ann@example.com").await;

    // A password reset signs everyone out, and the second step is still asked; a second
    // step begun with the old password cannot be finished.
    let before = past_the_password(&app).await;
    app.clock.release();
    app.reset_password("ann@example.com", NEW_PASSWORD).await;
    let browser = client();
    let res = app.login(&browser, "ann", NEW_PASSWORD).await;
    assert_eq!(json_of(res).await, json!({"secondStep": "totp"}));
    let now = start() + Duration::seconds(60);
    app.clock.set(now);
    let res = second_step(&app, &before, &on.code_at(now)).await;
    assert_eq!(
        res.status(),
        StatusCode::UNAUTHORIZED,
        "the old password's step"
    );
    let res = second_step(&app, &browser, &on.code_at(now)).await;
    assert_eq!(res.status(), StatusCode::OK);

    for password in ["", "Wrong-pass1!"] {
        let res = post_with(
            &browser,
            &app.url("/api/user/two-step/disable"),
            json!({ "password": password }),
        )
        .await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{password:?}");
        assert!(json_of(res).await["errors"]["password"].is_string());
    }
    let res = post_with(
        &browser,
        &app.url("/api/user/two-step/disable"),
        json!({ "password": NEW_PASSWORD }),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    app.email("ann@example.com", "Two-step verification is off")
        .await;
    let res = app.login(&client(), "ann", NEW_PASSWORD).await;
    assert_eq!(json_of(res).await["user"]["username"], "ann");

    // On again, then the administrator's reset (by email address) turns it off.
    let res = post_with(
        &browser,
        &app.url("/api/user/two-step/setup"),
        json!({ "password": NEW_PASSWORD }),
    )
    .await;
    let text = json_of(res).await["secret"]
        .as_str()
        .expect("secret")
        .to_owned();
    let secret = totp_rs::Secret::try_from_base32(&text)
        .expect("base32")
        .as_bytes()
        .to_vec();
    let code = identity::two_step::code_at(&secret, u64::try_from(now.timestamp()).expect("t"));
    let res = post_with(
        &browser,
        &app.url("/api/user/two-step/confirm"),
        json!({ "code": code }),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let config = server::Config {
        database_url: Some(app.db_url.clone()),
        public_url: app.base.clone(),
        ..server::Config::default()
    };
    let reset = server::app::reset_two_step(&config, "ANN@example.com")
        .await
        .expect("reset");
    assert_eq!(
        reset,
        identity::two_step::AdminReset::Reset {
            username: "ann".into()
        }
    );
    app.email("ann@example.com", "Two-step verification was reset")
        .await;
    let ann = client();
    let res = app.login(&ann, "ann", NEW_PASSWORD).await;
    assert_eq!(json_of(res).await["user"]["username"], "ann");
    // Her security log says so, and that the server did it (no device).
    let res = ann
        .get(app.url("/api/security-log"))
        .send()
        .await
        .expect("log");
    let log = json_of(res).await;
    let reset = log["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["kind"] == "two-step-reset")
        .expect("the reset is in the log");
    assert_eq!(reset["detail"], "administrator");
    assert!(reset["device"].is_null());
    let again = server::app::reset_two_step(&config, "nobody")
        .await
        .expect("reset");
    assert_eq!(again, identity::two_step::AdminReset::NoSuchAccount);

    // The command the administrator runs, with the server's settings.
    let vitalog = |account: &str| {
        let data = tempfile::tempdir().expect("data");
        std::process::Command::new(env!("CARGO_BIN_EXE_vitalog"))
            .args(["reset-two-step", account])
            .current_dir(common::binary::repo_root())
            .env("VITALOG_ENV", "test")
            .env("VITALOG_DATABASE_URL", &app.db_url)
            .env("VITALOG_PUBLIC_URL", &app.base)
            .env("VITALOG_DATA_DIR", data.path())
            .env("VITALOG_LOG", "warn")
            .output()
            .expect("vitalog runs")
    };
    let off = vitalog("ann");
    assert!(off.status.success(), "{off:?}");
    assert_eq!(
        String::from_utf8_lossy(&off.stdout).trim(),
        "two-step verification was already off for ann"
    );
    let nobody = vitalog("nobody@example.com");
    assert!(!nobody.status.success());
    assert!(
        String::from_utf8_lossy(&nobody.stderr)
            .contains("no account has the username or email address"),
        "{nobody:?}"
    );
}

/// A stolen session cannot tie the account to its own app (and lock the owner out):
/// turning it on asks for the password first.
async fn turning_on_needs_the_password(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    for password in ["", "Wrong-pass1!"] {
        let res = app
            .post("/api/user/two-step/setup", json!({ "password": password }))
            .await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{password:?}");
        assert!(json_of(res).await["errors"]["password"].is_string());
    }
    let status = json_of(app.get("/api/user/two-step").await).await;
    assert_eq!(status["enabled"], false);
    turned_on(&app, "ann@example.com").await;
}

on_both_backends!(
    turning_on_needs_the_password,
    a_code_is_accepted_once_within_one_step,
    recovery_codes_work_once,
    wrong_codes_are_throttled,
    the_second_step_is_bound_to_the_browser_and_expires,
    turning_off_needs_the_password_and_reset_does_not_bypass,
);
