//! `/api/openapi.json` describes exactly what the server serves. The document is generated
//! from the registered services; this test checks it has every route and that every
//! documented operation is really routed.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::Value;
use testkit::Backend;

const EXPECTED: &[(&str, &str)] = &[
    ("post", "/api/login"),
    ("post", "/api/login/second-step"),
    ("get", "/api/user/two-step"),
    ("post", "/api/user/two-step/setup"),
    ("post", "/api/user/two-step/confirm"),
    ("post", "/api/user/two-step/recovery-codes"),
    ("post", "/api/user/two-step/disable"),
    ("post", "/api/register"),
    ("post", "/api/logout"),
    ("get", "/api/user"),
    ("patch", "/api/user"),
    ("post", "/api/user/change-password"),
    ("post", "/api/user/delete"),
    ("get", "/api/user/preferences"),
    ("patch", "/api/user/preferences"),
    ("post", "/api/verify-email"),
    ("post", "/api/email-change/undo"),
    ("post", "/api/verify-email/resend"),
    ("post", "/api/password-reset/request"),
    ("get", "/api/password-reset/verify/{token}"),
    ("post", "/api/password-reset/reset"),
    ("get", "/api/user/subscription"),
    ("get", "/api/subscription/config"),
    ("post", "/api/subscription/orders"),
    ("post", "/api/subscription/activate"),
    ("post", "/api/subscription/cancel"),
    ("get", "/api/readings"),
    ("post", "/api/readings"),
    ("get", "/api/readings/daily"),
    ("post", "/api/readings/from-device"),
    ("get", "/api/cuffs"),
    ("put", "/api/cuffs/{id}"),
    ("delete", "/api/cuffs/{id}"),
    ("get", "/api/readings/{id}"),
    ("patch", "/api/readings/{id}"),
    ("delete", "/api/readings/{id}"),
    ("post", "/api/bp-sessions"),
    ("patch", "/api/bp-sessions/{id}"),
    ("get", "/api/home-week"),
    ("post", "/api/home-week"),
    ("delete", "/api/home-week"),
    ("get", "/api/medications"),
    ("post", "/api/medications"),
    ("get", "/api/medications/{id}"),
    ("patch", "/api/medications/{id}"),
    ("delete", "/api/medications/{id}"),
    ("post", "/api/medications/{id}/changes"),
    ("get", "/api/medications/doses"),
    ("post", "/api/medications/doses"),
    ("post", "/api/medications/{id}/intakes"),
    ("delete", "/api/medications/{id}/intakes/{intake}"),
    ("get", "/api/reports"),
    ("post", "/api/reports"),
    ("get", "/api/reports/{id}/view"),
    ("get", "/api/reports/{id}/download"),
    ("post", "/api/reports/email"),
    ("delete", "/api/reports/{id}"),
    ("post", "/api/shares"),
    ("get", "/api/shares"),
    ("get", "/api/shares/{id}/accesses"),
    ("post", "/api/shares/{id}/revoke"),
    ("delete", "/api/shares/{id}"),
    ("get", "/api/shared/{token}"),
    ("post", "/api/shared/{token}/unlock"),
    ("get", "/api/shared/{token}/report.pdf"),
    ("get", "/api/data/readings.csv"),
    ("get", "/api/data/medications.csv"),
    ("get", "/api/data/readings.fhir.json"),
    ("get", "/api/data/account.json"),
    ("post", "/api/data/imports/sniff"),
    ("post", "/api/data/imports"),
    ("post", "/api/data/imports/{id}/commit"),
    ("delete", "/api/data/imports/{id}"),
    ("get", "/api/unsubscribe"),
    ("post", "/api/unsubscribe"),
    ("get", "/api/sessions"),
    ("delete", "/api/sessions/{id}"),
    ("get", "/api/passkeys/available"),
    ("get", "/api/passkeys"),
    ("post", "/api/passkeys/register/start"),
    ("post", "/api/passkeys/register/finish"),
    ("patch", "/api/passkeys/{id}"),
    ("post", "/api/passkeys/{id}/remove"),
    ("post", "/api/passkeys/sign-in/start"),
    ("post", "/api/passkeys/sign-in/finish"),
    ("post", "/api/sessions/sign-out-others"),
    ("get", "/api/security-log"),
    ("get", "/health/live"),
    ("get", "/health/ready"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openapi_lists_every_route_and_every_listed_route_exists() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status(), StatusCode::OK);
    let doc: Value = res.json().await.expect("json");
    assert!(doc["openapi"].as_str().expect("version").starts_with("3."));
    let paths = doc["paths"].as_object().expect("paths");

    let mut documented = Vec::new();
    for (path, item) in paths {
        for method in ["get", "post", "patch", "put", "delete"] {
            if item.get(method).is_some() {
                documented.push((method.to_owned(), path.clone()));
            }
        }
    }
    documented.sort();
    let mut expected: Vec<(String, String)> = EXPECTED
        .iter()
        .map(|(m, p)| ((*m).to_owned(), (*p).to_owned()))
        .collect();
    expected.sort();
    assert_eq!(documented, expected);

    let unrouted = serde_json::json!({"code": "not_found", "message": "Not found"});
    for (method, path) in &documented {
        let concrete = path.replace("{token}", "abc").replace("{id}", "1");
        let res = app
            .client
            .request(
                method.to_uppercase().parse().expect("method"),
                app.url(&concrete),
            )
            .json(&serde_json::json!({}))
            .send()
            .await
            .expect("request");
        let status = res.status();
        assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        if status == StatusCode::NOT_FOUND {
            let body: Value = res.json().await.unwrap_or_default();
            assert_ne!(
                body, unrouted,
                "{method} {path} is documented but not routed"
            );
        }
        assert!(!status.is_server_error(), "{method} {path}: {status}");
    }

    // Every error response is documented with the shared error body.
    assert!(doc["components"]["schemas"]["ErrorBody"].is_object());
    let login = &paths["/api/login"]["post"]["responses"];
    for code in ["200", "400", "401", "403", "429"] {
        assert!(login.get(code).is_some(), "login documents {code}");
    }
}
