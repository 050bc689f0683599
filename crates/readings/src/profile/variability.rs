//! How much the systolic varies, as numbers: the standard deviation and the coefficient of
//! variation of the readings, and the average real variability of the daily means. Stated as
//! measurements of the person's own readings, never as a risk: the thresholds the studies
//! propose are not guidelines' and the profile quotes none.
//!
//! - SD: the sample standard deviation (n − 1) of every home systolic reading
//!   ([`super::stats::sample_sd`]).
//! - CV: SD / mean × 100, the SD as a percentage of the level, so people with different
//!   levels compare.
//! - ARV: the mean of the absolute differences between successive values (Mena et al., J
//!   Hypertens 2005;23:505-511), here the "day-to-day" one: between the daily mean
//!   systolics of **consecutive calendar days**. A pair with a day missing between them is
//!   not a day-to-day difference (it holds two days' drift), so it is left out, not divided
//!   by its days; the number of day pairs used is given.

use chrono::Duration;

use super::DayMean;
use super::stats::{count, mean, sample_sd};

/// A statistic and how many values it was computed from (readings, or day pairs for ARV).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stat {
    pub value: f64,
    pub n: usize,
}

/// The systolic's variability over a period; each `None` below 2 values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Variability {
    /// Sample SD, mmHg, over `n` readings.
    pub sd: Option<Stat>,
    /// CV, percent, over `n` readings.
    pub cv: Option<Stat>,
    /// ARV of the daily means, mmHg, over `n` pairs of consecutive days.
    pub arv: Option<Stat>,
}

/// The variability of `systolics` (every reading) and of `days` (the daily means, in date
/// order).
pub fn variability(systolics: &[f64], days: &[DayMean]) -> Variability {
    let n = systolics.len();
    let sd = sample_sd(systolics);
    let cv = sd
        .zip(mean(systolics))
        .filter(|(_, m)| *m > 0.0)
        .map(|(sd, m)| Stat {
            value: sd / m * 100.0,
            n,
        });
    Variability {
        sd: sd.map(|value| Stat { value, n }),
        cv,
        arv: arv(days),
    }
}

/// The mean absolute difference between the mean systolics of consecutive calendar days;
/// `None` without such a pair.
pub fn arv(days: &[DayMean]) -> Option<Stat> {
    let differences: Vec<f64> = days
        .windows(2)
        .filter_map(|pair| match pair {
            [a, b] if b.date - a.date == Duration::days(1) => Some((b.systolic - a.systolic).abs()),
            _ => None,
        })
        .collect();
    let n = differences.len();
    (n > 0).then(|| Stat {
        value: differences.iter().sum::<f64>() / count(n),
        n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn day(d: u32, systolic: f64) -> DayMean {
        DayMean {
            date: NaiveDate::from_ymd_opt(2026, 3, d).unwrap(),
            systolic,
            diastolic: 80.0,
            count: 2,
        }
    }

    #[test]
    fn sd_and_cv_of_a_small_set() {
        // 120, 130, 140: SD 10 (sample), mean 130, CV 10 / 130 × 100 = 7.6923 %.
        let v = variability(&[120.0, 130.0, 140.0], &[]);
        assert_eq!(v.sd, Some(Stat { value: 10.0, n: 3 }));
        let cv = v.cv.unwrap();
        assert!(
            (cv.value - 7.692_307_692).abs() < 1e-6 && cv.n == 3,
            "{cv:?}"
        );
        assert_eq!(v.arv, None);
    }

    #[test]
    fn fewer_than_two_readings_give_none() {
        for one in [&[][..], &[125.0][..]] {
            let v = variability(one, &[day(1, 125.0)]);
            assert_eq!((v.sd, v.cv, v.arv), (None, None, None));
        }
    }

    #[test]
    fn arv_joins_consecutive_days_only() {
        // Days 1, 2, 3, 5, 6 with means 120, 130, 124, 140, 138: pairs (1,2) 10, (2,3) 6,
        // (5,6) 2; day 3 to day 5 skips day 4 and is left out. ARV = 18 / 3 = 6 over 3 pairs.
        // Over every successive day with a reading it would be (10 + 6 + 16 + 2) / 4 = 8.5.
        let days = [
            day(1, 120.0),
            day(2, 130.0),
            day(3, 124.0),
            day(5, 140.0),
            day(6, 138.0),
        ];
        assert_eq!(arv(&days), Some(Stat { value: 6.0, n: 3 }));
        assert_eq!(arv(&[day(1, 120.0), day(3, 140.0)]), None);
        assert_eq!(arv(&[]), None);
    }
}
