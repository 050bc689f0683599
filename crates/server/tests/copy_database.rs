//! `vitalog copy-database --to postgres://...`: every row of a SQLite deployment moves to
//! PostgreSQL, and the same browser session, password, readings and stored PDFs work
//! there; new rows get fresh ids.

#![allow(clippy::expect_used)]

mod common;

use std::process::Command;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, TestDb};

fn copy(from: &str, to: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vitalog"))
        .args(["copy-database", "--to", to])
        .current_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .env("VITALOG_ENV", "test")
        .env("VITALOG_DATABASE_URL", from)
        .env("VITALOG_LOG", "warn")
        .output()
        .expect("run vitalog")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_to_postgres_keeps_every_row_and_session() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    // One taken at the clinic (issue 35): its setting moves too.
    for (d, s, setting) in [
        ("2026-11-01", 118, "home"),
        ("2026-11-02", 131, "office"),
        ("2026-11-03", 142, "home"),
    ] {
        let res = app
            .post("/api/readings", json!({"date": d, "time": "07:15", "systolic": s, "diastolic": 80, "weight": 170.25, "notes": "ü ✓", "setting": setting}))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    // A guided measurement and a home monitoring week (issue 15) move too.
    let res = app
        .post(
            "/api/bp-sessions",
            json!({"date": "2026-11-03", "time": "20:10", "restSkipped": true, "readings": [
                {"systolic": 128, "diastolic": 82, "heartRate": 66},
                {"systolic": 126, "diastolic": 80}]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let res = app.post("/api/home-week", json!({})).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let week_before: Value = json_of(app.get("/api/home-week").await).await;
    // Medications, their dose periods and recorded doses (issue 16) too.
    let res = app
        .post(
            "/api/medications",
            json!({"name": "Amlodipine", "strength": 5, "unit": "mg", "form": "tablet",
                   "frequency": "twice-daily", "times": ["08:00", "20:00"], "startDate": "2026-11-01",
                   "forBloodPressure": true}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let res = app
        .post(
            "/api/medications/doses",
            json!({"date": "2026-11-02", "status": "taken"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let meds_before: Value = json_of(app.get("/api/medications").await).await;
    assert_eq!(meds_before["medications"][0]["forBloodPressure"], true);
    let doses_before: Value =
        json_of(app.get("/api/medications/doses?date=2026-11-02").await).await;
    let report = json_of(
        app.post(
            "/api/reports",
            json!({"type": "bp", "dateStart": "2026-11-01", "dateEnd": "2026-11-03"}),
        )
        .await,
    )
    .await["id"]
        .as_i64()
        .expect("report");
    let pdf = app
        .get(&format!("/api/reports/{report}/view"))
        .await
        .bytes()
        .await
        .expect("pdf");
    // A passkey (a server on an IP address registers none: stored as a registration would).
    execute_sql(
        &app.db_url,
        "INSERT INTO passkeys (user_id, credential_id, user_handle, name, credential, \
         created_at) SELECT id, 'cred', 'handle', 'Phone', '{}', CURRENT_TIMESTAMP \
         FROM users WHERE username = 'ann'",
    )
    .await;
    let passkeys_before: Value = json_of(app.get("/api/passkeys").await).await;
    let before: Value = json_of(app.get("/api/readings").await).await;
    let sub_before: Value = json_of(app.get("/api/user/subscription").await).await;
    app.stop().await;

    let pg = TestDb::new(Backend::Postgres);
    let out = copy(&app.db_url, &pg.url);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("readings: 4 rows"), "{printed}");
    assert!(printed.contains("bp_session_readings: 2 rows"), "{printed}");
    assert!(printed.contains("home_weeks: 1 rows"), "{printed}");
    assert!(printed.contains("medication_intakes: 2 rows"), "{printed}");
    assert!(printed.contains("copied every row"), "{printed}");
    // A second copy into the same (now non-empty) database is refused.
    let again = copy(&app.db_url, &pg.url);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already has users"));

    // Vitalog on PostgreSQL: the same browser (cookie) is still signed in.
    let pg_url = pg.url.clone();
    let moved =
        TestApp::spawn_with(Backend::Postgres, move |c| c.database_url = Some(pg_url)).await;
    let moved = TestApp {
        client: app.client.clone(),
        ..moved
    };
    let after: Value = json_of(moved.get("/api/readings").await).await;
    assert_eq!(after, before, "every reading, value for value");
    assert_eq!(after[2]["setting"], "office", "the clinic reading: {after}");
    assert!(
        after[0]["session"]["readings"].as_array().map(Vec::len) == Some(2),
        "the session's readings: {after}"
    );
    assert_eq!(
        json_of(moved.get("/api/home-week").await).await,
        week_before,
        "the started week"
    );
    assert_eq!(
        json_of(moved.get("/api/user/subscription").await).await,
        sub_before
    );
    assert_eq!(
        json_of(moved.get("/api/passkeys").await).await,
        passkeys_before,
        "the passkey"
    );
    assert_eq!(
        json_of(moved.get("/api/medications").await).await,
        meds_before
    );
    assert_eq!(
        json_of(moved.get("/api/medications/doses?date=2026-11-02").await).await,
        doses_before,
        "the recorded doses"
    );
    let pdf_after = moved
        .get(&format!("/api/reports/{report}/view"))
        .await
        .bytes()
        .await
        .expect("pdf");
    assert_eq!(pdf_after, pdf, "the stored PDF, byte for byte");
    // The password works, and new rows get ids after the copied ones.
    assert_eq!(
        moved.login(&client(), "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    let max_id = before
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["id"].as_i64())
        .max()
        .expect("ids");
    let res = moved
        .post(
            "/api/readings",
            json!({"date": "2026-11-04", "time": "07:15", "heartRate": 64}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert!(json_of(res).await["id"].as_i64().expect("id") > max_id);
    drop(pg);
}
