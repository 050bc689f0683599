//! When doses are due. Dose times are wall-clock times in the user's time zone: 08:00 stays
//! 08:00 across a change to or from summer time.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime};
use chrono::{Offset, TimeZone, Utc};
use chrono_tz::Tz;

use crate::model::{Frequency, Intake, IntakeStatus, Medication};

/// The dose times a medication has on `date` (none when no period covers it, when it is
/// taken as needed, or on the other days of a weekly one: weekly doses fall on the weekday
/// of their period's first day).
pub fn times_on(med: &Medication, date: NaiveDate) -> &[NaiveTime] {
    let Some(p) = med.period_on(date) else {
        return &[];
    };
    match p.dose.frequency {
        Frequency::AsNeeded => &[],
        Frequency::Weekly if date.weekday() != p.start.weekday() => &[],
        _ => &p.dose.times,
    }
}

/// Where a scheduled dose stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotStatus {
    Due,
    Taken,
    Skipped,
}

/// One scheduled dose of one day.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot<'a> {
    pub medication: &'a Medication,
    pub date: NaiveDate,
    pub time: NaiveTime,
    pub intake: Option<&'a Intake>,
}

impl Slot<'_> {
    pub fn status(&self) -> SlotStatus {
        match self.intake.map(|i| i.status) {
            None => SlotStatus::Due,
            Some(IntakeStatus::Taken) => SlotStatus::Taken,
            Some(IntakeStatus::Skipped) => SlotStatus::Skipped,
        }
    }
}

/// Every scheduled dose of `date`, by time then name, with what was recorded for it.
pub fn slots_on<'a>(
    meds: &'a [Medication],
    intakes: &'a [Intake],
    date: NaiveDate,
) -> Vec<Slot<'a>> {
    let mut slots: Vec<Slot<'a>> = meds
        .iter()
        .flat_map(|m| {
            times_on(m, date).iter().map(move |&time| Slot {
                medication: m,
                date,
                time,
                intake: intakes
                    .iter()
                    .find(|i| i.medication_id == m.id && i.date == date && i.time == time),
            })
        })
        .collect();
    slots.sort_by(|a, b| {
        (a.time, &a.medication.name, a.medication.id).cmp(&(
            b.time,
            &b.medication.name,
            b.medication.id,
        ))
    });
    slots
}

/// The instant a wall-clock time happens in `tz`. A time that happens twice (clocks going
/// back) is its first occurrence; one that never happens (clocks going forward) is moved on
/// by the gap, so a 02:30 dose on the night clocks go from 02:00 to 03:00 falls at 03:30,
/// the same time after the previous dose as on any other day.
pub fn instant(tz: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        LocalResult::Ambiguous(first, _) => first.with_timezone(&Utc),
        LocalResult::None => {
            // The offset in force before the gap (no zone has a gap longer than a day).
            let before = tz
                .from_local_datetime(&(local - Duration::days(1)))
                .earliest()
                .map(|t| t.offset().fix());
            match before {
                Some(offset) => (local - offset).and_utc(),
                None => local.and_utc(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Dose, DosePeriod, DoseUnit, Form};
    use crate::testing::{d, t};

    fn med(frequency: Frequency, times: Vec<NaiveTime>, start: NaiveDate) -> Medication {
        Medication {
            id: 1,
            name: "Amlodipine".into(),
            form: Form::Tablet,
            reason: None,
            reminders: true,
            for_blood_pressure: false,
            added_at: None,
            added: None,
            periods: vec![DosePeriod {
                id: 1,
                dose: Dose {
                    strength: 5.0,
                    unit: DoseUnit::Mg,
                    frequency,
                    times,
                },
                start,
                end: Some(d(2026, 3, 31)),
            }],
        }
    }

    #[test]
    fn weekly_doses_fall_on_the_first_days_weekday() {
        // 2026-03-03 is a Tuesday.
        let m = med(Frequency::Weekly, vec![t(9, 0)], d(2026, 3, 3));
        assert_eq!(times_on(&m, d(2026, 3, 3)), &[t(9, 0)]);
        assert!(times_on(&m, d(2026, 3, 4)).is_empty());
        assert_eq!(times_on(&m, d(2026, 3, 10)), &[t(9, 0)]);
        assert!(times_on(&m, d(2026, 4, 7)).is_empty(), "after the end");
    }

    #[test]
    fn as_needed_has_no_slots_and_days_outside_a_period_none() {
        let m = med(Frequency::AsNeeded, vec![], d(2026, 3, 1));
        assert!(times_on(&m, d(2026, 3, 5)).is_empty());
        let daily = med(
            Frequency::TwiceDaily,
            vec![t(8, 0), t(20, 0)],
            d(2026, 3, 1),
        );
        assert!(times_on(&daily, d(2026, 2, 28)).is_empty());
        assert_eq!(times_on(&daily, d(2026, 3, 31)).len(), 2);
    }

    #[test]
    fn slots_carry_what_was_recorded() {
        let m = med(
            Frequency::TwiceDaily,
            vec![t(8, 0), t(20, 0)],
            d(2026, 3, 1),
        );
        let intakes = vec![Intake {
            id: 9,
            medication_id: 1,
            date: d(2026, 3, 2),
            time: t(20, 0),
            status: IntakeStatus::Skipped,
            reason: Some("felt dizzy".into()),
        }];
        let meds = [m];
        let slots = slots_on(&meds, &intakes, d(2026, 3, 2));
        let got: Vec<_> = slots.iter().map(|s| (s.time, s.status())).collect();
        assert_eq!(
            got,
            vec![(t(8, 0), SlotStatus::Due), (t(20, 0), SlotStatus::Skipped)]
        );
        let other_day = slots_on(&meds, &intakes, d(2026, 3, 3));
        assert!(other_day.iter().all(|s| s.status() == SlotStatus::Due));
    }

    #[test]
    fn wall_clock_times_keep_across_summer_time() {
        let paris = chrono_tz::Europe::Paris;
        // 08:00 in Paris is 07:00 UTC in winter and 06:00 UTC in summer.
        assert_eq!(
            instant(paris, d(2026, 3, 28).and_time(t(8, 0))).to_rfc3339(),
            "2026-03-28T07:00:00+00:00"
        );
        assert_eq!(
            instant(paris, d(2026, 3, 29).and_time(t(8, 0))).to_rfc3339(),
            "2026-03-29T06:00:00+00:00"
        );
    }

    #[test]
    fn a_time_skipped_by_the_clocks_moves_on_by_the_gap() {
        // 2026-03-29: Paris goes from 02:00 CET to 03:00 CEST.
        let at = instant(chrono_tz::Europe::Paris, d(2026, 3, 29).and_time(t(2, 30)));
        assert_eq!(at.to_rfc3339(), "2026-03-29T01:30:00+00:00", "03:30 CEST");
        // New York, 2026-03-08: 02:00 EST to 03:00 EDT.
        let ny = instant(
            chrono_tz::America::New_York,
            d(2026, 3, 8).and_time(t(2, 15)),
        );
        assert_eq!(ny.to_rfc3339(), "2026-03-08T07:15:00+00:00", "03:15 EDT");
    }

    #[test]
    fn a_time_that_happens_twice_is_its_first() {
        // 2026-10-25: Paris goes back from 03:00 CEST to 02:00 CET; 02:30 happens twice.
        let at = instant(chrono_tz::Europe::Paris, d(2026, 10, 25).and_time(t(2, 30)));
        assert_eq!(at.to_rfc3339(), "2026-10-25T00:30:00+00:00");
    }
}
