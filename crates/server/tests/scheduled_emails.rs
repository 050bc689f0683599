//! Reminders and weekly reports with a controlled clock, on both backends: due once, not
//! when a reading exists, not twice after a restart, once when two servers share the
//! database; the email carries a working one-click unsubscribe that cannot be forged. Dose
//! reminders (issue 16) likewise, once per dose time.

#![allow(clippy::expect_used)]

mod common;

use chrono::{TimeZone, Utc};
use common::*;
use reqwest::StatusCode;
use serde_json::json;
use testkit::{Backend, on_both_backends};

fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, min, 0)
        .single()
        .expect("time")
}

async fn prefs(app: &TestApp, body: serde_json::Value) {
    let res = app
        .client
        .patch(app.url("/api/user/preferences"))
        .json(&body)
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
}

async fn reminders(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    prefs(
        &app,
        json!({"emailReminders": true, "reminderTime": "20:00", "timeZone": "Europe/Paris"}),
    )
    .await;
    // Bob keeps reminders off: never emailed.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    let app = bob;

    // 2026-11-19 19:30 in Paris (UTC+1) is 18:30 UTC: before the reminder time.
    app.clock.set(at(2026, 11, 19, 18, 30));
    assert_eq!(app.notifications.run_due().await.expect("run").reminders, 0);
    // 20:30 in Paris: due. Two servers run at the same moment: one email.
    app.clock.set(at(2026, 11, 19, 19, 30));
    let data = tempfile::tempdir().expect("dir");
    let other = second_server(&app, b, &data, |_| {}).await;
    let sent = match &other {
        Some(other) => {
            let (a, b2) = tokio::join!(app.notifications.run_due(), other.notifications.run_due());
            a.expect("run").reminders + b2.expect("run").reminders
        }
        None => app.notifications.run_due().await.expect("run").reminders,
    };
    assert_eq!(sent, 1, "one server sends it");
    app.outbox_drained().await;
    // Later the same evening, and after a restart: nothing more.
    app.clock.set(at(2026, 11, 19, 22, 0));
    assert_eq!(app.notifications.run_due().await.expect("run").reminders, 0);
    let restarted = second_server(&app, b, &data, |_| {}).await;
    if let Some(restarted) = &restarted {
        assert_eq!(
            restarted
                .notifications
                .run_due()
                .await
                .expect("run")
                .reminders,
            0
        );
    }

    // Back to real time for what follows.
    app.clock.release();
    let mail = app
        .email("ann@example.com", "Reminder: record today's vitals")
        .await;
    assert!(mail.data.contains("List-Unsubscribe: <"), "RFC 2369 header");
    assert!(
        mail.data
            .contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "RFC 8058"
    );
    assert!(mail.decoded().contains(&format!("{}/vitals", app.base)));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        app.smtp.count_to("ann@example.com"),
        2,
        "verification + one reminder"
    );
    assert_eq!(app.smtp.count_to("bob@example.com"), 1, "verification only");

    // The next day Ann records a reading before the reminder time: no reminder.
    app.clock.release();
    let ann = client();
    assert_eq!(
        app.login(&ann, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    let res = ann
        .post(app.url("/api/readings"))
        .json(&json!({"date": "2026-11-20", "time": "08:00", "heartRate": 66}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::CREATED);
    app.clock.set(at(2026, 11, 20, 21, 0));
    assert_eq!(app.notifications.run_due().await.expect("run").reminders, 0);

    // Unsubscribe: a forged link (another user's id) is refused and changes nothing.
    let link = mail
        .link(&format!("{}/api/unsubscribe?token=", app.base))
        .expect("unsubscribe link");
    let token = link.split("token=").nth(1).expect("token").to_owned();
    let bob_id = json_of(app.get("/api/user").await).await["id"]
        .as_i64()
        .expect("id");
    let ann_id: i64 = token
        .split('.')
        .next()
        .expect("id")
        .parse()
        .expect("number");
    let forged = token.replacen(&format!("{ann_id}."), &format!("{bob_id}."), 1);
    let anon = client();
    let res = anon
        .get(app.url(&format!("/api/unsubscribe?token={forged}")))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(
        res.text()
            .await
            .expect("html")
            .contains("This unsubscribe link is not valid")
    );

    // The real link works without logging in.
    app.clock.release();
    let res = anon.get(&link).send().await.expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let html = res.text().await.expect("html");
    assert!(
        html.contains("You&#x27;re unsubscribed") || html.contains("You're unsubscribed"),
        "{html}"
    );
    let p: serde_json::Value = ann
        .get(app.url("/api/user/preferences"))
        .send()
        .await
        .expect("req")
        .json()
        .await
        .expect("json");
    assert_eq!(p["emailReminders"], false);
    // The one-click POST (as mail clients send it) also works, and is idempotent.
    let res = anon
        .post(&link)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    for server in [other, restarted].into_iter().flatten() {
        server.handle.stop(true).await;
    }
}

async fn weekly_reports(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    prefs(&app, json!({"weeklyReports": true, "timeZone": "UTC"})).await;
    for (date, sys, dia) in [
        ("2026-11-09", 118, 76),
        ("2026-11-11", 135, 86),
        ("2026-11-15", 142, 91),
    ] {
        let res = app
            .post("/api/readings", json!({"date": date, "time": "07:30", "systolic": sys, "diastolic": dia, "heartRate": 70}))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    // Monday 2026-11-16 07:59: not yet; 08:01: the week of 11/09 to 11/15.
    app.clock.set(at(2026, 11, 16, 7, 59));
    assert_eq!(
        app.notifications
            .run_due()
            .await
            .expect("run")
            .weekly_reports,
        0
    );
    app.clock.set(at(2026, 11, 16, 8, 1));
    assert_eq!(
        app.notifications
            .run_due()
            .await
            .expect("run")
            .weekly_reports,
        1
    );
    app.outbox_drained().await;
    // Thursday, after a restart: still the same week, nothing more.
    let data = tempfile::tempdir().expect("dir");
    app.clock.set(at(2026, 11, 19, 12, 0));
    if let Some(restarted) = second_server(&app, b, &data, |_| {}).await {
        assert_eq!(
            restarted
                .notifications
                .run_due()
                .await
                .expect("run")
                .weekly_reports,
            0
        );
        restarted.handle.stop(true).await;
    }

    app.clock.release();
    let mail = app
        .email(
            "ann@example.com",
            "Your Vitalog weekly report, 11/09/2026 to 11/15/2026",
        )
        .await;
    let text = mail.decoded();
    assert!(text.contains("3 readings recorded."), "{text}");
    assert!(
        text.contains("Average blood pressure 132/84 mmHg"),
        "{text}"
    );
    assert!(
        text.contains("Blood pressure categories (ACC/AHA 2025):"),
        "{text}"
    );
    assert!(
        mail.data.contains("Content-Type: application/pdf"),
        "the PDF is attached"
    );
    assert!(mail.data.contains("List-Unsubscribe-Post"));
}

/// Issue 16: a medication with reminders at 08:00 in the user's zone gets one email per
/// dose time however many servers run, none once the dose is recorded, and the email's
/// unsubscribe link turns the medication's reminders off.
async fn dose_reminders(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    // Daily reminders stay off: only the dose reminder is sent.
    prefs(&app, json!({"timeZone": "Europe/Paris"})).await;
    let res = app
        .post(
            "/api/medications",
            json!({"name": "Amlodipine", "strength": 10, "unit": "mg", "form": "tablet",
                   "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-11-01",
                   "reminders": true}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let id = json_of(res).await["id"].as_i64().expect("id");
    let ann = app.client.clone();
    // Bob takes one too, without reminders: never emailed.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    bob.subscribe().await;
    let res = bob
        .post(
            "/api/medications",
            json!({"name": "Ramipril", "strength": 5, "unit": "mg", "form": "capsule",
                   "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-11-01"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let app = TestApp {
        client: ann.clone(),
        ..bob
    };
    let doses = |app: &TestApp| {
        let n = app.notifications.clone();
        async move { n.run_due().await.expect("run").dose_reminders }
    };

    // 2026-11-19 07:59 in Paris (UTC+1): not yet.
    app.clock.set(at(2026, 11, 19, 6, 59));
    assert_eq!(doses(&app).await, 0);
    // 08:05: due. Two servers run at once: one email; a later run sends nothing more.
    app.clock.set(at(2026, 11, 19, 7, 5));
    let data = tempfile::tempdir().expect("dir");
    let other = second_server(&app, b, &data, |_| {}).await;
    let sent = match &other {
        Some(other) => {
            let (a, b2) = tokio::join!(app.notifications.run_due(), other.notifications.run_due());
            a.expect("run").dose_reminders + b2.expect("run").dose_reminders
        }
        None => doses(&app).await,
    };
    assert_eq!(sent, 1, "one server sends it");
    app.outbox_drained().await;
    app.clock.set(at(2026, 11, 19, 7, 40));
    assert_eq!(doses(&app).await, 0, "claimed: not twice");

    // The next day Ann records her dose before the scheduler runs: no reminder.
    app.clock.release();
    let res = ann
        .post(app.url(&format!("/api/medications/{id}/intakes")))
        .json(&json!({"date": "2026-11-20", "time": "08:00", "status": "taken"}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    app.clock.set(at(2026, 11, 20, 7, 5));
    assert_eq!(doses(&app).await, 0, "recorded: nothing to remind");

    app.clock.release();
    let mail = app
        .email("ann@example.com", "Time for your 8:00 AM dose")
        .await;
    let text = mail.decoded();
    assert!(
        text.contains("It is time for your 8:00 AM dose (11/19/2026):"),
        "{text}"
    );
    assert!(text.contains("Amlodipine 10 mg"), "{text}");
    assert!(
        !text.contains("Ramipril"),
        "Bob's medication is Bob's: {text}"
    );
    assert!(text.contains(&format!("{}/", app.base)), "dashboard link");
    assert!(mail.data.contains("List-Unsubscribe: <"), "RFC 2369 header");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        app.smtp.count_to("ann@example.com"),
        2,
        "verification + one dose reminder"
    );
    assert_eq!(app.smtp.count_to("bob@example.com"), 1, "verification only");

    // The one-click link, without logging in, turns the medication's reminders off.
    let link = mail
        .link(&format!("{}/api/unsubscribe?token=", app.base))
        .expect("unsubscribe link");
    assert!(link.contains(".medications."), "{link}");
    let res = client().get(&link).send().await.expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let html = res.text().await.expect("html");
    assert!(html.contains("medication reminder emails"), "{html}");
    let detail = json_of(app.get(&format!("/api/medications/{id}")).await).await;
    assert_eq!(detail["medication"]["reminders"], false, "{detail}");
    // So the next dose time sends nothing.
    app.clock.set(at(2026, 11, 21, 7, 5));
    assert_eq!(doses(&app).await, 0);
    app.clock.release();
    if let Some(other) = other {
        other.handle.stop(true).await;
    }
}

on_both_backends!(reminders, weekly_reports, dose_reminders);
