//! One `<Record>` or `<Correlation>`: its kind, attributes, time in the user's zone, and the
//! reading input it makes (the form's rules then judge it).

use std::borrow::Cow;

use chrono::{FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike};
use kernel::units::BloodSugarUnit;
use quick_xml::XmlVersion;
use quick_xml::events::BytesStart;
use quick_xml::events::attributes::Attribute;
use readings::model::{NumberField, ReadingAt};

use super::grouped;
use super::source::malformed;
use crate::FileError;
use crate::units::WeightIn;

/// The types read; every other one is passed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    BloodPressure,
    Systolic,
    Diastolic,
    HeartRate,
    RestingHeartRate,
    BodyMass,
    BloodGlucose,
    Other,
}

/// The element's `type`, read first and alone: most records are of other types, and
/// Apple writes `type` as the first attribute.
pub(super) fn kind(e: &BytesStart<'_>, line: u64) -> Result<Kind, FileError> {
    let attr = e
        .try_get_attribute("type")
        .map_err(|err| malformed(line, &err))?;
    // The raw value: a type written with an entity is no type Vitalog reads.
    Ok(match attr.as_ref().map(|a| a.value.as_ref()) {
        Some("HKCorrelationTypeIdentifierBloodPressure") => Kind::BloodPressure,
        Some("HKQuantityTypeIdentifierBloodPressureSystolic") => Kind::Systolic,
        Some("HKQuantityTypeIdentifierBloodPressureDiastolic") => Kind::Diastolic,
        Some("HKQuantityTypeIdentifierHeartRate") => Kind::HeartRate,
        Some("HKQuantityTypeIdentifierRestingHeartRate") => Kind::RestingHeartRate,
        Some("HKQuantityTypeIdentifierBodyMass") => Kind::BodyMass,
        Some("HKQuantityTypeIdentifierBloodGlucose") => Kind::BloodGlucose,
        _ => Kind::Other,
    })
}

/// The attributes a reading is made of ("" when missing).
pub(super) struct Attrs<'a> {
    pub kind: Cow<'a, str>,
    pub unit: Cow<'a, str>,
    pub start: Cow<'a, str>,
    pub value: Cow<'a, str>,
}

impl<'a> Attrs<'a> {
    pub(super) fn of(e: &'a BytesStart<'_>, line: u64) -> Result<Self, FileError> {
        let mut attrs = Attrs {
            kind: Cow::Borrowed(""),
            unit: Cow::Borrowed(""),
            start: Cow::Borrowed(""),
            value: Cow::Borrowed(""),
        };
        for attr in e.attributes() {
            let attr = attr.map_err(|err| malformed(line, &err))?;
            let slot = match attr.key.as_ref() {
                "type" => &mut attrs.kind,
                "unit" => &mut attrs.unit,
                "startDate" => &mut attrs.start,
                "value" => &mut attrs.value,
                _ => continue,
            };
            *slot = text(attr);
        }
        Ok(attrs)
    }
}

/// An attribute's text with the five predefined entities and character references
/// replaced. Any other entity is never expanded: the raw text is kept, which no number,
/// date or unit reads, so the record is skipped as unreadable.
fn text(attr: Attribute<'_>) -> Cow<'_, str> {
    match attr.normalized_value(XmlVersion::Implicit1_0) {
        Ok(text) => text,
        Err(_) => attr.value,
    }
}

/// `2023-07-06 10:43:12 -0700` as the minute it was in `zone` (seconds dropped).
pub(super) fn local_minute(raw: &str, zone: chrono_tz::Tz) -> Option<NaiveDateTime> {
    let b = raw.trim().as_bytes();
    let shape = b.len() == 25
        && b[4] == b'-'
        && b[7] == b'-'
        && b[10] == b' '
        && b[13] == b':'
        && b[16] == b':'
        && b[19] == b' ';
    if !shape {
        return None;
    }
    let num = |from: usize, to: usize| -> Option<u32> {
        b.get(from..to)?.iter().try_fold(0u32, |n, &c| {
            c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
        })
    };
    let date = NaiveDate::from_ymd_opt(num(0, 4)? as i32, num(5, 7)?, num(8, 10)?)?;
    let time = NaiveTime::from_hms_opt(num(11, 13)?, num(14, 16)?, 0)?;
    num(17, 19).filter(|s| *s < 60)?;
    let sign = match b[20] {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let (hours, minutes) = (num(21, 23)?, num(23, 25)?);
    if minutes >= 60 {
        return None;
    }
    let offset = FixedOffset::east_opt(sign * (hours * 3600 + minutes * 60) as i32)?;
    let at = offset.from_local_datetime(&date.and_time(time)).single()?;
    at.with_timezone(&zone).naive_local().with_second(0)
}

/// A decimal as written (`120`, `72.5`); anything else is not a number.
pub(super) fn number(raw: &str) -> NumberField {
    raw.trim()
        .parse::<f64>()
        .map_or(NumberField::NotANumber, NumberField::Number)
}

/// A reading at `at`, with no measure yet.
pub(super) fn at(at: NaiveDateTime) -> ReadingAt {
    ReadingAt::new(at.date(), at.time())
}

/// A heart rate (count/min), rounded to the nearest whole beat.
pub(super) fn heart_rate(attrs: &Attrs<'_>, when: NaiveDateTime) -> Result<ReadingAt, String> {
    if attrs.unit != "count/min" {
        return Err(unknown_unit("heart rate", &attrs.unit, "count/min"));
    }
    Ok(ReadingAt {
        heart_rate: NumberField::map(number(&attrs.value), f64::round),
        ..at(when)
    })
}

/// A weight in lb, kg or st (a stone is 14 lb, exactly), as stored: lbs.
pub(super) fn weight(attrs: &Attrs<'_>, when: NaiveDateTime) -> Result<ReadingAt, String> {
    let unit = match attrs.unit.as_ref() {
        "lb" => WeightIn::Lbs,
        "kg" => WeightIn::Kg,
        "st" => WeightIn::St,
        unit => return Err(unknown_unit("weight", unit, "lb or kg")),
    };
    Ok(ReadingAt {
        weight: NumberField::map(number(&attrs.value), |v| unit.to_lbs(v)),
        ..at(when)
    })
}

/// A blood sugar in mg/dL or mmol/L, as stored: mg/dL. Apple writes mmol/L with glucose's
/// molar mass, `mmol<180.1558800000541>/L`; Vitalog converts with its own factor
/// (`kernel::units::MGDL_PER_MMOL`), as it does for values typed in mmol/L.
pub(super) fn blood_sugar(attrs: &Attrs<'_>, when: NaiveDateTime) -> Result<ReadingAt, String> {
    let unit = attrs.unit.as_ref();
    let mmol = unit == "mmol/L" || (unit.starts_with("mmol<") && unit.ends_with(">/L"));
    let from = match unit {
        "mg/dL" => BloodSugarUnit::MgDl,
        _ if mmol => BloodSugarUnit::MmolL,
        _ => return Err(unknown_unit("blood sugar", unit, "mg/dL or mmol/L")),
    };
    Ok(ReadingAt {
        blood_sugar: NumberField::map(number(&attrs.value), |v| from.to_mgdl(v)),
        ..at(when)
    })
}

/// `Record at line 1,234 (HeartRate)`.
pub(super) fn location(element: &str, line: u64, kind: &str) -> String {
    let short = kind
        .trim_start_matches("HKQuantityTypeIdentifier")
        .trim_start_matches("HKCorrelationTypeIdentifier");
    let short: String = short.chars().take(60).collect();
    format!("{element} at line {} ({short})", grouped(line))
}

pub(super) fn unreadable_date(raw: &str) -> String {
    let raw = crate::excerpt(raw);
    format!("The date \"{raw}\" cannot be read (expected e.g. 2023-07-06 10:43:12 -0700).")
}

pub(super) fn unknown_unit(what: &str, unit: &str, expected: &str) -> String {
    let unit = crate::excerpt(unit);
    format!("A {what} in \"{unit}\" cannot be read (expected {expected}).")
}
