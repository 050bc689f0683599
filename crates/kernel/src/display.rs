//! How a person reads a date or a time anywhere Vitalog writes one for them (emails, PDF
//! reports): the product's format, MM/DD/YYYY and 12-hour times (spec section 2). The
//! client's counterpart is frontend/src/lib/dates.ts. Machine formats (CSV, JSON, file
//! names) stay ISO: [`crate::date`].

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};

/// The product's date format.
const DATE_FORMAT: &str = "%m/%d/%Y";

/// `11/05/2026`.
pub fn date(d: NaiveDate) -> String {
    d.format(DATE_FORMAT).to_string()
}

/// Reads [`date`]'s format back (a spreadsheet re-saves dates as it shows them).
pub fn parse_date(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s, DATE_FORMAT).ok()
}

/// `8:05 AM`.
pub fn time(t: NaiveTime) -> String {
    t.format("%-I:%M %p").to_string()
}

/// `10/23/2026 to 11/22/2026`.
pub fn period(start: NaiveDate, end: NaiveDate) -> String {
    format!("{} to {}", date(start), date(end))
}

/// `11/23/2026 2:05 PM UTC`: a moment, in UTC because the server knows no time zone.
pub fn utc_moment(at: DateTime<Utc>) -> String {
    format!("{} {} UTC", date(at.date_naive()), time(at.time()))
}

/// A blood pressure value as people and clinicians read it: whole mmHg (issue 36), rounded
/// once, here, at display, half away from zero (the client's `formatMmHg` is the same rule).
/// Comparisons with thresholds use the unrounded value, never this text.
pub fn mmhg(value: f64) -> String {
    let whole = value.round();
    // -0.4 rounds to -0, which would print as "-0".
    format!("{}", if whole == 0.0 { 0.0 } else { whole })
}

/// A pair in whole mmHg: `132/84`.
pub fn bp_pair(systolic: f64, diastolic: f64) -> String {
    format!("{}/{}", mmhg(systolic), mmhg(diastolic))
}

/// `part` of `whole` as a person reads a share: whole per cent, but never "0 %" for
/// something that happened ("<1 %", 1 of 758) nor "100 %" for something that did not always
/// (">99 %"). `None` when `whole` is 0.
pub fn percent(part: usize, whole: usize) -> Option<String> {
    if whole == 0 {
        return None;
    }
    let share = part as f64 * 100.0 / whole as f64;
    Some(if part > 0 && share < 1.0 {
        "<1 %".to_owned()
    } else if part < whole && share > 99.0 {
        ">99 %".to_owned()
    } else {
        format!("{} %", share.round())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn product_formats() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 5).expect("d");
        assert_eq!(date(d), "11/05/2026");
        let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).expect("t");
        assert_eq!(time(t(8, 5)), "8:05 AM");
        assert_eq!(time(t(0, 30)), "12:30 AM");
        assert_eq!(time(t(13, 0)), "1:00 PM");
        let e = NaiveDate::from_ymd_opt(2026, 12, 1).expect("d");
        assert_eq!(period(d, e), "11/05/2026 to 12/01/2026");
        let at = Utc
            .with_ymd_and_hms(2026, 11, 23, 14, 5, 9)
            .single()
            .expect("t");
        assert_eq!(utc_moment(at), "11/23/2026 2:05 PM UTC");
    }

    #[test]
    fn whole_mmhg_rounds_once_half_away_from_zero() {
        assert_eq!(mmhg(131.7), "132");
        assert_eq!(mmhg(84.2), "84");
        assert_eq!(mmhg(129.5), "130");
        assert_eq!(mmhg(-0.4), "0");
        assert_eq!(bp_pair(131.7, 84.2), "132/84");
    }

    #[test]
    fn a_share_that_happened_is_never_0_per_cent() {
        assert_eq!(percent(1, 758).as_deref(), Some("<1 %"));
        assert_eq!(percent(0, 758).as_deref(), Some("0 %"));
        assert_eq!(percent(757, 758).as_deref(), Some(">99 %"));
        assert_eq!(percent(758, 758).as_deref(), Some("100 %"));
        assert_eq!(percent(1, 8).as_deref(), Some("13 %"));
        assert_eq!(percent(1, 0), None);
    }
}
