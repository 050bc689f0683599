//! What the sharing tests (`sharing.rs`, `sharing_abuse.rs`) share: making a share, a
//! clinician's browser, opening and unlocking a link, and reading a PDF's text.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{TestApp, json_of};

pub const ANDROID_CHROME: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
     (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

pub fn share_body(extra: Value) -> Value {
    let mut body = json!({"label": "Dr Patel, January visit", "shownName": "Ann Smith",
        "periodKind": "rolling", "days": 30, "includeHeartRate": true,
        "lifetimeDays": 7});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            b.insert(k.clone(), v.clone());
        }
    }
    body
}

/// Makes a share; returns its DTO and the link's token.
pub async fn create(app: &TestApp, extra: Value) -> (Value, String) {
    let res = app.post("/api/shares", share_body(extra)).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let body = json_of(res).await;
    let link = body["link"].as_str().expect("link").to_owned();
    let prefix = format!("{}/s/", app.base);
    assert!(link.starts_with(&prefix), "{link}");
    let token = link[prefix.len()..].to_owned();
    assert_eq!(token.len(), 43, "256 bits, url-safe");
    (body["share"].clone(), token)
}

/// A browser that has never signed in, as a clinician's would be.
pub fn stranger() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .user_agent(ANDROID_CHROME)
        .build()
        .expect("client")
}

pub async fn open(app: &TestApp, c: &reqwest::Client, token: &str) -> reqwest::Response {
    c.get(app.url(&format!("/api/shared/{token}")))
        .send()
        .await
        .expect("request")
}

pub async fn reading(app: &TestApp, date: &str, time: &str, extra: Value) -> i64 {
    let mut body = json!({"date": date, "time": time});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            b.insert(k.clone(), v.clone());
        }
    }
    let res = app.post("/api/readings", body).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    json_of(res).await["id"].as_i64().expect("id")
}

pub async fn unlock(
    app: &TestApp,
    c: &reqwest::Client,
    token: &str,
    code: &str,
    from: &str,
) -> reqwest::Response {
    c.post(app.url(&format!("/api/shared/{token}/unlock")))
        .header("x-forwarded-for", from)
        .json(&json!({ "code": code }))
        .send()
        .await
        .expect("request")
}

/// The PDF's text, by poppler's pdftotext (as the pdf crate's tests read it), flattened.
pub fn pdf_text(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, pdf).expect("write");
    let out = std::process::Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (Debian package poppler-utils; scripts/ensure-pdf-tools.sh)");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
