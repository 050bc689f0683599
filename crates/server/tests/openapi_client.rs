//! The client's API types are generated from `frontend/openapi.json` (issue 22), a committed
//! copy of the server's `/api/openapi.json`, so building the client needs no server. This
//! test fails when the copy is stale. To refresh it after changing a route or DTO:
//! `VITALOG_WRITE_OPENAPI=1 cargo test -p server --test openapi_client`, then
//! `cd frontend && npm run api:types` (which `npm run lint` checks).

// The shared helpers in `common` fail by panicking, as tests do.
#![allow(clippy::expect_used)]

mod common;

use std::path::PathBuf;

use common::*;
use serde_json::Value;
use testkit::Backend;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clients_copy_of_the_openapi_document_is_current() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let served: Value = json_of(app.get("/api/openapi.json").await).await;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../frontend/openapi.json");
    if std::env::var_os("VITALOG_WRITE_OPENAPI").is_some() {
        let text = serde_json::to_string_pretty(&served).expect("json");
        std::fs::write(&path, text + "\n").expect("write frontend/openapi.json");
    }
    let committed: Value = std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    assert!(
        committed == served,
        "frontend/openapi.json differs from the server's /api/openapi.json: run \
         VITALOG_WRITE_OPENAPI=1 cargo test -p server --test openapi_client, then \
         `npm run api:types` in frontend/"
    );
    app.stop().await;
}
