//! How the period's readings were taken: the cuff's flags, guided measurements against single
//! readings, where the readings came from, and the days with a cuff's readings in each 30-day
//! window. Counts of what was recorded, not a judgement of it.

use chrono::{Duration, NaiveDate};

use crate::model::Reading;
use crate::origin::{CuffFlag, Source};

/// The window remote-monitoring programmes count device days in: the US Medicare code for
/// device supply with daily recording (CPT 99454) is billed per 30 days by the days with
/// readings the device sent. Vitalog counts the days and quotes no minimum.
pub const WINDOW_DAYS: i64 = 30;

/// One 30-day window of the period, the last one cut at the period's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceWindow {
    pub from: NaiveDate,
    /// Included; `from + WINDOW_DAYS - 1` unless the period ends first.
    pub to: NaiveDate,
    /// Distinct dates holding at least one reading read from a cuff.
    pub device_days: usize,
}

/// The counts, over the stored readings the profile is of (one guided measurement is one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quality {
    /// Readings the cuff flagged with an irregular pulse; with body movement.
    pub irregular_pulse: usize,
    pub body_movement: usize,
    /// Guided measurements, and readings taken alone.
    pub guided: usize,
    pub single: usize,
    /// By source: typed, from a cuff, imported. A cuff's reading whose values were edited is
    /// typed (`Origin::edited`), so it counts as typed here too.
    pub manual: usize,
    pub device: usize,
    pub import: usize,
    /// The period in [`WINDOW_DAYS`]-day windows from its first day.
    pub windows: Vec<DeviceWindow>,
}

/// The counts over `readings` (already the period's home blood pressure readings) for the
/// period `from..=to`.
pub fn quality(readings: &[&Reading], from: NaiveDate, to: NaiveDate) -> Quality {
    let n = |f: &dyn Fn(&Reading) -> bool| readings.iter().filter(|r| f(r)).count();
    let flagged = |flag| move |r: &Reading| r.origin.flags.contains(flag);
    let source = |s| move |r: &Reading| r.origin.source == s;
    Quality {
        irregular_pulse: n(&flagged(CuffFlag::IrregularPulse)),
        body_movement: n(&flagged(CuffFlag::BodyMovement)),
        guided: n(&|r| r.session.is_some()),
        single: n(&|r| r.session.is_none()),
        manual: n(&source(Source::Manual)),
        device: n(&source(Source::Device)),
        import: n(&source(Source::Import)),
        windows: windows(readings, from, to),
    }
}

fn windows(readings: &[&Reading], from: NaiveDate, to: NaiveDate) -> Vec<DeviceWindow> {
    let mut device_dates: Vec<NaiveDate> = readings
        .iter()
        .filter(|r| r.origin.source == Source::Device)
        .map(|r| r.date)
        .collect();
    device_dates.sort_unstable();
    device_dates.dedup();
    let mut out = Vec::new();
    let mut start = from;
    while start <= to {
        let end = (start + Duration::days(WINDOW_DAYS - 1)).min(to);
        out.push(DeviceWindow {
            from: start,
            to: end,
            device_days: device_dates
                .iter()
                .filter(|d| (start..=end).contains(*d))
                .count(),
        });
        start = end + Duration::days(1);
    }
    out
}
