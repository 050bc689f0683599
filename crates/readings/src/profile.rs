//! The one-page Home Blood Pressure Profile (issue 40): every statistic of a period's home
//! readings, each computed in one place here and built together by [`profile`], for the PDF
//! and the share view to render. Numbers describing the person's own readings, to discuss
//! with a doctor: never a diagnosis, never a risk.
//!
//! Only home readings count, each individual reading of a guided measurement on its own
//! ([`crate::individual::home`], the home week's rule): clinic readings are judged apart by
//! the guidelines (2025 AHA/ACC). The parts, each in its module with its method and source:
//!
//! - [`threshold`]: morning and evening means and the morning-predominant mark; the share
//!   of readings at or above the guideline's home threshold.
//! - [`time_in_range`]: the systolic time in target range (Rosendaal interpolation).
//! - [`variability`]: SD, CV and the day-to-day ARV of the systolic.
//! - [`modal_day`]: readings by time of day, quartiles per bin.
//! - [`quality`]: flags, guided or single, sources, device days per 30 days.
//! - here: the daily means ([`daily_means`]).

pub mod modal_day;
pub mod quality;
pub mod stats;
pub mod threshold;
pub mod time_in_range;
pub mod variability;

use std::collections::BTreeMap;

use chrono::NaiveDate;
use kernel::Guideline;

use crate::category::GuidelineRules;
use crate::individual::{self, Individual};
use crate::model::Reading;
use crate::setting::Setting;
use stats::count;

pub use modal_day::Bin;
pub use quality::{DeviceWindow, Quality};
pub use stats::Quartiles;
pub use threshold::{Above, Mean, MorningEvening};
pub use time_in_range::{Gap, TimeInRange};
pub use variability::{Stat, Variability};

/// One day's home readings: unrounded means and how many. (The Trends page's
/// `daily::DayAggregate` is the store's, over every reading, clinic ones too, and counts a
/// guided measurement once; the profile's days are of the individual home readings.)
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DayMean {
    pub date: NaiveDate,
    pub systolic: f64,
    pub diastolic: f64,
    pub count: usize,
}

/// Every statistic of the profile for one period.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub guideline: Guideline,
    /// The period, both days included.
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// Individual home blood pressure readings counted.
    pub readings: usize,
    /// The guideline's home threshold, systolic/diastolic.
    pub threshold: (i32, i32),
    pub morning_evening: MorningEvening,
    pub above: Above,
    pub time_in_range: TimeInRange,
    pub variability: Variability,
    pub modal_day: Vec<Bin>,
    /// Days with readings, in date order.
    pub days: Vec<DayMean>,
    pub quality: Quality,
}

/// The profile of `readings` dated `from..=to` (others are ignored) in `guideline`'s terms.
pub fn profile(
    readings: &[Reading],
    from: NaiveDate,
    to: NaiveDate,
    guideline: Guideline,
) -> Profile {
    let in_period: Vec<Reading> = readings
        .iter()
        .filter(|r| (from..=to).contains(&r.date))
        .cloned()
        .collect();
    let each: Vec<Individual> = individual::home(&in_period).collect();
    let days = daily_means(&each);
    let systolics: Vec<f64> = each.iter().map(|r| f64::from(r.systolic)).collect();
    let points: Vec<_> = each.iter().map(|r| (r.at(), r.systolic)).collect();
    // The stored readings behind `each`: home ones holding a blood pressure.
    let stored: Vec<&Reading> = in_period
        .iter()
        .filter(|r| r.setting == Setting::Home)
        .filter(|r| {
            r.session.is_some() || (r.values.systolic.is_some() && r.values.diastolic.is_some())
        })
        .collect();
    Profile {
        guideline,
        from,
        to,
        readings: each.len(),
        threshold: GuidelineRules::of(guideline).home_high_from,
        morning_evening: threshold::morning_evening(&each, guideline),
        above: threshold::above(&each, guideline),
        time_in_range: time_in_range::time_in_range(&points),
        variability: variability::variability(&systolics, &days),
        modal_day: modal_day::modal_day(&each),
        days,
        quality: quality::quality(&stored, from, to),
    }
}

/// The mean systolic and diastolic of each date holding readings, in date order.
pub fn daily_means(readings: &[Individual]) -> Vec<DayMean> {
    let mut sums: BTreeMap<NaiveDate, (i64, i64, usize)> = BTreeMap::new();
    for r in readings {
        let day = sums.entry(r.date).or_default();
        *day = (
            day.0 + i64::from(r.systolic),
            day.1 + i64::from(r.diastolic),
            day.2 + 1,
        );
    }
    // Sums of blood pressures are far below 2^52: exact in an f64.
    #[allow(clippy::cast_precision_loss)]
    let mean = |sum: i64, n: usize| sum as f64 / count(n);
    sums.into_iter()
        .map(|(date, (s, d, n))| DayMean {
            date,
            systolic: mean(s, n),
            diastolic: mean(d, n),
            count: n,
        })
        .collect()
}

#[cfg(test)]
mod tests;
