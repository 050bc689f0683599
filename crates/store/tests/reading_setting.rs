//! Where a reading was taken (issue 35), on both backends: every path that writes or reads
//! a reading keeps its setting, readings from before the column are home, and the database
//! holds nothing but the two codes.

#![allow(clippy::expect_used)]

use readings::Setting;
use readings::model::*;
use readings::ports::ReadingRepository;
use store::{ReadingStore, UserStore};
use testkit::{Backend, on_both_backends};

mod fixtures;
use fixtures::{at, migrated, user};

fn bp(date: &str, time: &str, setting: Setting) -> ReadingValues {
    let values = Measurements {
        systolic: Some(142),
        diastolic: Some(91),
        ..Measurements::default()
    };
    ReadingValues {
        setting,
        ..at(date, time, values, None)
    }
}

async fn every_path_keeps_the_setting(b: Backend) {
    let (_tdb, db) = migrated(b);
    let ann = user(&UserStore::new(db.clone()), "ann").await;
    let s = ReadingStore::new(db.clone());

    let clinic = s
        .insert(ann, bp("2026-11-20", "10:30", Setting::Office))
        .await
        .expect("insert");
    assert_eq!(clinic.setting, Setting::Office);
    let home = s
        .insert(ann, bp("2026-11-21", "07:00", Setting::Home))
        .await
        .expect("insert");
    assert_eq!(home.setting, Setting::Home);
    assert_eq!(
        s.get(ann, clinic.id).await.expect("get").map(|r| r.setting),
        Some(Setting::Office)
    );
    let listed: Vec<Setting> = s
        .list(ann, ReadingQuery::default())
        .await
        .expect("list")
        .readings
        .iter()
        .map(|r| r.setting)
        .collect();
    assert_eq!(listed, [Setting::Home, Setting::Office], "newest first");

    let updated = s
        .update(ann, home.id, bp("2026-11-21", "07:00", Setting::Office))
        .await
        .expect("update")
        .expect("found");
    assert_eq!(updated.setting, Setting::Office);

    let imported = s
        .import(ann, vec![bp("2026-11-22", "11:00", Setting::Office)])
        .await
        .expect("import");
    assert_eq!(imported, 1);
    let batch = s
        .list_after(ann, ReadingQuery::default(), None, 10)
        .await
        .expect("batch");
    assert!(
        batch.iter().all(|r| r.setting == Setting::Office),
        "{batch:?}"
    );
}

/// Runs `sql` on `db` in a write transaction.
async fn execute(db: &store::Db, sql: String) -> anyhow::Result<usize> {
    db.write(move |conn| {
        use diesel::RunQueryDsl;
        Ok(diesel::sql_query(sql).execute(conn)?)
    })
    .await
}

/// The CHECK: a row written around the store cannot hold a third value.
async fn the_database_refuses_any_other_setting(b: Backend) {
    let (_tdb, db) = migrated(b);
    let ann = user(&UserStore::new(db.clone()), "ann").await;
    let insert = |setting: &str| {
        format!(
            "INSERT INTO readings (user_id, date, time, heart_rate, created_at, updated_at{}) \
             VALUES ({}, '2026-11-20', '08:00', 60, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP{})",
            if setting.is_empty() { "" } else { ", setting" },
            ann.0,
            if setting.is_empty() {
                String::new()
            } else {
                format!(", '{setting}'")
            },
        )
    };
    assert!(
        execute(&db, insert("clinic")).await.is_err(),
        "a third setting was stored"
    );
    // Without the column, as every write before issue 35: home.
    assert_eq!(execute(&db, insert("")).await.expect("insert"), 1);
    let s = ReadingStore::new(db);
    let all = s.list(ann, ReadingQuery::default()).await.expect("list");
    assert_eq!(all.readings.first().map(|r| r.setting), Some(Setting::Home));
}

on_both_backends!(
    every_path_keeps_the_setting,
    the_database_refuses_any_other_setting
);
