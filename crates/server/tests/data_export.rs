//! The user's data out and back in, on both backends: CSV export in the user's or canonical
//! units with formula cells neutralised, FHIR R4 export, the account JSON, import preview
//! with the form's messages, import into a second account, and re-import adding nothing.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

async fn text(app: &TestApp, path: &str) -> (reqwest::header::HeaderMap, String) {
    let res = app.get(path).await;
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let h = res.headers().clone();
    (h, res.text().await.expect("text"))
}

async fn count(app: &TestApp) -> usize {
    json_of(app.get("/api/readings").await)
        .await
        .as_array()
        .map_or(0, Vec::len)
}

async fn round_trip(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    let readings = [
        json!({"date": "2026-11-01", "time": "07:05", "systolic": 118, "diastolic": 76, "heartRate": 61,
               "weight": 170.2, "bloodSugar": 97, "notes": "=HYPERLINK(\"http://evil.example\",\"x\")"}),
        json!({"date": "2026-11-02", "time": "21:40", "systolic": 141, "diastolic": 92, "notes": "after dinner, \"late\""}),
        json!({"date": "2026-11-03", "time": "06:55", "weight": 168.9}),
        json!({"date": "2026-11-03", "time": "07:00", "bloodSugar": 104.5, "notes": "@SUM(1)"}),
    ];
    for r in &readings {
        assert_eq!(
            app.post("/api/readings", r.clone()).await.status(),
            StatusCode::CREATED
        );
    }
    let res = app
        .client
        .patch(app.url("/api/user/preferences"))
        .json(&json!({"weightUnit": "kg", "bloodSugarUnit": "mmol/L", "timeZone": "Europe/Paris"}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);

    // CSV in the user's units, as a download, formula cells neutralised.
    let (h, csv) = text(&app, "/api/data/readings.csv").await;
    assert!(
        h["content-type"]
            .to_str()
            .expect("ascii")
            .starts_with("text/csv")
    );
    assert!(
        h["content-disposition"]
            .to_str()
            .expect("ascii")
            .starts_with("attachment; filename=\"vitalog-readings-")
    );
    let lines: Vec<&str> = csv.trim_end().split("\r\n").collect();
    assert_eq!(lines.len(), 5, "header and one row per reading: {csv}");
    assert_eq!(
        lines[0],
        "date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes,setting,source,device,flags"
    );
    assert!(
        lines[1].starts_with("2026-11-01,07:05,118,76,61,77.2,kg,5.38,mmol/L,"),
        "{}",
        lines[1]
    );
    assert!(
        lines[1].ends_with("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\",home,manual,,"),
        "{}",
        lines[1]
    );
    assert!(
        lines[4].ends_with(",'@SUM(1),home,manual,,"),
        "{}",
        lines[4]
    );
    let (_, canonical) = text(&app, "/api/data/readings.csv?units=canonical").await;
    assert!(
        canonical.contains("2026-11-01,07:05,118,76,61,170.2,lbs,97,mg/dL,"),
        "{canonical}"
    );
    let res = app.get("/api/data/readings.csv?units=stones").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);

    // FHIR: one Observation per measure, LOINC and UCUM, local offset of the user's zone.
    let (h, fhir) = text(&app, "/api/data/readings.fhir.json").await;
    assert!(
        h["content-type"]
            .to_str()
            .expect("ascii")
            .starts_with("application/fhir+json")
    );
    let bundle: Value = serde_json::from_str(&fhir).expect("json");
    assert_eq!(bundle["resourceType"], "Bundle");
    let entries = bundle["entry"].as_array().expect("entries");
    assert_eq!(
        entries.len(),
        4 + 1 + 1 + 1,
        "bp+hr+weight+sugar, bp, weight, sugar"
    );
    assert_eq!(
        entries[0]["resource"]["code"]["coding"][0]["code"],
        "85354-9"
    );
    assert_eq!(
        entries[0]["resource"]["effectiveDateTime"],
        "2026-11-01T07:05:00+01:00"
    );

    // Account JSON: profile, preferences, subscription, payments, reports' metadata.
    let (_, account) = text(&app, "/api/data/account.json").await;
    let account: Value = serde_json::from_str(&account).expect("json");
    assert_eq!(account["profile"]["username"], "ann");
    assert_eq!(account["preferences"]["timeZone"], "Europe/Paris");
    assert_eq!(account["subscription"]["isActive"], true);
    assert_eq!(account["payments"].as_array().map(Vec::len), Some(1));
    assert_eq!(account["payments"][0]["amount"], "5.00");
    assert_eq!(account["readingsCount"], 4);

    // Importing her own export adds nothing.
    let p = app.preview_csv(&csv).await;
    assert_eq!(
        (p["new"].as_u64(), p["duplicates"].as_u64()),
        (Some(0), Some(4)),
        "{p}"
    );
    assert_eq!(count(&app).await, 4);

    // Bob: preview, then import; the second import adds nothing.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    let res = upload_csv_with(&bob.client, &bob.base, &csv).await;
    assert_eq!(
        res.status(),
        StatusCode::FORBIDDEN,
        "importing records readings: subscription needed"
    );
    assert_eq!(count(&bob).await, 0);
    bob.subscribe().await;
    let preview = bob.preview_csv(&csv).await;
    assert_eq!(
        (preview["new"].as_u64(), preview["skipped"].as_u64()),
        (Some(4), Some(0)),
        "{preview}"
    );
    assert_eq!(count(&bob).await, 0, "a preview stores nothing");
    let id = preview["id"].as_str().expect("id");
    let r = json_of(
        bob.post(&format!("/api/data/imports/{id}/commit"), json!({}))
            .await,
    )
    .await;
    assert_eq!(r["imported"], 4);
    assert_eq!(r["message"], "Imported 4 readings.");
    let again = bob.preview_csv(&csv).await;
    assert_eq!(
        (again["new"].as_u64(), again["duplicates"].as_u64()),
        (Some(0), Some(4))
    );
    let mine = json_of(bob.get("/api/readings").await).await;
    let first = mine
        .as_array()
        .and_then(|a| a.iter().find(|r| r["date"] == "2026-11-01"))
        .expect("imported");
    assert_eq!(
        first["notes"], "=HYPERLINK(\"http://evil.example\",\"x\")",
        "the apostrophe is undone"
    );
    assert!(
        (first["weight"].as_f64().expect("w") - 170.2).abs() < 0.02,
        "{first}"
    );
    assert!(
        (first["bloodSugar"].as_f64().expect("s") - 97.0).abs() < 0.1,
        "{first}"
    );
    // Bob's canonical export equals Ann's up to the kg/mmol rounding: same rows, same order.
    let (_, bob_csv) = text(&bob, "/api/data/readings.csv?units=canonical").await;
    assert_eq!(bob_csv.lines().count(), canonical.lines().count());
}

async fn preview_explains_every_bad_row(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    // Checking a file is real work: like importing it, it needs a subscription.
    let res = upload_csv_with(&app.client, &app.base, "date,time\n").await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(json_of(res).await["message"], "Subscription Required");
    app.subscribe().await;
    let csv = "date,time,systolic,diastolic,heart_rate,weight,weight_unit\n\
               2026-11-20,07:00,251,80,,,\n\
               2026-11-20,25:00,120,80,,,\n\
               2026-11-20,08:00,,,,80,stone\n\
               2026-11-20,09:00,120,80,70,,\n\
               2026-11-20,09:00,120,80,70,,\n";
    let p = app.preview_csv(csv).await;
    let skipped: Vec<(&str, &str)> = p["skippedRows"]
        .as_array()
        .expect("skipped rows")
        .iter()
        .map(|r| {
            (
                r["location"].as_str().unwrap_or(""),
                r["message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(skipped.len(), 4, "{skipped:?}");
    assert_eq!(skipped[0], ("line 2", "Systolic must be less than 250"));
    assert_eq!(skipped[1], ("line 3", "Time must be a real time (HH:MM)"));
    assert_eq!(skipped[2], ("line 4", "Weight unit must be lbs or kg"));
    assert_eq!(skipped[3].0, "line 6", "the same reading twice in one file");
    assert_eq!(p["skippedRows"][3]["reason"], "duplicate");
    assert_eq!(
        (
            p["new"].as_u64(),
            p["duplicates"].as_u64(),
            p["skipped"].as_u64()
        ),
        (Some(1), Some(1), Some(3))
    );

    for (csv, message) in [
        // The imports' own words for an empty file, whatever its format.
        ("", "The file is empty."),
        (
            "2026-11-20,07:00,120,80\n",
            "The first row must name the columns, with at least date and time (as in Vitalog's export).",
        ),
    ] {
        let last = last_event(upload_csv_with(&app.client, &app.base, csv).await).await;
        assert_eq!(last["type"], "error", "{last}");
        assert!(last.to_string().contains(message), "{message} in {last}");
    }
}

async fn exports_need_a_session(b: Backend) {
    let app = TestApp::spawn(b).await;
    for path in [
        "/api/data/readings.csv",
        "/api/data/readings.fhir.json",
        "/api/data/account.json",
        "/api/data/medications.csv",
    ] {
        assert_eq!(
            app.get(path).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
    let res = upload_csv_with(&app.client, &app.base, "date,time\n").await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

/// One account looping previews of 50,000-row files (once ~6 s of a web worker each, and
/// pairwise) must not hold up anyone else: its files are checked one at a time on the
/// import threads, the extra ones answered 429 at once.
async fn one_accounts_import_previews_leave_others_served(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("bob", "bob@example.com").await;
    let bob = app.client.clone();
    let ann = TestApp {
        client: client(),
        ..app
    };
    ann.signed_up("ann", "ann@example.com").await;
    ann.subscribe().await;
    // 50,000 distinct readings at one date and time: the old pairwise check's worst case.
    let mut csv = String::from("date,time,heart_rate,weight\n");
    for i in 0..50_000 {
        let weight = 50.0 + f64::from(i / 180) * 0.05;
        csv.push_str(&format!("2026-11-20,07:00,{},{weight:.2}\n", 40 + i % 180));
    }
    let csv = std::sync::Arc::new(csv);
    let previews: Vec<_> = (0..3)
        .map(|_| {
            let (client, base, csv) = (ann.client.clone(), ann.base.clone(), csv.clone());
            tokio::spawn(async move {
                let res = upload_csv_with(&client, &base, &csv).await;
                let status = res.status();
                let retry = res.headers().contains_key("retry-after");
                let text = res.text().await.expect("body");
                (status, retry, text)
            })
        })
        .collect();
    // A generous bound: the old code kept the worker for minutes (in a debug build).
    let mut served = 0;
    while served < 3 || previews.iter().any(|p| !p.is_finished()) {
        let res = tokio::time::timeout(
            std::time::Duration::from_secs(3),
            bob.get(ann.url("/api/user")).send(),
        )
        .await
        .expect("bob is answered within 3 s while ann's previews run")
        .expect("request");
        assert_eq!(res.status(), StatusCode::OK);
        served += 1;
    }
    let mut checked = 0;
    for p in previews {
        let (status, retry, text) = p.await.expect("join");
        match status {
            StatusCode::OK => {
                let last: Value = text
                    .lines()
                    .last()
                    .and_then(|l| serde_json::from_str(l).ok())
                    .expect("a JSON line");
                assert_eq!(last["preview"]["new"], 50_000, "every row is distinct");
                checked += 1;
            }
            StatusCode::TOO_MANY_REQUESTS => {
                assert!(retry);
                let body: Value = serde_json::from_str(&text).expect("json");
                assert!(body["message"].is_string());
            }
            other => panic!("preview answered {other}"),
        }
    }
    assert!(checked >= 1, "at least one preview was checked");
    assert_eq!(count(&ann).await, 0, "previews store nothing");
}

/// Issue 16: medications and their recorded doses in the CSV, FHIR and account exports,
/// in the user's zone, and only the user's own.
async fn medications_are_exported(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    let res = app
        .client
        .patch(app.url("/api/user/preferences"))
        .json(&json!({"timeZone": "Europe/Paris"}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .post(
            "/api/medications",
            json!({"name": "=Amlodipine", "strength": 5, "unit": "mg", "form": "tablet",
                   "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-03-02",
                   "reason": "Blood pressure", "forBloodPressure": true}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let id = json_of(res).await["id"].as_i64().expect("id");
    let res = app
        .post(
            &format!("/api/medications/{id}/changes"),
            json!({"strength": 10, "unit": "mg", "frequency": "once-daily", "times": ["08:00"],
                   "startDate": "2026-04-01"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    // 2026-03-29 is the first day of summer time in Paris.
    for (date, status, reason) in [
        ("2026-03-28", "taken", None),
        ("2026-03-29", "skipped", Some("Felt dizzy")),
    ] {
        let res = app
            .post(
                &format!("/api/medications/{id}/intakes"),
                json!({"date": date, "time": "08:00", "status": status, "reason": reason}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }

    let (h, csv) = text(&app, "/api/data/medications.csv").await;
    assert!(
        h["content-disposition"]
            .to_str()
            .expect("ascii")
            .starts_with("attachment; filename=\"vitalog-medications-")
    );
    let lines: Vec<&str> = csv.trim_end().split("\r\n").collect();
    assert_eq!(
        lines,
        [
            "record,medication_id,medication,form,reason,strength,unit,frequency,times,start_date,end_date,date,time,status,intake_reason,label",
            &format!(
                "period,{id},'=Amlodipine,tablet,Blood pressure,5,mg,once-daily,08:00,2026-03-02,2026-03-31,,,,,\"5 mg, once a day (08:00)\""
            ),
            &format!(
                "period,{id},'=Amlodipine,tablet,Blood pressure,10,mg,once-daily,08:00,2026-04-01,,,,,,\"10 mg, once a day (08:00)\""
            ),
            &format!(
                "intake,{id},'=Amlodipine,tablet,Blood pressure,5,mg,once-daily,08:00,,,2026-03-28,08:00,taken,,5 mg"
            ),
            &format!(
                "intake,{id},'=Amlodipine,tablet,Blood pressure,5,mg,once-daily,08:00,,,2026-03-29,08:00,skipped,Felt dizzy,5 mg"
            ),
        ]
    );

    let (_, fhir) = text(&app, "/api/data/readings.fhir.json").await;
    let bundle: Value = serde_json::from_str(&fhir).expect("json");
    let entries = bundle["entry"].as_array().expect("entries");
    assert_eq!(bundle["total"], entries.len());
    let of = |kind: &str| -> Vec<Value> {
        entries
            .iter()
            .map(|e| e["resource"].clone())
            .filter(|r| r["resourceType"] == kind)
            .collect()
    };
    let statements = of("MedicationStatement");
    assert_eq!(statements.len(), 2, "one per dose period");
    assert_eq!(statements[0]["status"], "completed");
    assert_eq!(
        statements[0]["medicationCodeableConcept"]["text"],
        "=Amlodipine"
    );
    assert_eq!(
        statements[0]["effectivePeriod"],
        json!({"start": "2026-03-02", "end": "2026-03-31"})
    );
    assert_eq!(statements[0]["reasonCode"][0]["text"], "Blood pressure");
    assert_eq!(statements[1]["status"], "active");
    let given = of("MedicationAdministration");
    assert_eq!(given.len(), 2, "one per recorded dose");
    assert_eq!(given[0]["status"], "completed");
    assert_eq!(given[0]["effectiveDateTime"], "2026-03-28T08:00:00+01:00");
    assert_eq!(given[1]["status"], "not-done");
    assert_eq!(given[1]["statusReason"][0]["text"], "Felt dizzy");
    assert_eq!(given[1]["effectiveDateTime"], "2026-03-29T08:00:00+02:00");

    let (_, account) = text(&app, "/api/data/account.json").await;
    let account: Value = serde_json::from_str(&account).expect("json");
    let meds = account["medications"].as_array().expect("medications");
    assert_eq!(meds.len(), 1);
    assert_eq!(
        meds[0]["name"], "=Amlodipine",
        "JSON keeps the name as typed"
    );
    assert_eq!(meds[0]["periods"].as_array().map(Vec::len), Some(2));
    assert_eq!(meds[0]["forBloodPressure"], true);
    assert_eq!(meds[0]["periods"][1]["endDate"], Value::Null);
    let intakes = account["medicationIntakes"].as_array().expect("intakes");
    assert_eq!(intakes.len(), 2);
    assert_eq!(intakes[1]["medicationId"], id);
    assert_eq!(intakes[1]["status"], "skipped");

    // Bob's exports hold nothing of Ann's.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    let (_, csv) = text(&bob, "/api/data/medications.csv").await;
    assert_eq!(csv.trim_end().lines().count(), 1, "the header alone: {csv}");
    let (_, account) = text(&bob, "/api/data/account.json").await;
    let account: Value = serde_json::from_str(&account).expect("json");
    assert_eq!(account["medications"], json!([]));
    assert_eq!(account["medicationIntakes"], json!([]));
    let (_, fhir) = text(&bob, "/api/data/readings.fhir.json").await;
    assert!(!fhir.contains("Medication"), "{fhir}");
}

/// An export's file name carries the person's date, not the server's: at 12:00 UTC on the
/// 22nd it is already the 23rd in Kiritimati (UTC+14).
async fn export_file_names_carry_the_persons_date(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.set_time_zone("Pacific/Kiritimati").await;
    app.clock.set(
        chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2026, 11, 22, 12, 0, 0)
            .single()
            .expect("t"),
    );
    for (path, name) in [
        ("/api/data/readings.csv", "vitalog-readings-2026-11-23.csv"),
        (
            "/api/data/readings.csv?units=canonical",
            "vitalog-readings-2026-11-23.csv",
        ),
        (
            "/api/data/medications.csv",
            "vitalog-medications-2026-11-23.csv",
        ),
        (
            "/api/data/readings.fhir.json",
            "vitalog-readings-fhir-2026-11-23.json",
        ),
        ("/api/data/account.json", "vitalog-account-2026-11-23.json"),
    ] {
        let (h, _) = text(&app, path).await;
        assert_eq!(
            h["content-disposition"].to_str().expect("ascii"),
            format!("attachment; filename=\"{name}\""),
            "{path}"
        );
    }
}

on_both_backends!(
    export_file_names_carry_the_persons_date,
    medications_are_exported,
    round_trip,
    preview_explains_every_bad_row,
    exports_need_a_session,
    one_accounts_import_previews_leave_others_served,
);
