//! FHIR R4: a `MedicationStatement` per dose period (what was taken, how often, from when
//! to when, why) and a `MedicationAdministration` per recorded dose (`completed` when
//! taken, `not-done` with its reason when skipped), for the readings' FHIR Bundle.

use chrono::{Datelike, NaiveDate, Weekday};
use chrono_tz::Tz;
use serde_json::{Value, json};

use crate::model::*;

const UCUM: &str = "http://unitsofmeasure.org";

/// A dose as a FHIR `Quantity`: UCUM-coded where UCUM has the unit ("units" has no UCUM
/// code that means what a person means by it, so it is text only).
fn quantity(strength: f64, unit: DoseUnit) -> Value {
    let code = match unit {
        DoseUnit::Mg => Some("mg"),
        DoseUnit::Mcg => Some("ug"),
        DoseUnit::G => Some("g"),
        DoseUnit::Ml => Some("mL"),
        DoseUnit::Iu => Some("[iU]"),
        DoseUnit::Units => None,
    };
    let mut q = json!({ "value": strength, "unit": unit.code() });
    if let (Some(code), Some(o)) = (code, q.as_object_mut()) {
        o.insert("system".into(), UCUM.into());
        o.insert("code".into(), code.into());
    }
    q
}

fn day_code(day: Weekday) -> &'static str {
    match day {
        Weekday::Mon => "mon",
        Weekday::Tue => "tue",
        Weekday::Wed => "wed",
        Weekday::Thu => "thu",
        Weekday::Fri => "fri",
        Weekday::Sat => "sat",
        Weekday::Sun => "sun",
    }
}

/// The period's `Dosage`: its words, its `Timing` (times of day in the user's wall clock),
/// or "as needed".
fn dosage(p: &DosePeriod) -> Value {
    let dose = &p.dose;
    let mut out = json!({
        "text": p.label(),
        "doseAndRate": [{ "doseQuantity": quantity(dose.strength, dose.unit) }],
    });
    let Some(o) = out.as_object_mut() else {
        return out;
    };
    let times: Vec<String> = dose
        .times
        .iter()
        .map(|t| t.format("%H:%M:%S").to_string())
        .collect();
    let repeat = match dose.frequency {
        Frequency::AsNeeded => {
            o.insert("asNeededBoolean".into(), true.into());
            return out;
        }
        Frequency::Weekly => json!({
            "frequency": 1, "period": 1, "periodUnit": "wk",
            "dayOfWeek": [day_code(p.start.weekday())], "timeOfDay": times,
        }),
        f => json!({
            "frequency": f.times_per_day(), "period": 1, "periodUnit": "d", "timeOfDay": times,
        }),
    };
    o.insert("timing".into(), json!({ "repeat": repeat }));
    out
}

/// `active`, `completed` (ended before `today`) or `intended` (starts after it).
fn statement_status(p: &DosePeriod, today: NaiveDate) -> &'static str {
    if p.start > today {
        "intended"
    } else if p.end.is_some_and(|end| end < today) {
        "completed"
    } else {
        "active"
    }
}

fn statement(m: &Medication, p: &DosePeriod, subject: &Value, today: NaiveDate) -> Value {
    let mut period = json!({ "start": kernel::date::format_date(p.start) });
    if let (Some(end), Some(o)) = (p.end, period.as_object_mut()) {
        o.insert("end".into(), kernel::date::format_date(end).into());
    }
    let mut r = json!({
        "resourceType": "MedicationStatement",
        "id": format!("vitalog-medication-period-{}", p.id),
        "identifier": [{ "system": "urn:vitalog:medication-period", "value": p.id.to_string() }],
        "status": statement_status(p, today),
        "medicationCodeableConcept": { "text": m.name },
        "subject": subject,
        "effectivePeriod": period,
        "dosage": [dosage(p)],
    });
    if let (Some(reason), Some(o)) = (&m.reason, r.as_object_mut()) {
        o.insert("reasonCode".into(), json!([{ "text": reason }]));
    }
    r
}

fn administration(m: &Medication, i: &Intake, subject: &Value, tz: Tz) -> Value {
    let mut r = json!({
        "resourceType": "MedicationAdministration",
        "id": format!("vitalog-medication-intake-{}", i.id),
        "identifier": [{ "system": "urn:vitalog:medication-intake", "value": i.id.to_string() }],
        "status": match i.status {
            IntakeStatus::Taken => "completed",
            IntakeStatus::Skipped => "not-done",
        },
        "medicationCodeableConcept": { "text": m.name },
        "subject": subject,
        "effectiveDateTime": kernel::calendar::with_offset(i.date, i.time, tz),
    });
    let Some(o) = r.as_object_mut() else {
        return r;
    };
    match (i.status, &i.reason) {
        (IntakeStatus::Skipped, reason) => {
            let why = reason.as_deref().unwrap_or("Skipped");
            o.insert("statusReason".into(), json!([{ "text": why }]));
        }
        (IntakeStatus::Taken, Some(note)) => {
            o.insert("note".into(), json!([{ "text": note }]));
        }
        (IntakeStatus::Taken, None) => {}
    }
    if let Some(p) = m.period_on(i.date) {
        o.insert(
            "dosage".into(),
            json!({
                "text": p.dose.amount(),
                "dose": quantity(p.dose.strength, p.dose.unit),
            }),
        );
    }
    r
}

/// Bundle entries (`{"resource": ...}`, as `readings::transfer::to_fhir_bundle` writes
/// them): a `MedicationStatement` per dose period, by medication and start, then a
/// `MedicationAdministration` per recorded dose, by date and time; an intake's time is its
/// local time in `tz` with the offset of that moment. `subject` is the bundle's patient
/// reference; `today` is the user's date (a period over by then is `completed`).
pub fn fhir_entries(
    meds: &[Medication],
    intakes: &[Intake],
    subject: &Value,
    tz: Tz,
    today: NaiveDate,
) -> Vec<Value> {
    let (periods, doses) = super::ordered(meds, intakes);
    let mut entries = Vec::with_capacity(periods.len() + doses.len());
    for (m, p) in periods {
        entries.push(json!({ "resource": statement(m, p, subject, today) }));
    }
    for (m, i) in doses {
        entries.push(json!({ "resource": administration(m, i, subject, tz) }));
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transfer::fixtures::*;

    fn entries() -> Vec<Value> {
        fhir_entries(
            &meds(),
            &intakes(),
            &json!({ "display": "Ann Lee" }),
            chrono_tz::Europe::Paris,
            d("2026-06-01"),
        )
        .into_iter()
        .map(|e| e["resource"].clone())
        .collect()
    }

    #[test]
    fn a_statement_per_dose_period() {
        let r = entries();
        let kinds: Vec<&str> = r
            .iter()
            .filter_map(|e| e["resourceType"].as_str())
            .collect();
        assert_eq!(
            kinds,
            [
                "MedicationStatement",
                "MedicationStatement",
                "MedicationStatement",
                "MedicationAdministration",
                "MedicationAdministration",
                "MedicationAdministration",
            ]
        );
        let first = &r[0];
        assert_eq!(first["id"], "vitalog-medication-period-10");
        assert_eq!(first["status"], "completed", "ended before today");
        assert_eq!(first["medicationCodeableConcept"]["text"], "Amlodipine");
        assert_eq!(first["subject"]["display"], "Ann Lee");
        assert_eq!(
            first["effectivePeriod"],
            json!({ "start": "2026-03-02", "end": "2026-05-01" })
        );
        assert_eq!(first["reasonCode"][0]["text"], "High blood pressure");
        let dosage = &first["dosage"][0];
        assert_eq!(dosage["text"], "5 mg, once a day (08:00)");
        assert_eq!(
            dosage["timing"]["repeat"],
            json!({ "frequency": 1, "period": 1, "periodUnit": "d", "timeOfDay": ["08:00:00"] })
        );
        assert_eq!(
            dosage["doseAndRate"][0]["doseQuantity"],
            json!({ "value": 5.0, "unit": "mg", "system": UCUM, "code": "mg" })
        );
        // The weekly dose is on the weekday of its start (2026-05-02 is a Saturday); ongoing.
        let weekly = &r[1];
        assert_eq!(weekly["status"], "active");
        assert_eq!(weekly["effectivePeriod"], json!({ "start": "2026-05-02" }));
        assert_eq!(
            weekly["dosage"][0]["timing"]["repeat"],
            json!({ "frequency": 1, "period": 1, "periodUnit": "wk", "dayOfWeek": ["sat"],
                    "timeOfDay": ["08:00:00"] })
        );
        // As needed: no timing; "units" has no UCUM code, so it is text only.
        let spray = &r[2];
        assert!(spray.get("reasonCode").is_none());
        assert_eq!(spray["dosage"][0]["asNeededBoolean"], true);
        assert!(spray["dosage"][0].get("timing").is_none());
        assert_eq!(
            spray["dosage"][0]["doseAndRate"][0]["doseQuantity"],
            json!({ "value": 2.5, "unit": "units" })
        );
    }

    #[test]
    fn statuses_follow_the_users_today() {
        let p = &meds()[0].periods[0];
        assert_eq!(statement_status(p, d("2026-03-01")), "intended");
        assert_eq!(statement_status(p, d("2026-03-02")), "active");
        assert_eq!(
            statement_status(p, d("2026-05-01")),
            "active",
            "its last day"
        );
        assert_eq!(statement_status(p, d("2026-05-02")), "completed");
    }

    #[test]
    fn an_administration_per_recorded_dose_in_the_users_zone() {
        let r = entries();
        let taken = &r[3];
        assert_eq!(taken["id"], "vitalog-medication-intake-100");
        assert_eq!(taken["status"], "completed");
        assert_eq!(taken["medicationCodeableConcept"]["text"], "Amlodipine");
        // 2026-03-28 is winter time in Paris (+01:00); the 29th is the first day of summer
        // time (+02:00).
        assert_eq!(taken["effectiveDateTime"], "2026-03-28T08:00:00+01:00");
        assert_eq!(
            taken["dosage"],
            json!({ "text": "5 mg", "dose": { "value": 5.0, "unit": "mg", "system": UCUM, "code": "mg" } })
        );
        assert!(taken.get("statusReason").is_none());
        let skipped = &r[4];
        assert_eq!(skipped["status"], "not-done");
        assert_eq!(skipped["statusReason"], json!([{ "text": "Felt dizzy" }]));
        assert_eq!(skipped["effectiveDateTime"], "2026-03-29T08:00:00+02:00");
        let spray = &r[5];
        assert_eq!(spray["effectiveDateTime"], "2026-03-30T14:35:00+02:00");
        assert_eq!(spray["medicationCodeableConcept"]["text"], "=Spray");
    }

    #[test]
    fn a_skipped_dose_without_a_reason_says_skipped_and_orphans_are_left_out() {
        let mut doses = intakes();
        doses[1].reason = None;
        doses.push(Intake {
            medication_id: 99,
            ..doses[0].clone()
        });
        let r = fhir_entries(&meds(), &doses, &json!({}), chrono_tz::UTC, d("2026-06-01"));
        assert_eq!(
            r.len(),
            6,
            "an intake of no listed medication is not exported"
        );
        assert_eq!(
            r[4]["resource"]["statusReason"],
            json!([{ "text": "Skipped" }])
        );
    }
}
