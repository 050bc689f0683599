//! Every individual home blood pressure reading of some stored readings: the one rule the home
//! week and the home profile count readings by (a guided measurement counts each of its
//! readings, as ESH 2023 and the AHA/AMA 2020 statement average every reading taken).

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

use crate::model::Reading;
use crate::session::Period;
use crate::setting::Setting;

/// One individual home blood pressure reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Individual {
    pub date: NaiveDate,
    /// The reading's own time: a guided measurement's readings each have theirs.
    pub time: NaiveTime,
    /// The period it counts in ([`Period::of_reading`]): a guided measurement's readings all
    /// count in the session's stored period.
    pub period: Period,
    pub systolic: i32,
    pub diastolic: i32,
}

impl Individual {
    /// The user's wall-clock date and time, as stored.
    pub fn at(&self) -> NaiveDateTime {
        self.date.and_time(self.time)
    }
}

/// Every individual home blood pressure reading: a guided measurement gives each of its
/// readings with the session's stored period (which the user may have changed from its
/// time's); a plain reading gives itself, with the period of its time, when it has both
/// numbers. A clinic reading gives none: the guidelines judge office and out-of-office
/// pressure apart (2025 AHA/ACC), so it enters no home statistic.
pub fn home(readings: &[Reading]) -> impl Iterator<Item = Individual> + '_ {
    home_by_reading(readings).map(|(_, individual)| individual)
}

/// [`home`] with the stored reading each individual reading belongs to (a guided
/// measurement's several readings all name it): what the FHIR export's average points back
/// at (`derivedFrom`).
pub fn home_by_reading(readings: &[Reading]) -> impl Iterator<Item = (&Reading, Individual)> {
    readings
        .iter()
        .filter(|r| r.setting == Setting::Home)
        .flat_map(|r| {
            let period = Period::of_reading(r);
            let list: Vec<Individual> = match (&r.session, r.values.systolic, r.values.diastolic) {
                (Some(session), _, _) => session
                    .readings
                    .iter()
                    .map(|s| Individual {
                        date: r.date,
                        time: s.time,
                        period,
                        systolic: s.systolic,
                        diastolic: s.diastolic,
                    })
                    .collect(),
                (None, Some(systolic), Some(diastolic)) => vec![Individual {
                    date: r.date,
                    time: r.time,
                    period,
                    systolic,
                    diastolic,
                }],
                (None, _, _) => Vec::new(),
            };
            list.into_iter().map(move |i| (r, i))
        })
}
