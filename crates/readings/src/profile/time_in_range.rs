//! Time in target range (TTR) of the systolic, by Rosendaal's linear interpolation
//! (Rosendaal et al., Thromb Haemost 1993;69:236-239, written for the INR and used for the
//! systolic by the published analyses: Fatani et al., SPRINT post hoc, J Am Coll Cardiol
//! 2021;77:1290-1299, and the SPRINT analyses after it). Between two successive readings the
//! systolic is taken to change in a straight line; the share of that interpolated time spent
//! inside the range, both ends included, is the TTR.
//!
//! The range is `rules.json`'s `profile.timeInRange` ([`rules::TTR_SYSTOLIC`]): the
//! published analyses' range, not a target set for this person.
//!
//! Two successive readings more than [`MAX_INTERVAL_DAYS`] apart are not joined: nobody
//! measured in between, and a straight line over weeks invents the readings it would count.
//! That interval is left out of the time and reported as a [`Gap`]. Readings are the user's
//! wall-clock date and time, so an interval across a daylight saving change is off by its
//! hour, a negligible share of a day-long interval.

use chrono::{Duration, NaiveDateTime};

use crate::rules;

/// Successive readings further apart than this are not interpolated between. A method
/// choice, not a clinical rule: the home week (`rules.json` `homeWeek.days`) is the longest
/// schedule the guidelines ask a person to keep without a break, so a longer silence is a
/// pause, not a stretch of readings to fill in. The INR literature's 56 days assumed clinic
/// visits weeks apart; home readings are daily.
pub const MAX_INTERVAL_DAYS: i64 = rules::HOME_WEEK_DAYS;

/// An interval left out: successive readings more than [`MAX_INTERVAL_DAYS`] apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gap {
    pub from: NaiveDateTime,
    pub to: NaiveDateTime,
}

/// The time in range of some readings.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeInRange {
    /// The range, mmHg, both ends included ([`rules::TTR_SYSTOLIC`]).
    pub range: (i32, i32),
    /// The share (0 to 1) of the interpolated time inside the range; `None` when no interval
    /// was interpolated (no reading, one reading, readings at one time, or only gaps): never
    /// 0 or 1 from nothing.
    pub share: Option<f64>,
    /// The days the interpolation covers (the intervals joined), and of them inside the range.
    pub covered_days: f64,
    pub in_range_days: f64,
    /// How many intervals between successive readings were joined.
    pub intervals: usize,
    /// The intervals left out, oldest first.
    pub gaps: Vec<Gap>,
}

/// The TTR of `points` (wall-clock time, systolic), in any order, over `rules::TTR_SYSTOLIC`.
pub fn time_in_range(points: &[(NaiveDateTime, i32)]) -> TimeInRange {
    time_in_range_of(points, rules::TTR_SYSTOLIC)
}

/// [`time_in_range`] over the range `(from, to)`, mmHg, both included.
pub fn time_in_range_of(points: &[(NaiveDateTime, i32)], range: (i32, i32)) -> TimeInRange {
    let mut sorted = points.to_vec();
    sorted.sort_unstable();
    let longest = Duration::days(MAX_INTERVAL_DAYS);
    let (mut covered, mut inside, mut intervals, mut gaps) = (0.0, 0.0, 0, Vec::new());
    for pair in sorted.windows(2) {
        let [(from, a), (to, b)] = pair else { continue };
        let span = *to - *from;
        if span > longest {
            gaps.push(Gap {
                from: *from,
                to: *to,
            });
            continue;
        }
        // Two readings in one minute (a guided measurement's) span no time: nothing to add.
        if span <= Duration::zero() {
            continue;
        }
        let days = seconds(span) / 86_400.0;
        covered += days;
        inside += days * share_inside(f64::from(*a), f64::from(*b), range);
        intervals += 1;
    }
    TimeInRange {
        range,
        share: (intervals > 0).then(|| inside / covered),
        covered_days: covered,
        in_range_days: inside,
        intervals,
        gaps,
    }
}

fn seconds(d: Duration) -> f64 {
    // A period's seconds are far below 2^52: exact.
    #[allow(clippy::cast_precision_loss)]
    let s = d.num_seconds() as f64;
    s
}

/// The share of a straight line from `a` to `b` that lies in `[lo, hi]`: the length of the
/// overlap of `[min, max]` with the range over the line's rise. A flat line is all in or all
/// out.
fn share_inside(a: f64, b: f64, (lo, hi): (i32, i32)) -> f64 {
    let (lo, hi) = (f64::from(lo), f64::from(hi));
    let (low, high) = (a.min(b), a.max(b));
    if low == high {
        return if (lo..=hi).contains(&low) { 1.0 } else { 0.0 };
    }
    let overlap = (high.min(hi) - low.max(lo)).max(0.0);
    overlap / (high - low)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(day: u32, hour: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 3, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn a_crossing_is_interpolated_exactly() {
        // 120 on day 1 to 140 on day 3: 2 days, rising 10 mmHg a day; it is inside 110-130
        // from 120 to 130, half the rise: 1 day of 2, 50 %.
        let t = time_in_range_of(&[(at(1, 8), 120), (at(3, 8), 140)], (110, 130));
        assert!(
            close(t.covered_days, 2.0) && close(t.in_range_days, 1.0),
            "{t:?}"
        );
        assert_eq!(t.share, Some(0.5));
        // Then down from 140 to 100 over 1 day: inside from 130 to 110, 20 of the 40 mmHg,
        // half a day. In all 1.5 days of 3: 50 %.
        let t = time_in_range_of(
            &[(at(1, 8), 120), (at(4, 8), 100), (at(3, 8), 140)],
            (110, 130),
        );
        assert!(
            close(t.covered_days, 3.0) && close(t.in_range_days, 1.5),
            "{t:?}"
        );
        assert_eq!(t.intervals, 2);
    }

    #[test]
    fn a_flat_line_is_all_in_or_all_out_and_the_ends_are_in() {
        // The range includes 130, so a day flat at 130 is inside.
        let t = time_in_range_of(
            &[
                (at(1, 8), 130),
                (at(2, 8), 130),
                (at(2, 20), 131),
                (at(3, 8), 131),
            ],
            (110, 130),
        );
        // Intervals: 1 day flat at 130, in; 12 hours from 130 to 131, whose overlap with
        // the range is the single point 130, no time; 12 hours flat at 131, out: 1 day of 2.
        assert!(
            close(t.in_range_days, 1.0) && close(t.covered_days, 2.0),
            "{t:?}"
        );
    }

    #[test]
    fn a_gap_longer_than_the_limit_is_left_out_and_reported() {
        // Day 1 to day 2 inside (120, 124); day 2 to day 12 (10 days) is left out; day 12 to
        // day 13 from 150 to 150, outside. 1 day of 2: 50 %, not 1 day of 12.
        let t = time_in_range_of(
            &[
                (at(1, 8), 120),
                (at(2, 8), 124),
                (at(12, 8), 150),
                (at(13, 8), 150),
            ],
            (110, 130),
        );
        assert_eq!(t.share, Some(0.5));
        assert_eq!(
            t.gaps,
            vec![Gap {
                from: at(2, 8),
                to: at(12, 8)
            }]
        );
        // Exactly MAX_INTERVAL_DAYS apart is still joined.
        let t = time_in_range_of(&[(at(1, 8), 120), (at(8, 8), 120)], (110, 130));
        assert_eq!((t.share, t.gaps.len()), (Some(1.0), 0));
    }

    #[test]
    fn no_reading_one_reading_or_only_gaps_give_no_share() {
        for points in [
            vec![],
            vec![(at(1, 8), 120)],
            vec![(at(1, 8), 120), (at(1, 8), 150)],
            vec![(at(1, 8), 120), (at(20, 8), 120)],
        ] {
            let t = time_in_range(&points);
            assert_eq!(t.share, None, "{points:?}");
            assert_eq!(t.intervals, 0);
        }
        assert_eq!(time_in_range(&[]).range, rules::TTR_SYSTOLIC);
    }
}
