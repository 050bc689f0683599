use chrono::NaiveTime;

use super::*;

fn at(h: u32, m: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(h, m, 0).expect("time")
}

#[test]
fn morning_runs_from_four_to_noon_and_the_rest_is_evening() {
    assert_eq!(Period::of(at(3, 59)), Period::Evening);
    assert_eq!(Period::of(at(4, 0)), Period::Morning);
    assert_eq!(Period::of(at(11, 59)), Period::Morning);
    assert_eq!(Period::of(at(12, 0)), Period::Evening);
    assert_eq!(Period::of(at(23, 59)), Period::Evening);
    assert_eq!(Period::of(at(0, 0)), Period::Evening);
}

#[test]
fn period_codes_round_trip() {
    for p in [Period::Morning, Period::Evening] {
        assert_eq!(Period::parse(p.code()), Some(p));
    }
    assert_eq!(Period::parse("night"), None);
    assert_eq!(Period::parse("Morning"), None);
}

#[test]
fn the_mean_rounds_halves_up_and_is_none_when_empty() {
    assert_eq!(rounded_mean([131, 132]), Some(132));
    assert_eq!(rounded_mean([131, 131, 132]), Some(131));
    assert_eq!(rounded_mean([130, 131, 133]), Some(131));
    assert_eq!(rounded_mean([79, 80]), Some(80));
    assert_eq!(rounded_mean([]), None);
}

#[test]
fn averages_skip_missing_heart_rates() {
    let r = |s, d, hr| SessionReading {
        time: at(7, 0),
        systolic: s,
        diastolic: d,
        heart_rate: hr,
    };
    let s = Session {
        period: Period::Morning,
        rest_skipped: false,
        readings: vec![r(140, 90, Some(70)), r(135, 85, None)],
    };
    assert_eq!(s.averages(), (Some(138), Some(88), Some(70)));
}
