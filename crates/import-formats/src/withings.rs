//! Withings Health Mate's data export ("Download my data": a zip of CSV files, one per
//! measure), or one of its files on its own.
//!
//! The files as Withings writes them: `bp.csv` with the header
//! `Date,"Heart rate",Systolic,Diastolic,Comments` and `weight.csv` with
//! `Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments`
//! (`Weight (lb)` in pound accounts), dates `"YYYY-MM-DD HH:MM:SS"`. The zip holds them
//! at its root or in a folder, beside files Vitalog has no use for (activity, sleep, ...).
//!
//! Choices:
//! - A zip (told by its first bytes, not its name) is read through its central directory:
//!   the first entry named `bp.csv` and the first named `weight.csv` (any folder, any case)
//!   are read, everything else is ignored. A single CSV is told `bp.csv` or `weight.csv`
//!   by its header.
//! - Withings writes local wall-clock times without an offset (the account's zone), so
//!   they are kept as written ([`TimeBasis::AsWritten`]); seconds are dropped.
//! - A bp.csv row with only a heart rate is a heart-rate reading. Comments become notes.
//! - weight.csv: the weight's unit is its column's (`kg`, `lb`, `lbs`); body composition
//!   columns are ignored (Vitalog keeps weight only). A weight at the same minute as a
//!   bp.csv reading joins that reading (as the person would have entered it) when it has no
//!   weight yet and the two comments fit the notes' limit; otherwise it is a reading of its
//!   own. The join is a map from (date, time) to the reading: linear in the file.
//! - Zip bombs: the declared sizes are never trusted. Each entry is read through the zip
//!   guard (`zip_guard::Expanding`), which counts what it unpacks and refuses the file beyond 64 MiB or beyond 50 times the
//!   entry's compressed size (at least 1 MiB is always allowed: a small, very repetitive
//!   CSV is no bomb). Real exports are a few MB (100,000 readings: ~6 MB) and compress about
//!   5 to 10 times. The bounds are also the reading work one upload may ask for: at 512 MiB
//!   a zip of junk rows held an import thread for a minute (issue 33).

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use chrono::{NaiveDate, NaiveTime};
use readings::model::{ReadingAt, ReadingValues};
use readings::rules;

use super::text::{self, Csv};
use super::units::WeightIn;
use super::words::{self, Role};
use super::zip_guard::{self, Bound, Bounds, Expanding};
use super::{Collector, Context, FileError, Format, Parsed, SkipReason, TimeBasis, units};

pub const BP_HEADER: &str = "Date,\"Heart rate\",Systolic,Diastolic,Comments";
pub const WEIGHT_HEADER: &str = "Date,\"Weight (kg)\",\"Fat mass (kg)\",\"Bone mass (kg)\",\"Muscle mass (kg)\",\"Hydration (kg)\",Comments";
const ZIP_MAGIC: &[u8] = b"PK\x03\x04";

/// What an entry may unpack to (see the module's doc).
const EXPORT: Bounds = Bounds {
    bytes: 64 << 20,
    ratio: 50,
    floor: 1 << 20,
};

/// Which file of the export a CSV is, and its columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Bp {
        date: usize,
        heart_rate: Option<usize>,
        systolic: usize,
        diastolic: usize,
        comments: Option<usize>,
    },
    Weight {
        date: usize,
        weight: usize,
        unit: WeightIn,
        comments: Option<usize>,
    },
}

/// The header names of Withings' exports in the languages its app ships, one table: the
/// date column stays `Date` in every language (seen in German exports); the others are
/// translated. English and German are from real exports (docs/import.md); the others
/// from Withings' localised app and are matched by `words` too, so a spelling not listed
/// is still read, and a header in a language not listed is read by position (below).
pub const HEADERS: &[Header] = &[
    // (language, bp.csv: heart rate, systolic, diastolic, comments; weight.csv: weight)
    (
        "en",
        ["Heart rate", "Systolic", "Diastolic", "Comments"],
        "Weight",
    ),
    (
        "de",
        ["Herzfrequenz", "Systole", "Diastole", "Kommentare"],
        "Gewicht",
    ),
    (
        "fr",
        [
            "Fréquence cardiaque",
            "Systolique",
            "Diastolique",
            "Commentaires",
        ],
        "Poids",
    ),
    (
        "es",
        [
            "Frecuencia cardíaca",
            "Sistólica",
            "Diastólica",
            "Comentarios",
        ],
        "Peso",
    ),
    (
        "it",
        ["Frequenza cardiaca", "Sistolica", "Diastolica", "Commenti"],
        "Peso",
    ),
    (
        "nl",
        ["Hartslag", "Systolisch", "Diastolisch", "Opmerkingen"],
        "Gewicht",
    ),
    (
        "pt",
        [
            "Frequência cardíaca",
            "Sistólica",
            "Diastólica",
            "Comentários",
        ],
        "Peso",
    ),
    ("ja", ["心拍数", "最高血圧", "最低血圧", "コメント"], "体重"),
];

/// (language, bp.csv's heart rate, systolic, diastolic and comments, weight.csv's weight).
pub type Header = (&'static str, [&'static str; 4], &'static str);

impl Kind {
    /// bp.csv or weight.csv, from the header (the date first, as Withings writes it), by
    /// its names in any language of [`HEADERS`] (or `words`).
    pub(crate) fn of(header: &[String]) -> Option<Kind> {
        let names: Vec<String> = header.iter().map(|c| words::bare(c)).collect();
        let listed = |i: usize, pick: fn(&Header) -> &'static str| {
            names
                .get(i)
                .is_some_and(|n| HEADERS.iter().any(|h| words::bare(pick(h)) == *n))
        };
        let find = |role: Role, pick: fn(&Header) -> &'static str| {
            (1..names.len())
                .find(|i| listed(*i, pick))
                .or_else(|| (1..names.len()).find(|i| words::says(&header[*i], role)))
        };
        if names.first().map(String::as_str) != Some("date") {
            return None;
        }
        if let (Some(systolic), Some(diastolic)) = (
            find(Role::Systolic, |h| h.1[1]),
            find(Role::Diastolic, |h| h.1[2]),
        ) {
            return Some(Kind::Bp {
                date: 0,
                heart_rate: find(Role::HeartRate, |h| h.1[0]),
                systolic,
                diastolic,
                comments: find(Role::Notes, |h| h.1[3]),
            });
        }
        let weight = find(Role::Weight, |h| h.2)?;
        let unit = header
            .get(weight)
            .and_then(|c| units::weight_in_header(c))?;
        Some(Kind::Weight {
            date: 0,
            weight,
            unit,
            comments: find(Role::Notes, |h| h.1[3]),
        })
    }

    /// Whether the header is all a Withings file holds, in Withings' order: `Date`, heart
    /// rate, systolic, diastolic, comments; or `Date`, the weight, body-composition masses
    /// (each with its unit), comments. A sheet that merely starts with a `Date` column and
    /// has a systolic one (and a time, a weight, a glucose Withings never puts there) is a
    /// spreadsheet, mapped column by column: read as Withings, its other columns would be
    /// dropped unseen.
    pub(crate) fn whole(self, header: &[String]) -> bool {
        let last_is_comments = |n: usize| {
            header.len() == n
                || (header.len() == n + 1
                    && header.last().is_some_and(|c| words::says(c, Role::Notes)))
        };
        match self {
            Kind::Bp {
                heart_rate,
                systolic,
                diastolic,
                ..
            } => heart_rate == Some(1) && systolic == 2 && diastolic == 3 && last_is_comments(4),
            Kind::Weight { weight, .. } => {
                let masses = header.len().saturating_sub(1);
                weight == 1
                    && header
                        .get(2..masses)
                        .unwrap_or(&[])
                        .iter()
                        .all(|c| units::weight_in_header(c).is_some())
                    && (header.len() <= 2
                        || header.last().is_some_and(|c| {
                            words::says(c, Role::Notes) || units::weight_in_header(c).is_some()
                        }))
            }
        }
    }

    /// The columns of `file` (`bp.csv` or `weight.csv`) by their place, as Withings writes
    /// them in every language: `Date, heart rate, systolic, diastolic, comments` and
    /// `Date, weight (unit), fat mass (unit), ..., comments`. For a header in a language
    /// [`Self::of`] does not know; the weight's unit must still be in its header.
    pub(crate) fn by_position(header: &[String], file: &str) -> Option<Kind> {
        let comments = (header.len() >= 5).then(|| header.len() - 1);
        match file {
            "bp.csv" if header.len() >= 4 => Some(Kind::Bp {
                date: 0,
                heart_rate: Some(1),
                systolic: 2,
                diastolic: 3,
                comments,
            }),
            "weight.csv" if header.len() >= 2 => Some(Kind::Weight {
                date: 0,
                weight: 1,
                unit: units::weight_in_header(header.get(1)?)?,
                comments: (header.len() >= 3).then(|| header.len() - 1),
            }),
            _ => None,
        }
    }

    fn file_name(self) -> &'static str {
        match self {
            Kind::Bp { .. } => "bp.csv",
            Kind::Weight { .. } => "weight.csv",
        }
    }
}

/// `bp.csv` or `weight.csv` when a zip entry's name is one of the export's files.
pub(crate) fn entry_file(name: &str) -> Option<&'static str> {
    if name.starts_with("__MACOSX/") || name.ends_with('/') {
        return None;
    }
    let last = name.rsplit(['/', '\\']).next().unwrap_or(name);
    ["bp.csv", "weight.csv"]
        .into_iter()
        .find(|f| last.eq_ignore_ascii_case(f))
}

/// A Withings date and time: `2023-07-06 10:43:12`.
pub(crate) fn date_time(raw: &str) -> Option<(NaiveDate, NaiveTime)> {
    let (day, time) = text::split_date_time(raw);
    let iso = day.len() == 10 && day.as_bytes().get(4) == Some(&b'-');
    let day = iso
        .then(|| text::numeric_date(&day, super::DateOrder::Ymd))
        .flatten()?;
    Some((day, text::clock_time(&time?)?))
}

pub fn parse(path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    parse_with(path, ctx, EXPORT)
}

fn parse_with(path: &Path, ctx: &Context<'_>, bounds: Bounds) -> Result<Parsed, FileError> {
    let (mut file, len) = text::open(path)?;
    let mut magic = Vec::with_capacity(4);
    (&mut file)
        .take(4)
        .read_to_end(&mut magic)
        .and_then(|_| file.seek(SeekFrom::Start(0)))
        .map_err(text::io_error)?;
    let mut out = Collector::new(Format::Withings, ctx, TimeBasis::AsWritten);
    let mut joins = Joins::new();
    if magic == ZIP_MAGIC {
        read_zip(file, len, bounds, &mut out, &mut joins)?;
    } else {
        out.add_total(len);
        let csv = Csv::new(file, None, "")?;
        let kind = Kind::of(csv.header()).ok_or_else(|| {
            FileError::new(format!(
                "This is not a {}: line {} must be the header of bp.csv ({BP_HEADER}) or of \
                 weight.csv ({WEIGHT_HEADER}).",
                Format::Withings.label(),
                csv.header_line()
            ))
        })?;
        read_csv(csv, kind, 0, &mut out, &mut joins)?;
    }
    Ok(out.finish())
}

fn read_zip(
    file: File,
    len: u64,
    bounds: Bounds,
    out: &mut Collector<'_>,
    joins: &mut Joins,
) -> Result<(), FileError> {
    let unreadable = |_| {
        FileError::new(format!(
            "This zip cannot be read: it is damaged, or not a {}.",
            Format::Withings.label()
        ))
    };
    let mut archive = zip_guard::open(file, unreadable)?;
    // bp.csv first, so a weight can join the blood pressure of its minute.
    let mut found: Vec<(usize, &'static str)> = Vec::new();
    for want in ["bp.csv", "weight.csv"] {
        let at = (0..archive.len()).find(|i| {
            archive
                .name_for_index(*i)
                .and_then(Result::ok)
                .and_then(|n| entry_file(&n))
                == Some(want)
        });
        if let Some(at) = at {
            found.push((at, want));
        }
    }
    if found.is_empty() {
        return Err(FileError::new(format!(
            "This zip is not a {}: it holds neither bp.csv (blood pressure) nor weight.csv, \
             the files Withings puts in its data export.",
            Format::Withings.label()
        )));
    }
    for &(at, _) in &found {
        let size = archive.by_index_raw(at).map_err(unreadable)?.size();
        out.add_total(size.min(bounds.bytes));
    }
    let mut done = 0;
    for (at, name) in found {
        let entry = archive.by_index(at).map_err(unreadable)?;
        // A lying compressed size cannot exceed the file itself.
        let packed = entry.compressed_size().min(len);
        let guard = guarded(entry, name, packed, bounds);
        let prefix = format!("{name} ");
        let csv = Csv::new(guard, None, &prefix)?;
        let expected = if name == "bp.csv" {
            BP_HEADER
        } else {
            WEIGHT_HEADER
        };
        let kind = Kind::of(csv.header())
            .filter(|k| k.file_name() == name)
            .or_else(|| Kind::by_position(csv.header(), name))
            .ok_or_else(|| {
                FileError::new(format!(
                    "This is not a {}: {} must be the header {expected}.",
                    Format::Withings.label(),
                    csv.location(csv.header_line())
                ))
            })?;
        done = read_csv(csv, kind, done, out, joins)?;
    }
    Ok(())
}

/// `entry` read through the zip guard, its refusals said as Withings' export's.
fn guarded<R>(entry: R, name: &'static str, packed: u64, bounds: Bounds) -> Expanding<R> {
    let (limit, bound) = bounds.limit(packed);
    let refusal = match bound {
        Bound::Bytes => format!(
            "This zip is refused: its {name} unpacks to more than {} MiB, far more than a {} \
             holds (it may be a zip bomb).",
            bounds.bytes >> 20,
            Format::Withings.label()
        ),
        Bound::Ratio => format!(
            "This zip is refused: its {name} unpacks to more than {} times its compressed \
             size, which no {} does (it may be a zip bomb).",
            bounds.ratio,
            Format::Withings.label()
        ),
    };
    // The entry's own failure (bad deflate data, a wrong checksum) is the zip's.
    let damaged =
        format!("This zip's {name} cannot be read: the zip is damaged. Download the export again.");
    Expanding::new(entry, limit).saying(FileError::new(refusal), FileError::new(damaged))
}

/// The readings of bp.csv by minute, for weights to join.
type Joins = HashMap<(NaiveDate, NaiveTime), usize>;

/// Reads one CSV of the export; returns the bytes read so far (`done` before it, plus it).
fn read_csv<R: Read>(
    mut csv: Csv<R>,
    kind: Kind,
    done: u64,
    out: &mut Collector<'_>,
    joins: &mut Joins,
) -> Result<u64, FileError> {
    // A file none of whose dates are Withings' is another app's (OMRON's header reads
    // much like bp.csv's): said as such rather than previewed as every row skipped.
    let mut first_unreadable: Option<(String, String)> = None;
    let mut readable = false;
    if let Kind::Weight { weight, unit, .. } = kind {
        let name = csv.header().get(weight).map_or("", String::as_str);
        let source = format!("the column “{}”", super::excerpt(name));
        out.unit_from("weight", unit.as_str(), source);
    }
    while let Some((row, location)) = csv.next_record(out, done)? {
        let date_column = match kind {
            Kind::Bp { date, .. } | Kind::Weight { date, .. } => date,
        };
        let raw = row.get(Some(date_column));
        let Some((day, time)) = date_time(raw) else {
            let message = text::unreadable("date", raw, "2023-07-06 10:43:12");
            if first_unreadable.is_none() {
                first_unreadable = Some((location.clone(), super::excerpt(raw)));
            }
            out.skip(location, SkipReason::UnreadableDate, message);
            continue;
        };
        readable = true;
        let mut read = ReadingAt::new(day, time);
        match kind {
            Kind::Bp {
                heart_rate,
                systolic,
                diastolic,
                comments,
                ..
            } => {
                read.systolic = text::number(row.get(Some(systolic)), false);
                read.diastolic = text::number(row.get(Some(diastolic)), false);
                read.heart_rate = text::number(row.get(heart_rate), false);
                read.notes = Some(row.get(comments).to_owned());
                let before = out.candidates_mut().len();
                out.check(location, read)?;
                if out.candidates_mut().len() > before {
                    joins.entry((day, time)).or_insert(before);
                }
            }
            Kind::Weight {
                weight,
                unit,
                comments,
                ..
            } => {
                let value = text::number(row.get(Some(weight)), false);
                read.weight = value.map(|v| unit.to_lbs(v));
                let as_read = match value {
                    readings::model::NumberField::Number(v) => Some(Box::new(super::AsRead {
                        weight: Some((v, unit)),
                        blood_sugar: None,
                    })),
                    _ => None,
                };
                read.notes = Some(row.get(comments).to_owned());
                match ReadingValues::check(read, out.context().latest) {
                    Ok(values) => {
                        let notes_of =
                            |c: &super::Candidate| c.values.notes.as_ref().map_or(0, String::len);
                        let grown = joins.get(&(day, time)).and_then(|&at| {
                            let c = out.candidates_mut().get_mut(at)?;
                            let before = notes_of(c);
                            let joined = join(c, &values, &location);
                            if joined {
                                c.as_read.clone_from(&as_read);
                            }
                            joined.then(|| notes_of(c).saturating_sub(before))
                        });
                        match grown {
                            Some(more) => out.grow_notes(more)?,
                            None => {
                                out.push(location, values)?;
                                if let Some(c) = out.candidates_mut().last_mut() {
                                    c.as_read = as_read;
                                }
                            }
                        }
                    }
                    Err(errors) => {
                        let (reason, message) = super::skip_of(&errors);
                        out.skip(location, reason, message);
                    }
                }
            }
        }
    }
    if let (false, Some((location, raw))) = (readable, first_unreadable) {
        return Err(FileError::new(format!(
            "This is not a {}: no date is written as Withings writes it (YYYY-MM-DD HH:MM:SS); \
             {location} has \"{raw}\".",
            Format::Withings.label()
        )));
    }
    Ok(done + csv.done())
}

/// Joins a checked weight to a bp.csv reading of the same minute, if it has no weight and
/// the notes fit; says whether it did.
fn join(
    reading: &mut super::Candidate,
    weight: &readings::model::ReadingValues,
    location: &str,
) -> bool {
    if reading.values.values.weight.is_some() {
        return false;
    }
    let notes = match (&reading.values.notes, &weight.notes) {
        (Some(a), Some(b)) if a != b => Some(format!("{a} · {b}")),
        (a, b) => a.clone().or_else(|| b.clone()),
    };
    if notes
        .as_ref()
        .is_some_and(|n| n.chars().count() > rules::NOTES_MAX)
    {
        return false;
    }
    reading.values.values.weight = weight.values.weight;
    reading.values.notes = notes;
    reading.location = format!("{}, {location}", reading.location);
    true
}

#[cfg(test)]
pub(crate) mod tests {
    use std::io::{self, Write};

    use super::super::testing::{context, file, n, why};
    use super::super::{MSG_EMPTY, MSG_NOT_UTF8};
    use super::*;
    use chrono_tz::Europe::Paris;
    use kernel::units::{kg_to_lbs, round_to};

    /// A zip of `entries`, deflated as Withings' export is.
    pub(crate) fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in entries {
            w.start_file(*name, options).unwrap();
            w.write_all(bytes).unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    fn read_with(name: &str, bytes: &[u8], bounds: Bounds) -> Result<Parsed, FileError> {
        let (_dir, path) = file(name, bytes);
        parse_with(&path, &context(Paris, None), bounds)
    }

    fn read(name: &str, bytes: &[u8]) -> Result<Parsed, FileError> {
        read_with(name, bytes, EXPORT)
    }

    /// "date time systolic/diastolic heart-rate weight(lbs) notes", `-` for none.
    fn readings(p: &Parsed) -> Vec<String> {
        p.candidates
            .iter()
            .map(|c| {
                let v = &c.values;
                let w = v.values.weight.map_or("-".to_owned(), |w| w.to_string());
                let notes = v.notes.as_deref().unwrap_or("-");
                let (d, t) = (v.date, v.time.format("%H:%M"));
                let (s, di, hr) = (v.values.systolic, v.values.diastolic, v.values.heart_rate);
                format!("{d} {t} {}/{} {} {w} {notes}", n(s), n(di), n(hr))
            })
            .collect()
    }

    const BP: &str = "Date,\"Heart rate\",Systolic,Diastolic,Comments\r\n\
        \"2023-07-06 10:43:12\",71,128,82,\"After coffee\"\r\n\
        \"2023-07-06 22:15:59\",64,,,\r\n\
        \"2023-11-05 01:30:00\",70,130,85,\r\n\
        \"2023-11-05 01:30:00\",68,126,83,\r\n\
        \r\n\r\n";

    #[test]
    fn an_omron_csv_read_as_withings_is_refused_not_previewed_as_all_skipped() {
        let omron = "\"Date\",\"Time\",\"Systolic (mmHg)\",\"Diastolic (mmHg)\",\"Pulse (bpm)\",\"Symptoms\",\"Consumed\",\"TruRead\",\"Notes\"\n\
                     \"Jul 6 2023\",\"10:43 am\",\"128\",\"82\",\"66\",\"-\",\"-\",\"Off\",\"-\"\n";
        let err = read("bp.csv", omron.as_bytes()).unwrap_err();
        assert!(err.0.starts_with("This is not a Withings"), "{err}");
        assert!(err.0.contains("line 2 has \"Jul 6 2023\""), "{err}");
        // The cell is quoted as an excerpt, not as the megabyte an attacker wrote there.
        let junk = format!(
            "Date,\"Heart rate\",Systolic,Diastolic,Comments\n\"{}\",64,122,79,\n",
            "9".repeat(100_000)
        );
        let err = read("bp.csv", junk.as_bytes()).unwrap_err();
        assert!(err.0.len() < 300, "{} bytes", err.0.len());
        // One bad date among good ones is a skipped row, as before.
        let mixed = format!("{BP}\"Jul 6 2023\",70,120,80,\n");
        assert_eq!(
            read("bp.csv", mixed.as_bytes()).unwrap().candidates.len(),
            4
        );
    }

    #[test]
    fn reads_a_single_bp_csv() {
        let p = read("bp.csv", BP.as_bytes()).unwrap();
        assert_eq!(p.format, Format::Withings);
        assert_eq!(p.time_basis, TimeBasis::AsWritten);
        assert_eq!(
            readings(&p),
            [
                "2023-07-06 10:43 128/82 71 - After coffee",
                "2023-07-06 22:15 -/- 64 - -",
                // The fall-back day's 01:30 twice, different values: both, as written.
                "2023-11-05 01:30 130/85 70 - -",
                "2023-11-05 01:30 126/83 68 - -",
            ]
        );
        assert_eq!(p.candidates[1].location, "line 3");
    }

    #[test]
    fn reads_a_single_weight_csv_in_kg_or_lb() {
        let kg = "Date,\"Weight (kg)\",\"Fat mass (kg)\",\"Bone mass (kg)\",\"Muscle mass (kg)\",\"Hydration (kg)\",Comments\n\
                  \"2023-07-06 07:00:00\",72.5,15.1,3.1,52.0,40.2,\n\
                  \"2023-07-07 07:00:00\",5,,,,,\n\
                  \"06/07/2023 07:00\",72.1,,,,,\n";
        let p = read("weight.csv", kg.as_bytes()).unwrap();
        assert_eq!(round_to(kg_to_lbs(72.5), 4), 159.8351);
        assert_eq!(readings(&p), ["2023-07-06 07:00 -/- - 159.8351 -"]);
        let why = why(&p);
        assert_eq!(
            why,
            [
                (
                    "line 3",
                    SkipReason::OutOfRange,
                    "Weight must be at least 50"
                ),
                (
                    "line 4",
                    SkipReason::UnreadableDate,
                    "The date \"06/07/2023 07:00\" cannot be read (expected like \"2023-07-06 10:43:12\")."
                ),
            ]
        );
        let lb = "Date,\"Weight (lb)\",Comments\n\"2023-07-06 07:00:00\",160.2,Morning\n";
        let p = read("weight.csv", lb.as_bytes()).unwrap();
        assert_eq!(readings(&p), ["2023-07-06 07:00 -/- - 160.2 Morning"]);
    }

    #[test]
    fn a_zip_joins_a_weight_to_the_blood_pressure_of_its_minute() {
        let weight = "Date,\"Weight (kg)\",\"Fat mass (kg)\",Comments\n\
                      \"2023-07-06 10:43:40\",72.5,15.1,Scale\n\
                      \"2023-07-06 07:00:00\",72.0,15.0,\n";
        let zip = zip_of(&[
            ("data_ABC/activities.csv", b"Date,Steps\n2023-07-06,1000\n"),
            ("data_ABC/weight.csv", weight.as_bytes()),
            ("data_ABC/bp.csv", BP.as_bytes()),
        ]);
        let p = read("withings.zip", &zip).unwrap();
        assert_eq!(
            readings(&p),
            [
                "2023-07-06 10:43 128/82 71 159.8351 After coffee · Scale",
                "2023-07-06 22:15 -/- 64 - -",
                "2023-11-05 01:30 130/85 70 - -",
                "2023-11-05 01:30 126/83 68 - -",
                "2023-07-06 07:00 -/- - 158.7328 -",
            ]
        );
        assert_eq!(p.candidates[0].location, "bp.csv line 2, weight.csv line 2");
        assert_eq!(p.candidates[4].location, "weight.csv line 3");
        assert_eq!(p.records, 6);
    }

    #[test]
    fn zips_and_files_that_are_not_withings_exports_are_refused() {
        let other = zip_of(&[("export.xml", b"<HealthData/>")]);
        let err = read("export.zip", &other).unwrap_err();
        assert!(
            err.0.starts_with(
                "This zip is not a Withings Health Mate export: it holds neither bp.csv"
            ),
            "{err}"
        );
        let bad = zip_of(&[("bp.csv", b"Date,Steps\n2023-07-06,1000\n")]);
        assert_eq!(
            read("w.zip", &bad).unwrap_err().0,
            format!(
                "This is not a Withings Health Mate export: bp.csv line 1 must be the header {BP_HEADER}."
            )
        );
        let err = read("bp.csv", b"When,Systolic,Diastolic\n").unwrap_err();
        assert!(
            err.0.starts_with(
                "This is not a Withings Health Mate export: line 1 must be the header of bp.csv"
            ),
            "{err}"
        );
        assert_eq!(read("bp.csv", b"").unwrap_err().0, MSG_EMPTY);
        assert!(
            read(
                "bp.csv",
                b"Date,Systolic,Diastolic,Comments\n\"2023-07-06 10:43:12\",120,80,\xE9t\xE9\n"
            )
            .unwrap_err()
            .0
            .starts_with(MSG_NOT_UTF8)
        );
        // A stored entry whose checksum no longer matches its bytes.
        let mut w = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
        let stored = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        w.start_file("bp.csv", stored).unwrap();
        w.write_all(BP.as_bytes()).unwrap();
        let mut damaged = w.finish().unwrap().into_inner();
        let at = 30 + "bp.csv".len() + BP.find("128").unwrap();
        damaged[at] = b'9';
        assert_eq!(
            read("w.zip", &damaged).unwrap_err().0,
            "This zip's bp.csv cannot be read: the zip is damaged. Download the export again."
        );
        assert!(
            read("w.zip", b"PK\x03\x04 not really")
                .unwrap_err()
                .0
                .starts_with("This zip cannot be read")
        );
    }

    #[test]
    fn zip_bombs_are_refused_without_unpacking_them() {
        // 16 MiB of empty rows pack to ~16 KiB: 1,000 times, over the 50 times allowed.
        // (Rows, not blank lines: megabytes of those are refused as no CSV, before this.)
        let mut bomb = b"Date,\"Weight (kg)\",Comments\n".to_vec();
        while bomb.len() < 16 << 20 {
            bomb.extend_from_slice(b",\n");
        }
        let zip = zip_of(&[("weight.csv", &bomb)]);
        assert!(zip.len() < 1 << 20, "{}", zip.len());
        let err = read("bomb.zip", &zip).unwrap_err();
        assert_eq!(
            err.0,
            "This zip is refused: its weight.csv unpacks to more than 50 times its compressed \
             size, which no Withings Health Mate export does (it may be a zip bomb)."
        );
        // The absolute bound, made small here so the test stays fast.
        let mut big = BP.as_bytes().to_vec();
        for _ in 0..3 << 19 {
            big.extend_from_slice(b",\n");
        }
        let zip = zip_of(&[("bp.csv", &big)]);
        let small = Bounds {
            bytes: 2 << 20,
            ratio: u64::MAX,
            floor: 0,
        };
        let err = read_with("big.zip", &zip, small).unwrap_err();
        assert_eq!(
            err.0,
            "This zip is refused: its bp.csv unpacks to more than 2 MiB, far more than a \
             Withings Health Mate export holds (it may be a zip bomb)."
        );
        // Exactly at the bound is fine.
        let exact = Bounds {
            bytes: big.len() as u64,
            ..small
        };
        assert_eq!(
            read_with("big.zip", &zip, exact).unwrap().candidates.len(),
            4
        );
    }

    #[test]
    fn entry_names_and_dates() {
        assert_eq!(entry_file("bp.csv"), Some("bp.csv"));
        assert_eq!(entry_file("data/Weight.CSV"), Some("weight.csv"));
        assert_eq!(entry_file("__MACOSX/data/._bp.csv"), None);
        assert_eq!(entry_file("data/bp.csv.bak"), None);
        assert!(date_time("2023-07-06 10:43:12").is_some());
        assert!(date_time("2023-07-06").is_none());
        assert!(date_time("07/06/2023 10:43:12").is_none());
    }
}
