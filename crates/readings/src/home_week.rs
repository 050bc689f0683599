//! The 7-day home average (issue 15): a home blood pressure monitoring week as the
//! guidelines ask for it, and what its average means in their terms.
//!
//! - Schedule (ESH 2023 home monitoring; AHA/AMA 2020 statement on self-measured blood
//!   pressure): readings morning and evening for up to 7 days, the first day left out, the
//!   average of all the other readings. No average below the minimum: 3 days and 12 readings
//!   (the AHA's minimum; ESH asks for 12 to 24 once day 1 is dropped).
//! - Levels (2025 AHA/ACC guideline, Table 7 of corresponding values; the 2017 guideline's
//!   Table 11): home 120/80, 130/80, 135/85 and 145/90 match an office 120/80, 130/80, 140/90
//!   and 160/100. The unrounded mean is compared: 134.5/84.5 is below 135/85.
//!
//! The numbers (`HOME_WEEK_DAYS`, `HOME_WEEK_MIN_DAYS`, `HOME_WEEK_MIN_READINGS`) and the
//! levels' words are
//! `rules.json`'s `homeWeek`, read into [`crate::rules`]. Everything here is pure: the caller
//! loads the readings of [`window`] and the start of the latest started week.
//!
//! Dates are the user's local calendar dates as stored: a reading holds its wall-clock date
//! and time, so a day is a calendar date whatever its length in hours, and a daylight saving
//! change neither shortens nor lengthens a week.

use chrono::{Duration, NaiveDate};

use crate::category::GuidelineRules;
use crate::individual::{self, Individual};
use crate::model::Reading;
use crate::rules::{self, HomeLevelRule};
use crate::session::Period;
use kernel::Guideline;
use kernel::units::rounded_mean;

/// How the week came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The user started it.
    Started,
    /// Found from the readings ([`recognise`]); no week was started.
    Recognised,
}

/// One day of the week and the blood pressure readings in each of its slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DaySlots {
    pub date: NaiveDate,
    /// 1 to `HOME_WEEK_DAYS`.
    pub day: u32,
    /// Individual readings taken in the morning (a guided measurement counts each of its
    /// readings).
    pub morning: u32,
    pub evening: u32,
    /// The day counts towards the average: it is not day 1 and holds a reading.
    pub counted: bool,
}

/// The rounded mean of some individual blood pressure readings and how many there were.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BpAverage {
    pub systolic: i32,
    pub diastolic: i32,
    pub count: usize,
}

/// A home monitoring week as the dashboard, the API and the report show it.
#[derive(Debug, Clone, PartialEq)]
pub struct WeekSummary {
    pub start: NaiveDate,
    /// `start + HOME_WEEK_DAYS - 1`, included.
    pub end: NaiveDate,
    pub origin: Origin,
    /// Today is past `end`.
    pub complete: bool,
    /// Which day of the week today is, while the week runs.
    pub today: Option<u32>,
    /// Every day of the week, day 1 first.
    pub days: Vec<DaySlots>,
    /// Days 2 and later holding at least one blood pressure reading.
    pub counted_days: usize,
    /// Individual readings from day 2 on.
    pub counted_readings: usize,
    /// Every reading from day 2 on; `None` until `counted_days >= HOME_WEEK_MIN_DAYS` and
    /// `counted_readings >= HOME_WEEK_MIN_READINGS`.
    pub average: Option<BpAverage>,
    /// The unrounded mean systolic and diastolic the level was chosen from, cut (not
    /// rounded) to one decimal so the figure shown never crosses a threshold the mean did
    /// not; `None` without an average.
    pub compared: Option<(f64, f64)>,
    /// The sums of the counted systolic and diastolic readings (`average.count` of them):
    /// a threshold is compared with a mean exactly through them; `None` without an average.
    pub sums: Option<(i64, i64)>,
    /// The same readings taken in the morning (evening); `None` without an average or
    /// without readings in that period.
    pub morning: Option<BpAverage>,
    pub evening: Option<BpAverage>,
    /// What the average means in `guideline`'s home levels ([`level_of_mean`]); `None`
    /// without an average.
    pub level: Option<&'static HomeLevelRule>,
    /// The guideline the level is of (the person's).
    pub guideline: Guideline,
}

fn last_day(start: NaiveDate) -> NaiveDate {
    start + Duration::days(rules::HOME_WEEK_DAYS - 1)
}

/// Day number (1-based) of `date` in the week from `start`, when it lies in it.
fn day_of(start: NaiveDate, date: NaiveDate) -> Option<u32> {
    let offset = (date - start).num_days();
    if (0..rules::HOME_WEEK_DAYS).contains(&offset) {
        u32::try_from(offset + 1).ok()
    } else {
        None
    }
}

fn average<'a>(readings: impl Iterator<Item = &'a Individual> + Clone) -> Option<BpAverage> {
    Some(BpAverage {
        systolic: rounded_mean(readings.clone().map(|r| r.systolic))?,
        diastolic: rounded_mean(readings.clone().map(|r| r.diastolic))?,
        count: readings.count(),
    })
}

/// The week `[start, start + HOME_WEEK_DAYS - 1]` from `readings` (readings on other dates
/// are ignored); `today` is the user's date.
///
/// Only readings with both systolic and diastolic count. Day 1 is left out of every average
/// (ESH 2023: its readings run high). The average of every individual reading from day 2 on
/// (rounded, halves away from zero) and its morning and evening parts are given once
/// `HOME_WEEK_MIN_DAYS` days beyond day 1 hold readings.
pub fn summarize(
    start: NaiveDate,
    origin: Origin,
    today: NaiveDate,
    readings: &[Reading],
    guideline: Guideline,
) -> WeekSummary {
    let end = last_day(start);
    let in_week: Vec<(u32, Individual)> = individual::home(readings)
        .filter_map(|r| Some((day_of(start, r.date)?, r)))
        .collect();
    let days: Vec<DaySlots> = (1..)
        .zip(start.iter_days().take_while(|d| *d <= end))
        .map(|(day, date)| {
            let slot = |period| {
                let n = in_week
                    .iter()
                    .filter(|(d, r)| *d == day && r.period == period)
                    .count();
                u32::try_from(n).unwrap_or(u32::MAX)
            };
            let (morning, evening) = (slot(Period::Morning), slot(Period::Evening));
            DaySlots {
                date,
                day,
                morning,
                evening,
                counted: day > 1 && morning + evening > 0,
            }
        })
        .collect();
    let counted_days = days.iter().filter(|d| d.counted).count();
    let counted: Vec<Individual> = averaged(start, readings).map(|(_, r)| r).collect();
    let enough =
        counted_days >= rules::HOME_WEEK_MIN_DAYS && counted.len() >= rules::HOME_WEEK_MIN_READINGS;
    let split = |period: Period| average(counted.iter().filter(move |r| r.period == period));
    let all = if enough {
        average(counted.iter())
    } else {
        None
    };
    let (morning, evening) = if all.is_some() {
        (split(Period::Morning), split(Period::Evening))
    } else {
        (None, None)
    };
    let sums = all.map(|_| {
        let sum = |f: fn(&Individual) -> i32| counted.iter().map(|r| i64::from(f(r))).sum();
        let n = i64::try_from(counted.len()).unwrap_or(i64::MAX);
        (sum(|r| r.systolic), sum(|r| r.diastolic), n)
    });
    WeekSummary {
        start,
        end,
        origin,
        complete: today > end,
        today: day_of(start, today),
        days,
        counted_days,
        counted_readings: counted.len(),
        average: all,
        compared: sums.map(|(s, d, n)| (cut_to_tenth(s, n), cut_to_tenth(d, n))),
        sums: sums.map(|(s, d, _)| (s, d)),
        morning,
        evening,
        level: sums.map(|(s, d, n)| level_of_mean(guideline, s, d, n)),
        guideline,
    }
}

/// The individual readings the average of the week from `start` is of, with the stored
/// reading each belongs to: the home readings of days 2 to `HOME_WEEK_DAYS` (day 1 left out,
/// ESH 2023). [`summarize`] averages these once the minimum is met; the FHIR export points
/// its average back at them.
pub fn averaged(
    start: NaiveDate,
    readings: &[Reading],
) -> impl Iterator<Item = (&Reading, Individual)> {
    individual::home_by_reading(readings)
        .filter(move |(_, r)| day_of(start, r.date).is_some_and(|day| day > 1))
}

/// The start of a week found from the readings when none was started, or `None`.
///
/// The rule: among the last `HOME_WEEK_DAYS` days (today and the 6 before it), when at
/// least 2 distinct days hold blood pressure readings, the week starts on the first of them
/// (so it always runs through today). One day alone is a reading, not yet a week.
pub fn recognise(today: NaiveDate, readings: &[Reading]) -> Option<NaiveDate> {
    let first = today - Duration::days(rules::HOME_WEEK_DAYS - 1);
    let mut dates: Vec<NaiveDate> = individual::home(readings)
        .map(|r| r.date)
        .filter(|d| (first..=today).contains(d))
        .collect();
    dates.sort_unstable();
    dates.dedup();
    match dates.as_slice() {
        [start, _, ..] => Some(*start),
        _ => None,
    }
}

/// Which week the dashboard shows: the latest started week if it ended no more than
/// `HOME_WEEK_DAYS` days before today (its result stays visible for a week), else a
/// recognised one ([`recognise`]), else `None`. `readings` should cover [`window`].
pub fn current(
    today: NaiveDate,
    latest_started: Option<NaiveDate>,
    readings: &[Reading],
    guideline: Guideline,
) -> Option<WeekSummary> {
    let shown = latest_started
        .filter(|start| (today - last_day(*start)).num_days() <= rules::HOME_WEEK_DAYS);
    match shown {
        Some(start) => Some(summarize(
            start,
            Origin::Started,
            today,
            readings,
            guideline,
        )),
        None => recognise(today, readings)
            .map(|start| summarize(start, Origin::Recognised, today, readings, guideline)),
    }
}

/// The level of a home average in `guideline`'s home levels: the highest whose
/// `systolic_from` or `diastolic_from` the mean reaches (as for the categories, the higher
/// number wins). The mean is given as its sum and count (`count > 0`): the threshold is
/// compared with the unrounded mean, exactly (`sum >= from * count`), so a mean of 134.5
/// does not reach 135 even though it rounds to it. The levels are never empty and the first
/// has no thresholds (build.rs refuses a `rules.json` otherwise).
pub fn level_of_mean(
    guideline: Guideline,
    systolic_sum: i64,
    diastolic_sum: i64,
    count: i64,
) -> &'static HomeLevelRule {
    let levels = GuidelineRules::of(guideline).home_levels;
    let thresholds = levels.iter().map(|l| (l.systolic_from, l.diastolic_from));
    let reaches = |sum: i64| move |from: i32| sum >= i64::from(from).saturating_mul(count);
    // Where no threshold is reached, the guideline's lowest level (build.rs guarantees one;
    // the ACC/AHA constant only gives the type a value).
    let lowest = levels.first().unwrap_or(&LOWEST_ACC_AHA);
    rules::highest_reached_by(thresholds, reaches(systolic_sum), reaches(diastolic_sum))
        .and_then(|i| levels.get(i))
        .unwrap_or(lowest)
}

const LOWEST_ACC_AHA: HomeLevelRule = rules::GUIDELINES[0].home_levels[0];

/// `sum / count` cut towards minus infinity at one decimal (134.96 -> 134.9), in integers.
fn cut_to_tenth(sum: i64, count: i64) -> f64 {
    let tenths = sum.saturating_mul(10).div_euclid(count.max(1));
    // Tenths of a blood pressure mean fit an f64 exactly.
    #[allow(clippy::cast_precision_loss)]
    let tenths = tenths as f64;
    tenths / 10.0
}

/// The dates of the readings [`current`] needs, both included, so the caller loads only
/// those: a started week still shown ended at most `HOME_WEEK_DAYS` days ago, so it began at
/// most `2 * HOME_WEEK_DAYS - 1` days ago; recognition looks at the last `HOME_WEEK_DAYS`.
pub fn window(today: NaiveDate) -> (NaiveDate, NaiveDate) {
    (today - Duration::days(2 * rules::HOME_WEEK_DAYS - 1), today)
}

#[cfg(test)]
mod tests;
