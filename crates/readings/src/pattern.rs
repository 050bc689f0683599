//! Clinic and home side by side (issue 35): the pattern the person's guideline names when
//! clinic readings and a valid home week are put together. Information to discuss with a
//! doctor, never a diagnosis: every text says so.
//!
//! The guidelines' table (2025 AHA/ACC guideline, Table 9, "BP categories based on office and
//! out-of-office measurements"; the same four patterns in ESH 2023 and ESC 2024):
//!
//! | office high | home high | untreated               | treated (a BP medication)      |
//! |-------------|-----------|-------------------------|--------------------------------|
//! | no          | no        | normal range (sustained normotension) | controlled hypertension |
//! | yes         | no        | white-coat hypertension | white-coat effect              |
//! | no          | yes       | masked hypertension     | masked uncontrolled hypertension |
//! | yes         | yes       | sustained hypertension  | uncontrolled hypertension      |
//!
//! "High" is each guideline's own: ACC/AHA office and home from 130/80; ESH and ESC office from
//! 140/90 and home from 135/85 (`rules.json` `guidelines[].patterns`). Means are compared
//! unrounded, as for the home levels.

use chrono::{Months, NaiveDate};
use kernel::Guideline;

use crate::category::GuidelineRules;
use crate::home_week::WeekSummary;

/// Clinic readings this far before the home week's first day or after its last day are put
/// beside it (the "within 3 months of each other").
pub const WITHIN_MONTHS: u32 = 3;

/// Clinic readings needed for a clinic average: the guidelines base office blood pressure on
/// more than one reading (ACC/AHA: an average of 2 or more readings on 2 or more occasions).
pub const MIN_OFFICE_READINGS: usize = 2;

/// One of the four patterns, and whether the treated terms apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    BothBelow,
    OfficeOnly,
    HomeOnly,
    BothHigh,
}

impl Kind {
    fn of(office_high: bool, home_high: bool) -> Self {
        match (office_high, home_high) {
            (false, false) => Kind::BothBelow,
            (true, false) => Kind::OfficeOnly,
            (false, true) => Kind::HomeOnly,
            (true, true) => Kind::BothHigh,
        }
    }

    /// The code the API sends: the guidelines' names.
    pub fn code(self, treated: bool) -> &'static str {
        match (self, treated) {
            (Kind::BothBelow, false) => "normal",
            (Kind::OfficeOnly, false) => "white-coat-hypertension",
            (Kind::HomeOnly, false) => "masked-hypertension",
            (Kind::BothHigh, false) => "sustained-hypertension",
            (Kind::BothBelow, true) => "controlled",
            (Kind::OfficeOnly, true) => "white-coat-effect",
            (Kind::HomeOnly, true) => "masked-uncontrolled",
            (Kind::BothHigh, true) => "uncontrolled",
        }
    }

    /// The guidelines' name for it.
    pub fn label(self, treated: bool) -> &'static str {
        match (self, treated) {
            (Kind::BothBelow, false) => "Both in the normal range",
            (Kind::OfficeOnly, false) => "White-coat hypertension",
            (Kind::HomeOnly, false) => "Masked hypertension",
            (Kind::BothHigh, false) => "Sustained hypertension",
            (Kind::BothBelow, true) => "Controlled hypertension",
            (Kind::OfficeOnly, true) => "White-coat effect",
            (Kind::HomeOnly, true) => "Masked uncontrolled hypertension",
            (Kind::BothHigh, true) => "Uncontrolled hypertension",
        }
    }

    /// What the pattern means in plain words (never a diagnosis).
    fn meaning(self) -> &'static str {
        match self {
            Kind::BothBelow => "your clinic and home averages are both below the thresholds",
            Kind::OfficeOnly => {
                "your clinic average is at or above its threshold while your home average is below its own"
            }
            Kind::HomeOnly => {
                "your home average is at or above its threshold while your clinic average is below its own"
            }
            Kind::BothHigh => "your clinic and home averages are both at or above the thresholds",
        }
    }
}

/// An average of some blood pressure readings: unrounded means, how many and over which days.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Side {
    pub systolic: f64,
    pub diastolic: f64,
    pub count: usize,
    pub from: NaiveDate,
    pub to: NaiveDate,
}

/// The pattern of clinic and home, with everything it was decided from.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    pub guideline: Guideline,
    pub kind: Kind,
    /// A blood-pressure medication was taken over these days: the treated terms apply.
    pub treated: bool,
    pub office: Side,
    pub home: Side,
    /// The thresholds used, systolic/diastolic.
    pub office_from: (i32, i32),
    pub home_from: (i32, i32),
}

impl Pattern {
    pub fn code(&self) -> &'static str {
        self.kind.code(self.treated)
    }

    pub fn label(&self) -> &'static str {
        self.kind.label(self.treated)
    }

    /// Where the pattern and its thresholds come from.
    pub fn thresholds_source(&self) -> &'static str {
        GuidelineRules::of(self.guideline).patterns_source
    }

    /// The sentence shown with it: the pattern in the guideline's words, what it means, and
    /// that it is for discussion with a doctor.
    pub fn text(&self) -> String {
        let name = GuidelineRules::of(self.guideline).name;
        let treated = if self.treated {
            " Because you take a blood pressure medication, the treated terms apply."
        } else {
            ""
        };
        format!(
            "In the {name} guideline's terms, {meaning}: the pattern it calls \"{label}\".{treated} This is information to discuss with your doctor, not a diagnosis.",
            meaning = self.kind.meaning(),
            label = self.label().to_lowercase(),
        )
    }
}

/// The clinic readings (date, systolic, diastolic) dated within [`WITHIN_MONTHS`] of `week`,
/// the week's own average, and whether a blood-pressure medication was taken: the pattern,
/// or `None` without a home average or without [`MIN_OFFICE_READINGS`] clinic readings.
pub fn pattern(
    guideline: Guideline,
    week: &WeekSummary,
    office: &[(NaiveDate, i32, i32)],
    treated: bool,
) -> Option<Pattern> {
    let (home_s, home_d) = week.sums?;
    let average = week.average?;
    let first = week.start.checked_sub_months(Months::new(WITHIN_MONTHS))?;
    let last = week.end.checked_add_months(Months::new(WITHIN_MONTHS))?;
    let near: Vec<&(NaiveDate, i32, i32)> = office
        .iter()
        .filter(|(date, _, _)| (first..=last).contains(date))
        .collect();
    if near.len() < MIN_OFFICE_READINGS {
        return None;
    }
    let n = i64::try_from(near.len()).ok()?;
    let sum =
        |f: fn(&(NaiveDate, i32, i32)) -> i32| near.iter().map(|r| i64::from(f(r))).sum::<i64>();
    let (office_s, office_d) = (sum(|r| r.1), sum(|r| r.2));
    let rules = GuidelineRules::of(guideline);
    // Exact: sum >= threshold * count, as the home levels compare.
    let high = |(s, d): (i64, i64), count: i64, (fs, fd): (i32, i32)| {
        s >= i64::from(fs) * count || d >= i64::from(fd) * count
    };
    let office_high = high((office_s, office_d), n, rules.office_high_from);
    let home_n = i64::try_from(average.count).ok()?;
    let home_high = high((home_s, home_d), home_n, rules.home_high_from);
    let mean = |sum: i64, count: i64| {
        // Blood pressure sums and counts are far below 2^52: exact in an f64.
        #[allow(clippy::cast_precision_loss)]
        let v = sum as f64 / count as f64;
        v
    };
    let dates = near.iter().map(|r| r.0);
    Some(Pattern {
        guideline,
        kind: Kind::of(office_high, home_high),
        treated,
        office: Side {
            systolic: mean(office_s, n),
            diastolic: mean(office_d, n),
            count: near.len(),
            from: dates.clone().min()?,
            to: dates.max()?,
        },
        home: Side {
            systolic: mean(home_s, home_n),
            diastolic: mean(home_d, home_n),
            count: average.count,
            from: week.start,
            to: week.end,
        },
        office_from: rules.office_high_from,
        home_from: rules.home_high_from,
    })
}

#[cfg(test)]
mod tests;
