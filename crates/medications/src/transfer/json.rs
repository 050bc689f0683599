//! The account export's `medications` (with their dose periods) and `medicationIntakes`:
//! the API's field names and codes (camelCase, `YYYY-MM-DD`, `HH:MM`), everything stored.

use kernel::date::{format_date, format_time};
use serde_json::{Value, json};

use crate::model::*;

fn period(p: &DosePeriod) -> Value {
    json!({
        "id": p.id,
        "strength": p.dose.strength,
        "unit": p.dose.unit.code(),
        "frequency": p.dose.frequency.code(),
        "times": p.dose.times.iter().map(|t| format_time(*t)).collect::<Vec<_>>(),
        "startDate": format_date(p.start),
        "endDate": p.end.map(format_date),
        "label": p.label(),
    })
}

/// Every medication by id, with its periods oldest first.
pub fn medications_json(meds: &[Medication]) -> Value {
    let mut sorted: Vec<&Medication> = meds.iter().collect();
    sorted.sort_by_key(|m| m.id);
    Value::Array(
        sorted
            .into_iter()
            .map(|m| {
                json!({
                    "id": m.id,
                    "name": m.name,
                    "form": m.form.code(),
                    "reason": m.reason,
                    "reminders": m.reminders,
                    "forBloodPressure": m.for_blood_pressure,
                    "periods": m.periods.iter().map(period).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

/// Every recorded dose by date and time.
pub fn intakes_json(intakes: &[Intake]) -> Value {
    let mut sorted: Vec<&Intake> = intakes.iter().collect();
    sorted.sort_by_key(|i| (i.date, i.time, i.id));
    Value::Array(
        sorted
            .into_iter()
            .map(|i| {
                json!({
                    "id": i.id,
                    "medicationId": i.medication_id,
                    "date": format_date(i.date),
                    "time": format_time(i.time),
                    "status": i.status.code(),
                    "reason": i.reason,
                })
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transfer::fixtures::*;

    #[test]
    fn medications_with_their_periods_in_the_apis_shape() {
        let mut list = meds();
        list.reverse();
        let v = medications_json(&list);
        assert_eq!(v.as_array().map(Vec::len), Some(2));
        assert_eq!(
            v[0],
            json!({
                "id": 1, "name": "Amlodipine", "form": "tablet",
                "reason": "High blood pressure", "reminders": true,
                "forBloodPressure": true,
                "periods": [
                    { "id": 10, "strength": 5.0, "unit": "mg", "frequency": "once-daily",
                      "times": ["08:00"], "startDate": "2026-03-02", "endDate": "2026-05-01",
                      "label": "5 mg, once a day (08:00)" },
                    { "id": 11, "strength": 10.0, "unit": "mg", "frequency": "weekly",
                      "times": ["08:00"], "startDate": "2026-05-02", "endDate": null,
                      "label": "10 mg, once a week (Saturday, 08:00)" },
                ],
            })
        );
        assert_eq!(
            v[1]["name"], "=Spray",
            "JSON is not a spreadsheet: kept as typed"
        );
        assert_eq!(v[1]["reason"], Value::Null);
        assert_eq!(v[1]["forBloodPressure"], false);
        assert_eq!(v[1]["periods"][0]["times"], json!([]));
    }

    #[test]
    fn intakes_by_date_and_time() {
        let mut doses = intakes();
        doses.reverse();
        let v = intakes_json(&doses);
        assert_eq!(
            v[1],
            json!({ "id": 101, "medicationId": 1, "date": "2026-03-29", "time": "08:00",
                    "status": "skipped", "reason": "Felt dizzy" })
        );
        let ids: Vec<i64> = v
            .as_array()
            .expect("array")
            .iter()
            .filter_map(|i| i["id"].as_i64())
            .collect();
        assert_eq!(ids, [100, 101, 102]);
    }
}
