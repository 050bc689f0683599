//! Issue 33, an attack on shared links, over HTTP on both backends: guessed access codes
//! cannot lock the clinician out, a PDF the browser may not open spends none of the link's
//! budget, the PDF shows only what the view shows. The server's clock is pinned.

#![allow(clippy::expect_used)]

mod common;

use common::guided::*;
use common::sharing::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;
use testkit::{Backend, on_both_backends};

/// Whoever holds a link without its code guesses from one address: they are stopped, and
/// the clinician's right code still gets in. Right codes are never counted.
async fn a_guesser_cannot_lock_the_clinician_out(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.trusted_proxies = 1).await;
    app.clock.set(at("2026-11-25T15:00:00Z"));
    app.signed_up("ann", "ann@example.com").await;
    let (_, token) = create(&app, json!({"accessCode": "Patel-2026"})).await;
    let guesser = stranger();
    for i in 0..10 {
        let res = unlock(&app, &guesser, &token, &format!("guess-{i}"), "203.0.113.7").await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "guess {i}");
    }
    let res = unlock(&app, &guesser, &token, "guess-10", "203.0.113.7").await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS, "the guesser");
    assert!(res.headers().contains_key("retry-after"));
    // The clinician, on another address, opens the link at once, as often as they like.
    for i in 0..12 {
        let clinician = stranger();
        let res = unlock(&app, &clinician, &token, "Patel-2026", "198.51.100.20").await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT, "right code {i}");
        assert_eq!(
            open(&app, &clinician, &token).await.status(),
            StatusCode::OK
        );
    }
    app.stop().await;
}

/// PDFs asked for by a browser that has not given the code are refused before the link's
/// PDF budget is charged, so they cannot use up the clinician's.
async fn pdfs_refused_for_the_code_spend_none_of_the_links(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.trusted_proxies = 1).await;
    app.clock.set(at("2026-11-25T15:00:00Z"));
    app.signed_up("ann", "ann@example.com").await;
    let (_, token) = create(&app, json!({"accessCode": "Patel-2026"})).await;
    let locked = stranger();
    let pdf = |c: &reqwest::Client, from: String| {
        c.get(app.url(&format!("/api/shared/{token}/report.pdf")))
            .header("x-forwarded-for", from)
            .send()
    };
    for i in 0..15 {
        let res = pdf(&locked, format!("203.0.113.{i}")).await.expect("pdf");
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "PDF {i}");
    }
    let clinician = stranger();
    let res = unlock(&app, &clinician, &token, "Patel-2026", "198.51.100.20").await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = pdf(&clinician, "198.51.100.20".into()).await.expect("pdf");
    assert_eq!(res.status(), StatusCode::OK, "the link's budget is whole");
    app.stop().await;
}

/// A medications share's PDF shows what its view shows: nothing from outside its period
/// (no "before" average of the days ahead of it) and not the medication's private reason.
async fn a_shared_pdf_shows_only_the_period_and_what_the_view_shows(b: Backend) {
    let app = subscriber(b, "2026-11-25T15:00:00Z").await;
    let first = chrono::NaiveDate::from_ymd_opt(2026, 11, 1).expect("d");
    let mut csv = String::from("date,time,systolic,diastolic\n");
    for day in 0..25 {
        let date = first + chrono::Duration::days(day);
        // 187/113 only before the shared period (from 11/16).
        let (sys, dia) = if day < 15 { (187, 113) } else { (128, 82) };
        csv.push_str(&format!(
            "{date},07:30,{sys},{dia}\n{date},20:00,{sys},{dia}\n"
        ));
    }
    let res = app.import_csv(&csv).await;
    assert_eq!(res.status(), StatusCode::OK, "{}", json_of(res).await);
    let res = app
        .post(
            "/api/medications",
            json!({"name": "Amlodipine", "strength": 5, "unit": "mg", "form": "tablet",
                   "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-10-01",
                   "reason": "Kept to myself"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let id = json_of(res).await["id"].as_i64().expect("id");
    // A change inside the period: its "before" window reaches 14 days back, outside it.
    let res = app
        .post(
            &format!("/api/medications/{id}/changes"),
            json!({"strength": 10, "unit": "mg", "frequency": "once-daily", "times": ["08:00"],
                   "startDate": "2026-11-19"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let (_, token) = create(
        &app,
        json!({"periodKind": "since", "from": "2026-11-16", "includeMedications": true}),
    )
    .await;
    let clinician = stranger();
    let view = json_of(open(&app, &clinician, &token).await).await;
    assert_eq!(view["medications"][0]["name"], "Amlodipine", "{view}");
    let res = clinician
        .get(app.url(&format!("/api/shared/{token}/report.pdf")))
        .send()
        .await
        .expect("pdf");
    assert_eq!(res.status(), StatusCode::OK);
    let text = pdf_text(&res.bytes().await.expect("bytes"));
    for shown in [
        "Medications",
        "Amlodipine",
        "10 mg, once a day (08:00), from 11/19/2026",
    ] {
        assert!(text.contains(shown), "missing {shown:?} in {text}");
    }
    for hidden in ["187", "113", "Before (", "Kept to myself", "Reason"] {
        assert!(
            !text.contains(hidden),
            "{hidden:?} is not the share's: {text}"
        );
        assert!(!view.to_string().contains(hidden), "{hidden:?} in the view");
    }
    app.stop().await;
}

/// Making shares is limited per account (each with an access code is an Argon2 hash):
/// withdrawing them does not give the budget back, and other accounts are not held up.
async fn share_creation_is_limited_per_account(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.clock.set(at("2026-11-25T15:00:00Z"));
    app.signed_up("ann", "ann@example.com").await;
    for i in 0..30 {
        let (share, _) = create(&app, json!({"accessCode": format!("Code-{i:04}")})).await;
        let id = share["id"].as_i64().expect("id");
        let res = app
            .post(&format!("/api/shares/{id}/revoke"), json!({}))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let res = app
        .post(
            "/api/shares",
            share_body(json!({"accessCode": "Code-9999"})),
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "the 31st in an hour"
    );
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!(
        (1..=120).contains(&wait),
        "one comes back every 2 minutes: {wait}"
    );
    let listed = json_of(app.get("/api/shares").await).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(30), "nothing stored");
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    create(&bob, json!({"accessCode": "Code-bob1"})).await;
    bob.stop().await;
}

/// Anonymous views spend their owner's budget (60 over all of their links), so
/// many addresses together cannot make one owner's links cost the server without bound;
/// a browser refused for the code spends none of it, and other owners are not held up.
async fn views_of_an_owners_links_spend_the_owners_budget(b: Backend) {
    // The budget as configured (60/min), spread over an hour: a view refills a place every
    // minute instead of every second, so a slow machine taking more than a second over the
    // 60 views does not hand the 61st a place (the limiter runs on the real clock).
    let app = TestApp::spawn_with(b, |c| {
        c.trusted_proxies = 1;
        c.rate_shared_view_per_owner = "60/60min".into();
    })
    .await;
    app.clock.set(at("2026-11-25T15:00:00Z"));
    app.signed_up("ann", "ann@example.com").await;
    let (_, first) = create(&app, json!({})).await;
    let (_, second) = create(&app, json!({})).await;
    let (_, coded) = create(&app, json!({"accessCode": "Patel-2026"})).await;
    let (visitor, base) = (stranger(), app.base.clone());
    let view = |token: &str, from: String| {
        visitor
            .get(format!("{base}/api/shared/{token}"))
            .header("x-forwarded-for", from)
            .send()
    };
    for i in 0..10 {
        let res = view(&coded, format!("198.51.100.{i}")).await.expect("view");
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "locked {i}");
    }
    // Four addresses, two links: 60 views in all.
    for i in 0..60 {
        let token = if i % 2 == 0 { &first } else { &second };
        let res = view(token, format!("203.0.113.{}", i % 4))
            .await
            .expect("view");
        assert_eq!(res.status(), StatusCode::OK, "view {i}");
    }
    let res = view(&first, "203.0.113.200".into()).await.expect("view");
    assert_eq!(
        res.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "the owner's 61st"
    );
    assert!(res.headers().contains_key("retry-after"));
    let bob = TestApp {
        client: client(),
        ..app
    };
    bob.signed_up("bob", "bob@example.com").await;
    let (_, bobs) = create(&bob, json!({})).await;
    let res = view(&bobs, "203.0.113.200".into()).await.expect("view");
    assert_eq!(res.status(), StatusCode::OK, "another owner");
    bob.stop().await;
}

on_both_backends!(
    a_guesser_cannot_lock_the_clinician_out,
    pdfs_refused_for_the_code_spend_none_of_the_links,
    a_shared_pdf_shows_only_the_period_and_what_the_view_shows,
    share_creation_is_limited_per_account,
    views_of_an_owners_links_spend_the_owners_budget,
);
