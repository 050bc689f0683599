//! The descriptive statistics the profile is made of, each defined once: the mean, the
//! sample standard deviation and quantiles. Plain arithmetic over `f64`; blood pressures and
//! their counts are far below 2^52, so every sum is exact.

/// `n` as an `f64`: counts of readings are far below 2^52, so exact.
pub(crate) fn count(n: usize) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let v = n as f64;
    v
}

/// The arithmetic mean; `None` without values.
pub fn mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some(values.iter().sum::<f64>() / count(values.len()))
}

/// The sample standard deviation (divisor n − 1, as published home blood pressure
/// variability is reported); `None` below 2 values, where it is undefined.
pub fn sample_sd(values: &[f64]) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let m = mean(values)?;
    let squares: f64 = values.iter().map(|v| (v - m).powi(2)).sum();
    Some((squares / count(values.len() - 1)).sqrt())
}

/// The `p`-quantile (0 ≤ p ≤ 1) of `sorted` (ascending) by linear interpolation between
/// order statistics: Hyndman and Fan's type 7, the default of R's `quantile` and NumPy's
/// `percentile`, so a reader can check a figure with either. With h = (n − 1)·p, the value is
/// x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋ + 1] − x[⌊h⌋]) (0-based). `None` without values.
pub fn quantile7(sorted: &[f64], p: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let h = count(last) * p.clamp(0.0, 1.0);
    let below = h.floor();
    // 0 ≤ h ≤ last: the cast is exact and in bounds.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let i = below as usize;
    let lo = *sorted.get(i)?;
    let hi = sorted.get(i + 1).copied().unwrap_or(lo);
    Some(lo + (h - below) * (hi - lo))
}

/// The 25th percentile, the median and the 75th percentile (type 7).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quartiles {
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
}

impl Quartiles {
    /// Of `values` in any order; `None` without values.
    pub fn of(values: impl IntoIterator<Item = f64>) -> Option<Self> {
        let mut sorted: Vec<f64> = values.into_iter().collect();
        sorted.sort_by(f64::total_cmp);
        Some(Self {
            q1: quantile7(&sorted, 0.25)?,
            median: quantile7(&sorted, 0.5)?,
            q3: quantile7(&sorted, 0.75)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn quantiles_are_type_7() {
        // [1, 2, 3, 4]: h = 3p. p = .25: h = 0.75, 1 + 0.75 × 1 = 1.75; p = .5: h = 1.5,
        // 2 + 0.5 = 2.5; p = .75: h = 2.25, 3 + 0.25 = 3.25 (R: quantile(1:4) gives the same).
        let q = Quartiles::of([4.0, 1.0, 3.0, 2.0]).unwrap();
        assert!(
            close(q.q1, 1.75) && close(q.median, 2.5) && close(q.q3, 3.25),
            "{q:?}"
        );
        // [120, 124, 130, 150, 160]: h = 4p: 1 → 124, 2 → 130, 3 → 150, exactly on the order
        // statistics; p = 0.1: h = 0.4, 120 + 0.4 × 4 = 121.6.
        let s = [120.0, 124.0, 130.0, 150.0, 160.0];
        let q = Quartiles::of(s).unwrap();
        assert_eq!((q.q1, q.median, q.q3), (124.0, 130.0, 150.0));
        assert!(close(quantile7(&s, 0.1).unwrap(), 121.6));
        assert_eq!(quantile7(&s, 0.0), Some(120.0));
        assert_eq!(quantile7(&s, 1.0), Some(160.0));
    }

    #[test]
    fn one_value_is_every_quantile_and_none_is_none() {
        assert_eq!(
            Quartiles::of([128.0]),
            Some(Quartiles {
                q1: 128.0,
                median: 128.0,
                q3: 128.0
            })
        );
        assert_eq!(Quartiles::of([]), None);
        assert_eq!(quantile7(&[], 0.5), None);
    }

    #[test]
    fn the_standard_deviation_is_the_samples() {
        // 120, 130, 140: mean 130, squares 100 + 0 + 100 = 200, / (3 − 1) = 100, SD 10 (the
        // population SD would be 8.16).
        assert_eq!(sample_sd(&[120.0, 130.0, 140.0]), Some(10.0));
        assert_eq!(sample_sd(&[120.0]), None);
        assert_eq!(sample_sd(&[]), None);
        assert_eq!(mean(&[]), None);
    }
}
