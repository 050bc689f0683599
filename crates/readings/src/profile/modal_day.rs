//! The modal day: every home reading of the period placed by its time of day, whatever its
//! date, in [`BIN_HOURS`]-hour bins, each with its count and the quartiles (type 7,
//! [`super::stats::Quartiles`]) of its systolic and diastolic. A bin without readings is
//! absent, never a zero.

use chrono::Timelike;

use super::stats::Quartiles;
use crate::individual::Individual;

/// The width of a bin. Home readings come twice a day, so hourly bins of a month's readings
/// hold few readings each and their quartiles say little; two hours keep a morning or an
/// evening routine in one or two bins. Bins start at even hours, so none straddles the
/// morning's start (04:00) or the evening's (12:00) (a test holds `rules.json` to it).
pub const BIN_HOURS: u32 = 2;

/// One bin of the modal day: readings from `from_hour`:00 up to `from_hour + BIN_HOURS`:00.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bin {
    pub from_hour: u32,
    pub count: usize,
    pub systolic: Quartiles,
    pub diastolic: Quartiles,
}

/// The bins holding readings, earliest first (from midnight).
pub fn modal_day(readings: &[Individual]) -> Vec<Bin> {
    (0..24 / BIN_HOURS)
        .map(|i| i * BIN_HOURS)
        .filter_map(|from_hour| {
            let inside: Vec<&Individual> = readings
                .iter()
                .filter(|r| r.time.hour() / BIN_HOURS * BIN_HOURS == from_hour)
                .collect();
            Some(Bin {
                from_hour,
                count: inside.len(),
                systolic: Quartiles::of(inside.iter().map(|r| f64::from(r.systolic)))?,
                diastolic: Quartiles::of(inside.iter().map(|r| f64::from(r.diastolic)))?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;
    use crate::session::Period;
    use chrono::{NaiveDate, NaiveTime};

    fn at(day: u32, hm: (u32, u32), systolic: i32, diastolic: i32) -> Individual {
        let time = NaiveTime::from_hms_opt(hm.0, hm.1, 0).unwrap();
        Individual {
            date: NaiveDate::from_ymd_opt(2026, 3, day).unwrap(),
            time,
            period: Period::of(time),
            systolic,
            diastolic,
        }
    }

    #[test]
    fn readings_fall_in_their_bins_whatever_the_date_and_empty_bins_are_absent() {
        // 06:00-07:59: 120/80, 130/84, 126/82, 140/90 on four days: systolic sorted 120,
        // 126, 130, 140, h = 3p: q1 = 120 + 0.75 × 6 = 124.5, median 128,
        // q3 = 130 + 0.25 × 10 = 132.5; diastolic 80, 82, 84, 90: 81.5, 83, 85.5.
        // 20:00-21:59: one reading, 118/76, every quartile. 08:00 starts the next bin.
        let readings = [
            at(1, (6, 0), 120, 80),
            at(2, (7, 59), 130, 84),
            at(3, (6, 30), 126, 82),
            at(4, (7, 10), 140, 90),
            at(4, (21, 59), 118, 76),
            at(5, (8, 0), 150, 95),
        ];
        let bins = modal_day(&readings);
        let hours: Vec<(u32, usize)> = bins.iter().map(|b| (b.from_hour, b.count)).collect();
        assert_eq!(hours, [(6, 4), (8, 1), (20, 1)]);
        let morning = bins[0];
        assert_eq!(
            morning.systolic,
            Quartiles {
                q1: 124.5,
                median: 128.0,
                q3: 132.5
            }
        );
        assert_eq!(
            morning.diastolic,
            Quartiles {
                q1: 81.5,
                median: 83.0,
                q3: 85.5
            }
        );
        assert_eq!(bins[2].systolic.q1, 118.0);
        assert!(modal_day(&[]).is_empty());
    }

    #[test]
    fn no_bin_straddles_the_morning_or_the_evening() {
        for (h, m) in [rules::MORNING_FROM, rules::EVENING_FROM] {
            assert_eq!((h % BIN_HOURS, m), (0, 0), "{h}:{m}");
        }
        assert_eq!(24 % BIN_HOURS, 0);
    }
}
