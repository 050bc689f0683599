//! Which dose reminders are due: one email per dose time of a day, for the doses of
//! medications with reminders on that nothing was recorded for yet.

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;

use crate::model::{Intake, Medication};
use crate::schedule::{SlotStatus, instant, slots_on};

/// A reminder is sent up to this long after its dose time and not later (after a server
/// outage, say): a "time for your 08:00 dose" read in the afternoon invites a double dose.
pub const LATE_LIMIT_MINUTES: i64 = 120;

/// The doses due at one time of one (local) day.
#[derive(Debug, Clone, PartialEq)]
pub struct DueReminder {
    pub date: NaiveDate,
    pub time: NaiveTime,
    /// "Amlodipine 10 mg", by name.
    pub doses: Vec<String>,
}

/// The reminders due at `now` for a user in `tz`: dose times that have come (in their wall
/// clock, [`instant`]) no more than [`LATE_LIMIT_MINUTES`] ago, of medications with
/// reminders on, with nothing recorded. `intakes` must cover yesterday and today (local).
pub fn due(
    meds: &[Medication],
    intakes: &[Intake],
    tz: Tz,
    now: DateTime<Utc>,
) -> Vec<DueReminder> {
    let with_reminders: Vec<Medication> = meds.iter().filter(|m| m.reminders).cloned().collect();
    let today = now.with_timezone(&tz).date_naive();
    let late = Duration::minutes(LATE_LIMIT_MINUTES);
    let mut out: Vec<DueReminder> = Vec::new();
    for date in [today - Duration::days(1), today] {
        for slot in slots_on(&with_reminders, intakes, date) {
            let at = instant(tz, date.and_time(slot.time));
            if slot.status() != SlotStatus::Due || now < at || now >= at + late {
                continue;
            }
            let dose = slot.medication.name_with_dose(date);
            match out
                .iter_mut()
                .find(|r| r.date == date && r.time == slot.time)
            {
                Some(r) => r.doses.push(dose),
                None => out.push(DueReminder {
                    date,
                    time: slot.time,
                    doses: vec![dose],
                }),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Dose, DosePeriod, DoseUnit, Form, Frequency, IntakeStatus};
    use crate::testing::{d, t};

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("rfc3339")
            .with_timezone(&Utc)
    }

    fn med(id: i64, name: &str, times: Vec<NaiveTime>, reminders: bool) -> Medication {
        let frequency = match times.len() {
            1 => Frequency::OnceDaily,
            2 => Frequency::TwiceDaily,
            _ => Frequency::ThreeTimesDaily,
        };
        Medication {
            id,
            name: name.into(),
            form: Form::Tablet,
            reason: None,
            reminders,
            for_blood_pressure: false,
            added_at: None,
            added: None,
            periods: vec![DosePeriod {
                id,
                dose: Dose {
                    strength: 10.0,
                    unit: DoseUnit::Mg,
                    frequency,
                    times,
                },
                start: d(2026, 1, 1),
                end: None,
            }],
        }
    }

    const PARIS: Tz = chrono_tz::Europe::Paris;

    #[test]
    fn doses_at_one_time_share_one_reminder_within_the_late_limit() {
        let meds = vec![
            med(1, "Ramipril", vec![t(8, 0)], true),
            med(2, "Amlodipine", vec![t(8, 0), t(20, 0)], true),
            med(3, "Quiet", vec![t(8, 0)], false),
        ];
        // 08:00 in Paris in winter is 07:00 UTC.
        assert!(
            due(&meds, &[], PARIS, utc("2026-02-10T06:59:00Z")).is_empty(),
            "not yet"
        );
        let r = due(&meds, &[], PARIS, utc("2026-02-10T07:00:00Z"));
        assert_eq!(
            r,
            vec![DueReminder {
                date: d(2026, 2, 10),
                time: t(8, 0),
                doses: vec!["Amlodipine 10 mg".into(), "Ramipril 10 mg".into()],
            }]
        );
        assert_eq!(due(&meds, &[], PARIS, utc("2026-02-10T08:59:00Z")).len(), 1);
        assert!(
            due(&meds, &[], PARIS, utc("2026-02-10T09:00:00Z")).is_empty(),
            "two hours late"
        );
    }

    #[test]
    fn a_recorded_dose_is_not_reminded() {
        let meds = vec![med(1, "Ramipril", vec![t(8, 0)], true)];
        for status in [IntakeStatus::Taken, IntakeStatus::Skipped] {
            let intakes = vec![Intake {
                id: 1,
                medication_id: 1,
                date: d(2026, 2, 10),
                time: t(8, 0),
                status,
                reason: None,
            }];
            assert!(due(&meds, &intakes, PARIS, utc("2026-02-10T07:30:00Z")).is_empty());
        }
    }

    #[test]
    fn summer_time_keeps_the_wall_clock_time() {
        let meds = vec![med(1, "Ramipril", vec![t(8, 0)], true)];
        // 2026-03-29 is the first day of summer time: 08:00 is 06:00 UTC.
        assert_eq!(due(&meds, &[], PARIS, utc("2026-03-29T06:00:00Z")).len(), 1);
        assert!(due(&meds, &[], PARIS, utc("2026-03-29T05:59:00Z")).is_empty());
        // And back in winter on 2026-10-25: 07:00 UTC.
        assert!(due(&meds, &[], PARIS, utc("2026-10-25T06:30:00Z")).is_empty());
        assert_eq!(due(&meds, &[], PARIS, utc("2026-10-25T07:00:00Z")).len(), 1);
    }

    #[test]
    fn a_dose_in_the_skipped_hour_is_reminded_once_the_clocks_moved_on() {
        let meds = vec![med(1, "Night dose", vec![t(2, 30)], true)];
        // 02:30 does not happen on 2026-03-29 in Paris; it is taken as 03:30 CEST (01:30 UTC).
        assert!(due(&meds, &[], PARIS, utc("2026-03-29T01:29:00Z")).is_empty());
        let r = due(&meds, &[], PARIS, utc("2026-03-29T01:30:00Z"));
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].date, d(2026, 3, 29));
    }

    #[test]
    fn a_dose_in_the_repeated_hour_is_due_from_its_first_occurrence() {
        let meds = vec![med(1, "Night dose", vec![t(2, 30)], true)];
        // 02:30 happens twice on 2026-10-25: first at 00:30 UTC (CEST), again at 01:30 UTC.
        let first = due(&meds, &[], PARIS, utc("2026-10-25T00:30:00Z"));
        assert_eq!(first.len(), 1);
        // The second occurrence is the same slot (the scheduler's claim on date and time
        // sends it once); it is still inside the late limit of the first.
        let second = due(&meds, &[], PARIS, utc("2026-10-25T01:30:00Z"));
        assert_eq!(second, first);
    }

    #[test]
    fn a_late_evening_dose_is_reminded_after_midnight_utc() {
        // New York's 23:30 on the 10th is 04:30 UTC on the 11th.
        let meds = vec![med(1, "Late", vec![t(23, 30)], true)];
        let ny = chrono_tz::America::New_York;
        let r = due(&meds, &[], ny, utc("2026-02-11T05:00:00Z"));
        assert_eq!(r.len(), 1);
        assert_eq!(
            r[0].date,
            d(2026, 2, 10),
            "yesterday's dose, in New York's calendar"
        );
    }
}
