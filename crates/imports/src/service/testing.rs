//! What the import service's tests share, here and in `import-formats`' (which reads real
//! files): a service at a fixed "now" over mocked ports, and a stored reading.

// Test helpers (behind `mocks`): a date a test mistyped fails it, saying so.
#![allow(clippy::expect_used)]

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use kernel::UserId;
use kernel::clock::MockClock;
use kernel::entitlements::MockEntitlements;
use kernel::pool::BoundedPool;
use readings::model::{Measurements, Reading};

use super::ImportService;
use crate::ports::{FormatReader, MockImportStore, MockRecord};

/// The tests' "now": 2026-11-25 12:00 UTC.
pub fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0)
        .single()
        .expect("a fixed instant")
}

/// An import service over `reader`, whose subscription check answers `subscribed`, with one
/// import at a time on a pool of one thread.
pub fn service(
    reader: Arc<dyn FormatReader>,
    record: MockRecord,
    store: MockImportStore,
    subscribed: bool,
) -> ImportService {
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    let mut entitlements = MockEntitlements::new();
    entitlements
        .expect_allows()
        .returning(move |_, _| Ok(subscribed));
    ImportService::new(
        Arc::new(record),
        reader,
        Arc::new(entitlements),
        Arc::new(store),
        Arc::new(clock),
        Arc::new(BoundedPool::new("import-test", 1, 1, || {})),
        2,
    )
}

/// A stored home blood pressure reading of user 1 at `date` `time` (YYYY-MM-DD, HH:MM).
pub fn stored(date: &str, time: &str, systolic: i32, diastolic: i32) -> Reading {
    Reading {
        id: 1,
        user_id: UserId(1),
        date: kernel::date::parse_date(date).expect("YYYY-MM-DD"),
        time: kernel::date::parse_time(time).expect("HH:MM"),
        values: Measurements {
            systolic: Some(systolic),
            diastolic: Some(diastolic),
            ..Measurements::default()
        },
        notes: None,
        session: None,
        created_at: now(),
        updated_at: now(),
        setting: readings::Setting::Home,
        origin: Default::default(),
    }
}
