//! The reading form's rules with the spec's messages (section 5), enforced on the server.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};
use kernel::FieldErrors;

use crate::model::*;
use kernel::units::round_to;

pub const MSG_DATE_REQUIRED: &str = "Date is required";
pub const MSG_TIME_REQUIRED: &str = "Time is required";
pub const MSG_DATE_INVALID: &str = "Date must be a real date (YYYY-MM-DD)";
pub const MSG_DATE_FUTURE: &str = "Date cannot be in the future";
pub const MSG_TIME_FUTURE: &str = "Time cannot be in the future";
pub const MSG_TIME_INVALID: &str = "Time must be a real time (HH:MM)";
pub const MSG_NOTES_MAX: &str = "Notes must be at most 1000 characters";
pub const MSG_NOTES_CONTROL: &str = "Notes cannot contain control characters";
pub const MSG_NO_MEASUREMENT: &str = "Enter at least one measurement";
/// Diastolic is the lower number of a blood pressure; equal values are a typo too.
pub const MSG_DIASTOLIC_NOT_LOWER: &str = "Diastolic must be lower than systolic";
pub const NOTES_MAX: usize = 1000;

/// A measure's name in messages and its inclusive range in canonical units.
#[derive(Debug, Clone, Copy)]
pub struct Range {
    pub field: &'static str,
    pub name: &'static str,
    pub min: f64,
    pub max: f64,
    pub whole: bool,
}

pub const SYSTOLIC: Range = Range {
    field: "systolic",
    name: "Systolic",
    min: 70.0,
    max: 250.0,
    whole: true,
};
pub const DIASTOLIC: Range = Range {
    field: "diastolic",
    name: "Diastolic",
    min: 40.0,
    max: 150.0,
    whole: true,
};
pub const HEART_RATE: Range = Range {
    field: "heartRate",
    name: "Heart rate",
    min: 40.0,
    max: 220.0,
    whole: true,
};
/// Pounds.
pub const WEIGHT: Range = Range {
    field: "weight",
    name: "Weight",
    min: 50.0,
    max: 500.0,
    whole: false,
};
/// mg/dL.
pub const BLOOD_SUGAR: Range = Range {
    field: "bloodSugar",
    name: "Blood sugar",
    min: 40.0,
    max: 400.0,
    whole: false,
};

impl Range {
    /// 'Systolic must be at least 70' / 'Systolic must be less than 250' (the spec's
    /// pattern; the bounds themselves are allowed).
    fn check(&self, value: NumberField, errors: &mut FieldErrors) -> Option<f64> {
        let v = match value {
            NumberField::Empty => return None,
            NumberField::NotANumber => {
                errors.add(self.field, format!("{} must be a number", self.name));
                return None;
            }
            NumberField::Number(v) if !v.is_finite() => {
                errors.add(self.field, format!("{} must be a number", self.name));
                return None;
            }
            NumberField::Number(v) => v,
        };
        if self.whole && v.fract() != 0.0 {
            errors.add(self.field, format!("{} must be a whole number", self.name));
            return None;
        }
        // Tolerate float noise from unit conversion right at a bound (e.g. 22.68 kg).
        let eps = 1e-6;
        if v < self.min - eps {
            errors.add(
                self.field,
                format!("{} must be at least {}", self.name, self.min),
            );
            return None;
        }
        if v > self.max + eps {
            errors.add(
                self.field,
                format!("{} must be less than {}", self.name, self.max),
            );
            return None;
        }
        Some(v.clamp(self.min, self.max))
    }
}

fn whole(v: Option<f64>) -> Option<i32> {
    // Range-checked whole numbers up to 250: the cast is exact.
    v.map(|v| v as i32)
}

pub fn parse_date(raw: &str) -> Option<NaiveDate> {
    let raw = raw.trim();
    if raw.len() != 10 {
        return None;
    }
    kernel::date::parse_date(raw)
        .ok()
        .filter(|d| d.year() >= 1900)
}

pub fn parse_time(raw: &str) -> Option<NaiveTime> {
    let raw = raw.trim();
    if raw.len() != 5 {
        return None;
    }
    kernel::date::parse_time(raw).ok()
}

/// The latest wall-clock date and time a reading may carry at `now`: readings record what
/// was measured, so one later than now is refused (issue 14.12). A reading's date and time
/// are the user's local wall clock and the server knows no time zone, so it refuses what is
/// in the future everywhere: later than now in UTC+14, the furthest-ahead zone. The client
/// refuses exactly (after now in the browser's zone) with the same messages.
pub fn latest_allowed(now: DateTime<Utc>) -> NaiveDateTime {
    (now + Duration::hours(14)).naive_utc()
}

/// Validates a complete reading. `latest` is from [`latest_allowed`].
pub fn validate(input: &ReadingInput, latest: NaiveDateTime) -> Result<ReadingValues, FieldErrors> {
    let latest_date = latest.date();
    let latest_minute = latest
        .with_second(0)
        .and_then(|l| l.with_nanosecond(0))
        .unwrap_or(latest);
    let mut errors = FieldErrors::new();
    let date = match input.date.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add("date", MSG_DATE_REQUIRED);
            None
        }
        Some(raw) => match parse_date(raw) {
            None => {
                errors.add("date", MSG_DATE_INVALID);
                None
            }
            Some(d) if d > latest_date => {
                errors.add("date", MSG_DATE_FUTURE);
                None
            }
            Some(d) => Some(d),
        },
    };
    let time = match input.time.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add("time", MSG_TIME_REQUIRED);
            None
        }
        Some(raw) => match parse_time(raw) {
            None => {
                errors.add("time", MSG_TIME_INVALID);
                None
            }
            // Compared to the minute: a reading's time has none.
            Some(t) if date.is_some_and(|d| d.and_time(t) > latest_minute) => {
                errors.add("time", MSG_TIME_FUTURE);
                None
            }
            Some(t) => Some(t),
        },
    };
    let field = |f: Option<NumberField>| f.unwrap_or(NumberField::Empty);
    let values = Measurements {
        systolic: whole(SYSTOLIC.check(field(input.systolic), &mut errors)),
        diastolic: whole(DIASTOLIC.check(field(input.diastolic), &mut errors)),
        heart_rate: whole(HEART_RATE.check(field(input.heart_rate), &mut errors)),
        // Enough precision that a value entered in kg or mmol/L reads back the same.
        weight: WEIGHT
            .check(field(input.weight), &mut errors)
            .map(|v| round_to(v, 4)),
        blood_sugar: BLOOD_SUGAR
            .check(field(input.blood_sugar), &mut errors)
            .map(|v| round_to(v, 3)),
    };
    if let (Some(s), Some(d)) = (values.systolic, values.diastolic)
        && d >= s
    {
        errors.add(DIASTOLIC.field, MSG_DIASTOLIC_NOT_LOWER);
    }
    let notes = input
        .notes
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned);
    if notes
        .as_ref()
        .is_some_and(|n| n.chars().count() > NOTES_MAX)
    {
        errors.add("notes", MSG_NOTES_MAX);
    } else if notes
        .as_ref()
        .is_some_and(|n| kernel::text::has_stray_controls(n, true))
    {
        errors.add("notes", MSG_NOTES_CONTROL);
    }
    let all_empty = [
        input.systolic,
        input.diastolic,
        input.heart_rate,
        input.weight,
        input.blood_sugar,
    ]
    .iter()
    .all(|f| matches!(f, None | Some(NumberField::Empty)));
    if all_empty {
        errors.add("measurements", MSG_NO_MEASUREMENT);
    }
    errors.into_result()?;
    match (date, time) {
        (Some(date), Some(time)) => Ok(ReadingValues {
            date,
            time,
            values,
            notes,
        }),
        _ => {
            let mut e = FieldErrors::new();
            e.add("date", MSG_DATE_REQUIRED);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use NumberField::*;

    /// The latest allowed moment in these tests: 2026-11-23 18:00.
    fn today() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 23)
            .and_then(|d| d.and_hms_opt(18, 0, 0))
            .expect("date")
    }

    fn base() -> ReadingInput {
        ReadingInput {
            date: Some("2026-11-22".into()),
            time: Some("08:30".into()),
            heart_rate: Some(Number(70.0)),
            ..Default::default()
        }
    }

    fn error_for(input: ReadingInput, field: &str) -> Option<String> {
        validate(&input, today())
            .err()
            .and_then(|e| e.get(field).map(str::to_owned))
    }

    #[test]
    fn every_range_boundary() {
        type Setter = fn(&mut ReadingInput, NumberField);
        let cases: [(Range, Setter); 5] = [
            (SYSTOLIC, |i, v| i.systolic = Some(v)),
            (DIASTOLIC, |i, v| i.diastolic = Some(v)),
            (HEART_RATE, |i, v| i.heart_rate = Some(v)),
            (WEIGHT, |i, v| i.weight = Some(v)),
            (BLOOD_SUGAR, |i, v| i.blood_sugar = Some(v)),
        ];
        for (range, set) in cases {
            let at = |v: f64| {
                let mut i = base();
                set(&mut i, Number(v));
                error_for(i, range.field)
            };
            assert_eq!(at(range.min), None, "{} min", range.name);
            assert_eq!(at(range.max), None, "{} max", range.name);
            assert_eq!(
                at(range.min - 1.0),
                Some(format!("{} must be at least {}", range.name, range.min)),
            );
            assert_eq!(
                at(range.max + 1.0),
                Some(format!("{} must be less than {}", range.name, range.max)),
            );
        }
        let mut i = base();
        i.systolic = Some(Number(69.0));
        assert_eq!(
            error_for(i, "systolic").as_deref(),
            Some("Systolic must be at least 70")
        );
        let mut i = base();
        i.systolic = Some(Number(251.0));
        assert_eq!(
            error_for(i, "systolic").as_deref(),
            Some("Systolic must be less than 250")
        );
    }

    #[test]
    fn whole_numbers_and_non_numbers() {
        let mut i = base();
        i.heart_rate = Some(Number(70.5));
        assert_eq!(
            error_for(i, "heartRate").as_deref(),
            Some("Heart rate must be a whole number")
        );
        let mut i = base();
        i.weight = Some(NotANumber);
        assert_eq!(
            error_for(i, "weight").as_deref(),
            Some("Weight must be a number")
        );
        let mut i = base();
        i.weight = Some(Number(150.25));
        assert_eq!(
            validate(&i, today()).expect("ok").values.weight,
            Some(150.25)
        );
    }

    #[test]
    fn date_and_time_must_be_real() {
        for (d, msg) in [
            ("", MSG_DATE_REQUIRED),
            ("2026-02-30", MSG_DATE_INVALID),
            ("2026-13-01", MSG_DATE_INVALID),
            ("2026-2-3", MSG_DATE_INVALID),
            ("22/11/2026", MSG_DATE_INVALID),
            ("2026-11-25", MSG_DATE_FUTURE),
        ] {
            let mut i = base();
            i.date = Some(d.into());
            assert_eq!(error_for(i, "date").as_deref(), Some(msg), "{d}");
        }
        let mut i = base();
        i.date = None;
        assert_eq!(error_for(i, "date").as_deref(), Some(MSG_DATE_REQUIRED));
        let mut i = base();
        i.date = Some("2028-02-29".into());
        assert_eq!(
            validate(
                &i,
                NaiveDate::from_ymd_opt(2028, 3, 1)
                    .and_then(|d| d.and_hms_opt(0, 0, 0))
                    .expect("d")
            )
            .map(|v| v.date.to_string()),
            Ok("2028-02-29".into())
        );
        for (t, msg) in [
            ("", MSG_TIME_REQUIRED),
            ("25:00", MSG_TIME_INVALID),
            ("12:60", MSG_TIME_INVALID),
            ("7:30", MSG_TIME_INVALID),
            ("noon", MSG_TIME_INVALID),
        ] {
            let mut i = base();
            i.time = Some(t.into());
            assert_eq!(error_for(i, "time").as_deref(), Some(msg), "{t}");
        }
    }

    /// Issue 14.12: a reading later than now is refused, to the minute (`today()` is
    /// 2026-11-23 18:00:00 here).
    #[test]
    fn readings_later_than_now_are_refused() {
        let at = |date: &str, time: &str| {
            let mut i = base();
            i.date = Some(date.into());
            i.time = Some(time.into());
            validate(&i, today()).err()
        };
        assert!(at("2026-11-23", "18:00").is_none(), "now itself is fine");
        assert!(at("2026-11-23", "07:00").is_none());
        assert!(at("2026-11-22", "23:59").is_none());
        let later = at("2026-11-23", "18:01").expect("later today is refused");
        assert_eq!(later.get("time"), Some(MSG_TIME_FUTURE));
        assert_eq!(later.get("date"), None);
        let tomorrow = at("2026-11-24", "00:00").expect("tomorrow is refused");
        assert_eq!(tomorrow.get("date"), Some(MSG_DATE_FUTURE));
        // The server's bound is now in UTC+14: later than that is the future everywhere.
        let now = DateTime::parse_from_rfc3339("2026-11-23T04:00:30Z")
            .expect("t")
            .with_timezone(&Utc);
        assert_eq!(latest_allowed(now).to_string(), "2026-11-23 18:00:30");
        let mut i = base();
        i.time = Some("23:59".into());
        assert!(validate(&i, today()).is_ok());
    }

    #[test]
    fn needs_a_measurement_and_bounded_notes() {
        let mut i = base();
        i.heart_rate = Some(Empty);
        assert_eq!(
            error_for(i, "measurements").as_deref(),
            Some(MSG_NO_MEASUREMENT)
        );
        let mut i = base();
        i.notes = Some("x".repeat(1001));
        assert_eq!(error_for(i, "notes").as_deref(), Some(MSG_NOTES_MAX));
        let mut i = base();
        i.notes = Some("  after coffee  ".into());
        assert_eq!(
            validate(&i, today()).expect("ok").notes.as_deref(),
            Some("after coffee")
        );
        let mut i = base();
        i.notes = Some("   ".into());
        assert_eq!(validate(&i, today()).expect("ok").notes, None);
    }

    #[test]
    fn diastolic_must_be_lower_than_systolic() {
        for (s, d, ok) in [
            (140.0, 90.0, true),
            (90.0, 140.0, false),
            (120.0, 120.0, false),
        ] {
            let mut i = base();
            i.systolic = Some(Number(s));
            i.diastolic = Some(Number(d));
            let expected = (!ok).then_some(MSG_DIASTOLIC_NOT_LOWER);
            assert_eq!(error_for(i, "diastolic").as_deref(), expected, "{s}/{d}");
        }
        // One number alone is judged by its range only.
        let mut i = base();
        i.diastolic = Some(Number(140.0));
        assert!(validate(&i, today()).is_ok());
    }
}
