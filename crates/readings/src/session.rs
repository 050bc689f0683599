//! Guided measurements (issue 15): a home blood pressure measurement taken the way the ESH
//! 2023 and AHA/ACC 2017 guidelines ask (seated after 5 minutes' rest, 2 or 3 readings a
//! minute apart, morning and evening). A session is stored as one reading holding the
//! rounded averages, which charts, tables, reports and exports use like any reading, plus
//! every individual reading, which the 7-day home average counts one by one.

use chrono::{NaiveTime, Timelike};

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

/// The mean rounded to a whole number (halves away from zero), or `None` for no values.
pub fn rounded_mean(values: impl IntoIterator<Item = i32>) -> Option<i32> {
    let (sum, n) = values
        .into_iter()
        .fold((0i64, 0i64), |(s, n), v| (s + i64::from(v), n + 1));
    if n == 0 {
        return None;
    }
    // Exact in integers: round(sum / n) with halves away from zero.
    let rounded = (2 * sum + n * sum.signum()) / (2 * n);
    i32::try_from(rounded).ok()
}

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

#[cfg(test)]
mod tests;
