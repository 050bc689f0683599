use super::*;

fn input() -> MedicationInput {
    MedicationInput {
        name: Some("  Amlodipine ".into()),
        strength: Some(NumberField::Number(5.0)),
        unit: Some("mg".into()),
        form: Some("tablet".into()),
        frequency: Some("twice-daily".into()),
        times: Some(vec!["20:00".into(), "08:00".into()]),
        start_date: Some("2026-03-01".into()),
        end_date: None,
        reason: Some("blood pressure".into()),
        reminders: Some(true),
        for_blood_pressure: None,
    }
}

fn errors_of(i: MedicationInput) -> FieldErrors {
    match medication(&i) {
        Ok(m) => panic!("accepted {m:?}"),
        Err(e) => e,
    }
}

#[test]
fn a_good_medication_is_trimmed_and_its_times_sorted() {
    let m = medication(&input()).expect("valid");
    assert_eq!(m.details.name, "Amlodipine");
    assert_eq!(m.dose.times.len(), 2);
    assert!(m.dose.times[0] < m.dose.times[1]);
    assert!(m.details.reminders);
    assert_eq!(m.end, None);
}

#[test]
fn a_medication_is_for_blood_pressure_only_when_marked() {
    let m = medication(&input()).expect("valid");
    assert!(!m.details.for_blood_pressure, "not sent: not marked");
    let m = medication(&MedicationInput {
        for_blood_pressure: Some(true),
        ..input()
    })
    .expect("valid");
    assert!(m.details.for_blood_pressure);
}

#[test]
fn every_field_has_its_message() {
    let e = errors_of(MedicationInput::default());
    assert_eq!(e.get("name"), Some(MSG_NAME_REQUIRED));
    assert_eq!(e.get("strength"), Some(MSG_STRENGTH));
    assert_eq!(e.get("unit"), Some(MSG_UNIT));
    assert_eq!(e.get("form"), Some(MSG_FORM));
    assert_eq!(e.get("frequency"), Some(MSG_FREQUENCY));
    assert_eq!(e.get("startDate"), Some(MSG_START_REQUIRED));

    let e = errors_of(MedicationInput {
        name: Some("x".repeat(101)),
        ..input()
    });
    assert_eq!(e.get("name"), Some(MSG_NAME_LONG));
    assert!(
        medication(&MedicationInput {
            name: Some("é".repeat(100)),
            ..input()
        })
        .is_ok(),
        "characters, not bytes"
    );
    for bad in [
        NumberField::Number(0.0),
        NumberField::Number(-5.0),
        NumberField::NotANumber,
        NumberField::Empty,
        NumberField::Number(100_001.0),
        // Shows as "0 mg" in every label and export.
        NumberField::Number(0.000_000_1),
    ] {
        assert_eq!(
            errors_of(MedicationInput {
                strength: Some(bad),
                ..input()
            })
            .get("strength"),
            Some(MSG_STRENGTH)
        );
    }
    assert_eq!(
        errors_of(MedicationInput {
            unit: Some("ML".into()),
            ..input()
        })
        .get("unit"),
        Some(MSG_UNIT)
    );
}

#[test]
fn times_must_match_the_frequency() {
    let e = errors_of(MedicationInput {
        times: Some(vec!["08:00".into()]),
        ..input()
    });
    assert_eq!(e.get("times"), Some("Give 2 times of day"));
    let e = errors_of(MedicationInput {
        frequency: Some("once-daily".into()),
        ..input()
    });
    assert_eq!(e.get("times"), Some("Give 1 time of day"));
    let e = errors_of(MedicationInput {
        times: Some(vec!["08:00".into(), "08:00".into()]),
        ..input()
    });
    assert_eq!(e.get("times"), Some(MSG_TIMES_DISTINCT));
    for bad in ["8:00", "24:00", "08:00:00", "noon"] {
        let e = errors_of(MedicationInput {
            times: Some(vec![bad.into(), "20:00".into()]),
            ..input()
        });
        assert_eq!(e.get("times"), Some(MSG_TIME_FORMAT), "{bad}");
    }
    let prn = medication(&MedicationInput {
        frequency: Some("as-needed".into()),
        times: Some(vec![]),
        ..input()
    });
    assert!(prn.is_ok());
    let e = errors_of(MedicationInput {
        frequency: Some("as-needed".into()),
        ..input()
    });
    assert_eq!(
        e.get("times"),
        Some("An as-needed medication has no dose times")
    );
}

#[test]
fn the_end_cannot_come_before_the_start() {
    let e = errors_of(MedicationInput {
        end_date: Some(Some("2026-02-28".into())),
        ..input()
    });
    assert_eq!(e.get("endDate"), Some(MSG_END_BEFORE_START));
    let same_day = medication(&MedicationInput {
        end_date: Some(Some("2026-03-01".into())),
        ..input()
    });
    assert!(same_day.is_ok());
    let e = errors_of(MedicationInput {
        start_date: Some("2026-3-1".into()),
        ..input()
    });
    assert_eq!(e.get("startDate"), Some(MSG_DATE));
    let e = errors_of(MedicationInput {
        end_date: Some(Some("2026-02-30".into())),
        ..input()
    });
    assert_eq!(e.get("endDate"), Some(MSG_DATE));
}

#[test]
fn text_is_bounded_and_clean() {
    let e = errors_of(MedicationInput {
        reason: Some("r".repeat(501)),
        ..input()
    });
    assert_eq!(e.get("reason"), Some(MSG_REASON_LONG));
    let e = errors_of(MedicationInput {
        name: Some("Aml\u{0007}odipine".into()),
        ..input()
    });
    assert_eq!(e.get("name"), Some(MSG_TEXT_CONTROLS));
}

#[test]
fn intakes_are_checked_field_by_field() {
    let ok = intake(&IntakeInput {
        date: Some("2026-03-02".into()),
        time: Some("08:00".into()),
        status: Some("skipped".into()),
        reason: Some(" felt dizzy ".into()),
    })
    .expect("valid");
    assert_eq!(ok.2, IntakeStatus::Skipped);
    assert_eq!(ok.3.as_deref(), Some("felt dizzy"));
    let e = intake(&IntakeInput {
        status: Some("maybe".into()),
        reason: Some("x".repeat(201)),
        ..IntakeInput::default()
    })
    .expect_err("invalid");
    assert_eq!(e.get("date"), Some(MSG_DATE));
    assert_eq!(e.get("time"), Some(MSG_TIME));
    assert_eq!(e.get("status"), Some(MSG_STATUS));
    assert_eq!(e.get("reason"), Some(MSG_SKIP_REASON_LONG));
}

#[test]
fn dates_are_four_digit_years_from_1900() {
    // Ten characters each, and chrono reads them: a signed year or year 0 would be stored
    // as text that does not sort among the others (the store compares dates as text).
    for bad in ["-999-01-01", "+999-01-01", "0000-06-15", "1899-12-31"] {
        let e = errors_of(MedicationInput {
            start_date: Some(bad.into()),
            ..input()
        });
        assert_eq!(e.get("startDate"), Some(MSG_DATE), "{bad}");
    }
    assert!(
        medication(&MedicationInput {
            start_date: Some("1900-01-01".into()),
            end_date: Some(Some("9999-12-31".into())),
            ..input()
        })
        .is_ok()
    );
}
