//! Guided measurements (issue 15): a home blood pressure measurement taken the way the ESH
//! 2023 and AHA/ACC 2017 guidelines ask (seated after 5 minutes' rest, 2 or 3 readings a
//! minute apart, morning and evening). A session is stored as one reading holding the
//! rounded averages, which charts, tables, reports and exports use like any reading, plus
//! every individual reading, which the 7-day home average counts one by one.

use chrono::{NaiveDateTime, NaiveTime, Timelike};
use kernel::FieldErrors;

use crate::model::{NumberField, Reading, ReadingInput, ReadingValues};
use crate::rules;

/// Morning or evening, as home monitoring asks for both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Period {
    Morning,
    Evening,
}

impl Period {
    /// From `rules.json`'s `guided.morningFrom` up to `eveningFrom` is morning; the rest of
    /// the day (evening and night) is evening. `time` is the user's wall-clock time, as
    /// every reading's time is, so a DST change moves nothing.
    pub fn of(time: NaiveTime) -> Self {
        let minute = |(h, m): (u32, u32)| h * 60 + m;
        let t = time.hour() * 60 + time.minute();
        if (minute(rules::MORNING_FROM)..minute(rules::EVENING_FROM)).contains(&t) {
            Period::Morning
        } else {
            Period::Evening
        }
    }

    /// The period a reading counts in: a guided measurement's stored period (the user may
    /// have changed it from its time's), else the period of its time ([`Period::of`]).
    pub fn of_reading(r: &Reading) -> Self {
        r.session
            .as_ref()
            .map_or_else(|| Self::of(r.time), |s| s.period)
    }

    /// The period's span of the day as a person reads it (`kernel::display::time`), first
    /// minute to last: "4:00 AM to 11:59 AM", "12:00 PM to 3:59 AM". The two spans cover
    /// the day with no gap, as [`Period::of`] does.
    pub fn hours(self) -> String {
        let at = |(h, m): (u32, u32)| NaiveTime::from_hms_opt(h, m, 0).unwrap_or(NaiveTime::MIN);
        let (from, until) = match self {
            Period::Morning => (rules::MORNING_FROM, rules::EVENING_FROM),
            Period::Evening => (rules::EVENING_FROM, rules::MORNING_FROM),
        };
        // Subtracting wraps past midnight: the evening ends the minute before the morning.
        let last = at(until) - chrono::Duration::minutes(1);
        format!(
            "{} to {}",
            kernel::display::time(at(from)),
            kernel::display::time(last)
        )
    }

    /// "Morning", "Evening": the period as a report names it.
    pub fn label(self) -> &'static str {
        match self {
            Period::Morning => "Morning",
            Period::Evening => "Evening",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Period::Morning => "morning",
            Period::Evening => "evening",
        }
    }

    pub fn parse(v: &str) -> Option<Self> {
        match v {
            "morning" => Some(Period::Morning),
            "evening" => Some(Period::Evening),
            _ => None,
        }
    }
}

/// One reading of a guided measurement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionReading {
    pub time: NaiveTime,
    pub systolic: i32,
    pub diastolic: i32,
    pub heart_rate: Option<i32>,
}

/// What a guided measurement adds to the reading that holds its averages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub period: Period,
    /// The user skipped (part of) the 5-minute rest: the readings may read high.
    pub rest_skipped: bool,
    /// In the order taken; between `GUIDED_MIN_READINGS` and `GUIDED_MAX_READINGS`.
    pub readings: Vec<SessionReading>,
}

use kernel::units::rounded_mean;

impl Session {
    /// The averages the session's reading holds: systolic, diastolic and heart rate (of the
    /// readings that have one).
    pub fn averages(&self) -> (Option<i32>, Option<i32>, Option<i32>) {
        (
            rounded_mean(self.readings.iter().map(|r| r.systolic)),
            rounded_mean(self.readings.iter().map(|r| r.diastolic)),
            rounded_mean(self.readings.iter().filter_map(|r| r.heart_rate)),
        )
    }
}

/// One reading of a guided measurement as the client sends it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SessionReadingInput {
    /// HH:MM; the session's time when not sent.
    pub time: Option<String>,
    pub systolic: Option<NumberField>,
    pub diastolic: Option<NumberField>,
    pub heart_rate: Option<NumberField>,
}

/// A guided measurement as the client sends it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SessionInput {
    pub date: Option<String>,
    /// When the session began (its first reading): the time of the reading that holds it.
    pub time: Option<String>,
    /// "morning" or "evening"; from `time` when not sent ([`Period::of`]).
    pub period: Option<String>,
    pub rest_skipped: bool,
    pub readings: Vec<SessionReadingInput>,
    pub weight: Option<NumberField>,
    pub blood_sugar: Option<NumberField>,
    pub notes: Option<String>,
}

fn filled(f: Option<NumberField>) -> bool {
    !matches!(f, None | Some(NumberField::Empty))
}

/// Checks a guided measurement with the plain form's rules and messages, reading by reading
/// (errors keyed `readings.{i}.{field}`), and gives the reading that holds its averages with
/// the session. `latest` is from [`kernel::calendar::latest_allowed`].
pub fn validate(
    input: &SessionInput,
    latest: NaiveDateTime,
) -> Result<(ReadingValues, Session), FieldErrors> {
    let mut errors = FieldErrors::new();
    let count = input.readings.len();
    if !(rules::GUIDED_MIN_READINGS..=rules::GUIDED_MAX_READINGS).contains(&count) {
        errors.add("readings", rules::MSG_SESSION_COUNT);
        return Err(errors);
    }
    let mut readings = Vec::with_capacity(count);
    for (i, r) in input.readings.iter().enumerate() {
        let key = |field: &str| format!("readings.{i}.{field}");
        if !filled(r.systolic) || !filled(r.diastolic) {
            for (field, f) in [("systolic", r.systolic), ("diastolic", r.diastolic)] {
                if !filled(f) {
                    errors.add(&key(field), rules::MSG_SESSION_BP_REQUIRED);
                }
            }
            continue;
        }
        let one = ReadingInput {
            date: input.date.clone(),
            time: r.time.clone().or_else(|| input.time.clone()),
            systolic: r.systolic,
            diastolic: r.diastolic,
            heart_rate: r.heart_rate,
            ..Default::default()
        };
        match rules::validate(&one, latest) {
            Ok(v) => {
                if let (Some(systolic), Some(diastolic)) = (v.values.systolic, v.values.diastolic) {
                    readings.push(SessionReading {
                        time: v.time,
                        systolic,
                        diastolic,
                        heart_rate: v.values.heart_rate,
                    });
                }
            }
            Err(e) => {
                // The session's date and time are reported once, below; a reading's own
                // time only when it sent one.
                for (field, message) in e.iter() {
                    let own_time = field == "time" && r.time.is_some();
                    if own_time || !matches!(field.as_str(), "date" | "time") {
                        errors.add(&key(field), message.as_str());
                    }
                }
            }
        }
    }
    let period = match input.period.as_deref() {
        None | Some("") => None,
        Some(p) => {
            let parsed = Period::parse(p);
            if parsed.is_none() {
                errors.add("period", rules::MSG_PERIOD_INVALID);
            }
            parsed
        }
    };
    let session = Session {
        period: period.unwrap_or(Period::Morning),
        rest_skipped: input.rest_skipped,
        readings,
    };
    let (systolic, diastolic, heart_rate) = session.averages();
    let number =
        |v: Option<i32>| Some(v.map_or(NumberField::Empty, |v| NumberField::Number(f64::from(v))));
    let summary = ReadingInput {
        date: input.date.clone(),
        time: input.time.clone(),
        systolic: number(systolic),
        diastolic: number(diastolic),
        heart_rate: number(heart_rate),
        weight: input.weight,
        blood_sugar: input.blood_sugar,
        notes: input.notes.clone(),
        // Not sent, so home: the guided measurement is the home protocol (ESH 2023,
        // AHA/AMA 2020), so its reading is never a clinic one.
        setting: None,
    };
    let values = match rules::validate(&summary, latest) {
        Ok(v) => Some(v),
        Err(e) => {
            for (field, message) in e.iter() {
                // Errors of the averages are the readings' own, reported above.
                if !matches!(
                    field.as_str(),
                    "systolic" | "diastolic" | "heartRate" | "measurements"
                ) {
                    errors.add(field, message.as_str());
                }
            }
            None
        }
    };
    errors.into_result()?;
    match values {
        Some(values) if session.readings.len() == count => {
            let session = Session {
                period: period.unwrap_or_else(|| Period::of(values.time)),
                ..session
            };
            Ok((values, session))
        }
        _ => {
            let mut e = FieldErrors::new();
            e.add("readings", rules::MSG_SESSION_BP_REQUIRED);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests;
