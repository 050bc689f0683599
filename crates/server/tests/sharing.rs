//! Sharing with a clinician over HTTP on both backends (issue 17): a link's whole life
//! (made, opened by a stranger, logged, withdrawn), expiry, access codes and their limits,
//! ownership, guessed tokens and the headers a shared record is served with. The server's
//! clock is pinned.

#![allow(clippy::expect_used)]

mod common;

use std::time::{Duration, Instant};

use common::guided::*;
use common::sharing::*;
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

const GONE: &str =
    "This link is no longer available. It may have expired or been withdrawn; ask for a new one.";

async fn shares(app: &TestApp) -> Value {
    let res = app.get("/api/shares").await;
    assert_eq!(res.status(), StatusCode::OK);
    json_of(res).await
}

async fn a_link_from_creation_to_withdrawal(b: Backend) {
    let app = subscriber(b, "2026-11-25T15:00:00Z").await;
    reading(
        &app,
        "2026-11-20",
        "08:00",
        json!({"systolic": 150, "diastolic": 95, "heartRate": 72, "weight": 180, "notes": "after coffee"}),
    )
    .await;
    let evening = reading(
        &app,
        "2026-11-21",
        "19:30",
        json!({"systolic": 130, "diastolic": 85, "heartRate": 64}),
    )
    .await;
    // Outside the last 30 days.
    reading(
        &app,
        "2026-10-01",
        "08:00",
        json!({"systolic": 190, "diastolic": 100}),
    )
    .await;
    let (share, token) = create(&app, json!({})).await;
    assert_eq!(share["status"], "active");
    assert_eq!(share["opened"], 0);
    assert_eq!(share["hasAccessCode"], false);
    assert_eq!(share["expiresAt"], "2026-12-02T15:00:00Z");
    assert_eq!(
        share["periodText"],
        "The last 30 days, as of the day it is opened"
    );
    let id = share["id"].as_i64().expect("id");

    let doctor = stranger();
    let res = open(&app, &doctor, &token).await;
    assert_eq!(res.status(), StatusCode::OK);
    let h = res.headers();
    assert_eq!(h["x-robots-tag"], "noindex, nofollow");
    assert_eq!(h["cache-control"], "no-store");
    assert_eq!(h["referrer-policy"], "no-referrer");
    let view = json_of(res).await;
    // The page the link opens is not for search engines either, and names no referrer.
    let page = doctor
        .get(app.url(&format!("/s/{token}")))
        .send()
        .await
        .expect("page");
    assert_eq!(page.headers()["x-robots-tag"], "noindex, nofollow");
    assert_eq!(page.headers()["referrer-policy"], "no-referrer");
    assert_eq!(view["shownName"], "Ann Smith");
    assert!(
        view.get("label").is_none(),
        "the owner's own label stays theirs"
    );
    assert_eq!(view["from"], "2026-10-27");
    assert_eq!(view["to"], "2026-11-25");
    assert_eq!(view["expiresAt"], "2026-12-02T15:00:00Z");
    let s = &view["summary"];
    assert_eq!(s["readings"], 2);
    assert_eq!(s["systolic"]["average"], 140.0);
    assert_eq!(s["systolic"]["min"], 130.0);
    assert_eq!(s["systolic"]["max"], 150.0);
    assert_eq!(s["heartRate"]["average"], 68.0);
    assert_eq!(s["weight"], Value::Null, "weight is not shared");
    assert_eq!(s["morning"]["systolic"], 150.0);
    assert_eq!(s["evening"]["systolic"], 130.0);
    let count = |code: &str| {
        s["categories"]
            .as_array()
            .expect("categories")
            .iter()
            .find(|c| c["category"] == code)
            .map(|c| c["count"].clone())
    };
    assert_eq!(count("stage-2"), Some(json!(1)), "150/95");
    assert_eq!(count("stage-1"), Some(json!(1)), "130/85");
    assert_eq!(count("normal"), Some(json!(0)), "every category, zeros too");
    assert_eq!(s["categories"].as_array().map(Vec::len), Some(5));
    let rows = view["readings"].as_array().expect("readings");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["date"], "2026-11-20");
    assert_eq!(rows[0]["weight"], Value::Null);
    assert_eq!(rows[0]["notes"], Value::Null, "notes are not shared");
    assert_eq!(rows[0]["bpCategory"]["code"], "stage-2");
    assert_eq!(rows[0]["bpCategory"]["guidelineName"], "ACC/AHA 2025");
    assert_eq!(view["guideline"], "acc-aha-2025");
    assert_eq!(view["medications"], Value::Null);

    // The owner sees the visit.
    let listed = shares(&app).await;
    assert_eq!(listed[0]["opened"], 1);
    assert_eq!(listed[0]["lastOpenedAt"], "2026-11-25T15:00:00Z");
    let pdf = doctor
        .get(app.url(&format!("/api/shared/{token}/report.pdf")))
        .send()
        .await
        .expect("pdf");
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let bytes = pdf.bytes().await.expect("bytes");
    assert!(bytes.starts_with(b"%PDF"));
    // The PDF says what the owner left out, and has no column for it.
    let text = pdf_text(&bytes);
    for shown in [
        "This person chose not to share their weight, blood sugar, notes and medications.",
        "Date Time BP (mmHg) Category HR 11/20/2026",
        "Morning (4:00 AM to 11:59 AM) 1 readings",
        "Evening (12:00 PM to 3:59 AM) 1 readings",
    ] {
        assert!(text.contains(shown), "missing {shown:?} in {text}");
    }
    assert!(!text.contains("after coffee"), "notes are not shared");
    let log = json_of(app.get(&format!("/api/shares/{id}/accesses")).await).await;
    assert_eq!(
        log,
        json!([
            {"at": "2026-11-25T15:00:00Z", "kind": "pdf", "browser": "Chrome on Android"},
            {"at": "2026-11-25T15:00:00Z", "kind": "view", "browser": "Chrome on Android"},
        ])
    );
    assert_eq!(shares(&app).await[0]["opened"], 1, "a PDF is not a view");

    // A share is a view, not a copy: a deleted reading is gone from it at once.
    let res = send(
        &app,
        Method::DELETE,
        &format!("/api/readings/{evening}"),
        json!({}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let view = json_of(open(&app, &doctor, &token).await).await;
    assert_eq!(view["summary"]["readings"], 1);

    // Withdrawn: the link answers at once that it is no longer available.
    let res = app
        .post(&format!("/api/shares/{id}/revoke"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["status"], "revoked");
    let res = open(&app, &doctor, &token).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(json_of(res).await["message"], GONE);
    let pdf = doctor
        .get(app.url(&format!("/api/shared/{token}/report.pdf")))
        .send()
        .await
        .expect("pdf");
    assert_eq!(pdf.status(), StatusCode::NOT_FOUND);
    // The withdrawn share stays listed with its log until deleted.
    assert_eq!(shares(&app).await[0]["status"], "revoked");
    let res = send(
        &app,
        Method::DELETE,
        &format!("/api/shares/{id}"),
        json!({}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(shares(&app).await, json!([]));
    app.stop().await;
}

async fn links_expire_on_the_server(b: Backend) {
    let app = subscriber(b, "2026-11-25T15:00:00Z").await;
    let (_, token) = create(&app, json!({"lifetimeDays": 1})).await;
    let doctor = stranger();
    app.clock.set(at("2026-11-26T14:59:59Z"));
    assert_eq!(open(&app, &doctor, &token).await.status(), StatusCode::OK);
    app.clock.set(at("2026-11-26T15:00:00Z"));
    let res = open(&app, &doctor, &token).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(json_of(res).await["message"], GONE);
    move_to(&app, "2026-11-26T15:00:00Z").await;
    assert_eq!(shares(&app).await[0]["status"], "expired");
    app.stop().await;
}

async fn access_codes_unlock_one_browser_and_wrong_ones_are_limited(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.trusted_proxies = 1).await;
    app.clock.set(at("2026-11-25T15:00:00Z"));
    app.signed_up("ann", "ann@example.com").await;
    let (share, token) = create(&app, json!({"accessCode": "Patel-2026"})).await;
    assert_eq!(share["hasAccessCode"], true);
    let doctor = stranger();
    let res = open(&app, &doctor, &token).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let body = json_of(res).await;
    assert_eq!(body["codeRequired"], true);
    assert_eq!(
        body["message"],
        "This record is protected. Enter the access code you were given."
    );
    let res = unlock(&app, &doctor, &token, "patel-2026", "198.51.100.1").await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        json_of(res).await["errors"]["code"],
        "That access code is not right."
    );
    let res = unlock(&app, &doctor, &token, "Patel-2026", "198.51.100.1").await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert_eq!(open(&app, &doctor, &token).await.status(), StatusCode::OK);
    // The code unlocks this browser only.
    assert_eq!(
        open(&app, &stranger(), &token).await.status(),
        StatusCode::UNAUTHORIZED
    );
    // Nor does it unlock another share of the same owner.
    let (_, other) = create(&app, json!({"accessCode": "Other-code"})).await;
    assert_eq!(
        open(&app, &doctor, &other).await.status(),
        StatusCode::UNAUTHORIZED
    );

    // Wrong codes on one link from many addresses: limited per link (10 an hour, the
    // first wrong code above included), for the addresses that guessed wrong on it.
    let guesser = stranger();
    for i in 0..9 {
        let res = unlock(
            &app,
            &guesser,
            &token,
            &format!("guess-{i}"),
            &format!("203.0.113.{i}"),
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "guess {i}");
    }
    let res = unlock(&app, &guesser, &token, "Patel-2026", "203.0.113.3").await;
    assert_eq!(
        res.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "a guesser is refused before its code is checked, right or not"
    );
    assert!(res.headers().contains_key("retry-after"));
    // A browser that was not wrong on the link gets in with the right code...
    let clinician = stranger();
    let res = unlock(&app, &clinician, &token, "Patel-2026", "203.0.113.98").await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT, "the right code");
    assert_eq!(
        open(&app, &clinician, &token).await.status(),
        StatusCode::OK
    );
    // ...and a fresh address has one try, then it is a guesser too.
    let res = unlock(&app, &guesser, &token, "guess-x", "203.0.113.99").await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = unlock(&app, &guesser, &token, "guess-y", "203.0.113.99").await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    // From one address over many links: limited per address (10 in 15 minutes).
    let (_, third) = create(&app, json!({"accessCode": "Third-code"})).await;
    let mut refused = None;
    for i in 0..12 {
        let t = if i % 2 == 0 { &other } else { &third };
        let res = unlock(&app, &guesser, t, "nope-nope", "192.0.2.7").await;
        if res.status() == StatusCode::TOO_MANY_REQUESTS {
            refused = Some(i);
            break;
        }
    }
    assert_eq!(refused, Some(10), "the address's 11th try is refused");
    app.stop().await;
}

async fn another_users_share_is_not_theirs_to_manage(b: Backend) {
    let app = subscriber(b, "2026-11-25T15:00:00Z").await;
    let (share, token) = create(&app, json!({})).await;
    let id = share["id"].as_i64().expect("id");
    // The same server, signed in as Bob.
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    for (method, path) in [
        (Method::GET, format!("/api/shares/{id}/accesses")),
        (Method::POST, format!("/api/shares/{id}/revoke")),
        (Method::DELETE, format!("/api/shares/{id}")),
    ] {
        let res = send(&bob, method.clone(), &path, json!({})).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{method} {path}");
    }
    assert_eq!(shares(&bob).await, json!([]));
    // Ann's share still answers.
    let doctor = stranger();
    assert_eq!(open(&bob, &doctor, &token).await.status(), StatusCode::OK);
    // A visitor's token opens nothing of the account.
    for path in [
        "/api/readings",
        "/api/shares",
        "/api/medications",
        "/api/reports",
    ] {
        let res = doctor.get(bob.url(path)).send().await.expect("request");
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    bob.stop().await;
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

async fn guessed_tokens_learn_nothing(b: Backend) {
    let app = subscriber(b, "2026-11-25T15:00:00Z").await;
    let (share, revoked) = create(&app, json!({})).await;
    let id = share["id"].as_i64().expect("id");
    assert_eq!(
        app.post(&format!("/api/shares/{id}/revoke"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );
    let doctor = stranger();
    let mut unknown_times = Vec::new();
    let mut revoked_times = Vec::new();
    // Interleaved, so load on the machine weighs on both alike.
    for i in 0..40 {
        let guess = format!("{:0>43}", format!("guess{i}"));
        for (token, times) in [(&guess, &mut unknown_times), (&revoked, &mut revoked_times)] {
            let start = Instant::now();
            let res = open(&app, &doctor, token).await;
            times.push(start.elapsed());
            assert_eq!(res.status(), StatusCode::NOT_FOUND);
            assert_eq!(json_of(res).await["message"], GONE, "alike");
        }
    }
    for shape in ["x", "a%2F..%2Fuser", &"a".repeat(44)] {
        let res = open(&app, &doctor, shape).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{shape}");
    }
    let (u, r) = (median(unknown_times), median(revoked_times));
    let gap = u.abs_diff(r);
    // The two paths do the same work (a hash and one indexed look-up); a code check or any
    // work on one side only would show as tens of milliseconds.
    assert!(
        gap < Duration::from_millis(8),
        "unknown {u:?} vs revoked {r:?}"
    );
    app.stop().await;
}

async fn the_form_is_checked_and_emailing_is_for_subscribers(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.clock.set(at("2026-11-25T15:00:00Z"));
    app.signed_up("ann", "ann@example.com").await;
    let res = app
        .post(
            "/api/shares",
            json!({"label": "", "periodKind": "since", "from": "2026-12-01", "lifetimeDays": 2}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let errors = json_of(res).await["errors"].clone();
    assert_eq!(errors["label"], "Give the share a name you will recognise");
    assert_eq!(
        errors["shownName"],
        "Enter the name your clinician will see"
    );
    assert_eq!(errors["from"], "The first day cannot be in the future");
    assert_eq!(
        errors["lifetimeDays"],
        "Choose how long the link works: 1, 7, 30 or 90 days"
    );
    assert_eq!(shares(&app).await, json!([]), "nothing stored");
    let res = app
        .post(
            "/api/shares",
            share_body(json!({"email": "dr.patel@clinic.example"})),
        )
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(shares(&app).await, json!([]), "nothing stored");

    app.subscribe().await;
    let (share, token) = create(
        &app,
        json!({"email": "dr.patel@clinic.example", "accessCode": "Patel-2026"}),
    )
    .await;
    assert_eq!(share["emailedTo"], "dr.patel@clinic.example");
    let mail = app
        .email(
            "dr.patel@clinic.example",
            "Ann Smith shared their health record",
        )
        .await;
    let link = mail
        .link(&format!("{}/s/", app.base))
        .expect("the link in the email");
    assert!(link.ends_with(&token), "{link}");
    assert!(
        mail.decoded().contains("access code"),
        "the code is mentioned, never sent"
    );
    assert!(!mail.decoded().contains("Patel-2026"));

    // At most 20 active shares.
    for _ in 1..20 {
        create(&app, json!({})).await;
    }
    let res = app.post("/api/shares", share_body(json!({}))).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    app.stop().await;
}

async fn deleting_the_account_ends_its_links(b: Backend) {
    let app = subscriber(b, "2026-11-25T15:00:00Z").await;
    let (_, token) = create(&app, json!({})).await;
    let doctor = stranger();
    assert_eq!(open(&app, &doctor, &token).await.status(), StatusCode::OK);
    let res = app
        .post("/api/user/delete", json!({ "password": PASSWORD }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        open(&app, &doctor, &token).await.status(),
        StatusCode::NOT_FOUND
    );
    app.stop().await;
}

/// Each PDF is drawn in the owner's one report slot: a link's PDFs are limited per link,
/// from all addresses together, so whoever holds the link cannot keep the owner's own
/// reports (and the server's few render threads) busy.
async fn a_links_pdfs_are_limited_per_link(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.trusted_proxies = 1).await;
    app.clock.set(at("2026-11-25T15:00:00Z"));
    app.signed_up("ann", "ann@example.com").await;
    let (_, token) = create(&app, json!({})).await;
    let (_, other) = create(&app, json!({})).await;
    let visitor = stranger();
    let pdf = |token: &str, from: String| {
        visitor
            .get(app.url(&format!("/api/shared/{token}/report.pdf")))
            .header("x-forwarded-for", from)
            .send()
    };
    for i in 0..10 {
        let res = pdf(&token, format!("203.0.113.{i}")).await.expect("pdf");
        assert_eq!(res.status(), StatusCode::OK, "PDF {i}");
    }
    let res = pdf(&token, "203.0.113.99".into()).await.expect("pdf");
    assert_eq!(
        res.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "the link's 11th"
    );
    assert!(res.headers().contains_key("retry-after"));
    // The view and the owner's other links are not held up.
    assert_eq!(open(&app, &visitor, &token).await.status(), StatusCode::OK);
    let res = pdf(&other, "203.0.113.99".into()).await.expect("pdf");
    assert_eq!(res.status(), StatusCode::OK);
    app.stop().await;
}

/// Issue 37: the clinician's view answers in canonical units (lbs, mg/dL) like every other
/// JSON API, with the owner's units beside them for the page to show them in.
async fn a_links_view_answers_in_canonical_units(b: Backend) {
    let app = subscriber(b, "2026-11-25T15:00:00Z").await;
    let res = app
        .client
        .patch(app.url("/api/user/preferences"))
        .json(&json!({"weightUnit": "kg", "bloodSugarUnit": "mmol/L"}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);
    reading(
        &app,
        "2026-11-20",
        "08:00",
        // The API takes canonical units: 80.0 kg and 5.5 mmol/L.
        json!({"systolic": 120, "diastolic": 80, "weight": 176.37, "bloodSugar": 99.09}),
    )
    .await;
    let (_, token) = create(
        &app,
        json!({"includeWeight": true, "includeBloodSugar": true}),
    )
    .await;
    let view = json_of(open(&app, &stranger(), &token).await).await;
    assert_eq!(
        (&view["weightUnit"], &view["bloodSugarUnit"]),
        (&json!("kg"), &json!("mmol/L"))
    );
    let lbs = view["readings"][0]["weight"].as_f64().expect("weight");
    let mgdl = view["readings"][0]["bloodSugar"].as_f64().expect("sugar");
    // Sent as stored, not as the owner reads them (80.0, 5.5).
    assert!((lbs - 176.37).abs() < 0.01, "{lbs}");
    assert!((mgdl - 99.09).abs() < 0.01, "{mgdl}");
    let average = view["summary"]["weight"]["average"].as_f64().expect("avg");
    assert!((average - 176.37).abs() < 0.01, "{average}");
}

on_both_backends!(
    a_links_view_answers_in_canonical_units,
    a_link_from_creation_to_withdrawal,
    links_expire_on_the_server,
    access_codes_unlock_one_browser_and_wrong_ones_are_limited,
    another_users_share_is_not_theirs_to_manage,
    guessed_tokens_learn_nothing,
    the_form_is_checked_and_emailing_is_for_subscribers,
    deleting_the_account_ends_its_links,
    a_links_pdfs_are_limited_per_link,
);
