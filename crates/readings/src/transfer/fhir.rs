//! FHIR R4 export: a `Bundle` of `Observation`s with LOINC codes and UCUM units.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use kernel::units::round_to;
use serde_json::{Value, json};

use crate::model::*;

/// Who the FHIR observations are about (shown, not linked: the export stands alone).
#[derive(Debug, Clone, Default)]
pub struct FhirPatient {
    pub display_name: String,
}

const LOINC: &str = "http://loinc.org";
const UCUM: &str = "http://unitsofmeasure.org";
const CATEGORY: &str = "http://terminology.hl7.org/CodeSystem/observation-category";
/// `meta.source` of every Observation: this, then manual, device or import (issue 39).
pub const SOURCE_URI: &str = "urn:vitalog:source:";
/// The extension holding one of a cuff's flags (`valueCode`: irregular-pulse, ...).
pub const FLAG_EXTENSION: &str = "urn:vitalog:cuff-flag";

fn loinc(code: &str, display: &str) -> Value {
    json!({ "coding": [{ "system": LOINC, "code": code, "display": display }], "text": display })
}

fn quantity(value: f64, unit: &str, code: &str) -> Value {
    json!({ "value": value, "unit": unit, "system": UCUM, "code": code })
}

fn category(code: &str, display: &str) -> Value {
    json!([{ "coding": [{ "system": CATEGORY, "code": code, "display": display }] }])
}

/// A FHIR R4 `Bundle` (type collection) with one `Observation` per measure of each
/// reading: 85354-9 blood pressure panel (8480-6 systolic, 8462-4 diastolic), 8867-4
/// heart rate, 29463-7 body weight, 2339-0 glucose, in UCUM units.
pub fn to_fhir_bundle(
    readings: &[Reading],
    patient: &FhirPatient,
    tz: Tz,
    now: DateTime<Utc>,
) -> Value {
    let subject = json!({ "display": patient.display_name });
    let mut entries = Vec::new();
    let mut sorted: Vec<&Reading> = readings.iter().collect();
    sorted.sort_by_key(|r| (r.date, r.time, r.id));
    for r in sorted {
        let when = kernel::calendar::with_offset(r.date, r.time, tz);
        let mut notes: Vec<Value> = r.notes.iter().map(|n| json!({ "text": n })).collect();
        // The cuff's flags in words for any reader, and as codes in an extension for
        // programs (FHIR's `interpretation` is for the value's reading, high or low, which
        // these are not).
        let flags: Vec<Value> = r
            .origin
            .flags
            .iter()
            .map(|f| json!({ "url": FLAG_EXTENSION, "valueCode": f.code() }))
            .collect();
        if !r.origin.flags.is_empty() {
            let words: Vec<&str> = r.origin.flags.iter().map(crate::CuffFlag::words).collect();
            notes.push(json!({ "text": format!("Cuff flags: {}", words.join(", ")) }));
        }
        let note = if notes.is_empty() {
            Value::Null
        } else {
            Value::Array(notes)
        };
        let source = format!("{SOURCE_URI}{}", r.origin.source.code());
        let device = match (r.origin.source, r.origin.device.as_deref()) {
            (crate::Source::Device, Some(name)) => json!({ "display": name }),
            _ => Value::Null,
        };
        let mut push = |suffix: &str, cat: Value, code: Value, body: Value| {
            let mut obs = json!({
                "resourceType": "Observation",
                "id": format!("vitalog-{}-{suffix}", r.id),
                "identifier": [{ "system": "urn:vitalog:reading", "value": format!("{}-{suffix}", r.id) }],
                "status": "final",
                "category": cat,
                "code": code,
                "subject": subject,
                "effectiveDateTime": when,
                "meta": { "source": source },
            });
            if let (Some(o), Some(b)) = (obs.as_object_mut(), body.as_object()) {
                o.extend(b.clone());
                if !note.is_null() {
                    o.insert("note".into(), note.clone());
                }
                if !device.is_null() {
                    o.insert("device".into(), device.clone());
                }
                if !flags.is_empty() {
                    o.insert("extension".into(), Value::Array(flags.clone()));
                }
            }
            entries.push(json!({ "resource": obs }));
        };
        let v = &r.values;
        if v.systolic.is_some() || v.diastolic.is_some() {
            let mut components = Vec::new();
            if let Some(s) = v.systolic {
                components.push(json!({
                    "code": loinc("8480-6", "Systolic blood pressure"),
                    "valueQuantity": quantity(f64::from(s), "mmHg", "mm[Hg]"),
                }));
            }
            if let Some(d) = v.diastolic {
                components.push(json!({
                    "code": loinc("8462-4", "Diastolic blood pressure"),
                    "valueQuantity": quantity(f64::from(d), "mmHg", "mm[Hg]"),
                }));
            }
            push(
                "bp",
                category("vital-signs", "Vital Signs"),
                loinc("85354-9", "Blood pressure panel with all children optional"),
                json!({ "component": components }),
            );
        }
        if let Some(hr) = v.heart_rate {
            push(
                "hr",
                category("vital-signs", "Vital Signs"),
                loinc("8867-4", "Heart rate"),
                json!({ "valueQuantity": quantity(f64::from(hr), "beats/minute", "/min") }),
            );
        }
        if let Some(w) = v.weight {
            push(
                "weight",
                category("vital-signs", "Vital Signs"),
                loinc("29463-7", "Body weight"),
                json!({ "valueQuantity": quantity(round_to(w, 4), "lbs", "[lb_av]") }),
            );
        }
        if let Some(g) = v.blood_sugar {
            push(
                "glucose",
                category("laboratory", "Laboratory"),
                loinc("2339-0", "Glucose [Mass/volume] in Blood"),
                json!({ "valueQuantity": quantity(round_to(g, 3), "mg/dL", "mg/dL") }),
            );
        }
    }
    json!({
        "resourceType": "Bundle",
        "type": "collection",
        "timestamp": now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "total": entries.len(),
        "entry": entries,
    })
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::*;
    use super::*;

    #[test]
    fn fhir_bundle_has_loinc_codes_ucum_units_and_offsets() {
        let rs = [reading(7, "2026-07-01", "08:30", full(), Some("after run"))];
        let tz: Tz = "America/New_York".parse().expect("tz");
        let b = to_fhir_bundle(
            &rs,
            &FhirPatient {
                display_name: "Ann Lee".into(),
            },
            tz,
            Utc::now(),
        );
        assert_eq!(b["resourceType"], "Bundle");
        assert_eq!(b["type"], "collection");
        let entries = b["entry"].as_array().expect("entries");
        assert_eq!(entries.len(), 4, "bp panel, heart rate, weight, glucose");
        let bp = &entries[0]["resource"];
        assert_eq!(bp["code"]["coding"][0]["code"], "85354-9");
        assert_eq!(bp["component"][0]["code"]["coding"][0]["code"], "8480-6");
        assert_eq!(bp["component"][0]["valueQuantity"]["value"], 122.0);
        assert_eq!(bp["component"][1]["code"]["coding"][0]["code"], "8462-4");
        assert_eq!(bp["component"][1]["valueQuantity"]["code"], "mm[Hg]");
        assert_eq!(bp["effectiveDateTime"], "2026-07-01T08:30:00-04:00", "EDT");
        assert_eq!(bp["note"][0]["text"], "after run");
        assert_eq!(
            entries[1]["resource"]["code"]["coding"][0]["code"],
            "8867-4"
        );
        assert_eq!(entries[1]["resource"]["valueQuantity"]["code"], "/min");
        assert_eq!(
            entries[2]["resource"]["code"]["coding"][0]["code"],
            "29463-7"
        );
        assert_eq!(entries[2]["resource"]["valueQuantity"]["code"], "[lb_av]");
        assert_eq!(
            entries[3]["resource"]["code"]["coding"][0]["code"],
            "2339-0"
        );
        assert_eq!(entries[3]["resource"]["valueQuantity"]["code"], "mg/dL");
        assert_eq!(
            entries[3]["resource"]["category"][0]["coding"][0]["code"],
            "laboratory"
        );
        let winter = to_fhir_bundle(
            &[reading(8, "2026-01-10", "08:30", full(), None)],
            &FhirPatient::default(),
            tz,
            Utc::now(),
        );
        assert_eq!(
            winter["entry"][0]["resource"]["effectiveDateTime"],
            "2026-01-10T08:30:00-05:00"
        );
        assert!(winter["entry"][0]["resource"].get("note").is_none());
    }

    #[test]
    fn every_observation_says_its_source_and_a_cuffs_names_the_device_and_flags() {
        let cuff = Reading {
            origin: crate::Origin::device(
                "OMRON X4 Smart".into(),
                crate::CuffFlags::of([crate::CuffFlag::IrregularPulse]),
            ),
            ..reading(1, "2026-07-01", "08:30", full(), None)
        };
        let typed = reading(2, "2026-07-02", "08:30", full(), Some("rested"));
        let b = to_fhir_bundle(
            &[cuff, typed],
            &FhirPatient::default(),
            chrono_tz::UTC,
            Utc::now(),
        );
        let bp = &b["entry"][0]["resource"];
        assert_eq!(bp["meta"]["source"], "urn:vitalog:source:device");
        assert_eq!(bp["device"]["display"], "OMRON X4 Smart");
        assert_eq!(bp["note"][0]["text"], "Cuff flags: irregular pulse");
        assert_eq!(bp["extension"][0]["url"], FLAG_EXTENSION);
        assert_eq!(bp["extension"][0]["valueCode"], "irregular-pulse");
        let typed_bp = &b["entry"][4]["resource"];
        assert_eq!(typed_bp["meta"]["source"], "urn:vitalog:source:manual");
        assert!(typed_bp.get("device").is_none());
        assert!(typed_bp.get("extension").is_none());
        assert_eq!(typed_bp["note"][0]["text"], "rested");
    }
}
