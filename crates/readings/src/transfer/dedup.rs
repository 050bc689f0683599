//! Whether an imported reading is one the user has already: equal up to what an export
//! in kg or mmol/L rounds away, found by hash look-ups rather than pairwise comparison.

use chrono::NaiveDate;

use crate::model::*;

/// What a kg / mmol/L export rounds away: readings closer than this are the same.
const WEIGHT_TOLERANCE: f64 = 0.02;
const SUGAR_TOLERANCE: f64 = 0.1;

/// Two readings are the same when date, time, blood pressure, heart rate and notes match
/// and weight and sugar agree within what a kg / mmol/L export rounds away (0.02 lbs,
/// 0.1 mg/dL). Importing a file twice, or an export back into its account, adds nothing.
/// The setting is not compared: the same numbers at the same minute are one measurement,
/// and an older file (no setting column, read as home) must not add a clinic reading again.
pub fn same_reading(a: &ReadingValues, b: &ReadingValues) -> bool {
    let close = |x: Option<f64>, y: Option<f64>, tol: f64| match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() <= tol,
        _ => false,
    };
    a.date == b.date
        && a.time == b.time
        && a.values.systolic == b.values.systolic
        && a.values.diastolic == b.values.diastolic
        && a.values.heart_rate == b.values.heart_rate
        && close(a.values.weight, b.values.weight, WEIGHT_TOLERANCE)
        && close(a.values.blood_sugar, b.values.blood_sugar, SUGAR_TOLERANCE)
        && a.notes.as_deref().unwrap_or("") == b.notes.as_deref().unwrap_or("")
}

/// The fields [`same_reading`] compares exactly.
type ExactKey = (
    NaiveDate,
    chrono::NaiveTime,
    Option<i32>,
    Option<i32>,
    Option<i32>,
    String,
);
/// Weight and sugar cut into cells as wide as their tolerance.
type Cell = (Option<i64>, Option<i64>);

fn exact_key(v: &ReadingValues) -> ExactKey {
    (
        v.date,
        v.time,
        v.values.systolic,
        v.values.diastolic,
        v.values.heart_rate,
        v.notes.clone().unwrap_or_default(),
    )
}

fn cell_of(x: Option<f64>, tol: f64) -> Option<i64> {
    // Measures are bounded (at most 500), so the cast cannot saturate.
    x.map(|x| (x / tol).floor() as i64)
}

fn cell(v: &ReadingValues) -> Cell {
    (
        cell_of(v.values.weight, WEIGHT_TOLERANCE),
        cell_of(v.values.blood_sugar, SUGAR_TOLERANCE),
    )
}

/// The cells whose readings may be within tolerance of `c`: the neighbours, and one more
/// on each side for floating-point rounding at the cell edges.
fn near(c: Option<i64>) -> Vec<Option<i64>> {
    match c {
        None => vec![None],
        Some(c) => (c - 2..=c + 2).map(Some).collect(),
    }
}

/// Readings known so far, indexed so that finding the [`same_reading`] as a new one takes
/// a few hash look-ups instead of a pass over all of them: the same answers as comparing
/// every pair, in time linear in the number of readings (50,000 distinct rows in one
/// file used to take seconds of a web worker).
#[derive(Debug, Default)]
pub struct KnownReadings {
    slots: std::collections::HashMap<ExactKey, std::collections::HashMap<Cell, Vec<ReadingValues>>>,
    compared: usize,
}

impl KnownReadings {
    pub fn new(readings: impl IntoIterator<Item = ReadingValues>) -> Self {
        let mut known = Self::default();
        for r in readings {
            known.insert(r);
        }
        known
    }

    fn insert(&mut self, v: ReadingValues) {
        self.slots
            .entry(exact_key(&v))
            .or_default()
            .entry(cell(&v))
            .or_default()
            .push(v);
    }

    /// Whether the same reading is known.
    pub fn contains(&mut self, v: &ReadingValues) -> bool {
        let Some(cells) = self.slots.get(&exact_key(v)) else {
            return false;
        };
        let (w, s) = cell(v);
        let mut compared = 0;
        let found = near(w).into_iter().any(|w| {
            near(s).into_iter().any(|s| {
                cells.get(&(w, s)).is_some_and(|bucket| {
                    bucket.iter().any(|k| {
                        compared += 1;
                        same_reading(k, v)
                    })
                })
            })
        });
        self.compared += compared;
        found
    }

    /// Adds `v` unless the same reading is known; true when it was added.
    pub fn add_if_new(&mut self, v: &ReadingValues) -> bool {
        if self.contains(v) {
            return false;
        }
        self.insert(v.clone());
        true
    }

    /// How many pairs of readings were compared so far (what keeps this linear).
    pub fn comparisons(&self) -> usize {
        self.compared
    }
}

impl From<&Reading> for ReadingValues {
    fn from(r: &Reading) -> Self {
        ReadingValues {
            date: r.date,
            time: r.time,
            values: r.values,
            notes: r.notes.clone(),
            setting: r.setting,
            origin: r.origin.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::*;
    use super::*;
    use chrono::NaiveTime;

    #[test]
    fn duplicates_are_recognised_within_rounding_only() {
        let a = ReadingValues::from(&reading(1, "2026-11-20", "07:00", full(), Some("x")));
        let mut b = a.clone();
        b.values.weight = Some(170.21);
        assert!(same_reading(&a, &b));
        b.values.weight = Some(170.3);
        assert!(!same_reading(&a, &b));
        let mut c = a.clone();
        c.notes = None;
        assert!(!same_reading(&a, &c));
    }

    fn values(day: u32, minute: u32, weight: Option<f64>, sugar: Option<f64>) -> ReadingValues {
        ReadingValues {
            date: NaiveDate::from_ymd_opt(2026, 1, day).expect("date"),
            time: NaiveTime::from_hms_opt(7, minute, 0).expect("time"),
            values: Measurements {
                systolic: Some(120),
                weight,
                blood_sugar: sugar,
                ..Default::default()
            },
            notes: minute.is_multiple_of(2).then(|| "x".to_owned()),
            setting: crate::Setting::Home,
            origin: Default::default(),
        }
    }

    #[test]
    fn known_readings_answer_as_comparing_every_pair() {
        // Near-duplicates around every cell edge, with and without weight and sugar.
        let mut rows = Vec::new();
        for i in 0..1500_u32 {
            let w = (i % 3 != 0).then(|| 150.0 + f64::from(i % 97) * 0.01);
            let s = (i % 5 != 0).then(|| 90.0 + f64::from(i % 41) * 0.05);
            rows.push(values(1 + i % 2, i % 3, w, s));
        }
        let (existing, file) = rows.split_at(400);
        let mut seen: Vec<ReadingValues> = Vec::new();
        let mut known = KnownReadings::new(existing.iter().cloned());
        for v in file {
            let brute = existing
                .iter()
                .chain(seen.iter())
                .any(|e| same_reading(e, v));
            assert_eq!(known.add_if_new(v), !brute, "{v:?}");
            if !brute {
                seen.push(v.clone());
            }
        }
        assert!(
            !seen.is_empty() && seen.len() < file.len(),
            "both outcomes met"
        );
    }

    #[test]
    fn fifty_thousand_distinct_rows_in_one_slot_are_checked_in_linear_work() {
        // One date and time, 50,000 weights 0.03 lbs apart: all distinct, and all in the
        // bucket the old (date, time) key compared pairwise.
        let n = 50_000_u32;
        let mut known = KnownReadings::default();
        let mut added = 0;
        for i in 0..n {
            let v = values(1, 0, Some(50.0 + f64::from(i) * 0.03), None);
            if known.add_if_new(&v) {
                added += 1;
            }
        }
        assert_eq!(added, n);
        // Each row meets at most its own cell and the neighbours (a handful), not 50,000.
        assert!(
            known.comparisons() <= 5 * n as usize,
            "{} comparisons",
            known.comparisons()
        );
        // Importing the same file again finds every row.
        for i in 0..n {
            let v = values(1, 0, Some(50.0 + f64::from(i) * 0.03), None);
            assert!(known.contains(&v));
        }
    }
}
