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
fn each_period_says_its_hours_and_together_they_cover_the_day() {
    assert_eq!(Period::Morning.hours(), "4:00 AM to 11:59 AM");
    assert_eq!(Period::Evening.hours(), "12:00 PM to 3:59 AM");
}

#[test]
fn a_reading_counts_in_its_sessions_period_else_in_its_times() {
    use chrono::{NaiveDate, TimeZone, Utc};
    let mut r = Reading {
        id: 1,
        user_id: kernel::UserId(1),
        date: NaiveDate::from_ymd_opt(2026, 11, 5).expect("date"),
        time: at(12, 30),
        values: crate::Measurements::default(),
        notes: None,
        session: None,
        setting: crate::Setting::Home,
        origin: Default::default(),
        created_at: Utc.timestamp_opt(0, 0).single().expect("t"),
        updated_at: Utc.timestamp_opt(0, 0).single().expect("t"),
    };
    assert_eq!(Period::of_reading(&r), Period::Evening);
    r.session = Some(Session {
        period: Period::Morning,
        rest_skipped: false,
        readings: Vec::new(),
    });
    assert_eq!(Period::of_reading(&r), Period::Morning);
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

mod validate {
    use chrono::{NaiveDate, NaiveDateTime};

    use super::super::*;
    use super::at;
    use crate::model::NumberField::{self, *};

    fn latest() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 23)
            .and_then(|d| d.and_hms_opt(18, 0, 0))
            .expect("date")
    }

    fn reading(s: NumberField, d: NumberField) -> SessionReadingInput {
        SessionReadingInput {
            systolic: Some(s),
            diastolic: Some(d),
            ..Default::default()
        }
    }

    fn input(readings: Vec<SessionReadingInput>) -> SessionInput {
        SessionInput {
            date: Some("2026-11-22".into()),
            time: Some("07:10".into()),
            readings,
            ..Default::default()
        }
    }

    #[test]
    fn two_readings_give_their_rounded_averages_and_a_morning_period() {
        let mut i = input(vec![
            reading(Number(141.0), Number(91.0)),
            reading(Number(136.0), Number(88.0)),
        ]);
        i.readings[0].heart_rate = Some(Number(72.0));
        i.readings[1].time = Some("07:12".into());
        let (values, session) = validate(&i, latest()).expect("valid");
        assert_eq!(values.values.systolic, Some(139));
        assert_eq!(values.values.diastolic, Some(90));
        assert_eq!(values.values.heart_rate, Some(72));
        assert_eq!(values.time, at(7, 10));
        assert_eq!(session.period, Period::Morning);
        assert!(!session.rest_skipped);
        assert_eq!(session.readings.len(), 2);
        assert_eq!(session.readings[0].time, at(7, 10));
        assert_eq!(session.readings[1].time, at(7, 12));
    }

    #[test]
    fn a_sent_period_wins_over_the_time() {
        let mut i = input(vec![
            reading(Number(120.0), Number(80.0)),
            reading(Number(122.0), Number(78.0)),
        ]);
        i.period = Some("evening".into());
        let (_, session) = validate(&i, latest()).expect("valid");
        assert_eq!(session.period, Period::Evening);
        i.period = Some("noon".into());
        let e = validate(&i, latest()).expect_err("bad period");
        assert_eq!(e.get("period"), Some(crate::rules::MSG_PERIOD_INVALID));
    }

    #[test]
    fn one_or_four_readings_are_refused() {
        for n in [0, 1, 4] {
            let i = input(vec![reading(Number(120.0), Number(80.0)); n]);
            let e = validate(&i, latest()).expect_err("count");
            assert_eq!(
                e.get("readings"),
                Some(crate::rules::MSG_SESSION_COUNT),
                "{n}"
            );
        }
        let three = input(vec![reading(Number(120.0), Number(80.0)); 3]);
        assert!(validate(&three, latest()).is_ok());
    }

    #[test]
    fn each_reading_is_checked_with_the_forms_messages() {
        let i = input(vec![
            reading(Number(120.0), Empty),
            reading(Number(251.0), Number(130.0)),
            reading(Number(120.0), Number(125.0)),
        ]);
        let e = validate(&i, latest()).expect_err("invalid");
        assert_eq!(
            e.get("readings.0.diastolic"),
            Some(crate::rules::MSG_SESSION_BP_REQUIRED)
        );
        assert_eq!(e.get("readings.0.systolic"), None);
        assert_eq!(
            e.get("readings.1.systolic"),
            Some("Systolic must be less than 250")
        );
        assert_eq!(
            e.get("readings.2.diastolic"),
            Some(crate::rules::MSG_DIASTOLIC_NOT_LOWER)
        );
        assert_eq!(e.get("systolic"), None);
    }

    #[test]
    fn the_sessions_date_is_checked_once() {
        let mut i = input(vec![
            reading(Number(120.0), Number(80.0)),
            reading(Number(122.0), Number(78.0)),
        ]);
        i.date = Some("2026-11-30".into());
        let e = validate(&i, latest()).expect_err("future");
        assert_eq!(e.get("date"), Some(crate::rules::MSG_DATE_FUTURE));
        assert_eq!(e.get("readings.0.date"), None);
        i.date = None;
        let e = validate(&i, latest()).expect_err("no date");
        assert_eq!(e.get("date"), Some(crate::rules::MSG_DATE_REQUIRED));
    }

    #[test]
    fn a_readings_own_bad_time_is_keyed_to_it() {
        let mut i = input(vec![
            reading(Number(120.0), Number(80.0)),
            reading(Number(122.0), Number(78.0)),
        ]);
        i.readings[1].time = Some("7:99".into());
        let e = validate(&i, latest()).expect_err("bad time");
        assert_eq!(
            e.get("readings.1.time"),
            Some(crate::rules::MSG_TIME_INVALID)
        );
    }
}
