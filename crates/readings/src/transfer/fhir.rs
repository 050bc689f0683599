//! FHIR R4 export: a `Bundle` of `Observation`s with LOINC codes and UCUM units.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use kernel::units::round_to;
use serde_json::{Value, json};

use crate::home_week::{self, WeekSummary};
use crate::model::*;
use crate::setting::Setting;

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
/// HL7 CardX Hypertension Management IG (http://hl7.org/fhir/uv/cardx-htn-mng/, STU1):
/// the `NumberOfMeasurements` extension its Average Self-measured Blood Pressure profile
/// (`average-smbp`, "AverageBloodPressure" in the IG's earlier drafts) requires (1..1): how
/// many readings the average is of. The extension's definition types it `valueQuantity`.
pub const NUMBER_OF_MEASUREMENTS_EXTENSION: &str =
    "http://hl7.org/fhir/uv/cardx-htn-mng/StructureDefinition/NumberOfMeasurementsExt";

/// The `id` of the Observation of one measure (`bp`, `hr`, `weight`, `glucose`) of a reading:
/// the average's `derivedFrom` names the `bp` ones.
fn observation_id(reading: i64, suffix: &str) -> String {
    format!("vitalog-{reading}-{suffix}")
}

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
/// heart rate, 29463-7 body weight, 2339-0 glucose, in UCUM units; then, when `week` (the
/// home week the dashboard shows, [`home_week::current`]) has an average, that average
/// ([`home_week_average`]).
///
/// A home reading's Observations name the person as `performer` too: they measured it
/// themselves (self-measured blood pressure; the CardX IG's average requires its performer
/// to be the patient). A clinic reading's do not: someone at the clinic took it, and the
/// export does not know who.
pub fn to_fhir_bundle(
    readings: &[Reading],
    patient: &FhirPatient,
    week: Option<&WeekSummary>,
    tz: Tz,
    now: DateTime<Utc>,
) -> Value {
    // The export stands alone, with no Patient resource: the person is named, as `subject`
    // and `performer` alike, by a display-only reference.
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
        let performer = match r.setting {
            Setting::Home => json!([subject]),
            Setting::Office => Value::Null,
        };
        let mut push = |suffix: &str, cat: Value, code: Value, body: Value| {
            let mut obs = json!({
                "resourceType": "Observation",
                "id": observation_id(r.id, suffix),
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
                if !performer.is_null() {
                    o.insert("performer".into(), performer.clone());
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
    if let Some(average) = week.and_then(|w| home_week_average(w, readings, &subject, now)) {
        entries.push(json!({ "resource": average }));
    }
    json!({
        "resourceType": "Bundle",
        "type": "collection",
        "timestamp": now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "total": entries.len(),
        "entry": entries,
    })
}

/// The home week's average as an Observation after the HL7 CardX Hypertension Management
/// IG's Average Self-measured Blood Pressure profile
/// (http://hl7.org/fhir/uv/cardx-htn-mng/StructureDefinition/average-smbp; "Average Blood
/// Pressure" in its drafts): LOINC 96607-7 "Blood pressure panel mean systolic and mean
/// diastolic" with components 96608-5 "Systolic blood pressure mean" and 96609-3 "Diastolic
/// blood pressure mean" in mm[Hg] (displays as the IG's examples give them), category
/// vital-signs, `effectivePeriod` the first and last day of the readings averaged (the IG:
/// "the time range in which measurements were taken to calculate the average"), `issued`,
/// `performer` the person, the count in the IG's `NumberOfMeasurements` extension and
/// `derivedFrom` the blood pressure Observations of the readings averaged.
///
/// The values are the week's `average` as the dashboard, the API and the report show it:
/// whole mmHg, halves away from zero (`home_week`'s rounding). The level is judged on the
/// unrounded mean; the export carries the figure people see, as the IG's examples do.
///
/// `meta.profile` is not claimed: the profile wants `subject` and `performer` to reference
/// a Patient resource, and the export names the person by display only.
///
/// `None` without an average (the minimum not met): never a zero.
fn home_week_average(
    week: &WeekSummary,
    readings: &[Reading],
    subject: &Value,
    now: DateTime<Utc>,
) -> Option<Value> {
    let average = week.average?;
    let mut averaged: Vec<(&Reading, NaiveDate)> = home_week::averaged(week.start, readings)
        .map(|(r, individual)| (r, individual.date))
        .collect();
    averaged.sort_by_key(|(r, date)| (*date, r.time, r.id));
    let first = averaged.first()?.1;
    let last = averaged.last()?.1;
    // A guided measurement's several readings are one stored reading, exported as one
    // Observation (of their average): it is named once, while the count is of readings.
    let mut ids: Vec<i64> = averaged.iter().map(|(r, _)| r.id).collect();
    ids.dedup();
    let derived: Vec<Value> = ids
        .iter()
        .map(|id| json!({ "reference": format!("Observation/{}", observation_id(*id, "bp")) }))
        .collect();
    Some(json!({
        "resourceType": "Observation",
        "id": format!("vitalog-home-week-{}", week.start),
        "identifier": [{ "system": "urn:vitalog:home-week", "value": week.start.to_string() }],
        "extension": [{
            "url": NUMBER_OF_MEASUREMENTS_EXTENSION,
            "valueQuantity": { "value": average.count },
        }],
        "status": "final",
        "category": category("vital-signs", "Vital Signs"),
        "code": loinc("96607-7", "Blood pressure panel mean systolic and mean diastolic"),
        "subject": subject,
        "effectivePeriod": { "start": first.to_string(), "end": last.to_string() },
        "issued": now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "performer": [subject],
        "derivedFrom": derived,
        "component": [
            {
                "code": loinc("96608-5", "Systolic blood pressure mean"),
                "valueQuantity": quantity(f64::from(average.systolic), "mmHg", "mm[Hg]"),
            },
            {
                "code": loinc("96609-3", "Diastolic blood pressure mean"),
                "valueQuantity": quantity(f64::from(average.diastolic), "mmHg", "mm[Hg]"),
            },
        ],
    }))
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
            None,
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
            None,
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
            None,
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

    /// A home blood pressure reading.
    fn bp(id: i64, date: &str, time: &str, systolic: i32, diastolic: i32) -> Reading {
        let values = Measurements {
            systolic: Some(systolic),
            diastolic: Some(diastolic),
            ..Default::default()
        };
        reading(id, date, time, values, None)
    }

    fn day(v: &str) -> NaiveDate {
        v.parse().expect("date")
    }

    /// The week from 2026-07-01 as the dashboard would show it on `today`.
    fn week_of(readings: &[Reading], today: &str) -> WeekSummary {
        home_week::summarize(
            day("2026-07-01"),
            home_week::Origin::Started,
            day(today),
            readings,
            kernel::Guideline::default(),
        )
    }

    /// A week from 2026-07-01: day 1 high (left out), 12 readings on days 2 to 4 averaging
    /// 130.5/80.5 exactly, and a clinic reading on day 3 (in no home average).
    fn a_week() -> Vec<Reading> {
        let mut rs = vec![bp(1, "2026-07-01", "08:00", 180, 110)];
        let times = ["08:00", "08:05", "20:00", "20:05"];
        let mut id = 10;
        for date in ["2026-07-02", "2026-07-03", "2026-07-04"] {
            for (i, time) in times.iter().enumerate() {
                let up = i32::from(i % 2 == 0);
                rs.push(bp(id, date, time, 130 + up, 80 + up));
                id += 1;
            }
        }
        rs.push(Reading {
            setting: Setting::Office,
            ..bp(99, "2026-07-03", "10:00", 150, 95)
        });
        rs
    }

    fn resources(b: &Value) -> Vec<&Value> {
        b["entry"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| &e["resource"])
            .collect()
    }

    fn average_of(b: &Value) -> Option<&Value> {
        resources(b)
            .into_iter()
            .find(|o| o["code"]["coding"][0]["code"] == "96607-7")
    }

    #[test]
    fn the_home_weeks_average_is_an_average_smbp_observation() {
        let rs = a_week();
        let week = week_of(&rs, "2026-07-08");
        assert_eq!(week.compared, Some((130.5, 80.5)), "the unrounded mean");
        let now = Utc::now();
        let b = to_fhir_bundle(
            &rs,
            &FhirPatient {
                display_name: "Ann Lee".into(),
            },
            Some(&week),
            chrono_tz::UTC,
            now,
        );
        let avg = average_of(&b).expect("an average");
        assert_eq!(resources(&b).last(), Some(&avg), "after the readings");
        assert_eq!(b["total"], rs.len() + 1);
        assert_eq!(avg["resourceType"], "Observation");
        assert_eq!(avg["status"], "final");
        assert_eq!(avg["category"][0]["coding"][0]["code"], "vital-signs");
        assert_eq!(avg["code"]["coding"][0]["system"], "http://loinc.org");
        assert_eq!(
            avg["code"]["coding"][0]["display"],
            "Blood pressure panel mean systolic and mean diastolic"
        );
        let systolic = &avg["component"][0];
        assert_eq!(systolic["code"]["coding"][0]["code"], "96608-5");
        assert_eq!(systolic["valueQuantity"]["system"], UCUM);
        assert_eq!(systolic["valueQuantity"]["code"], "mm[Hg]");
        // The average the dashboard shows: 130.5/80.5 rounded, halves away from zero.
        assert_eq!(systolic["valueQuantity"]["value"], 131.0);
        let diastolic = &avg["component"][1];
        assert_eq!(diastolic["code"]["coding"][0]["code"], "96609-3");
        assert_eq!(diastolic["valueQuantity"]["value"], 81.0);
        assert_eq!(diastolic["valueQuantity"]["code"], "mm[Hg]");
        assert!(avg.get("valueQuantity").is_none());
        assert_eq!(
            avg["effectivePeriod"],
            json!({ "start": "2026-07-02", "end": "2026-07-04" }),
            "day 1 left out"
        );
        assert_eq!(
            avg["issued"],
            now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        );
        assert_eq!(avg["extension"][0]["url"], NUMBER_OF_MEASUREMENTS_EXTENSION);
        assert_eq!(avg["extension"][0]["valueQuantity"]["value"], 12);
        assert_eq!(avg["subject"]["display"], "Ann Lee");
        assert_eq!(avg["performer"][0]["display"], "Ann Lee");
        let derived: Vec<&str> = avg["derivedFrom"]
            .as_array()
            .expect("derivedFrom")
            .iter()
            .filter_map(|d| d["reference"].as_str())
            .collect();
        let expected: Vec<String> = (10..22)
            .map(|id| format!("Observation/vitalog-{id}-bp"))
            .collect();
        assert_eq!(
            derived, expected,
            "days 2 to 4, neither day 1 nor the clinic"
        );
        // Each reference names an Observation of the bundle.
        let ids: Vec<String> = resources(&b)
            .iter()
            .filter_map(|o| o["id"].as_str().map(|id| format!("Observation/{id}")))
            .collect();
        assert!(derived.iter().all(|d| ids.iter().any(|id| id == d)));
    }

    #[test]
    fn a_guided_measurement_counts_each_reading_and_is_named_once() {
        let mut rs = a_week();
        let session = crate::session::Session {
            period: crate::session::Period::Morning,
            rest_skipped: false,
            readings: [("07:00", 131, 81), ("07:02", 130, 80)]
                .iter()
                .map(|(t, s, d)| crate::session::SessionReading {
                    time: kernel::date::parse_time(t).expect("time"),
                    systolic: *s,
                    diastolic: *d,
                    heart_rate: None,
                })
                .collect(),
        };
        rs.push(Reading {
            session: Some(session),
            ..bp(50, "2026-07-05", "07:00", 131, 81)
        });
        let week = week_of(&rs, "2026-07-08");
        let b = to_fhir_bundle(
            &rs,
            &FhirPatient::default(),
            Some(&week),
            chrono_tz::UTC,
            Utc::now(),
        );
        let avg = average_of(&b).expect("an average");
        assert_eq!(avg["extension"][0]["valueQuantity"]["value"], 14);
        assert_eq!(week.average.map(|a| a.count), Some(14));
        assert_eq!(avg["derivedFrom"].as_array().map(Vec::len), Some(13));
        assert_eq!(
            avg["derivedFrom"][12]["reference"],
            "Observation/vitalog-50-bp"
        );
        assert_eq!(avg["effectivePeriod"]["end"], "2026-07-05");
    }

    #[test]
    fn no_average_observation_without_a_valid_week() {
        // 11 readings on days 2 to 4: one short of the minimum.
        let rs: Vec<Reading> = a_week().into_iter().filter(|r| r.id != 21).collect();
        let week = week_of(&rs, "2026-07-08");
        assert_eq!(week.average, None);
        for given in [Some(&week), None] {
            let b = to_fhir_bundle(
                &rs,
                &FhirPatient::default(),
                given,
                chrono_tz::UTC,
                Utc::now(),
            );
            assert!(average_of(&b).is_none(), "never a zero");
            assert_eq!(b["total"], rs.len());
        }
    }

    #[test]
    fn home_readings_name_the_person_as_performer_and_clinic_readings_do_not() {
        let home = reading(1, "2026-07-01", "08:30", full(), None);
        let clinic = Reading {
            setting: Setting::Office,
            ..reading(2, "2026-07-02", "10:00", full(), None)
        };
        let b = to_fhir_bundle(
            &[home, clinic],
            &FhirPatient {
                display_name: "Ann Lee".into(),
            },
            None,
            chrono_tz::UTC,
            Utc::now(),
        );
        let all = resources(&b);
        assert_eq!(all.len(), 8, "4 measures each");
        for o in &all[..4] {
            assert_eq!(o["performer"], json!([{ "display": "Ann Lee" }]), "{o}");
        }
        for o in &all[4..] {
            assert!(o.get("performer").is_none(), "{o}");
            assert_eq!(o["subject"]["display"], "Ann Lee");
        }
    }
}
