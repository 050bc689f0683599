//! The import use cases over the real readers, with the other ports mocked: a preview's
//! new readings are those neither stored nor earlier in the file, and only they are kept in
//! the draft.

// A test crate: its helpers fail by panicking, saying what broke.
#![allow(clippy::unwrap_used)]

use std::sync::{Arc, Mutex};

use import_formats::Readers;
use imports::ImportService;
use imports::formats::{Format, Silent, SkipReason};
use imports::ports::{MockImportStore, MockRecord};
use imports::service::testing::{self, stored};
use imports::service::{Draft, KindCounts, Upload};
use kernel::UserId;
use readings::model::*;

/// A file holding `bytes`, removed when the returned value is dropped.
fn file(name: &str, bytes: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

fn service(record: MockRecord, store: MockImportStore, subscribed: bool) -> ImportService {
    testing::service(Arc::new(Readers), record, store, subscribed)
}

#[tokio::test]
async fn a_preview_keeps_only_readings_neither_stored_nor_earlier_in_the_file() {
    let csv = "date,time,systolic,diastolic,weight,weight_unit\n\
               2026-11-20,07:00,120,80,,\n\
               2026-11-20,07:00,120,80,,\n\
               2026-11-19,21:00,130,85,,\n\
               2026-11-18,08:00,,,80,kg\n\
               2026-11-18,09:00,300,80,,\n";
    let (_dir, path) = file("v.csv", csv.as_bytes());
    let mut repo = MockRecord::new();
    repo.expect_between()
        .withf(|_, from, to| from.to_string() == "2026-11-18" && to.to_string() == "2026-11-20")
        .returning(|_, _, _| {
            Ok(vec![ReadingValues::from(&stored(
                "2026-11-19",
                "21:00",
                130,
                85,
            ))])
        });
    let saved = Arc::new(Mutex::new(None::<String>));
    let mut store = MockImportStore::new();
    let keep = saved.clone();
    store
        .expect_save_draft()
        .times(1)
        .returning(move |_, _, payload, _, _| {
            *keep.lock().unwrap() = Some(payload);
            Ok(())
        });
    let svc = service(repo, store, true);
    let turn = svc.begin(UserId(1)).await.unwrap();
    let preview = svc
        .read(
            UserId(1),
            turn,
            Upload {
                path,
                file_name: "v.csv".into(),
                format: None,
                mapping: None,
                zone: chrono_tz::Europe::Berlin,
            },
            Arc::new(Silent),
        )
        .await
        .unwrap();
    assert_eq!(preview.format, Format::Vitalog);
    assert_eq!(preview.new, 2);
    assert_eq!(preview.duplicates, 2, "one earlier in the file, one stored");
    assert_eq!(preview.skipped, 1, "the out-of-range row");
    assert_eq!(preview.skipped_by_reason[&SkipReason::OutOfRange], 1);
    assert_eq!(preview.skipped_by_reason[&SkipReason::Duplicate], 2);
    assert_eq!(
        preview.counts,
        KindCounts {
            blood_pressure: 1,
            weight: 1,
            ..KindCounts::default()
        }
    );
    assert_eq!(
        preview.from.map(|d| d.to_string()).as_deref(),
        Some("2026-11-18")
    );
    assert_eq!(
        preview.to.map(|d| d.to_string()).as_deref(),
        Some("2026-11-20")
    );
    assert_eq!(
        preview
            .rows
            .iter()
            .map(|r| r.location.as_str())
            .collect::<Vec<_>>(),
        ["line 5", "line 2"],
        "oldest first"
    );
    let payload = saved.lock().unwrap().clone().unwrap();
    let draft = Draft::decode(&payload).unwrap();
    assert_eq!(draft.readings.len(), 2, "only the new readings wait");
    assert_eq!(draft.skipped, 1);
}
