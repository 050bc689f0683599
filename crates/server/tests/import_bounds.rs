//! Per-account bounds over HTTP (issue 33): a record full at 200,000 readings refuses one
//! more reading, a CSV import and an import's commit with `409` and the bound's words,
//! storing nothing; and imports stored per day are limited (`429` with Retry-After), on
//! both backends.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use diesel::prelude::*;
use readings::ports::ReadingRepository;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

const CSV: &str = "date,time,systolic,diastolic\n2026-01-02,07:00,120,80\n";
const OMRON: &str = "\"Date\",\"Time\",\"Systolic (mmHg)\",\"Diastolic (mmHg)\",\"Pulse (bpm)\",\"Symptoms\",\"Consumed\",\"TruRead\",\"Notes\"\n\
\"Jul 6 2023\",\"10:43 am\",\"128\",\"82\",\"66\",\"-\",\"-\",\"Off\",\"-\"\n";

async fn subscriber(app: &TestApp) {
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
}

/// Previews the OMRON file and answers its draft's id.
async fn previewed(app: &TestApp) -> String {
    let res = app
        .client
        .post(app.url("/api/data/imports?format=auto&name=omron.csv"))
        .header("content-type", "application/octet-stream")
        .body(OMRON)
        .send()
        .await
        .expect("upload");
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("body");
    let last: Value = serde_json::from_str(text.lines().last().expect("line")).expect("json");
    assert_eq!(last["type"], "preview", "{last}");
    last["preview"]["id"].as_str().expect("id").to_owned()
}

async fn readings_count(app: &TestApp) -> i64 {
    let db = store::Db::connect(&store::DbOptions::new(&app.db_url)).expect("connect");
    let store = store::ReadingStore::new(db);
    store
        .count(ann_id(app).await, readings::model::ReadingQuery::default())
        .await
        .expect("count")
}

async fn ann_id(app: &TestApp) -> kernel::UserId {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        id: i64,
    }
    let db = store::Db::connect(&store::DbOptions::new(&app.db_url)).expect("connect");
    let found = db
        .read(|conn| {
            diesel::sql_query("SELECT id FROM users WHERE username = 'ann'").get_result::<Id>(conn)
        })
        .await
        .expect("ann");
    kernel::UserId(found.id)
}

async fn a_full_record_refuses_every_way_in_with_409(b: Backend) {
    let app = TestApp::spawn(b).await;
    subscriber(&app).await;
    let draft = previewed(&app).await;
    // Fill the record to its bound directly in the store (200,000 HTTP requests otherwise).
    let db = store::Db::connect(&store::DbOptions::new(&app.db_url)).expect("connect");
    let max = usize::try_from(readings::quota::MAX_READINGS).expect("max");
    let start = chrono::NaiveDate::from_ymd_opt(2000, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .expect("start");
    let all: Vec<readings::model::ReadingValues> = (0..max)
        .map(|i| {
            let at = start + chrono::Duration::minutes(i64::try_from(i).expect("i"));
            readings::model::ReadingValues {
                date: at.date(),
                time: at.time(),
                values: readings::model::Measurements {
                    heart_rate: Some(60),
                    ..Default::default()
                },
                notes: None,
                setting: readings::Setting::Home,
                origin: Default::default(),
            }
        })
        .collect();
    store::ReadingStore::new(db)
        .import(ann_id(&app).await, all)
        .await
        .expect("fill");

    let full = json!({"date": "2026-01-02", "time": "07:00", "systolic": 120, "diastolic": 80});
    let res = app.post("/api/readings", full).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(
        json_of(res).await["message"],
        readings::quota::MSG_READINGS_FULL
    );
    let res = app
        .post(&format!("/api/data/imports/{draft}/commit"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(
        json_of(res).await["message"],
        readings::quota::MSG_READINGS_FULL
    );
    assert_eq!(readings_count(&app).await, readings::quota::MAX_READINGS);
}

async fn imports_stored_per_day_are_limited(b: Backend) {
    let app = TestApp::spawn_with(b, |c| {
        c.rate_limit_multiplier = 1.0;
        c.rate_imports_per_account = "2/d".into();
    })
    .await;
    subscriber(&app).await;
    // Commits count, whichever file they store.
    let res = app.import_csv(CSV).await;
    assert_eq!(res.status(), StatusCode::OK);
    let first = previewed(&app).await;
    let res = app
        .post(&format!("/api/data/imports/{first}/commit"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let before = readings_count(&app).await;
    let third = previewed(&app).await;
    let res = app
        .post(&format!("/api/data/imports/{third}/commit"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
    assert_eq!(
        json_of(res).await["message"],
        web::routes::imports::MSG_IMPORTS_PER_DAY
    );
    assert_eq!(readings_count(&app).await, before, "nothing stored");
}

on_both_backends!(
    a_full_record_refuses_every_way_in_with_409,
    imports_stored_per_day_are_limited,
);
