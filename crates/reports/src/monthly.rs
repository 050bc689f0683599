//! Month by month (issue 36): a long report's table of readings runs to twenty pages, so a
//! doctor first reads one line per calendar month. Computed here once, drawn by the PDF.

use chrono::{Datelike, NaiveDate};
use readings::Reading;

use crate::analysis::Stats;

/// The shortest period given a monthly summary: longer than two months.
pub const MIN_SUMMARY_DAYS: i64 = 62;

/// One calendar month of the period's readings (the statistics unrounded, canonical units).
#[derive(Debug, Clone, PartialEq)]
pub struct MonthSummary {
    /// The month's first day.
    pub month: NaiveDate,
    pub days: usize,
    pub readings: usize,
    pub systolic: Option<Stats>,
    pub diastolic: Option<Stats>,
    pub heart_rate: Option<Stats>,
    pub weight: Option<Stats>,
    pub blood_sugar: Option<Stats>,
}

/// One summary per calendar month holding readings, oldest first. `readings` are ascending
/// by date (as a report holds them).
pub fn months(readings: &[Reading]) -> Vec<MonthSummary> {
    let mut out: Vec<MonthSummary> = Vec::new();
    let mut start = 0;
    while start < readings.len() {
        let key = (readings[start].date.year(), readings[start].date.month());
        let mut end = start;
        while end < readings.len() && (readings[end].date.year(), readings[end].date.month()) == key
        {
            end += 1;
        }
        let month = &readings[start..end];
        let stats = |f: fn(&Reading) -> Option<f64>| -> Option<Stats> {
            Stats::of(&month.iter().filter_map(f).collect::<Vec<_>>())
        };
        let mut days: Vec<NaiveDate> = month.iter().map(|r| r.date).collect();
        days.dedup();
        if let Some(first) = readings[start].date.with_day(1) {
            out.push(MonthSummary {
                month: first,
                days: days.len(),
                readings: month.len(),
                systolic: stats(|r| r.values.systolic.map(f64::from)),
                diastolic: stats(|r| r.values.diastolic.map(f64::from)),
                heart_rate: stats(|r| r.values.heart_rate.map(f64::from)),
                weight: stats(|r| r.values.weight),
                blood_sugar: stats(|r| r.values.blood_sugar),
            });
        }
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::tests::r as november;

    fn r(y: i32, m: u32, d: u32, sys: Option<i32>, wt: Option<f64>) -> Reading {
        let mut reading = november(1, "08:00", sys, sys.map(|s| s - 50), None, wt);
        reading.date = NaiveDate::from_ymd_opt(y, m, d).expect("date");
        reading
    }

    #[test]
    fn one_line_per_calendar_month_with_its_days_and_means() {
        let rs = vec![
            r(2025, 12, 30, Some(130), None),
            r(2025, 12, 30, Some(140), Some(160.0)),
            r(2025, 12, 31, Some(120), None),
            r(2026, 1, 2, None, Some(158.0)),
        ];
        let m = months(&rs);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].month, NaiveDate::from_ymd_opt(2025, 12, 1).expect("d"));
        assert_eq!((m[0].days, m[0].readings), (2, 3));
        let s = m[0].systolic.expect("s");
        assert_eq!((s.count, s.average, s.min, s.max), (3, 130.0, 120.0, 140.0));
        assert_eq!(m[1].systolic, None);
        assert_eq!(m[1].weight.expect("w").average, 158.0);
        assert!(months(&[]).is_empty());
    }
}
