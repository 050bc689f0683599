//! The as-needed limit (24 doses of a medication a day) under concurrent requests (issue
//! 33.12), over HTTP on both backends; on PostgreSQL the requests are split between two
//! servers on one database.

#![allow(clippy::expect_used)]

mod common;

use common::guided::subscriber;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

const DOSES: usize = 40;

async fn forty_concurrent_as_needed_doses_store_twenty_four(b: Backend) {
    let app = subscriber(b, "2026-04-10T12:00:00Z").await;
    let res = app
        .post(
            "/api/medications",
            json!({"name": "Ibuprofen", "strength": 400, "unit": "mg", "form": "tablet",
                   "frequency": "as-needed", "times": [], "startDate": "2026-04-01"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let id = json_of(res).await["id"].as_i64().expect("id");
    let data = tempfile::tempdir().expect("dir");
    let other = second_server(&app, b, &data, |_| {}).await;
    // The session is in the database, so either server knows it.
    let bases: Vec<String> = std::iter::once(app.base.clone())
        .chain(other.as_ref().map(|o| o.base.clone()))
        .collect();

    let mut sends = tokio::task::JoinSet::new();
    for n in 0..DOSES {
        let url = format!("{}/api/medications/{id}/intakes", bases[n % bases.len()]);
        let client = app.client.clone();
        // A different minute each: none replaces another.
        let body = json!({"date": "2026-04-09", "time": format!("09:{n:02}"), "status": "taken"});
        sends.spawn(async move { post_with(&client, &url, body).await.status() });
    }
    let statuses = sends.join_all().await;
    let ok = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::BAD_REQUEST)
        .count();
    assert_eq!((ok, refused), (24, DOSES - 24), "{statuses:?}");

    let day = json_of(app.get("/api/medications/doses?date=2026-04-09").await).await;
    let taken: &Vec<Value> = day["asNeeded"][0]["taken"].as_array().expect("taken");
    assert_eq!(taken.len(), 24, "stored");
    // The 25th is refused with the message; a dose at a time already taken still replaces.
    let path = format!("/api/medications/{id}/intakes");
    let res = app
        .post(
            &path,
            json!({"date": "2026-04-09", "time": "10:30", "status": "taken"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["time"],
        "You have recorded 24 doses of this medication on that day already."
    );
    let again = taken[0]["time"].as_str().expect("time");
    let res = app
        .post(
            &path,
            json!({"date": "2026-04-09", "time": again, "status": "taken"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    if let Some(other) = other {
        other.handle.stop(true).await;
    }
}

on_both_backends!(forty_concurrent_as_needed_doses_store_twenty_four);
