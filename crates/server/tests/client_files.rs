//! The built client's preloads (issue 21): the server reads `preload.json` next to
//! `index.html` once at start, and `GET /` for a browser with the presence cookie names its
//! files and early GETs in `Link` headers; signed out, on another page, or without the list:
//! none, and the page is served all the same.

#![allow(clippy::expect_used)]

mod common;

use chrono::TimeZone;
use common::*;
use reqwest::StatusCode;
use testkit::Backend;

/// A built client: index.html, two chunks, and `preload.json` when given.
fn built_client(preload: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::create_dir(dir.path().join("assets")).expect("assets");
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><title>Vitalog</title>",
    )
    .expect("index");
    for chunk in ["dashboard.0123456789.js", "charts.0123456789.js"] {
        std::fs::write(dir.path().join("assets").join(chunk), "x").expect("chunk");
    }
    if let Some(json) = preload {
        std::fs::write(dir.path().join("preload.json"), json).expect("preload.json");
    }
    dir
}

async fn links(app: &TestApp, path: &str, presence: Option<&str>) -> Vec<String> {
    let mut req = reqwest::Client::new().get(app.url(path));
    if let Some(value) = presence {
        req = req.header("Cookie", format!("vitalog_auth={value}"));
    }
    let res = req.send().await.expect("request");
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    res.headers()
        .get_all("link")
        .iter()
        .map(|v| v.to_str().expect("ascii").to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_root_preloads_what_the_list_names() {
    let client = built_client(Some(
        r#"{"/": [
            {"href": "/assets/dashboard.0123456789.js", "as": "script"},
            {"href": "/assets/charts.0123456789.js", "as": "script"},
            {"href": "/assets/removed.0123456789.js", "as": "script"},
            {"href": "/api/readings?from={utc-today-90}", "as": "fetch"}
        ]}"#,
    ));
    let dir = client.path().to_owned();
    let app = TestApp::spawn_with(Backend::Sqlite, move |c| c.static_dir = Some(dir)).await;
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 3, 1, 23, 30, 0)
            .single()
            .expect("time"),
    );

    assert_eq!(
        links(&app, "/", Some("1")).await,
        [
            "</assets/dashboard.0123456789.js>; rel=preload; as=script",
            "</assets/charts.0123456789.js>; rel=preload; as=script",
            "</api/readings?from=2025-12-01>; rel=preload; as=fetch; crossorigin=use-credentials",
        ],
        "the files that exist, and the readings from 90 days before today (UTC)"
    );
    assert!(links(&app, "/", None).await.is_empty(), "signed out");
    assert!(
        links(&app, "/history", Some("1")).await.is_empty(),
        "another page"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_list_the_page_is_served_with_no_preloads() {
    let client = built_client(None);
    let dir = client.path().to_owned();
    let app = TestApp::spawn_with(Backend::Sqlite, move |c| c.static_dir = Some(dir)).await;
    assert!(links(&app, "/", Some("1")).await.is_empty());
}
