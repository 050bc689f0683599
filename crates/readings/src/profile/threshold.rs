//! What the profile compares with the person's guideline's home threshold of high blood
//! pressure (`rules.json` `guidelines[].patterns.homeFrom`, [`GuidelineRules::home_high_from`]:
//! ACC/AHA 2025 130/80, ESH 2023 and ESC 2024 135/85): the morning and evening averages, and
//! the share of readings at or above it. Means are compared unrounded and exactly (sum ≥
//! threshold × count), as the home levels and the clinic/home patterns compare.

use kernel::Guideline;

use super::stats::count;
use crate::category::GuidelineRules;
use crate::individual::Individual;
use crate::rules;
use crate::session::Period;

/// Readings each period needs before the morning-predominant mark is given: the AHA's
/// minimum home schedule (`rules.json` `homeWeek.minReadings`, 12 readings: 2 in the morning
/// and 2 in the evening on 3 days) holds half of them in each period.
pub const MIN_PERIOD_READINGS: usize = rules::HOME_WEEK_MIN_READINGS / 2;

/// The unrounded mean of some readings and how many there were.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mean {
    pub systolic: f64,
    pub diastolic: f64,
    pub count: usize,
}

/// Morning and evening side by side, split by the guided measurement's one rule
/// ([`Period::of_reading`]: morning 04:00 to 11:59, a guided measurement in its stored period).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MorningEvening {
    pub morning: Option<Mean>,
    pub evening: Option<Mean>,
    /// Morning minus evening, systolic and diastolic, when both have readings.
    pub difference: Option<(f64, f64)>,
    /// The morning mean reaches the home threshold (systolic or diastolic) while the evening
    /// mean is below it (both numbers): a morning-predominant pattern. The HOPE Asia
    /// Network's consensus (Kario et al., J Clin Hypertens 2022;24:1112-1120) defines morning
    /// hypertension by the morning home average alone (from 135/85, whatever the other
    /// periods); the mark adds an evening below the threshold, so it names a morning that
    /// stands out, and uses the person's guideline's threshold, not a fixed 135/85. `None`
    /// until each period holds [`MIN_PERIOD_READINGS`].
    pub morning_predominant: Option<bool>,
}

/// Readings at or above the home threshold: systolic at or above its systolic, **or**
/// diastolic at or above its diastolic (the guidelines' "or").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Above {
    pub count: usize,
    pub of: usize,
    /// `count / of`, 0 to 1; `None` without readings.
    pub share: Option<f64>,
}

/// Sums of systolic and diastolic and the count, for exact comparison.
#[derive(Debug, Clone, Copy)]
struct Sums {
    systolic: i64,
    diastolic: i64,
    count: usize,
}

impl Sums {
    fn of<'a>(readings: impl Iterator<Item = &'a Individual>) -> Self {
        readings.fold(
            Sums {
                systolic: 0,
                diastolic: 0,
                count: 0,
            },
            |s, r| Sums {
                systolic: s.systolic + i64::from(r.systolic),
                diastolic: s.diastolic + i64::from(r.diastolic),
                count: s.count + 1,
            },
        )
    }

    fn mean(self) -> Option<Mean> {
        // Sums of blood pressures are far below 2^52: exact in an f64.
        #[allow(clippy::cast_precision_loss)]
        let (s, d) = (self.systolic as f64, self.diastolic as f64);
        (self.count > 0).then(|| Mean {
            systolic: s / count(self.count),
            diastolic: d / count(self.count),
            count: self.count,
        })
    }

    /// The mean reaches `(systolic, diastolic)` by either number, exactly.
    fn reaches(self, (fs, fd): (i32, i32)) -> bool {
        let n = i64::try_from(self.count).unwrap_or(i64::MAX);
        self.systolic >= i64::from(fs).saturating_mul(n)
            || self.diastolic >= i64::from(fd).saturating_mul(n)
    }
}

/// The morning and evening means of `readings` and the morning-predominant mark against
/// `guideline`'s home threshold.
pub fn morning_evening(readings: &[Individual], guideline: Guideline) -> MorningEvening {
    let threshold = GuidelineRules::of(guideline).home_high_from;
    let of = |p: Period| Sums::of(readings.iter().filter(move |r| r.period == p));
    let (morning, evening) = (of(Period::Morning), of(Period::Evening));
    let (m, e) = (morning.mean(), evening.mean());
    let enough = morning.count >= MIN_PERIOD_READINGS && evening.count >= MIN_PERIOD_READINGS;
    MorningEvening {
        morning: m,
        evening: e,
        difference: m
            .zip(e)
            .map(|(m, e)| (m.systolic - e.systolic, m.diastolic - e.diastolic)),
        morning_predominant: enough
            .then(|| morning.reaches(threshold) && !evening.reaches(threshold)),
    }
}

/// How many of `readings` reach `guideline`'s home threshold by either number.
pub fn above(readings: &[Individual], guideline: Guideline) -> Above {
    let (fs, fd) = GuidelineRules::of(guideline).home_high_from;
    let n = readings
        .iter()
        .filter(|r| r.systolic >= fs || r.diastolic >= fd)
        .count();
    Above {
        count: n,
        of: readings.len(),
        share: (!readings.is_empty()).then(|| count(n) / count(readings.len())),
    }
}
