//! The built client as the dashboard's cold load needs it (issue 21). Preloads: the server
//! reads `preload.json` next to `index.html` once at start, and `GET /` for a browser with the
//! presence cookie names its files and early GETs in `Link` headers; signed out, on another
//! page, or without the list: none, and the page is served all the same. Compression: a
//! hashed asset's brotli twin from the build goes to a browser that takes brotli.

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hashed_asset_goes_as_its_brotli_twin_to_a_browser_that_takes_it() {
    let client = built_client(None);
    let twin = b"brotli bytes of the build".to_vec();
    std::fs::write(client.path().join("assets/charts.0123456789.js.br"), &twin).expect("twin");
    let dir = client.path().to_owned();
    let app = TestApp::spawn_with(Backend::Sqlite, move |c| c.static_dir = Some(dir)).await;
    let get = |encoding: &'static str| {
        // No decompression in this client (reqwest without its compression features).
        reqwest::Client::new()
            .get(app.url("/assets/charts.0123456789.js"))
            .header("Accept-Encoding", encoding)
            .send()
    };

    let res = get("gzip, deflate, br, zstd").await.expect("request");
    assert_eq!(res.status(), StatusCode::OK);
    let header = |name: &str| {
        res.headers()
            .get(name)
            .map(|v| v.to_str().expect("ascii").to_owned())
    };
    assert_eq!(header("content-encoding").as_deref(), Some("br"));
    assert_eq!(header("vary").as_deref(), Some("accept-encoding"));
    assert!(header("content-type").expect("type").contains("javascript"));
    assert_eq!(
        header("cache-control").as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(
        res.bytes().await.expect("body").to_vec(),
        twin,
        "the build's twin, as it is"
    );

    let res = get("identity").await.expect("request");
    assert_eq!(res.headers().get("content-encoding"), None);
    assert_eq!(
        res.headers()
            .get("vary")
            .map(|v| v.to_str().expect("ascii")),
        Some("accept-encoding")
    );
    assert_eq!(
        res.bytes().await.expect("body").as_ref(),
        b"x",
        "the file itself"
    );
}
