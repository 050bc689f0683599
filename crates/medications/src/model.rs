//! What a medication is: a name and form, and dose periods. A change of dose is a new
//! period, so the history stays true ("10 mg from March, 20 mg from May").

use chrono::{NaiveDate, NaiveTime};

macro_rules! codes {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $code:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The code the API and the database use.
            pub fn code(self) -> &'static str {
                match self { $($name::$variant => $code),+ }
            }

            pub fn parse(code: &str) -> Option<Self> {
                match code { $($code => Some($name::$variant),)+ _ => None }
            }
        }
    };
}

codes!(
    /// How the medication is taken.
    Form {
        Tablet = "tablet",
        Capsule = "capsule",
        Liquid = "liquid",
        Injection = "injection",
        Patch = "patch",
        Inhaler = "inhaler",
        Drops = "drops",
        Other = "other",
    }
);

codes!(
    /// The unit of a strength.
    DoseUnit {
        Mg = "mg",
        Mcg = "mcg",
        G = "g",
        Ml = "mL",
        Iu = "IU",
        Units = "units",
    }
);

codes!(
    /// How often a dose is due.
    Frequency {
        OnceDaily = "once-daily",
        TwiceDaily = "twice-daily",
        ThreeTimesDaily = "three-times-daily",
        Weekly = "weekly",
        AsNeeded = "as-needed",
    }
);

impl Frequency {
    /// How many times of day a period with this frequency names.
    pub fn times_per_day(self) -> usize {
        match self {
            Frequency::OnceDaily | Frequency::Weekly => 1,
            Frequency::TwiceDaily => 2,
            Frequency::ThreeTimesDaily => 3,
            Frequency::AsNeeded => 0,
        }
    }

    /// "twice a day".
    pub fn words(self) -> &'static str {
        match self {
            Frequency::OnceDaily => "once a day",
            Frequency::TwiceDaily => "twice a day",
            Frequency::ThreeTimesDaily => "three times a day",
            Frequency::Weekly => "once a week",
            Frequency::AsNeeded => "as needed",
        }
    }
}

/// One dose taken over a span of days (both ends included; `end: None` is ongoing).
#[derive(Debug, Clone, PartialEq)]
pub struct DosePeriod {
    pub id: i64,
    pub dose: Dose,
    pub start: NaiveDate,
    pub end: Option<NaiveDate>,
}

/// What is taken and when, for one period.
#[derive(Debug, Clone, PartialEq)]
pub struct Dose {
    /// Positive.
    pub strength: f64,
    pub unit: DoseUnit,
    pub frequency: Frequency,
    /// Sorted, distinct, as many as the frequency names.
    pub times: Vec<NaiveTime>,
}

/// A strength as a person writes it: `10`, `2.5`, `0.125`, `0.0625` (no trailing zeros).
/// Six decimals keep every real strength whole (digoxin 0.0625 mg) and drop float noise.
pub fn strength_text(strength: f64) -> String {
    let s = format!("{strength:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_owned()
}

impl Dose {
    /// "10 mg".
    pub fn amount(&self) -> String {
        format!("{} {}", strength_text(self.strength), self.unit.code())
    }

    /// "10 mg, twice a day (08:00, 20:00)", "10 mg, once a week (Tuesday, 08:00)".
    pub fn label(&self, start: NaiveDate) -> String {
        let times: Vec<String> = self
            .times
            .iter()
            .map(|t| kernel::date::format_time(*t))
            .collect();
        match self.frequency {
            Frequency::AsNeeded => format!("{}, as needed", self.amount()),
            Frequency::Weekly => format!(
                "{}, once a week ({}, {})",
                self.amount(),
                start.format("%A"),
                times.join(", ")
            ),
            f => format!("{}, {} ({})", self.amount(), f.words(), times.join(", ")),
        }
    }
}

impl DosePeriod {
    pub fn covers(&self, date: NaiveDate) -> bool {
        self.overlaps(date, date)
    }

    /// Taken on at least one day of `[from, to]` (both included; none when `from > to`).
    pub fn overlaps(&self, from: NaiveDate, to: NaiveDate) -> bool {
        from <= to && self.start <= to && self.end.is_none_or(|end| from <= end)
    }

    pub fn label(&self) -> String {
        self.dose.label(self.start)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Medication {
    pub id: i64,
    pub name: String,
    pub form: Form,
    pub reason: Option<String>,
    /// Email reminders for its doses.
    pub reminders: bool,
    /// Taken to lower blood pressure: its dose periods are the days the person's readings
    /// are "treated" (issue 35's clinic and home patterns).
    pub for_blood_pressure: bool,
    /// When it was added to Vitalog (its record was created). `None` when not known.
    pub added_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The day it was added, in the person's zone: doses due before it were "not
    /// recorded", never "missed" (issue 36). Set from `added_at` by
    /// [`Medication::added_in`]; `None` until then, or when not known.
    pub added: Option<NaiveDate>,
    /// Oldest first, never empty, not overlapping; the last is the latest dose.
    pub periods: Vec<DosePeriod>,
}

impl Medication {
    /// Sets [`Self::added`] to the day of `added_at` in `zone` (the person's): a dose
    /// before midnight on their clock is before the day they added the medication, whatever
    /// the date is in UTC.
    pub fn added_in(&mut self, zone: chrono_tz::Tz) {
        self.added = self.added_at.map(|t| t.with_timezone(&zone).date_naive());
    }

    pub fn latest(&self) -> Option<&DosePeriod> {
        self.periods.last()
    }

    pub fn period_on(&self, date: NaiveDate) -> Option<&DosePeriod> {
        self.periods.iter().find(|p| p.covers(date))
    }

    pub fn start(&self) -> Option<NaiveDate> {
        self.periods.first().map(|p| p.start)
    }

    pub fn end(&self) -> Option<NaiveDate> {
        self.latest().and_then(|p| p.end)
    }

    /// Marked for blood pressure and taken on at least one day of `[from, to]`.
    pub fn treats_bp_between(&self, from: NaiveDate, to: NaiveDate) -> bool {
        self.for_blood_pressure && self.periods.iter().any(|p| p.overlaps(from, to))
    }

    /// Still taken on `today` or later.
    pub fn is_current(&self, today: NaiveDate) -> bool {
        self.end().is_none_or(|end| end >= today)
    }

    /// "Amlodipine 10 mg" on `date` (the name alone when no period covers it).
    pub fn name_with_dose(&self, date: NaiveDate) -> String {
        match self.period_on(date) {
            Some(p) => format!("{} {}", self.name, p.dose.amount()),
            None => self.name.clone(),
        }
    }
}

/// A medication to store: its details and first period.
#[derive(Debug, Clone, PartialEq)]
pub struct NewMedication {
    pub details: Details,
    pub dose: Dose,
    pub start: NaiveDate,
    pub end: Option<NaiveDate>,
}

/// What describes a medication apart from its doses.
#[derive(Debug, Clone, PartialEq)]
pub struct Details {
    pub name: String,
    pub form: Form,
    pub reason: Option<String>,
    pub reminders: bool,
    /// [`Medication::for_blood_pressure`].
    pub for_blood_pressure: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntakeStatus {
    Taken,
    Skipped,
}

impl IntakeStatus {
    pub fn code(self) -> &'static str {
        match self {
            IntakeStatus::Taken => "taken",
            IntakeStatus::Skipped => "skipped",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "taken" => Some(IntakeStatus::Taken),
            "skipped" => Some(IntakeStatus::Skipped),
            _ => None,
        }
    }
}

/// A dose the user recorded: a scheduled one (its date and dose time) or an as-needed one
/// (the time it was taken).
#[derive(Debug, Clone, PartialEq)]
pub struct Intake {
    pub id: i64,
    pub medication_id: i64,
    pub date: NaiveDate,
    pub time: NaiveTime,
    pub status: IntakeStatus,
    pub reason: Option<String>,
}

/// An intake to store (the id is the store's).
#[derive(Debug, Clone, PartialEq)]
pub struct IntakeValues {
    pub medication_id: i64,
    pub date: NaiveDate,
    pub time: NaiveTime,
    pub status: IntakeStatus,
    pub reason: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{d, t};

    #[test]
    fn codes_round_trip() {
        for f in Frequency::ALL {
            assert_eq!(Frequency::parse(f.code()), Some(*f));
        }
        for u in DoseUnit::ALL {
            assert_eq!(DoseUnit::parse(u.code()), Some(*u));
        }
        for f in Form::ALL {
            assert_eq!(Form::parse(f.code()), Some(*f));
        }
        assert_eq!(Frequency::parse("daily"), None);
        assert_eq!(DoseUnit::parse("ml"), None, "codes are exact");
    }

    #[test]
    fn labels_read_as_a_person_writes_them() {
        let dose = Dose {
            strength: 2.5,
            unit: DoseUnit::Mg,
            frequency: Frequency::TwiceDaily,
            times: vec![t(8, 0), t(20, 0)],
        };
        assert_eq!(
            dose.label(d(2026, 3, 2)),
            "2.5 mg, twice a day (08:00, 20:00)"
        );
        let weekly = Dose {
            strength: 10.0,
            frequency: Frequency::Weekly,
            times: vec![t(9, 30)],
            ..dose.clone()
        };
        // 2026-03-03 is a Tuesday.
        assert_eq!(
            weekly.label(d(2026, 3, 3)),
            "10 mg, once a week (Tuesday, 09:30)"
        );
        let prn = Dose {
            frequency: Frequency::AsNeeded,
            times: vec![],
            strength: 0.125,
            ..dose
        };
        assert_eq!(prn.label(d(2026, 3, 3)), "0.125 mg, as needed");
    }

    #[test]
    fn small_strengths_are_written_whole() {
        // Digoxin 62.5 micrograms is written 0.0625 mg; rounding it to 0.062 or 0.063 would
        // show a dose nobody takes.
        assert_eq!(strength_text(0.0625), "0.0625");
        assert_eq!(strength_text(0.1 + 0.2), "0.3", "no float noise");
        assert_eq!(strength_text(100_000.0), "100000");
    }

    /// 5 mg once a day from `start` to `end`.
    fn period(start: NaiveDate, end: NaiveDate) -> DosePeriod {
        DosePeriod {
            id: 1,
            dose: Dose {
                strength: 5.0,
                unit: DoseUnit::Mg,
                frequency: Frequency::OnceDaily,
                times: vec![t(8, 0)],
            },
            start,
            end: Some(end),
        }
    }

    #[test]
    fn a_period_covers_both_ends() {
        let p = period(d(2026, 3, 1), d(2026, 3, 31));
        assert!(!p.covers(d(2026, 2, 28)));
        assert!(p.covers(d(2026, 3, 1)));
        assert!(p.covers(d(2026, 3, 31)));
        assert!(!p.covers(d(2026, 4, 1)));
        let ongoing = DosePeriod { end: None, ..p };
        assert!(ongoing.covers(d(2030, 1, 1)));
    }

    #[test]
    fn a_period_overlaps_a_range_sharing_one_day_with_it() {
        let p = period(d(2026, 3, 10), d(2026, 3, 20));
        assert!(
            !p.overlaps(d(2026, 3, 1), d(2026, 3, 9)),
            "ends the day before"
        );
        assert!(p.overlaps(d(2026, 3, 1), d(2026, 3, 10)), "its first day");
        assert!(p.overlaps(d(2026, 3, 20), d(2026, 3, 31)), "its last day");
        assert!(
            !p.overlaps(d(2026, 3, 21), d(2026, 3, 31)),
            "starts the day after"
        );
        assert!(p.overlaps(d(2026, 3, 12), d(2026, 3, 13)), "within it");
        assert!(p.overlaps(d(2026, 3, 1), d(2026, 3, 31)), "around it");
        assert!(
            !p.overlaps(d(2026, 3, 15), d(2026, 3, 14)),
            "an empty range has no day"
        );
        let ongoing = DosePeriod { end: None, ..p };
        assert!(ongoing.overlaps(d(2030, 1, 1), d(2030, 1, 7)));
        assert!(!ongoing.overlaps(d(2026, 3, 1), d(2026, 3, 9)));
    }
}
