//! Apple Health's export: the `export.zip` the Health app makes (Profile > Export All Health
//! Data), whose `apple_health_export/export.xml` is read, or that `export.xml` alone.
//!
//! The format, as Apple's export writes it: `<HealthData locale="en_US">` after a DOCTYPE
//! whose internal subset declares the elements (`<!ELEMENT>`, `<!ATTLIST>`), then
//! `<ExportDate value="2026-11-20 08:00:00 -0500"/>`, `<Me .../>`, and millions of
//! `<Record type="HKQuantityTypeIdentifier..." unit=".." startDate="2023-07-06 10:43:00 -0700"
//! value="120" .../>` (some with `<MetadataEntry>` children), `<Correlation
//! type="HKCorrelationTypeIdentifierBloodPressure" startDate=..>` holding the two `<Record>`s
//! `...BloodPressureSystolic` / `...BloodPressureDiastolic` (mmHg), and `<Workout>`,
//! `<ActivitySummary>` and more, which are not read. The export lists the systolic and
//! diastolic records a second time at the top level: only the correlation's pair makes a
//! blood pressure, so nothing is doubled.
//!
//! Kept: blood pressure (one reading per correlation; the values are whole numbers in
//! practice, and one that is not is refused by the form's rule), `BodyMass` (lb, kg or st:
//! stored in lbs), `BloodGlucose` (mg/dL, or mmol/L, which Apple writes
//! `mmol<180.1558800000541>/L`: the molar mass of glucose), `RestingHeartRate` (each one a
//! heart-rate reading) and `HeartRate` only when measured with a blood pressure.
//!
//! The heart-rate rule: a watch writes a heart rate every few minutes, hundreds of thousands
//! of samples that would bury the record, while Vitalog's heart rate is the resting pulse
//! taken with the blood pressure, as the home measurement protocols ask (ESH 2023 guidelines
//! for the management of arterial hypertension; 2017 ACC/AHA high blood pressure guideline).
//! So a `HeartRate` sample is kept only when its start is at the same minute (in the user's
//! zone) as a blood pressure's: it joins that reading (the first sample in range wins), and a
//! `RestingHeartRate` (the daily resting rate the watch computes) is a reading of its own.
//! Heart rates are rounded to the nearest whole beat (a watch writes 72.5).
//!
//! Times carry their offset (`-0700`) and are converted to the user's zone, seconds dropped
//! ([`TimeBasis::Converted`]).
//!
//! Reading: a stream (quick-xml over a `BufReader` of the file or of the zip entry), in two
//! passes because the heart rate measured with a blood pressure may come before or after
//! its correlation: the first reads the readings and learns the blood pressures' minutes, the
//! second joins the heart rates of those minutes (it is skipped when there is no blood
//! pressure). Memory holds the readings and one element, whatever the file's size.
//!
//! Safety: no entity is ever expanded. A DOCTYPE that declares entities (`<!ENTITY`, the
//! "billion laughs" bomb) is refused with a message, since the Health app never writes one;
//! its `<!ELEMENT>`/`<!ATTLIST>` declarations are accepted and ignored. An entity used where
//! a value is read leaves that value unreadable (the record is skipped). One element larger
//! than [`MAX_ELEMENT_BYTES`], or nested deeper than Apple's exports, is refused. A zip
//! entry is read through a bound on the bytes actually decompressed (never the sizes the
//! zip declares): at most [`MAX_EXPANDED_BYTES`] and at most [`MAX_RATIO`] times its
//! compressed size.

mod record;
mod scan;
mod source;
#[cfg(test)]
mod tests;

use std::path::Path;

use super::{Collector, Context, FileError, Format, Parsed, TimeBasis};

/// A zip entry may expand to at most this many bytes (an export of a decade is ~4 GB).
pub const MAX_EXPANDED_BYTES: u64 = 8 << 30;
/// ... and to at most this many times its compressed size (XML deflates ~10-25 times). It
/// also bounds the reading one upload may ask for: at 100, a 25 MB zip of 87 times held the
/// import thread 30 s (issue 33).
pub const MAX_RATIO: u64 = 50;
/// One element (a record with its attributes, a DOCTYPE, a text) at most: Apple's are a few
/// hundred bytes, its DOCTYPE ~10 KB.
pub const MAX_ELEMENT_BYTES: u64 = 16 << 20;

/// What the zip's export.xml may expand to (the zip guard's bounds; parameters so tests
/// stay small).
pub use super::zip_guard::Bounds as Limits;

/// The bounds of an export.xml zipped.
pub const LIMITS: Limits = Limits {
    bytes: MAX_EXPANDED_BYTES,
    ratio: MAX_RATIO,
    floor: 0,
};

pub fn parse(path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    parse_with(path, ctx, LIMITS)
}

/// [`parse`] with the zip bounds given.
pub fn parse_with(path: &Path, ctx: &Context<'_>, limits: Limits) -> Result<Parsed, FileError> {
    let mut source = source::Source::open(path, limits)?;
    let mut out = Collector::new(Format::AppleHealth, ctx, TimeBasis::Converted);
    let size = source.size();
    // Both passes are counted from the start so the bar never goes back; without a blood
    // pressure the second is skipped and `finish` fills the bar.
    out.add_total(size);
    out.add_total(size);
    let mut first = scan::Pass::first();
    source.read(|xml| first.run(xml, 0, size, &mut out))?;
    let mut second = scan::Pass::second(out.candidates_mut());
    if second.has_work() {
        source.read(|xml| second.run(xml, size, size, &mut out))?;
    }
    Ok(out.finish())
}

/// 1234567 as "1,234,567", for locations a person looks up.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
