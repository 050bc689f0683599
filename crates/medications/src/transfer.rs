//! Taking medications out: FHIR R4 resources for the FHIR export, a CSV of dose periods and
//! recorded doses, and the account export's JSON. Pure functions of what is stored; the
//! web layer serves them beside the readings' exports (`readings::transfer`).

mod csv_export;
mod fhir;
mod json;

pub use csv_export::{CSV_COLUMNS, to_csv};
pub use fhir::fhir_entries;
pub use json::{intakes_json, medications_json};

use crate::model::{DosePeriod, Intake, Medication};

/// What every export lists, in its order: each dose period with its medication (by
/// medication id, then oldest first), and each recorded dose with its medication (by date
/// and time). A dose of a medication not in `meds` is left out.
type Ordered<'a> = (
    Vec<(&'a Medication, &'a DosePeriod)>,
    Vec<(&'a Medication, &'a Intake)>,
);

fn ordered<'a>(meds: &'a [Medication], intakes: &'a [Intake]) -> Ordered<'a> {
    let mut sorted: Vec<&Medication> = meds.iter().collect();
    sorted.sort_by_key(|m| m.id);
    let periods = sorted
        .iter()
        .flat_map(|m| m.periods.iter().map(move |p| (*m, p)))
        .collect();
    let mut doses: Vec<(&Medication, &Intake)> = intakes
        .iter()
        .filter_map(|i| Some((*sorted.iter().find(|m| m.id == i.medication_id)?, i)))
        .collect();
    doses.sort_by_key(|(_, i)| (i.date, i.time, i.id));
    (periods, doses)
}

#[cfg(test)]
pub(crate) mod fixtures {
    //! A medication with a change of dose, an as-needed one, and doses taken and skipped.

    use chrono::{NaiveDate, NaiveTime};

    use crate::model::*;

    pub fn d(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    pub fn t(s: &str) -> NaiveTime {
        kernel::date::parse_time(s).expect("time")
    }

    pub fn meds() -> Vec<Medication> {
        vec![
            Medication {
                id: 1,
                name: "Amlodipine".into(),
                form: Form::Tablet,
                reason: Some("High blood pressure".into()),
                reminders: true,
                for_blood_pressure: true,
                added_at: None,
                added: None,
                periods: vec![
                    DosePeriod {
                        id: 10,
                        dose: Dose {
                            strength: 5.0,
                            unit: DoseUnit::Mg,
                            frequency: Frequency::OnceDaily,
                            times: vec![t("08:00")],
                        },
                        start: d("2026-03-02"),
                        end: Some(d("2026-05-01")),
                    },
                    DosePeriod {
                        id: 11,
                        dose: Dose {
                            strength: 10.0,
                            unit: DoseUnit::Mg,
                            frequency: Frequency::Weekly,
                            times: vec![t("08:00")],
                        },
                        start: d("2026-05-02"),
                        end: None,
                    },
                ],
            },
            Medication {
                id: 2,
                name: "=Spray".into(),
                form: Form::Inhaler,
                reason: None,
                reminders: false,
                for_blood_pressure: false,
                added_at: None,
                added: None,
                periods: vec![DosePeriod {
                    id: 12,
                    dose: Dose {
                        strength: 2.5,
                        unit: DoseUnit::Units,
                        frequency: Frequency::AsNeeded,
                        times: vec![],
                    },
                    start: d("2026-03-01"),
                    end: None,
                }],
            },
        ]
    }

    pub fn intakes() -> Vec<Intake> {
        vec![
            Intake {
                id: 100,
                medication_id: 1,
                date: d("2026-03-28"),
                time: t("08:00"),
                status: IntakeStatus::Taken,
                reason: None,
            },
            Intake {
                id: 101,
                medication_id: 1,
                date: d("2026-03-29"),
                time: t("08:00"),
                status: IntakeStatus::Skipped,
                reason: Some("Felt dizzy".into()),
            },
            Intake {
                id: 102,
                medication_id: 2,
                date: d("2026-03-30"),
                time: t("14:35"),
                status: IntakeStatus::Taken,
                reason: None,
            },
        ]
    }
}
