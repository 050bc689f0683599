//! Issue 33, an attack on shared links, over HTTP on both backends: guessed access codes
//! cannot lock the clinician out, a PDF the browser may not open spends none of the link's
//! budget. The server's clock is pinned.

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

on_both_backends!(
    a_guesser_cannot_lock_the_clinician_out,
    pdfs_refused_for_the_code_spend_none_of_the_links,
);
