//! The import use cases with mocked ports: a commit stores the draft through the readings'
//! one-transaction import, and what is refused before anything is read. A preview of a real
//! file, read by the real readers, is `import-formats`' `tests/service.rs`.

use std::sync::Arc;

use readings::model::*;

use super::testing::{self, stored};
use super::*;
use crate::formats::Silent;
use crate::ports::{MockFormatReader, MockImportStore, MockRecord};

/// Nothing here reads a file.
fn service(record: MockRecord, store: MockImportStore, subscribed: bool) -> ImportService {
    testing::service(Arc::new(MockFormatReader::new()), record, store, subscribed)
}

#[tokio::test]
async fn a_commit_stores_the_draft_through_the_one_transaction_import() {
    let values = ReadingValues::from(&stored("2026-11-20", "07:00", 120, 80));
    let payload = Draft {
        format: Format::Omron,
        skipped: 4,
        readings: vec![values.clone(), values.clone()],
    }
    .encode()
    .unwrap();
    let mut store = MockImportStore::new();
    store
        .expect_draft()
        .returning(move |_, id, _| Ok((id == "d1").then(|| payload.clone())));
    store
        .expect_delete_draft()
        .times(1)
        .returning(|_, _| Ok(true));
    let mut repo = MockRecord::new();
    repo.expect_add()
        .withf(|_, c| c.len() == 2)
        .times(1)
        .returning(|_, _| Ok(1));
    let svc = service(repo, store, true);
    let s = svc.commit(UserId(1), "d1").await.unwrap();
    assert_eq!(
        s,
        CommitSummary {
            imported: 1,
            duplicates: 1,
            invalid: 4
        }
    );
    assert!(matches!(
        svc.commit(UserId(1), "gone").await,
        Err(ImportError::NotFound)
    ));
}

#[tokio::test]
async fn without_a_subscription_nothing_is_read_or_stored() {
    let svc = service(MockRecord::new(), MockImportStore::new(), false);
    assert!(matches!(
        svc.begin(UserId(1)).await,
        Err(ImportError::SubscriptionRequired(_))
    ));
    assert!(matches!(
        svc.commit(UserId(1), "d1").await,
        Err(ImportError::SubscriptionRequired(_))
    ));
}

#[tokio::test]
async fn one_import_per_user_and_a_spreadsheet_needs_its_mapping() {
    let svc = service(MockRecord::new(), MockImportStore::new(), true);
    let turn = svc.begin(UserId(1)).await.unwrap();
    assert!(matches!(
        svc.begin(UserId(1)).await,
        Err(ImportError::Busy(MSG_IMPORT_RUNNING))
    ));
    let other = svc.begin(UserId(2)).await.unwrap();
    assert!(matches!(
        svc.begin(UserId(3)).await,
        Err(ImportError::Busy(MSG_IMPORTS_BUSY))
    ));
    drop(other);
    // Never read: a spreadsheet without its mapping is refused first.
    let path = std::path::PathBuf::from("s.csv");
    let err = svc
        .read(
            UserId(1),
            turn,
            Upload {
                path,
                file_name: "s.csv".into(),
                format: Some(Format::Spreadsheet),
                mapping: None,
                zone: chrono_tz::UTC,
            },
            Arc::new(Silent),
        )
        .await
        .unwrap_err();
    assert!(matches!(err, ImportError::File(m) if m == MSG_MAPPING_REQUIRED));
    assert!(
        svc.begin(UserId(1)).await.is_ok(),
        "the turn ended with the read"
    );
}

#[tokio::test]
async fn a_commit_the_record_refuses_says_why_and_keeps_the_draft() {
    let values = ReadingValues::from(&stored("2026-11-20", "07:00", 120, 80));
    let payload = Draft {
        format: Format::Omron,
        skipped: 0,
        readings: vec![values],
    }
    .encode()
    .unwrap();
    for (refusal, full) in [
        (anyhow::Error::new(readings::quota::Full::Readings), true),
        (
            anyhow::Error::new(SubscriptionRequired(Entitlement::Record)).context("storing"),
            false,
        ),
    ] {
        let mut store = MockImportStore::new();
        let draft = payload.clone();
        store
            .expect_draft()
            .returning(move |_, _, _| Ok(Some(draft.clone())));
        store.expect_delete_draft().never();
        let mut record = MockRecord::new();
        let refusal = std::sync::Mutex::new(Some(refusal));
        record
            .expect_add()
            .times(1)
            .returning(move |_, _| Err(refusal.lock().unwrap().take().unwrap()));
        let err = service(record, store, true)
            .commit(UserId(1), "d1")
            .await
            .unwrap_err();
        if full {
            assert!(matches!(
                err,
                ImportError::Full(readings::quota::Full::Readings)
            ));
        } else {
            assert!(
                matches!(err, ImportError::SubscriptionRequired(_)),
                "{err:?}"
            );
        }
    }
}
