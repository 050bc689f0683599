//! The machine formats of calendar dates and clock times: ISO `YYYY-MM-DD` and 24-hour
//! `HH:MM`, as the API's JSON, the CSV export and import, file names and the database
//! store them (fixed width, so they sort as they read). How a person reads a date is
//! [`crate::display`]'s job.
//!
//! Inside the domain dates and times are `chrono::NaiveDate` and `NaiveTime`; these
//! functions are the edges where they become text and back.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, ParseError, Timelike, Utc};

/// `2026-11-05`.
pub const DATE_FORMAT: &str = "%Y-%m-%d";
/// `07:05`: readings and reminders are kept to the minute.
pub const TIME_FORMAT: &str = "%H:%M";

/// A date as a form sends it: exactly `YYYY-MM-DD` (surrounding spaces aside), from 1900
/// on. Every form's date is read here.
pub fn parse_form_date(raw: &str) -> Option<NaiveDate> {
    let raw = raw.trim();
    if raw.len() != 10 {
        return None;
    }
    parse_date(raw).ok().filter(|d| d.year() >= 1900)
}

/// `2026-11-05`.
pub fn format_date(d: NaiveDate) -> String {
    d.format(DATE_FORMAT).to_string()
}

/// Reads [`DATE_FORMAT`] (chrono's parser: it also takes unpadded numbers; callers that
/// need the exact width check it).
pub fn parse_date(s: &str) -> Result<NaiveDate, ParseError> {
    // The fixed width every stored date has, read without chrono's format interpreter
    // (a list reads thousands); anything else, or an impossible date, goes to chrono.
    if let [y1, y2, y3, y4, b'-', m1, m2, b'-', d1, d2] = *s.as_bytes()
        && let (Some(y), Some(m), Some(d)) = (
            digits(&[y1, y2, y3, y4]),
            digits(&[m1, m2]),
            digits(&[d1, d2]),
        )
        && let Some(date) = i32::try_from(y)
            .ok()
            .and_then(|y| NaiveDate::from_ymd_opt(y, m, d))
    {
        return Ok(date);
    }
    NaiveDate::parse_from_str(s, DATE_FORMAT)
}

/// `07:05`.
pub fn format_time(t: NaiveTime) -> String {
    t.format(TIME_FORMAT).to_string()
}

/// Reads [`TIME_FORMAT`] (no seconds).
pub fn parse_time(s: &str) -> Result<NaiveTime, ParseError> {
    // As in [`parse_date`]: the stored width first, chrono for the rest.
    if let [h1, h2, b':', m1, m2] = *s.as_bytes()
        && let Some(time) = digits(&[h1, h2])
            .zip(digits(&[m1, m2]))
            .and_then(|(h, m)| NaiveTime::from_hms_opt(h, m, 0))
    {
        return Ok(time);
    }
    NaiveTime::parse_from_str(s, TIME_FORMAT)
}

/// A timestamp as SQLite holds it (diesel writes chrono's `%F %T%.f`):
/// `2026-11-05 07:05:09`, then optionally `.` and 1 to 9 digits of a second. `None` for any
/// other text, which the caller gives to chrono's slower, more lenient parser.
pub fn parse_stored_timestamp(s: &str) -> Option<NaiveDateTime> {
    let (date, rest) = (s.get(..10)?, s.as_bytes().get(10..)?);
    let date = parse_date(date).ok()?;
    let [b' ', h1, h2, b':', m1, m2, b':', s1, s2, ref fraction @ ..] = *rest else {
        return None;
    };
    let nanos = match fraction {
        [] => 0,
        [b'.', digits_ @ ..] if (1..=9).contains(&digits_.len()) => {
            digits(digits_)? * 10_u32.pow(9 - u32::try_from(digits_.len()).ok()?)
        }
        _ => return None,
    };
    let time = NaiveTime::from_hms_nano_opt(
        digits(&[h1, h2])?,
        digits(&[m1, m2])?,
        digits(&[s1, s2])?,
        nanos,
    )?;
    Some(date.and_time(time))
}

/// The number ASCII digits spell, `None` if any is not a digit.
fn digits(bytes: &[u8]) -> Option<u32> {
    bytes.iter().try_fold(0, |n, b| {
        b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
    })
}

/// [`format_date`] into a fixed buffer, for the lists that write thousands of dates
/// (chrono's formatter interprets its format string anew each time). `None` for a year
/// outside 0..=9999, which [`format_date`] does not write in ten characters.
pub fn date_bytes(d: NaiveDate) -> Option<[u8; 10]> {
    let year = u32::try_from(d.year()).ok().filter(|y| *y <= 9999)?;
    let mut b = *b"0000-00-00";
    put(&mut b[0..4], year);
    put(&mut b[5..7], d.month());
    put(&mut b[8..10], d.day());
    Some(b)
}

/// [`format_time`] into a fixed buffer (see [`date_bytes`]).
pub fn time_bytes(t: NaiveTime) -> [u8; 5] {
    let mut b = *b"00:00";
    put(&mut b[0..2], t.hour());
    put(&mut b[3..5], t.minute());
    b
}

/// `2026-11-05T07:05:09Z`: RFC 3339 in UTC to the second, as chrono's
/// `to_rfc3339_opts(SecondsFormat::Secs, true)` writes it, into a fixed buffer (see
/// [`date_bytes`]).
pub fn timestamp_bytes(t: DateTime<Utc>) -> Option<[u8; 20]> {
    let mut b = *b"0000-00-00T00:00:00Z";
    b[0..10].copy_from_slice(&date_bytes(t.date_naive())?);
    put(&mut b[11..13], t.hour());
    put(&mut b[14..16], t.minute());
    put(&mut b[17..19], t.second());
    Some(b)
}

/// `n` as decimal digits filling `out`, zero-padded on the left.
fn put(out: &mut [u8], mut n: u32) {
    for slot in out.iter_mut().rev() {
        // A remainder of 10 fits a byte.
        *slot = b'0' + (n % 10) as u8;
        n /= 10;
    }
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
        assert!(
            parse_time("7:05").is_ok(),
            "chrono's reading of unpadded numbers stays"
        );
        assert!(parse_date("2026-1-5").is_ok());
        assert!(parse_date("2026-13-05").is_err() && parse_date("2026-x1-05").is_err());
    }

    #[test]
    fn stored_timestamps_read_as_chrono_reads_them() {
        let chrono = |s: &str| NaiveDateTime::parse_from_str(s, "%F %T%.f").ok();
        for s in [
            "2026-11-05 07:05:09",
            "2026-11-05 07:05:09.5",
            "2026-11-05 07:05:09.123456",
            "2026-11-05 23:59:59.999999999",
            "2024-02-29 00:00:00.000001",
        ] {
            assert_eq!(parse_stored_timestamp(s), chrono(s), "{s}");
            assert!(parse_stored_timestamp(s).is_some(), "{s}");
        }
        // Not the stored form: left to chrono (None here), whatever chrono makes of it.
        for s in [
            "2026-11-05T07:05:09",
            "2026-11-05 07:05",
            "2026-11-05 07:05:09.",
            "2026-11-05 07:05:09.1234567890",
            "2026-11-05 07:05:09Z",
            "2026-02-30 07:05:09",
            "2026-11-05 24:00:00",
            "2026-1-05 07:05:09",
            "2026-11-05 07:05:0x",
            "",
        ] {
            assert_eq!(parse_stored_timestamp(s), None, "{s}");
        }
    }

    #[test]
    fn fixed_buffers_write_what_chrono_writes() {
        use chrono::{SecondsFormat, TimeZone};
        let text = |b: &[u8]| String::from_utf8(b.to_vec()).expect("ascii");
        for (y, m, d) in [(2026, 11, 5), (1, 1, 1), (9999, 12, 31), (2024, 2, 29)] {
            let date = NaiveDate::from_ymd_opt(y, m, d).expect("date");
            assert_eq!(text(&date_bytes(date).expect("fits")), format_date(date));
        }
        let far = NaiveDate::from_ymd_opt(10_000, 1, 1).expect("date");
        assert_eq!(date_bytes(far), None);
        for (h, m) in [(0, 0), (7, 5), (23, 59)] {
            let t = NaiveTime::from_hms_opt(h, m, 0).expect("t");
            assert_eq!(text(&time_bytes(t)), format_time(t));
        }
        let at = Utc
            .with_ymd_and_hms(2026, 3, 9, 4, 7, 2)
            .single()
            .expect("t")
            + chrono::Duration::milliseconds(999);
        assert_eq!(
            text(&timestamp_bytes(at).expect("fits")),
            at.to_rfc3339_opts(SecondsFormat::Secs, true)
        );
    }
}
