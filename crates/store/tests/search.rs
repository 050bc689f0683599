//! History's search in the store, on both backends: notes and dates as before, and values
//! as the user sees them (their units, the display's precision; `readings::search`).

#![allow(clippy::expect_used)]

use kernel::UserId;
use kernel::units::{BloodSugarUnit, Units, WeightUnit};
use readings::model::*;
use readings::ports::ReadingRepository;
use store::{Db, DbOptions, ReadingStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::{at, user};

struct Ctx {
    _db: TestDb,
    users: UserStore,
    readings: ReadingStore,
}

fn ctx(backend: Backend) -> Ctx {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    Ctx {
        users: UserStore::new(db.clone()),
        readings: ReadingStore::new(db),
        _db: tdb,
    }
}

const KG_MMOL: Units = Units {
    weight: WeightUnit::Kg,
    sugar: BloodSugarUnit::MmolL,
};

/// The notes of the readings `text` finds, in list order (each reading's note names it).
async fn found(c: &Ctx, who: UserId, text: &str, units: Units) -> Vec<String> {
    let query = ReadingQuery {
        text: Some(text.into()),
        units,
        ..Default::default()
    };
    let page = c.readings.list(who, query.clone()).await.expect("list");
    let count = c.readings.count(who, query).await.expect("count");
    assert_eq!(count, page.total, "count agrees for {text:?}");
    let mut names: Vec<String> = page
        .readings
        .into_iter()
        .map(|r| r.notes.unwrap_or_default())
        .collect();
    names.sort();
    names
}

async fn values_as_shown_in_the_users_units(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let m = |s: Option<i32>, d: Option<i32>, hr: Option<i32>, w: Option<f64>, bs: Option<f64>| {
        Measurements {
            systolic: s,
            diastolic: d,
            heart_rate: hr,
            weight: w,
            blood_sugar: bs,
        }
    };
    for v in [
        at(
            "2026-11-01",
            "07:00",
            m(Some(142), Some(90), None, None, None),
            Some("bp"),
        ),
        at(
            "2026-11-02",
            "07:00",
            m(Some(133), None, None, None, None),
            Some("half"),
        ),
        at(
            "2026-11-03",
            "07:00",
            m(Some(120), Some(142), None, None, None),
            Some("dia"),
        ),
        at(
            "2026-11-04",
            "07:00",
            m(None, None, Some(142), None, None),
            Some("pulse"),
        ),
        // 154.3236 lbs is 70.0 kg; 160.4 lbs is 72.8 kg.
        at(
            "2026-11-05",
            "07:00",
            m(None, None, None, Some(154.3236), None),
            Some("weight-a"),
        ),
        at(
            "2026-11-06",
            "07:00",
            m(None, None, None, Some(160.4), None),
            Some("weight-b"),
        ),
        // 99.088 mg/dL is 5.5 mmol/L; 142.3 mg/dL shows as 142 mg/dL and 7.9 mmol/L.
        at(
            "2026-11-07",
            "07:00",
            m(None, None, None, None, Some(99.088)),
            Some("sugar-a"),
        ),
        at(
            "2026-11-08",
            "07:00",
            m(None, None, None, None, Some(142.3)),
            Some("sugar-b"),
        ),
        at(
            "2026-11-09",
            "07:00",
            m(Some(118), Some(76), None, None, None),
            Some("note 142"),
        ),
    ] {
        c.readings.insert(ann, v).await.expect("insert");
    }
    c.readings
        .insert(
            bob,
            at(
                "2026-11-01",
                "07:00",
                m(Some(142), Some(90), None, None, None),
                Some("bob"),
            ),
        )
        .await
        .expect("insert");

    let lbs = Units::CANONICAL;
    assert_eq!(
        found(&c, ann, "142", lbs).await,
        ["bp", "dia", "note 142", "pulse", "sugar-b"],
        "systolic, diastolic, heart rate, sugar shown as 142 mg/dL, and notes; only ann's"
    );
    assert_eq!(
        found(&c, ann, "142", KG_MMOL).await,
        ["bp", "dia", "note 142", "pulse"]
    );
    assert_eq!(
        found(&c, ann, "142/90", lbs).await,
        ["bp"],
        "a blood pressure pair"
    );
    assert_eq!(found(&c, ann, " 142 / 90 ", lbs).await, ["bp"]);
    assert_eq!(found(&c, ann, "120/90", lbs).await, Vec::<String>::new());
    assert_eq!(
        found(&c, ann, "133", lbs).await,
        ["half"],
        "half a pressure is found"
    );
    // Weight as shown: 70.0 kg (70 or 70.0 typed), 160.4 lbs, 72.8 kg.
    assert_eq!(found(&c, ann, "70", KG_MMOL).await, ["weight-a"]);
    assert_eq!(found(&c, ann, "70.0", KG_MMOL).await, ["weight-a"]);
    assert_eq!(found(&c, ann, "70", lbs).await, Vec::<String>::new());
    assert_eq!(found(&c, ann, "154.3", lbs).await, ["weight-a"]);
    assert_eq!(
        found(&c, ann, "154.32", lbs).await,
        Vec::<String>::new(),
        "not shown so"
    );
    assert_eq!(found(&c, ann, "160.4", lbs).await, ["weight-b"]);
    assert_eq!(found(&c, ann, "72.8", KG_MMOL).await, ["weight-b"]);
    // Blood sugar as shown: 5.5 mmol/L, 99 mg/dL, 7.9 mmol/L.
    assert_eq!(found(&c, ann, "5.5", KG_MMOL).await, ["sugar-a"]);
    assert_eq!(found(&c, ann, "99", lbs).await, ["sugar-a"]);
    assert_eq!(found(&c, ann, "99", KG_MMOL).await, Vec::<String>::new());
    assert_eq!(found(&c, ann, "7.9", KG_MMOL).await, ["sugar-b"]);
    // Notes and dates still match as before.
    assert_eq!(found(&c, ann, "PULSE", lbs).await, ["pulse"]);
    assert_eq!(found(&c, ann, "2026-11-0", lbs).await.len(), 9);
    assert_eq!(found(&c, ann, "-11-05", lbs).await, ["weight-a"]);

    // With the type filter and paging, the total counts every match.
    let page = c
        .readings
        .list(
            ann,
            ReadingQuery {
                text: Some("142".into()),
                kind: Some(Kind::Bp),
                limit: Some(1),
                ..Default::default()
            },
        )
        .await
        .expect("page");
    assert_eq!((page.total, page.readings.len()), (3, 1));
}

on_both_backends!(values_as_shown_in_the_users_units);

/// On SQLite a search reads the notes from the listing index (readings_user_date_notes), not
/// each row from the table: what made history's search on ten years ~2x faster (issue 21).
#[test]
fn sqlite_searches_the_notes_in_the_index() {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Plan {
        #[diesel(sql_type = diesel::sql_types::Text)]
        detail: String,
    }
    let c = ctx(Backend::Sqlite);
    let path = c._db.url.trim_start_matches("sqlite://").to_owned();
    let mut conn = diesel::SqliteConnection::establish(&path).expect("open");
    // The shape of store::readings' search count on SQLite.
    let plan: Vec<Plan> = diesel::sql_query(
        "EXPLAIN QUERY PLAN SELECT COUNT(*) FROM readings WHERE user_id = 1 \
         AND (notes LIKE '%bench%' ESCAPE '\\' OR date LIKE '%bench%' ESCAPE '\\')",
    )
    .load(&mut conn)
    .expect("plan");
    let details: Vec<String> = plan.into_iter().map(|p| p.detail).collect();
    assert!(
        details
            .iter()
            .any(|d| d.contains("COVERING INDEX readings_user_date_notes")),
        "{details:?}"
    );
}
