//! Spreadsheets whose layout is a known app's export: recognised by their columns, mapped
//! for the person (who still sees and may change the mapping), and named on the page.
//! Each is read by the spreadsheet parser; what each app writes, and where it was learned,
//! is in docs/import.md.

use super::Mapping;
use super::units::WeightIn;
use super::words;

/// The app whose export has these columns, with `mapping` (the generic guess) completed
/// with what the app's format fixes and its header does not say.
pub(crate) fn recognise(
    columns: &[String],
    rows: &[Vec<String>],
    mapping: &mut Mapping,
) -> Option<&'static str> {
    let names: Vec<String> = columns.iter().map(|c| words::bare(c)).collect();
    let has = |name: &str| names.iter().any(|n| n == name);
    let column = |name: &str| names.iter().position(|n| n == name);
    // blood-pressure-monitor-fl (derdilla): `timestampUnixMs,systolic,diastolic,pulse,notes,
    // ...`; its `bodyweight` is in kg (the app's model keeps kilograms).
    if has("timestampunixms") {
        if mapping.weight.is_some() && mapping.weight_unit.is_none() && has("bodyweight") {
            mapping.weight_unit = Some(WeightIn::Kg);
        }
        return Some("Blood Pressure Monitor (blood-pressure-monitor-fl)");
    }
    // Beurer HealthManager (app): `Date;Time;kg;BMI;Body fat;Water;Muscles;Bones;
    // Medication;Comment` under a `Weight` title (which may be glued to `Date`).
    if has("bmi") && has("body fat") && (has("kg") || has("lb") || has("lbs")) {
        return Some("Beurer HealthManager");
    }
    // Beurer HealthManager Pro / HealthForYou (Sanitas): `Datum;Uhrzeit;Sys;Dia;Puls;MAD;
    // Manuell hinzugefügt` or `Date;Time;Sys;Dia;Pulse;MAP;Added manually`; the weight
    // section's `Weight` column names no unit, so the person chooses it.
    if has("added manually") || has("manuell hinzugefügt") {
        return Some("Beurer HealthManager Pro / HealthForYou");
    }
    // iBP (iOS): `Date, Systolic, Diastolic, Pulse, Mean Arterial Pressure, Pulse Pressure`.
    if has("mean arterial pressure") && has("pulse pressure") {
        mapping.heart_rate = column("pulse");
        return Some("iBP Blood Pressure");
    }
    // MediKeep's vitals export: a unit column beside each measure (imperial by default);
    // the unit is taken when the rows agree on it, else the person chooses.
    if has("recorded_date") && has("systolic_bp") {
        if let Some(unit_at) = column("weight_unit") {
            let seen: Vec<Option<WeightIn>> = rows
                .iter()
                .filter_map(|r| r.get(unit_at))
                .filter(|u| !u.trim().is_empty())
                .map(|u| super::units::weight_unit(u.trim()))
                .collect();
            if let Some(first) = seen.first().copied().flatten()
                && seen.iter().all(|u| *u == Some(first))
            {
                mapping.weight_unit = Some(first);
            }
        }
        return Some("MediKeep");
    }
    None
}
