//! The security suite over HTTP on both backends: every `{id}` route the API documents is
//! a 404 for another user; fields a client must not set are ignored; hostile bodies (too
//! large, broken JSON, wrong content type, control characters) get a clear 4xx and store
//! nothing.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

async fn readings_count(app: &TestApp) -> usize {
    json_of(app.get("/api/readings").await)
        .await
        .as_array()
        .map_or(0, Vec::len)
}

async fn every_id_route_is_404_for_another_user(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    let reading = json_of(
        app.post(
            "/api/readings",
            json!({"date": "2026-11-20", "time": "07:00", "heartRate": 60}),
        )
        .await,
    )
    .await["id"]
        .as_i64()
        .expect("reading");
    let report = json_of(
        app.post(
            "/api/reports",
            json!({"type": "bp", "dateStart": "2026-11-01", "dateEnd": "2026-11-20"}),
        )
        .await,
    )
    .await["id"]
        .as_i64()
        .expect("report");
    let session = json_of(
        app.post(
            "/api/bp-sessions",
            json!({"date": "2026-11-20", "time": "07:00", "readings": [
                {"systolic": 120, "diastolic": 80}, {"systolic": 122, "diastolic": 80}]}),
        )
        .await,
    )
    .await["id"]
        .as_i64()
        .expect("session");
    let medication = json_of(
        app.post(
            "/api/medications",
            json!({"name": "Amlodipine", "strength": 5, "unit": "mg", "form": "tablet",
                   "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-11-01"}),
        )
        .await,
    )
    .await["id"]
        .as_i64()
        .expect("medication");
    let dose = json_of(
        app.post(
            "/api/medications/doses",
            json!({"date": "2026-11-20", "status": "taken"}),
        )
        .await,
    )
    .await["doses"][0]["intakeId"]
        .as_i64()
        .expect("intake");
    let share = json_of(
        app.post(
            "/api/shares",
            json!({"label": "Dr Lee", "shownName": "Ann", "periodKind": "rolling", "days": 30,
                   "lifetimeDays": 7}),
        )
        .await,
    )
    .await["share"]["id"]
        .as_i64()
        .expect("share");
    let lines = app
        .client
        .post(app.url("/api/data/imports?format=auto&name=v.csv"))
        .body("date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes\n2026-11-19,07:00,120,80,,,,,,\n")
        .send()
        .await
        .expect("import")
        .text()
        .await
        .expect("body");
    let draft: Value = serde_json::from_str(lines.lines().last().expect("a line")).expect("json");
    let draft = draft["preview"]["id"].as_str().expect("draft").to_owned();
    let doc = json_of(app.get("/api/openapi.json").await).await;
    // A paired cuff (issue 39): its id is the browser's, a key within each person's cuffs.
    let res = app
        .put("/api/cuffs/anns-cuff", json!({"name": "Ann's cuff"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let ann_session = json_of(app.get("/api/sessions").await).await["sessions"][0]["id"]
        .as_str()
        .expect("ann's session")
        .to_owned();

    // Passkeys need a name for the origin (this server is on an IP address): Ann's is
    // stored as a registration would store it.
    execute_sql(
        &app.db_url,
        "INSERT INTO passkeys (user_id, credential_id, user_handle, name, credential, \
         created_at) SELECT id, 'cred', 'handle', 'Phone', '{}', CURRENT_TIMESTAMP \
         FROM users WHERE username = 'ann'",
    )
    .await;
    let passkey = json_of(app.get("/api/passkeys").await).await["passkeys"][0]["id"]
        .as_i64()
        .expect("ann's passkey");

    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    bob.subscribe().await;
    let mut tried = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        if !path.contains("{id}") {
            continue;
        }
        let id = if path.starts_with("/api/readings/") {
            reading.to_string()
        } else if path.starts_with("/api/reports/") {
            report.to_string()
        } else if path.starts_with("/api/bp-sessions/") {
            session.to_string()
        } else if path.starts_with("/api/medications/") {
            medication.to_string()
        } else if path.starts_with("/api/shares/") {
            share.to_string()
        } else if path.starts_with("/api/data/imports/") {
            draft.clone()
        } else if path.starts_with("/api/sessions/") {
            ann_session.clone()
        } else if path.starts_with("/api/passkeys/") {
            passkey.to_string()
        } else if path.starts_with("/api/cuffs/") {
            "anns-cuff".to_owned()
        } else {
            panic!("a new {{id}} route, {path}: add its owner's id here");
        };
        let url = bob.url(
            &path
                .replace("{id}", &id)
                .replace("{intake}", &dose.to_string()),
        );
        for method in ["get", "patch", "put", "delete", "post"] {
            if item.get(method).is_none() {
                continue;
            }
            let req = match method {
                "get" => bob.client.get(&url),
                "patch" => bob
                    .client
                    .patch(&url)
                    .json(&json!({"heartRate": 99, "notes": "bob", "name": "bob"})),
                "put" => bob.client.put(&url).json(&json!({})),
                "delete" => bob.client.delete(&url),
                // Bob's own password: a removal that needs one is tried with it.
                _ => bob.client.post(&url).json(&json!({ "password": PASSWORD })),
            };
            let res = req.send().await.expect("request");
            if path.starts_with("/api/cuffs/") && method == "put" {
                // Putting a cuff remembers one of Bob's own under that id: Ann's is
                // untouched (checked below, after the delete found nothing of Bob's).
                assert_eq!(res.status(), StatusCode::OK, "{method} {path}");
                let theirs = json_of(bob.get("/api/cuffs").await).await;
                assert_eq!(theirs.as_array().map(Vec::len), Some(1), "{theirs}");
                bob.delete("/api/cuffs/anns-cuff").await;
                tried += 1;
                continue;
            }
            assert_eq!(res.status(), StatusCode::NOT_FOUND, "{method} {path}");
            tried += 1;
        }
    }
    assert!(tried >= 12, "the document lists the id routes: {tried}");
    // Ann's data is untouched.
    let ann = client();
    assert_eq!(
        bob.login(&ann, "ann", PASSWORD).await.status(),
        StatusCode::OK
    );
    let r: Value = ann
        .get(bob.url(&format!("/api/readings/{reading}")))
        .send()
        .await
        .expect("req")
        .json()
        .await
        .expect("json");
    assert_eq!(r["heartRate"], 60);
    let cuffs: Value = ann
        .get(bob.url("/api/cuffs"))
        .send()
        .await
        .expect("req")
        .json()
        .await
        .expect("json");
    assert_eq!(
        cuffs[0]["name"], "Ann's cuff",
        "Ann's cuff is hers, unchanged"
    );
    let res = ann
        .post(bob.url(&format!("/api/data/imports/{draft}/commit")))
        .send()
        .await
        .expect("req");
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "Ann's draft is still hers to import"
    );
    let res = ann
        .get(bob.url(&format!("/api/reports/{report}/view")))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let s: Value = ann
        .get(bob.url(&format!("/api/readings/{session}")))
        .send()
        .await
        .expect("req")
        .json()
        .await
        .expect("json");
    assert_eq!(s["session"]["period"], "morning");
    let d: Value = ann
        .get(bob.url("/api/medications/doses?date=2026-11-20"))
        .send()
        .await
        .expect("req")
        .json()
        .await
        .expect("json");
    assert_eq!(d["doses"][0]["status"], "taken", "Ann's dose is kept");
    assert_eq!(d["doses"][0]["name"], "Amlodipine");
    let shares: Value = ann
        .get(bob.url("/api/shares"))
        .send()
        .await
        .expect("req")
        .json()
        .await
        .expect("json");
    assert_eq!(
        shares[0]["status"], "active",
        "Ann's share is not withdrawn"
    );
}

async fn fields_a_client_must_not_set_are_ignored(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let before = json_of(app.get("/api/user").await).await;
    let res = app
        .client
        .patch(app.url("/api/user"))
        .json(
            &json!({"firstName": "Ann", "id": 999, "username": "root", "emailVerified": false,
                      "passwordHash": "x", "isAdmin": true, "createdAt": "2000-01-01"}),
        )
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    let after = json_of(app.get("/api/user").await).await;
    assert_eq!(after["firstName"], "Ann");
    assert_eq!(after["id"], before["id"]);
    assert_eq!(after["username"], "ann");
    assert_eq!(
        app.login(&client(), "ann", PASSWORD).await.status(),
        StatusCode::OK,
        "password and verification kept"
    );
    // The client's price and subscription claims are recorded, never believed.
    let res = app
        .post(
            "/api/subscription/activate",
            json!({"paymentMethod": "paypal", "amount": "0.01", "transactionId": "not-an-order", "paymentDetails": {"status": "COMPLETED"}}),
        )
        .await;
    assert!(res.status().is_client_error(), "{}", res.status());
    assert_eq!(
        json_of(app.get("/api/user/subscription").await).await["isActive"],
        false
    );
}

async fn hostile_bodies_get_a_clear_4xx_and_store_nothing(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    let url = app.url("/api/readings");
    let send = |body: String, content_type: &'static str| {
        app.client
            .post(&url)
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let big = json!({"date": "2026-11-20", "time": "07:00", "heartRate": 60, "notes": "x".repeat(200_000)}).to_string();
    let cases = [
        (big, "application/json"),
        ("{\"date\": \"2026-11-20\",".to_owned(), "application/json"),
        (
            "date=2026-11-20&time=07:00&heartRate=60".to_owned(),
            "application/x-www-form-urlencoded",
        ),
        ("<reading/>".to_owned(), "application/xml"),
        ("[1,2,3]".to_owned(), "application/json"),
        (
            "{\"date\": \"2026-11-20\", \"time\": \"07:00\", \"heartRate\": \"sixty\"}".to_owned(),
            "application/json",
        ),
    ];
    for (body, ct) in cases {
        let shown = body.chars().take(40).collect::<String>();
        let res = send(body, ct).await.expect("request");
        let status = res.status();
        assert!(status.is_client_error(), "{ct} {shown:?}: {status}");
        let answer: Value = res
            .json()
            .await
            .unwrap_or_else(|_| panic!("{ct} {shown:?}: a JSON answer"));
        assert!(answer["message"].is_string(), "{answer}");
    }
    assert_eq!(readings_count(&app).await, 0, "nothing stored");

    // Control characters and unusual unicode in every text field: refused or kept exactly,
    // never a server error.
    for text in [
        "nul\u{0}byte",
        "bell\u{7}",
        "rtl \u{202e}evil",
        "emoji 🩺 ✓",
        "line\r\nbreak",
        "\u{feff}bom",
    ] {
        let res = app
            .post(
                "/api/readings",
                json!({"date": "2026-11-20", "time": "07:00", "heartRate": 60, "notes": text}),
            )
            .await;
        let status = res.status();
        assert!(
            status == StatusCode::CREATED || status == StatusCode::BAD_REQUEST,
            "{text:?}: {status}"
        );
        let res = app
            .client
            .patch(app.url("/api/user"))
            .json(&json!({"firstName": text, "lastName": text}))
            .send()
            .await
            .expect("req");
        assert!(
            !res.status().is_server_error(),
            "{text:?}: {}",
            res.status()
        );
        let res = app
            .post("/api/reports", json!({"name": text, "type": "bp", "dateStart": "2026-11-01", "dateEnd": "2026-11-20"}))
            .await;
        assert!(
            !res.status().is_server_error(),
            "report name {text:?}: {}",
            res.status()
        );
    }
    // NUL in notes is refused at the edge, naming the field (PostgreSQL cannot store it).
    let res = app
        .post(
            "/api/readings",
            json!({"date": "2026-11-20", "time": "07:00", "heartRate": 60, "notes": "a\u{0}b"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["notes"],
        "Remove the control characters from this text"
    );
    let report = json_of(app.get("/api/reports").await).await[0]["id"]
        .as_i64()
        .expect("a report");
    let res = app
        .post("/api/reports/email", json!({"reportId": report, "email": "dr@example.com", "subject": "Report", "message": "hi\u{0}"}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["message"],
        "Remove the control characters from this text"
    );
}

/// Every kind of text input: the query string, JSON bodies (login included, before any
/// account is looked up) and form posts. A NUL was a 500 on PostgreSQL.
async fn control_characters_are_refused_at_the_edge_everywhere(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    let refused = |field: &'static str| {
        move |answer: Value| {
            assert_eq!(
                answer["errors"][field], "Remove the control characters from this text",
                "{answer}"
            );
        }
    };
    for query in ["q=%00", "q=tea%07", "from=2026-11-01%1B", "q=a%0Ab"] {
        let res = app.get(&format!("/api/readings?{query}")).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{query}");
        let field = query.split('=').next().unwrap_or_default();
        assert_eq!(
            json_of(res).await["errors"][field],
            "Remove the control characters from this text",
            "{query}"
        );
    }
    // A path with a control character names nothing: a JSON 404, whatever the route's own
    // 400 would look like (a token check answers {valid, message}).
    for path in ["/api/password-reset/verify/a%00b", "/api/readings/1%07"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(json_of(res).await["message"], "Not found", "{path}");
    }
    let anon = client();
    let res = post_with(
        &anon,
        &app.url("/api/login"),
        json!({"username": "a\u{0}b", "password": "Secret-pass1"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    refused("username")(json_of(res).await);
    let res = anon
        .post(app.url("/api/login"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("username=a%00b&password=x&redirect=%2F")
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    refused("username")(json_of(res).await);
    let res = post_with(
        &anon,
        &app.url("/api/register"),
        json!({"username": "zed", "password": "Secret-pass1", "email": "z@example.com",
               "firstName": "Z\u{0}", "lastName": "Y"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    refused("firstName")(json_of(res).await);
    // Text people type on several lines keeps its line breaks.
    let res = app
        .post(
            "/api/readings",
            json!({"date": "2026-11-20", "time": "07:00", "heartRate": 60, "notes": "a\r\n\tb"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert_eq!(readings_count(&app).await, 1, "only the clean one stored");
}

/// A body over a route's limit is a JSON 413 on every route that takes one, whatever it
/// reads the body with (login, register and logout read raw bytes for their form posts).
async fn every_body_limit_answers_json(b: Backend) {
    // The import upload's limit is configured (500 MiB by default): 1 MiB here.
    let app = TestApp::spawn_with(b, |c| c.import_max_mb = 1).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    let doc = json_of(app.get("/api/openapi.json").await).await;
    let mut tried = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("item") {
            if op.get("requestBody").is_none() {
                continue;
            }
            let limit = if path == "/api/data/imports" {
                1024 * 1024
            } else {
                64 * 1024
            };
            let body = json!({ "x": "a".repeat(limit) }).to_string();
            let url = app.url(&path.replace("{id}", "1").replace("{token}", "t"));
            let method =
                reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
            let res = app
                .client
                .request(method.clone(), &url)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .expect("request");
            assert_eq!(
                res.status(),
                StatusCode::PAYLOAD_TOO_LARGE,
                "{method} {path}"
            );
            let answer: Value = res
                .json()
                .await
                .unwrap_or_else(|_| panic!("{method} {path}: a JSON answer"));
            assert!(answer["message"].is_string(), "{method} {path}: {answer}");
            tried.push(path.as_str());
        }
    }
    for path in [
        "/api/login",
        "/api/register",
        "/api/logout",
        "/api/data/imports",
        "/api/readings/{id}",
    ] {
        assert!(tried.contains(&path), "{path} tried: {tried:?}");
    }
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::OK,
        "logout and deletion did not run"
    );
}

on_both_backends!(
    every_id_route_is_404_for_another_user,
    fields_a_client_must_not_set_are_ignored,
    hostile_bodies_get_a_clear_4xx_and_store_nothing,
    control_characters_are_refused_at_the_edge_everywhere,
    every_body_limit_answers_json,
);
