use std::sync::Arc;

use chrono::{NaiveDateTime, NaiveTime};
use kernel::entitlements::MockEntitlements;
use mockall::predicate::*;
use readings::NumberField;

use super::*;
use crate::model::{
    Dose, DosePeriod, DoseUnit, Form, Frequency, Intake, IntakeStatus, IntakeValues,
};
use crate::ports::{AsNeededRecorded, MockBloodPressureHistory, MockMedicationRepository};
use crate::testing::{d, t};
use crate::validate::IntakeInput;

const USER: UserId = UserId(7);

/// The latest moment a dose may be recorded at when it is 12:00 on 2026-03-10 (in UTC, the
/// user's zone here): a few minutes of clock skew later.
fn latest() -> NaiveDateTime {
    kernel::calendar::latest_allowed(now().and_utc(), chrono_tz::UTC)
}

/// 12:00 on 2026-03-10, the user's wall clock.
fn now() -> NaiveDateTime {
    d(2026, 3, 10).and_time(t(12, 0))
}

/// `v` as the store answers it.
fn stored(v: &IntakeValues) -> Intake {
    Intake {
        id: 5,
        medication_id: v.medication_id,
        date: v.date,
        time: v.time,
        status: v.status,
        reason: v.reason.clone(),
    }
}

fn med(id: i64, frequency: Frequency, times: Vec<NaiveTime>) -> Medication {
    Medication {
        id,
        name: format!("Med {id}"),
        form: Form::Tablet,
        reason: None,
        reminders: false,
        for_blood_pressure: false,
        added_at: None,
        added: None,
        periods: vec![DosePeriod {
            id: id * 10,
            dose: Dose {
                strength: 5.0,
                unit: DoseUnit::Mg,
                frequency,
                times,
            },
            start: d(2026, 3, 1),
            end: None,
        }],
    }
}

fn service(repo: MockMedicationRepository, allowed: bool) -> MedicationService {
    let mut gate = MockEntitlements::new();
    gate.expect_allows().returning(move |_, _| Ok(allowed));
    MedicationService::new(
        Arc::new(repo),
        Arc::new(MockBloodPressureHistory::new()),
        Arc::new(gate),
    )
}

fn intake_input(date: &str, time: &str, status: &str) -> IntakeInput {
    IntakeInput {
        date: Some(date.into()),
        time: Some(time.into()),
        status: Some(status.into()),
        reason: None,
    }
}

fn field_error(e: MedicationError, field: &str) -> String {
    match e {
        MedicationError::Invalid { errors, .. } => errors.get(field).unwrap_or("(none)").to_owned(),
        other => format!("not invalid: {other:?}"),
    }
}

#[tokio::test]
async fn writing_needs_a_subscription_and_stores_nothing() {
    // No repository call is expected: a mock with none would panic on one.
    let svc = service(MockMedicationRepository::new(), false);
    let e = svc
        .create(USER, MedicationInput::default())
        .await
        .expect_err("refused");
    assert!(matches!(e, MedicationError::SubscriptionRequired(_)));
    let e = svc
        .record(
            USER,
            1,
            intake_input("2026-03-10", "08:00", "taken"),
            latest(),
        )
        .await
        .expect_err("refused");
    assert!(matches!(e, MedicationError::SubscriptionRequired(_)));
    let e = svc
        .take_all(USER, d(2026, 3, 10), latest())
        .await
        .expect_err("refused");
    assert!(matches!(e, MedicationError::SubscriptionRequired(_)));
}

#[tokio::test]
async fn another_users_medication_is_not_found() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_get()
        .with(eq(USER), eq(99))
        .returning(|_, _| Ok(None));
    let svc = service(repo, true);
    let e = svc
        .record(
            USER,
            99,
            intake_input("2026-03-10", "08:00", "taken"),
            latest(),
        )
        .await
        .expect_err("404");
    assert!(matches!(e, MedicationError::NotFound));
}

#[tokio::test]
async fn a_scheduled_dose_must_be_at_a_dose_time_on_a_covered_day_not_in_the_future() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_get().returning(|_, id| {
        Ok(Some(med(
            id,
            Frequency::TwiceDaily,
            vec![t(8, 0), t(20, 0)],
        )))
    });
    repo.expect_record().times(1).returning(|_, v| {
        Ok(Some(Intake {
            id: 5,
            medication_id: v.medication_id,
            date: v.date,
            time: v.time,
            status: v.status,
            reason: v.reason,
        }))
    });
    let svc = service(repo, true);
    let e = svc
        .record(
            USER,
            1,
            intake_input("2026-03-10", "09:00", "taken"),
            latest(),
        )
        .await
        .expect_err("time");
    assert_eq!(field_error(e, "time"), crate::rules::MSG_NOT_A_DOSE_TIME);
    let e = svc
        .record(
            USER,
            1,
            intake_input("2026-03-11", "08:00", "taken"),
            latest(),
        )
        .await
        .expect_err("future");
    assert_eq!(field_error(e, "date"), crate::rules::MSG_FUTURE);
    let e = svc
        .record(
            USER,
            1,
            intake_input("2026-02-28", "08:00", "taken"),
            latest(),
        )
        .await
        .expect_err("before");
    assert_eq!(field_error(e, "date"), crate::rules::MSG_NOT_ON_THAT_DAY);
    // Later the same day is fine: an evening dose may be taken early.
    let ok = svc
        .record(
            USER,
            1,
            intake_input("2026-03-10", "20:00", "skipped"),
            latest(),
        )
        .await
        .expect("stored");
    assert_eq!(ok.status, IntakeStatus::Skipped);
}

#[tokio::test]
async fn an_as_needed_dose_is_taken_at_any_time_but_never_skipped() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_get()
        .returning(|_, id| Ok(Some(med(id, Frequency::AsNeeded, vec![]))));
    repo.expect_record_as_needed()
        .times(1)
        .returning(|_, v, _| Ok(AsNeededRecorded::Stored(stored(&v))));
    let svc = service(repo, true);
    let e = svc
        .record(
            USER,
            3,
            intake_input("2026-03-10", "09:13", "skipped"),
            latest(),
        )
        .await
        .expect_err("skip");
    assert_eq!(field_error(e, "status"), crate::rules::MSG_AS_NEEDED_TAKEN);
    let ok = svc
        .record(
            USER,
            3,
            intake_input("2026-03-10", "09:13", "taken"),
            latest(),
        )
        .await
        .expect("stored");
    assert_eq!(ok.time, t(9, 13));
}

#[tokio::test]
async fn an_as_needed_dose_later_today_is_in_the_future() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_get()
        .returning(|_, id| Ok(Some(med(id, Frequency::AsNeeded, vec![]))));
    repo.expect_record_as_needed()
        .times(1)
        .returning(|_, v, _| Ok(AsNeededRecorded::Stored(stored(&v))));
    let svc = service(repo, true);
    // It is 12:00: an as-needed dose's time is when it was taken, so 18:00 has not come.
    let e = svc
        .record(
            USER,
            3,
            intake_input("2026-03-10", "18:00", "taken"),
            latest(),
        )
        .await
        .expect_err("future");
    assert_eq!(field_error(e, "time"), crate::rules::MSG_FUTURE);
    // A phone's clock a few minutes ahead of the server's is not refused.
    svc.record(
        USER,
        3,
        intake_input("2026-03-10", "12:03", "taken"),
        latest(),
    )
    .await
    .expect("stored");
}

#[tokio::test]
async fn one_tap_records_only_the_doses_still_due() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_list().returning(|_| {
        Ok(vec![
            med(1, Frequency::TwiceDaily, vec![t(8, 0), t(20, 0)]),
            med(2, Frequency::AsNeeded, vec![]),
        ])
    });
    repo.expect_intakes().returning(|_, _, _, _| {
        Ok(vec![Intake {
            id: 1,
            medication_id: 1,
            date: d(2026, 3, 10),
            time: t(8, 0),
            status: IntakeStatus::Skipped,
            reason: None,
        }])
    });
    repo.expect_record_missing()
        .withf(|_, v| v.len() == 1 && v[0].time == t(20, 0) && v[0].status == IntakeStatus::Taken)
        .times(1)
        .returning(|_, v| Ok(v.len()));
    let svc = service(repo, true);
    svc.take_all(USER, d(2026, 3, 10), latest())
        .await
        .expect("done");
}

#[tokio::test]
async fn a_change_of_dose_must_start_after_the_current_one() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_get()
        .returning(|_, id| Ok(Some(med(id, Frequency::OnceDaily, vec![t(8, 0)]))));
    repo.expect_change_dose()
        .withf(|_, id, latest, dose, start, _| {
            *id == 1 && *latest == 10 && dose.strength == 10.0 && *start == d(2026, 3, 15)
        })
        .times(1)
        .returning(|_, id, _, _, _, _| Ok(Some(med(id, Frequency::OnceDaily, vec![t(8, 0)]))));
    let svc = service(repo, true);
    let change = |start: &str| MedicationInput {
        strength: Some(NumberField::Number(10.0)),
        start_date: Some(start.into()),
        ..MedicationInput::default()
    };
    let e = svc
        .change_dose(USER, 1, change("2026-03-01"))
        .await
        .expect_err("same day");
    assert_eq!(field_error(e, "startDate"), MSG_CHANGE_AFTER_START);
    let e = svc
        .change_dose(USER, 1, change(""))
        .await
        .expect_err("missing");
    assert_eq!(
        field_error(e, "startDate"),
        crate::rules::MSG_START_REQUIRED
    );
    svc.change_dose(USER, 1, change("2026-03-15"))
        .await
        .expect("changed");
}

#[tokio::test]
async fn the_list_puts_current_medications_first() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_list().returning(|_| {
        let mut stopped = med(1, Frequency::OnceDaily, vec![t(8, 0)]);
        stopped.name = "Atenolol".into();
        stopped.periods[0].end = Some(d(2026, 3, 5));
        let mut current = med(2, Frequency::OnceDaily, vec![t(8, 0)]);
        current.name = "Zestril".into();
        Ok(vec![stopped, current])
    });
    let svc = service(repo, true);
    let (meds, events) = svc.list(USER, d(2026, 3, 10)).await.expect("list");
    assert_eq!(
        meds.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(),
        vec!["Zestril", "Atenolol"]
    );
    assert_eq!(events.len(), 3, "two starts and a stop");
}

/// The as-needed limit is the store's to hold (counted with the insert): a full day is
/// refused with the message, and nothing else is stored.
#[tokio::test]
async fn a_full_day_of_as_needed_doses_is_refused() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_get()
        .returning(|_, id| Ok(Some(med(id, Frequency::AsNeeded, vec![]))));
    repo.expect_record_as_needed()
        .withf(|_, _, per_day| *per_day == 24)
        .times(1)
        .returning(|_, _, _| Ok(AsNeededRecorded::DayFull));
    repo.expect_record().never();
    let e = service(repo, true)
        .record(
            USER,
            3,
            intake_input("2026-03-10", "09:13", "taken"),
            latest(),
        )
        .await
        .expect_err("full");
    assert_eq!(field_error(e, "time"), crate::rules::MSG_AS_NEEDED_MANY);
}

/// A shared view leaves out the averages around each change (their days reach outside its
/// period): their readings are not read, nor the averages worked out, which for a long dose
/// history is most of the work (issue 33).
#[tokio::test]
async fn a_report_without_effects_reads_no_blood_pressure() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_list().returning(|_| {
        let mut m = med(1, Frequency::TwiceDaily, vec![t(8, 0), t(20, 0)]);
        let mut changed = m.periods[0].clone();
        m.periods[0].end = Some(d(2026, 3, 4));
        changed.id = 11;
        changed.start = d(2026, 3, 5);
        changed.dose.strength = 10.0;
        m.periods.push(changed);
        Ok(vec![m])
    });
    repo.expect_intakes().returning(|_, _, _, _| Ok(vec![]));
    let mut bp = MockBloodPressureHistory::new();
    bp.expect_between().times(1).returning(|_, _, _| Ok(vec![]));
    let mut gate = MockEntitlements::new();
    gate.expect_allows().returning(|_, _| Ok(true));
    let svc = MedicationService::new(Arc::new(repo), Arc::new(bp), Arc::new(gate));
    let (from, to) = (d(2026, 3, 1), d(2026, 3, 10));
    let shared = svc
        .report(
            USER,
            from,
            to,
            kernel::UsersNow::at(now().and_utc(), chrono_tz::UTC),
            false,
        )
        .await
        .expect("report");
    assert_eq!(shared.lines.len(), 1);
    assert_eq!(shared.lines[0].periods.len(), 2);
    assert!(shared.lines[0].effects.is_empty());
    // The owner's own report reads them (once: the mock allows one).
    let own = svc
        .report(
            USER,
            from,
            to,
            kernel::UsersNow::at(now().and_utc(), chrono_tz::UTC),
            true,
        )
        .await
        .expect("report");
    assert_eq!(
        own.lines[0].effects.len(),
        2,
        "the start on 03/01 and the change on 03/05"
    );
}

/// A medication for blood pressure taken from 2026-03-10 to 2026-03-20 (a stopped course),
/// beside one that is not for blood pressure and taken every day from 2026-03-01.
fn treated_list() -> Vec<Medication> {
    let mut course = med(1, Frequency::OnceDaily, vec![t(8, 0)]);
    course.for_blood_pressure = true;
    course.periods[0].start = d(2026, 3, 10);
    course.periods[0].end = Some(d(2026, 3, 20));
    let other = med(2, Frequency::OnceDaily, vec![t(8, 0)]);
    vec![course, other]
}

#[tokio::test]
async fn treated_on_a_day_a_blood_pressure_dose_period_covers_both_ends_included() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_list()
        .with(eq(USER))
        .returning(|_| Ok(treated_list()));
    // Reading needs no subscription.
    let svc = service(repo, false);
    for (day, treated) in [
        (d(2026, 3, 9), false),
        (d(2026, 3, 10), true),
        (d(2026, 3, 15), true),
        (d(2026, 3, 20), true),
        (d(2026, 3, 21), false),
    ] {
        assert_eq!(
            svc.bp_treated_on(USER, day).await.expect("answer"),
            treated,
            "{day}: the other medication, taken every day, does not count"
        );
    }
}

#[tokio::test]
async fn treated_between_when_a_blood_pressure_dose_period_shares_a_day_with_the_range() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_list().returning(|_| Ok(treated_list()));
    let svc = service(repo, true);
    let between = |from, to| svc.bp_treated_between(USER, from, to);
    assert!(!between(d(2026, 3, 3), d(2026, 3, 9)).await.expect("a"));
    assert!(between(d(2026, 3, 3), d(2026, 3, 10)).await.expect("b"));
    assert!(between(d(2026, 3, 20), d(2026, 3, 26)).await.expect("c"));
    assert!(!between(d(2026, 3, 21), d(2026, 3, 27)).await.expect("d"));
    assert!(between(d(2026, 3, 1), d(2026, 3, 31)).await.expect("e"));
}

#[tokio::test]
async fn an_ongoing_blood_pressure_medication_treats_every_day_from_its_start() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_list().returning(|_| {
        let mut ongoing = med(1, Frequency::AsNeeded, vec![]);
        ongoing.for_blood_pressure = true;
        Ok(vec![ongoing])
    });
    let svc = service(repo, true);
    assert!(!svc.bp_treated_on(USER, d(2026, 2, 28)).await.expect("a"));
    assert!(svc.bp_treated_on(USER, d(2026, 3, 1)).await.expect("b"));
    assert!(svc.bp_treated_on(USER, d(2036, 3, 1)).await.expect("c"));
}

#[tokio::test]
async fn an_empty_range_is_untreated_without_reading_anything() {
    // No list is expected: a call would panic.
    let svc = service(MockMedicationRepository::new(), true);
    assert!(
        !svc.bp_treated_between(USER, d(2026, 3, 11), d(2026, 3, 10))
            .await
            .expect("answer")
    );
}

#[tokio::test]
async fn a_store_failure_is_unexpected_not_untreated() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_list()
        .returning(|_| Err(anyhow::anyhow!("database unavailable")));
    let svc = service(repo, true);
    let e = svc
        .bp_treated_on(USER, d(2026, 3, 10))
        .await
        .expect_err("no answer");
    assert!(matches!(e, MedicationError::Unexpected(_)));
}

#[tokio::test]
async fn an_update_without_the_flag_keeps_it_and_one_with_it_changes_it() {
    let mut repo = MockMedicationRepository::new();
    repo.expect_get().returning(|_, id| {
        let mut m = med(id, Frequency::OnceDaily, vec![t(8, 0)]);
        m.for_blood_pressure = true;
        Ok(Some(m))
    });
    repo.expect_update()
        .withf(|_, _, _, v| v.details.for_blood_pressure && v.details.name == "Renamed")
        .times(1)
        .returning(|_, id, _, _| Ok(Some(med(id, Frequency::OnceDaily, vec![t(8, 0)]))));
    repo.expect_update()
        .withf(|_, _, _, v| !v.details.for_blood_pressure)
        .times(1)
        .returning(|_, id, _, _| Ok(Some(med(id, Frequency::OnceDaily, vec![t(8, 0)]))));
    let svc = service(repo, true);
    svc.update(
        USER,
        1,
        MedicationInput {
            name: Some("Renamed".into()),
            ..MedicationInput::default()
        },
    )
    .await
    .expect("kept");
    svc.update(
        USER,
        1,
        MedicationInput {
            for_blood_pressure: Some(false),
            ..MedicationInput::default()
        },
    )
    .await
    .expect("changed");
}

/// Issue 37: the day a medication was added is the person's, not UTC's. Added at 23:30 UTC
/// on March 4th is March 5th in Tokyo: the doses of the 4th there were before it was added.
#[tokio::test]
async fn the_day_a_medication_was_added_is_the_persons_own() {
    use chrono::TimeZone;
    let added = chrono::Utc
        .with_ymd_and_hms(2026, 3, 4, 23, 30, 0)
        .single()
        .expect("t");
    let now = chrono::Utc
        .with_ymd_and_hms(2026, 3, 10, 3, 0, 0)
        .single()
        .expect("t");
    for (zone, day) in [
        (chrono_tz::Asia::Tokyo, d(2026, 3, 5)),
        (chrono_tz::UTC, d(2026, 3, 4)),
    ] {
        let mut repo = MockMedicationRepository::new();
        repo.expect_list().returning(move |_| {
            let mut m = med(1, Frequency::OnceDaily, vec![t(8, 0)]);
            m.added_at = Some(added);
            Ok(vec![m])
        });
        repo.expect_intakes().returning(|_, _, _, _| Ok(vec![]));
        let report = service(repo, true)
            .report(
                UserId(1),
                d(2026, 3, 1),
                d(2026, 3, 9),
                kernel::UsersNow::at(now, zone),
                false,
            )
            .await
            .expect("report");
        assert_eq!(report.lines[0].adherence.added, Some(day), "{zone}");
    }
}
