//! The machine formats of calendar dates and clock times: ISO `YYYY-MM-DD` and 24-hour
//! `HH:MM`, as the API's JSON, the CSV export and import, file names and the database
//! store them (fixed width, so they sort as they read). How a person reads a date is
//! [`crate::display`]'s job.
//!
//! Inside the domain dates and times are `chrono::NaiveDate` and `NaiveTime`; these
//! functions are the edges where they become text and back.

use chrono::{NaiveDate, NaiveTime, ParseError};

/// `2026-11-05`.
pub const DATE_FORMAT: &str = "%Y-%m-%d";
/// `07:05`: readings and reminders are kept to the minute.
pub const TIME_FORMAT: &str = "%H:%M";

/// `2026-11-05`.
pub fn format_date(d: NaiveDate) -> String {
    d.format(DATE_FORMAT).to_string()
}

/// Reads [`DATE_FORMAT`] (chrono's parser: it also takes unpadded numbers; callers that
/// need the exact width check it).
pub fn parse_date(s: &str) -> Result<NaiveDate, ParseError> {
    NaiveDate::parse_from_str(s, DATE_FORMAT)
}

/// `07:05`.
pub fn format_time(t: NaiveTime) -> String {
    t.format(TIME_FORMAT).to_string()
}

/// Reads [`TIME_FORMAT`] (no seconds).
pub fn parse_time(s: &str) -> Result<NaiveTime, ParseError> {
    NaiveTime::parse_from_str(s, TIME_FORMAT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_round_trips() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 5).expect("d");
        assert_eq!(format_date(d), "2026-11-05");
        assert_eq!(parse_date("2026-11-05"), Ok(d));
        assert!(parse_date("11/05/2026").is_err());
        assert!(parse_date("2026-02-30").is_err());
        let t = NaiveTime::from_hms_opt(7, 5, 0).expect("t");
        assert_eq!(format_time(t), "07:05");
        assert_eq!(parse_time("07:05"), Ok(t));
        assert!(parse_time("07:05:00").is_err());
        assert!(parse_time("25:00").is_err());
    }
}
