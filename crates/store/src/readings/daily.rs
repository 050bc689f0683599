//! The Trends page's per-day rows (issue 36), summed up in SQL: one row per day with
//! readings, grouped by the stored date (the user's wall-clock day), so a span of years
//! reads as at most one row per day, whatever the record holds.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double, Integer, Nullable, Text};
use kernel::{UserId, date};
use readings::daily::{DayAggregate, Spread};

use crate::db::AnyConnection;

// One statement for both backends. A blood pressure counts only with both numbers (a
// chart's point needs both): the CASEs leave out a reading with one. AVG over a cast to
// DOUBLE PRECISION: PostgreSQL's AVG of an integer is NUMERIC, SQLite's a REAL either way
// ("DOUBLE PRECISION" has SQLite's REAL affinity). SQLite numbers `$N` by first appearance.
const DAILY: &str = "\
SELECT date AS day,
  COUNT(*) AS readings,
  COUNT(CASE WHEN systolic IS NOT NULL AND diastolic IS NOT NULL THEN 1 END) AS bp_count,
  MIN(CASE WHEN diastolic IS NOT NULL THEN systolic END) AS systolic_min,
  MAX(CASE WHEN diastolic IS NOT NULL THEN systolic END) AS systolic_max,
  AVG(CAST(CASE WHEN diastolic IS NOT NULL THEN systolic END AS DOUBLE PRECISION)) AS systolic_mean,
  MIN(CASE WHEN systolic IS NOT NULL THEN diastolic END) AS diastolic_min,
  MAX(CASE WHEN systolic IS NOT NULL THEN diastolic END) AS diastolic_max,
  AVG(CAST(CASE WHEN systolic IS NOT NULL THEN diastolic END AS DOUBLE PRECISION)) AS diastolic_mean,
  AVG(CAST(heart_rate AS DOUBLE PRECISION)) AS heart_rate_mean,
  AVG(weight) AS weight_mean,
  AVG(blood_sugar) AS blood_sugar_mean
FROM readings
WHERE user_id = $1 AND date >= $2 AND date <= $3
GROUP BY date
ORDER BY date";

#[derive(QueryableByName)]
pub(super) struct DayRow {
    #[diesel(sql_type = Text)]
    day: String,
    #[diesel(sql_type = BigInt)]
    readings: i64,
    #[diesel(sql_type = BigInt)]
    bp_count: i64,
    #[diesel(sql_type = Nullable<Integer>)]
    systolic_min: Option<i32>,
    #[diesel(sql_type = Nullable<Integer>)]
    systolic_max: Option<i32>,
    #[diesel(sql_type = Nullable<Double>)]
    systolic_mean: Option<f64>,
    #[diesel(sql_type = Nullable<Integer>)]
    diastolic_min: Option<i32>,
    #[diesel(sql_type = Nullable<Integer>)]
    diastolic_max: Option<i32>,
    #[diesel(sql_type = Nullable<Double>)]
    diastolic_mean: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    heart_rate_mean: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    weight_mean: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    blood_sugar_mean: Option<f64>,
}

fn spread(min: Option<i32>, max: Option<i32>, mean: Option<f64>) -> Option<Spread> {
    Some(Spread {
        min: min?,
        max: max?,
        mean: mean?,
    })
}

impl DayRow {
    fn into_aggregate(self) -> anyhow::Result<DayAggregate> {
        let date = date::parse_date(&self.day)
            .map_err(|e| anyhow::anyhow!("daily row: stored date {:?}: {e}", self.day))?;
        Ok(DayAggregate {
            date,
            count: self.readings,
            bp_count: self.bp_count,
            systolic: spread(self.systolic_min, self.systolic_max, self.systolic_mean),
            diastolic: spread(self.diastolic_min, self.diastolic_max, self.diastolic_mean),
            heart_rate: self.heart_rate_mean,
            weight: self.weight_mean,
            blood_sugar: self.blood_sugar_mean,
        })
    }
}

/// The rows of `user`'s days from `from` to `to` (YYYY-MM-DD, both included), oldest first.
pub(super) fn rows(
    conn: &mut AnyConnection,
    user: UserId,
    from: String,
    to: String,
) -> QueryResult<Vec<DayRow>> {
    diesel::sql_query(DAILY)
        .bind::<BigInt, _>(user.0)
        .bind::<Text, _>(from)
        .bind::<Text, _>(to)
        .load::<DayRow>(conn)
}

/// The rows as aggregates (outside the connection's closure: a bad stored date is an error
/// of its own, not a database one).
pub(super) fn aggregates(rows: Vec<DayRow>) -> anyhow::Result<Vec<DayAggregate>> {
    rows.into_iter().map(DayRow::into_aggregate).collect()
}
