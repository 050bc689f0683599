//! The Trends page's per-day rows (issue 36), on both backends: one row per day with
//! readings, summed up in SQL; a blood pressure counts only with both numbers; another
//! user's readings and days outside the span are not in it.

#![allow(clippy::expect_used)]

use readings::daily::{DayAggregate, Spread};
use readings::model::*;
use readings::ports::ReadingRepository;
use store::{ReadingStore, UserStore};
use testkit::{Backend, on_both_backends};

mod fixtures;
use fixtures::{at, migrated, user};

fn day(s: &str) -> chrono::NaiveDate {
    kernel::date::parse_date(s).expect("date")
}

fn values(
    systolic: Option<i32>,
    diastolic: Option<i32>,
    heart_rate: Option<i32>,
    weight: Option<f64>,
    blood_sugar: Option<f64>,
) -> Measurements {
    Measurements {
        systolic,
        diastolic,
        heart_rate,
        weight,
        blood_sugar,
    }
}

async fn one_row_per_day_summed_up_in_sql(b: Backend) {
    let (_tdb, db) = migrated(b);
    let users = UserStore::new(db.clone());
    let ann = user(&users, "ann").await;
    let bob = user(&users, "bob").await;
    let s = ReadingStore::new(db);
    for (date, time, v) in [
        // Before the span.
        (
            "2026-10-31",
            "08:00",
            values(Some(200), Some(120), Some(90), None, None),
        ),
        // Three blood pressures, one heart rate missing, a weight and a sugar apart.
        (
            "2026-11-01",
            "07:00",
            values(Some(130), Some(80), Some(60), Some(170.0), None),
        ),
        (
            "2026-11-01",
            "07:02",
            values(Some(140), Some(90), Some(70), None, None),
        ),
        (
            "2026-11-01",
            "20:00",
            values(Some(121), Some(77), None, Some(171.0), Some(99.5)),
        ),
        // A systolic alone is not a blood pressure of the day, but the reading counts.
        (
            "2026-11-01",
            "21:00",
            values(Some(190), None, None, None, None),
        ),
        // A day with no blood pressure at all.
        (
            "2026-11-03",
            "09:00",
            values(None, None, Some(64), None, Some(110.0)),
        ),
        // The span's last day, included.
        (
            "2026-11-05",
            "23:59",
            values(Some(118), Some(76), None, None, None),
        ),
        // After the span.
        (
            "2026-11-06",
            "00:00",
            values(Some(150), Some(95), None, None, None),
        ),
    ] {
        s.insert(ann, at(date, time, v, None))
            .await
            .expect("insert");
    }
    s.insert(
        bob,
        at(
            "2026-11-01",
            "07:00",
            values(Some(170), Some(110), Some(99), None, None),
            None,
        ),
    )
    .await
    .expect("insert");

    let rows = s
        .daily(ann, day("2026-11-01"), day("2026-11-05"))
        .await
        .expect("daily");
    let first = DayAggregate {
        date: day("2026-11-01"),
        count: 4,
        bp_count: 3,
        systolic: Some(Spread {
            min: 121,
            max: 140,
            mean: 391.0 / 3.0,
        }),
        diastolic: Some(Spread {
            min: 77,
            max: 90,
            mean: 247.0 / 3.0,
        }),
        heart_rate: Some(65.0),
        weight: Some(170.5),
        blood_sugar: Some(99.5),
    };
    assert_eq!(rows.len(), 3, "{rows:?}");
    let (got, want) = (&rows[0], &first);
    assert_eq!(
        (got.date, got.count, got.bp_count),
        (want.date, want.count, want.bp_count)
    );
    for (g, w) in [
        (got.systolic, want.systolic),
        (got.diastolic, want.diastolic),
    ] {
        let (g, w) = (g.expect("spread"), w.expect("spread"));
        assert_eq!((g.min, g.max), (w.min, w.max));
        assert!((g.mean - w.mean).abs() < 1e-9, "{g:?} vs {w:?}");
    }
    assert_eq!(
        (got.heart_rate, got.weight, got.blood_sugar),
        (want.heart_rate, want.weight, want.blood_sugar)
    );

    let no_bp = &rows[1];
    assert_eq!(no_bp.date, day("2026-11-03"));
    assert_eq!((no_bp.count, no_bp.bp_count), (1, 0));
    assert_eq!((no_bp.systolic, no_bp.diastolic), (None, None));
    assert_eq!(
        (no_bp.heart_rate, no_bp.weight, no_bp.blood_sugar),
        (Some(64.0), None, Some(110.0))
    );

    let last = &rows[2];
    assert_eq!(last.date, day("2026-11-05"));
    assert_eq!(last.systolic.map(|s| (s.min, s.max)), Some((118, 118)));

    assert!(
        s.daily(ann, day("2026-12-01"), day("2026-12-31"))
            .await
            .expect("daily")
            .is_empty(),
        "no readings, no rows"
    );
}

on_both_backends!(one_row_per_day_summed_up_in_sql);
