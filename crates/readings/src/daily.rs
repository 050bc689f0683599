//! A user's readings summed up day by day (issue 36): the Trends page draws spans of months
//! and years from one row per day, which the store computes in SQL (grouped by the reading's
//! date, the user's wall-clock day), so a long span never sends every reading.
//!
//! The span asked for is bounded ([`MAX_SPAN_DAYS`]): at most one row per day of it comes
//! back, whatever the record holds.

use chrono::NaiveDate;
use kernel::FieldErrors;

/// The longest span one request may cover: 20 years of days (7,305 rows at most).
pub const MAX_SPAN_DAYS: i64 = 20 * 365 + 5;

pub const MSG_FROM_REQUIRED: &str = "from is required (YYYY-MM-DD)";
pub const MSG_TO_REQUIRED: &str = "to is required (YYYY-MM-DD)";
pub const MSG_ORDER: &str = "to must be on or after from";
pub const MSG_SPAN: &str = "A span covers at most 20 years";

/// One measure's values on one day: lowest, highest and mean (unrounded).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    pub min: i32,
    pub max: i32,
    pub mean: f64,
}

/// What one day's readings hold, in canonical units (weight lbs, blood sugar mg/dL).
#[derive(Debug, Clone, PartialEq)]
pub struct DayAggregate {
    pub date: NaiveDate,
    /// Every reading of the day.
    pub count: i64,
    /// Readings with both blood pressure numbers: the only ones in `systolic` and
    /// `diastolic` (a chart's blood pressure needs both, as the dashboard's points do).
    pub bp_count: i64,
    pub systolic: Option<Spread>,
    pub diastolic: Option<Spread>,
    /// Means of the day's readings that hold the measure.
    pub heart_rate: Option<f64>,
    pub weight: Option<f64>,
    pub blood_sugar: Option<f64>,
}

/// The span a request asks for: both days given, in order, and at most [`MAX_SPAN_DAYS`]
/// days long (both ends included). The messages name the query's fields.
pub fn span(
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
) -> Result<(NaiveDate, NaiveDate), FieldErrors> {
    let mut errors = FieldErrors::new();
    if from.is_none() {
        errors.add("from", MSG_FROM_REQUIRED);
    }
    if to.is_none() {
        errors.add("to", MSG_TO_REQUIRED);
    }
    let (Some(from), Some(to)) = (from, to) else {
        return Err(errors);
    };
    let days = (to - from).num_days() + 1;
    if days < 1 {
        errors.add("to", MSG_ORDER);
    } else if days > MAX_SPAN_DAYS {
        errors.add("from", MSG_SPAN);
    }
    errors.into_result().map(|()| (from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        kernel::date::parse_date(s).expect("date")
    }

    #[test]
    fn a_span_needs_both_days_in_order() {
        let missing = span(None, None).expect_err("refused");
        assert_eq!(missing.get("from"), Some(MSG_FROM_REQUIRED));
        assert_eq!(missing.get("to"), Some(MSG_TO_REQUIRED));
        let reversed = span(Some(d("2026-11-02")), Some(d("2026-11-01"))).expect_err("refused");
        assert_eq!(reversed.get("to"), Some(MSG_ORDER));
        assert_eq!(
            span(Some(d("2026-11-01")), Some(d("2026-11-01"))).ok(),
            Some((d("2026-11-01"), d("2026-11-01")))
        );
    }

    #[test]
    fn a_span_is_at_most_twenty_years() {
        let to = d("2026-11-28");
        let longest = to - chrono::Duration::days(MAX_SPAN_DAYS - 1);
        assert!(span(Some(longest), Some(to)).is_ok());
        let longer = longest - chrono::Duration::days(1);
        let refused = span(Some(longer), Some(to)).expect_err("refused");
        assert_eq!(refused.get("from"), Some(MSG_SPAN));
    }
}
