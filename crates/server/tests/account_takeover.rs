//! Account takeover and enumeration over real HTTP, on SQLite and PostgreSQL: login names,
//! email changes and their undo, links a new password voids, neutral registration.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use diesel::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::json;
use testkit::{Backend, on_both_backends};

/// Rewrites a user's username in SQL, as data stored before '@' was refused would be.
async fn set_legacy_username(app: &TestApp, from: &str, to: &str) {
    let db = store::Db::connect(&store::DbOptions::new(&app.db_url)).expect("db");
    let (from, to) = (from.to_owned(), to.to_owned());
    let n = db
        .write(move |c| -> anyhow::Result<usize> {
            Ok(diesel::sql_query(format!(
                "UPDATE users SET username = '{to}', username_key = '{}' WHERE username_key = '{from}'",
                to.to_lowercase()
            ))
            .execute(c)?)
        })
        .await
        .expect("update");
    assert_eq!(n, 1);
}

async fn a_username_cannot_take_over_login_by_email(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("victim", "victim@example.com").await;
    // The attack: a username that is the victim's address.
    let res = app
        .post(
            "/api/register",
            json!({"username": "VICTIM@EXAMPLE.COM", "email": "mallory@example.com",
                   "password": NEW_PASSWORD, "firstName": "", "lastName": ""}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["username"],
        "Username cannot contain @."
    );

    // Such a username stored before the rule must not shadow the victim's address either.
    let mallory = client();
    let res = post_with(
        &mallory,
        &app.url("/api/register"),
        json!({"username": "mallory", "email": "mallory@example.com",
               "password": NEW_PASSWORD, "firstName": "", "lastName": ""}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let token = app
        .token_from_email("mallory@example.com", "Verify", "verify-email")
        .await;
    app.post("/api/verify-email", json!({ "token": token }))
        .await;
    set_legacy_username(&app, "mallory", "VICTIM@EXAMPLE.COM").await;

    let res = app.login(&client(), "victim@example.com", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK, "the victim logs in by email");
    assert_eq!(json_of(res).await["user"]["email"], "victim@example.com");
    let res = app
        .login(&client(), "VICTIM@EXAMPLE.COM", NEW_PASSWORD)
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "the address wins");
    let res = app
        .login(&client(), "mallory@example.com", NEW_PASSWORD)
        .await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "mallory still logs in by email"
    );

    // A legacy username with '@' that is nobody's address still logs in.
    set_legacy_username(&app, "victim@example.com", "Old@Name").await;
    let res = app.login(&client(), "old@name", NEW_PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["user"]["email"], "mallory@example.com");
}

async fn registration_does_not_tell_whether_an_email_has_an_account(b: Backend) {
    let app = TestApp::spawn(b).await;
    let fresh = app.register("ann", "ann@example.com").await;
    assert_eq!(fresh.status(), StatusCode::CREATED);
    let fresh = json_of(fresh).await;
    app.email("ann@example.com", "Verify").await;

    // The same address again (any case): the same answer as a new registration; the
    // owner is told instead, and no account or verification link is made.
    let taken = app.register("bob", "ANN@example.com").await;
    assert_eq!(taken.status(), StatusCode::CREATED);
    assert_eq!(json_of(taken).await, fresh);
    let note = app
        .email("ann@example.com", "Someone tried to register")
        .await;
    assert!(note.decoded().contains("/password-reset-request"));
    assert_eq!(app.smtp.count_to("ann@example.com"), 2);
    let res = app.login(&client(), "bob", PASSWORD).await;
    assert_eq!(
        res.status(),
        StatusCode::UNAUTHORIZED,
        "no account was made"
    );
}

async fn email_change_needs_the_password_and_can_be_undone(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let patch = |body: serde_json::Value| {
        let c = app.client.clone();
        let url = app.url("/api/user");
        async move { c.patch(url).json(&body).send().await.expect("req") }
    };
    // A session alone cannot move the account: the current password is asked, and a
    // refused request changes nothing, not even the other fields.
    for (password, message) in [
        (None, "Current password is required"),
        (Some("Wrong1!pw"), "Current password is incorrect"),
    ] {
        let res = patch(json!({"email": "ann.lee@example.com", "firstName": "Eve",
                               "currentPassword": password}))
        .await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert_eq!(json_of(res).await["errors"]["currentPassword"], message);
    }
    assert_eq!(json_of(app.get("/api/user").await).await["firstName"], "");

    // A new address is confirmed before it replaces the old one.
    let res = patch(json!({"email": "ann.lee@example.com", "currentPassword": PASSWORD})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let body = json_of(res).await;
    assert_eq!(body["user"]["email"], "ann@example.com");
    assert_eq!(body["emailChangePending"], "ann.lee@example.com");
    let token = app
        .token_from_email(
            "ann.lee@example.com",
            "Confirm your new email",
            "verify-email",
        )
        .await;
    let res = app.post("/api/verify-email", json!({"token": token})).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        json_of(app.get("/api/user").await).await["email"],
        "ann.lee@example.com"
    );

    // The old address is told, with a link that undoes the change; it survives a password
    // change (a thief would make one).
    let notice = app
        .email("ann@example.com", "email address was changed")
        .await;
    assert!(notice.decoded().contains("ann.lee@example.com"));
    let undo = app
        .token_from_email(
            "ann@example.com",
            "email address was changed",
            "undo-email-change",
        )
        .await;
    let res = app
        .post(
            "/api/user/change-password",
            json!({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .post("/api/email-change/undo", json!({"token": undo}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        json_of(res).await["message"]
            .as_str()
            .expect("m")
            .contains("ann@example.com")
    );
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED,
        "every session ended"
    );
    // The password set since the change is void (more in
    // `undoing_an_email_change_voids_a_password_set_since`).
    let res = app
        .login(&app.client, "ann@example.com", NEW_PASSWORD)
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = app
        .post("/api/email-change/undo", json!({"token": undo}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "single use");
    let res = app
        .post("/api/email-change/undo", json!({"token": "garbage"}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

/// Moves ann's account to `to` (confirmed) from `app.client`; returns the undo link's token
/// sent to her address.
async fn email_changed_to(app: &TestApp, to: &str) -> String {
    let res = app
        .client
        .patch(app.url("/api/user"))
        .json(&json!({"email": to, "currentPassword": PASSWORD}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let token = app
        .token_from_email(to, "Confirm your new email", "verify-email")
        .await;
    let res = app.post("/api/verify-email", json!({"token": token})).await;
    assert_eq!(res.status(), StatusCode::OK);
    // The notice naming this change (an earlier one may be there too).
    let to = to.to_owned();
    let notice = app
        .smtp
        .wait_for(
            "ann@example.com",
            move |m| m.subject().contains("email address was changed") && m.decoded().contains(&to),
            MAIL_WAIT,
        )
        .await;
    let prefix = app.url("/undo-email-change/");
    notice.link(&prefix).expect("undo link")[prefix.len()..].to_owned()
}

async fn undo(app: &TestApp, token: &str) -> String {
    let res = app
        .post("/api/email-change/undo", json!({ "token": token }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    json_of(res).await["message"]
        .as_str()
        .expect("message")
        .to_owned()
}

async fn undoing_an_email_change_voids_a_password_set_since(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    // Without a new password since the change, the password stays.
    let token = email_changed_to(&app, "ann.lee@example.com").await;
    let message = undo(&app, &token).await;
    assert!(!message.contains("no longer works"), "{message}");
    let res = app.login(&app.client, "ann", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);

    // A thief's way: the address, then the password, and ways in of their own: two-step
    // verification with their app (it would lock the owner out) and a passkey (stored as
    // its ceremony would: this server's IP-address origin makes none; dated as the undo
    // link, made at the change, since SQLite's CURRENT_TIMESTAMP has whole seconds).
    let token = email_changed_to(&app, "eve@example.com").await;
    let res = app
        .post(
            "/api/user/change-password",
            json!({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let setup = json_of(
        app.post(
            "/api/user/two-step/setup",
            json!({ "password": NEW_PASSWORD }),
        )
        .await,
    )
    .await;
    let secret = totp_rs::Secret::try_from_base32(setup["secret"].as_str().expect("secret"))
        .expect("base32");
    let now = u64::try_from(chrono::Utc::now().timestamp()).expect("now");
    let code = identity::two_step::code_at(secret.as_bytes(), now);
    let res = app
        .post("/api/user/two-step/confirm", json!({ "code": code }))
        .await;
    assert_eq!(res.status(), StatusCode::OK, "the thief's two-step");
    execute_sql(
        &app.db_url,
        "INSERT INTO passkeys (user_id, credential_id, user_handle, name, credential, \
         created_at) SELECT id, 'eves', 'handle', 'Eve', '{}', \
         (SELECT MAX(created_at) FROM tokens WHERE tokens.user_id = users.id) \
         FROM users WHERE username = 'ann'",
    )
    .await;
    let message = undo(&app, &token).await;
    assert!(
        message.contains(
            "Passkeys added and two-step verification turned on since the change have been removed"
        ),
        "{message}"
    );
    assert!(
        message.contains("no longer works: reset it with a link sent to ann@example.com"),
        "{message}"
    );
    let mail = app.email("ann@example.com", "no longer works").await;
    assert!(mail.decoded().contains("/password-reset-request"));
    for password in [NEW_PASSWORD, PASSWORD] {
        let res = app.login(&client(), "ann@example.com", password).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{password}");
    }

    // A reset to the restored address lets the owner in again, with no second step the
    // thief set up, and no passkey of theirs left.
    app.reset_password("ann@example.com", "Th1rd!secret").await;
    let owner = client();
    let res = app.login(&owner, "ann", "Th1rd!secret").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        json_of(res).await["user"]["username"],
        "ann",
        "no second step"
    );
    let res = owner
        .get(app.url("/api/passkeys"))
        .send()
        .await
        .expect("passkeys");
    assert_eq!(json_of(res).await["passkeys"], json!([]));
}

async fn passwords_tried_on_email_change_count_as_login_attempts(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    // The account allows 10 attempts per 15 minutes; signing up used one.
    for _ in 0..9 {
        let res = app
            .client
            .patch(app.url("/api/user"))
            .json(&json!({"email": "eve@example.com", "currentPassword": "Wrong1!pw"}))
            .send()
            .await
            .expect("req");
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    }
    let res = app
        .client
        .patch(app.url("/api/user"))
        .json(&json!({"email": "eve@example.com", "currentPassword": PASSWORD}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        app.login(&client(), "ann", PASSWORD).await.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "the same budget as logins"
    );
    assert_eq!(
        json_of(app.get("/api/user").await).await["email"],
        "ann@example.com"
    );
}

/// A stolen session guessing the password on a route that confirms it: 40 wrong tries
/// meet `429`, and the right password is refused too until the window has passed.
/// Returns the app (signed in as ann) once the right password can be tried again.
async fn guessing_on(b: Backend, route: &str, body: fn(&str) -> serde_json::Value) -> TestApp {
    // A minute's window (a try back every 6 s) so the test can wait it out; addresses are
    // not the bound here (every client is 127.0.0.1).
    let app = TestApp::spawn_with(b, |c| {
        c.rate_login_per_ip = "1000/min".into();
        c.rate_login_per_account_address = "10/min".into();
    })
    .await;
    app.signed_up("ann", "ann@example.com").await;
    let mut statuses = Vec::new();
    for _ in 0..40 {
        statuses.push(app.post(route, body("Wrong1!pw")).await.status());
    }
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    // Signing up used one of the 10; a try may come back while the others are hashed.
    assert!(refused >= 28, "{route}: {statuses:?}");
    assert_eq!(statuses[39], StatusCode::TOO_MANY_REQUESTS, "{route}");
    let res = app.post(route, body(PASSWORD)).await;
    assert_eq!(
        res.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "{route}: the right password waits too"
    );
    let wait: u64 = res.headers()[reqwest::header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!((1..=6).contains(&wait), "{wait}");
    assert_eq!(
        json_of(app.get("/api/user").await).await["email"],
        "ann@example.com",
        "{route}: the account is still there"
    );
    tokio::time::sleep(std::time::Duration::from_millis(wait * 1000 + 200)).await;
    app
}

async fn passwords_tried_on_password_change_count_as_login_attempts(b: Backend) {
    let route = "/api/user/change-password";
    let body = |current: &str| json!({"currentPassword": current, "newPassword": NEW_PASSWORD});
    let app = guessing_on(b, route, body).await;
    // The password was never changed: the old one still confirms the change.
    let res = app.post(route, body(PASSWORD)).await;
    assert_eq!(res.status(), StatusCode::OK);
}

async fn passwords_tried_on_account_deletion_count_as_login_attempts(b: Backend) {
    let route = "/api/user/delete";
    let app = guessing_on(b, route, |password| json!({ "password": password })).await;
    let res = app.post(route, json!({ "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK, "once the window has passed");
}

async fn a_new_password_voids_links_asked_for_before(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let res = app
        .post(
            "/api/password-reset/request",
            json!({"email": "ann@example.com"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let reset = app
        .token_from_email("ann@example.com", "Reset your", "reset-password")
        .await;
    let res = app
        .client
        .patch(app.url("/api/user"))
        .json(&json!({"email": "new@example.com", "currentPassword": PASSWORD}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let change = app
        .token_from_email("new@example.com", "Confirm your new email", "verify-email")
        .await;
    let res = app
        .post(
            "/api/user/change-password",
            json!({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .get(&format!("/api/password-reset/verify/{reset}"))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "reset link voided");
    let res = app
        .post("/api/verify-email", json!({"token": change}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST, "email change voided");
    assert_eq!(
        json_of(app.get("/api/user").await).await["email"],
        "ann@example.com"
    );
}

on_both_backends!(
    a_username_cannot_take_over_login_by_email,
    registration_does_not_tell_whether_an_email_has_an_account,
    email_change_needs_the_password_and_can_be_undone,
    undoing_an_email_change_voids_a_password_set_since,
    passwords_tried_on_email_change_count_as_login_attempts,
    passwords_tried_on_password_change_count_as_login_attempts,
    passwords_tried_on_account_deletion_count_as_login_attempts,
    a_new_password_voids_links_asked_for_before,
);
