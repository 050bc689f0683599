//! One pass over the XML: the events, the lines they are on, and what each pass keeps.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use quick_xml::events::{BytesStart, Event};
use readings::model::{NumberField, ReadingAt, ReadingValues};

use super::record::{self, Attrs, Kind};
use super::source::{self, XmlReader};
use super::{MAX_ELEMENT_BYTES, grouped};
use crate::{Candidate, Collector, FileError, MSG_EMPTY, SkipReason};

/// Apple's elements nest 4 deep (`HealthData > Correlation > Record > MetadataEntry`).
const MAX_DEPTH: usize = 16;

/// What a pass keeps: the first reads every reading but `HeartRate`; the second joins the
/// `HeartRate` samples to the blood pressures of their minute.
pub(super) struct Pass {
    second: bool,
    /// Second pass: the blood pressures (indexes in the candidates) by minute.
    bp_minutes: HashMap<NaiveDateTime, Vec<usize>>,
    /// First pass: the blood pressure correlation being read.
    bp: Option<BpDraft>,
}

/// A blood pressure correlation being read (first pass).
struct BpDraft {
    line: u64,
    /// The minute in the user's zone, or the date as written when it cannot be read.
    at: Result<NaiveDateTime, String>,
    systolic: Option<NumberField>,
    diastolic: Option<NumberField>,
    /// A unit other than mmHg.
    bad_unit: Option<String>,
}

impl Pass {
    pub(super) fn first() -> Self {
        Self {
            second: false,
            bp_minutes: HashMap::new(),
            bp: None,
        }
    }

    /// The second pass, for the blood pressures the first found.
    pub(super) fn second(candidates: &[Candidate]) -> Self {
        let mut bp_minutes: HashMap<NaiveDateTime, Vec<usize>> = HashMap::new();
        for (i, c) in candidates.iter().enumerate() {
            if c.values.values.systolic.is_some() {
                let at = c.values.date.and_time(c.values.time);
                bp_minutes.entry(at).or_default().push(i);
            }
        }
        Self {
            second: true,
            bp_minutes,
            bp: None,
        }
    }

    /// False when there is nothing to join (no blood pressure): the pass is skipped.
    pub(super) fn has_work(&self) -> bool {
        !self.bp_minutes.is_empty()
    }

    /// Reads the whole XML. Progress is `offset` plus the bytes parsed, at most `size`.
    pub(super) fn run(
        &mut self,
        xml: &mut XmlReader<'_>,
        offset: u64,
        size: u64,
        out: &mut Collector<'_>,
    ) -> Result<(), FileError> {
        let mut buf = Vec::with_capacity(4096);
        // Newlines before the current event: its line is this plus one.
        let mut lines = 0u64;
        // The line each open element started on (its length is the depth).
        let mut opened: Vec<u64> = Vec::new();
        let mut root_seen = false;
        let mut only_space = true;
        loop {
            let line = lines + 1;
            let event = match xml.read_event_into(&mut buf) {
                Ok(event) => event,
                Err(e) => {
                    let at = lines + newlines(&buf);
                    return Err(source::xml_error(&e, xml, at + 1, opened.last().copied()));
                }
            };
            match event {
                Event::Eof => break,
                // Apple declares elements and attributes only; entities are what XML bombs are
                // made of, and they are never expanded here.
                Event::DocType(t) if t.contains("<!ENTITY") => {
                    return Err(FileError::new(format!(
                        "This is not an Apple Health export: its DOCTYPE (line {}) declares \
                         XML entities, which the Health app never writes and Vitalog does not \
                         expand.",
                        grouped(line)
                    )));
                }
                Event::Text(t) => only_space &= t.trim_ascii().is_empty(),
                Event::Start(ref e) | Event::Empty(ref e) if opened.is_empty() => {
                    if e.name().as_ref() != "HealthData" {
                        return Err(FileError::new(format!(
                            "This is not an Apple Health export: its first element (line {}) is \
                             <{}>, not <HealthData>. Choose export.zip, or the export.xml inside it.",
                            grouped(line),
                            e.name().as_ref().chars().take(40).collect::<String>()
                        )));
                    }
                    root_seen = true;
                    if matches!(event, Event::Start(_)) {
                        opened.push(line);
                    }
                }
                Event::Start(ref e) | Event::Empty(ref e) => {
                    let open = matches!(event, Event::Start(_));
                    let done = offset + xml.buffer_position().min(size);
                    self.element(e, open, opened.len(), line, done, out)?;
                    if open {
                        opened.push(line);
                        if opened.len() > MAX_DEPTH {
                            return Err(source::malformed(
                                line,
                                &format!("elements nested more than {MAX_DEPTH} deep"),
                            ));
                        }
                    }
                }
                Event::End(e) => {
                    opened.pop();
                    if opened.len() == 1
                        && e.name().as_ref() == "Correlation"
                        && let Some(draft) = self.bp.take()
                    {
                        finish_bp(draft, out)?;
                    }
                }
                _ => {}
            }
            lines += newlines(&buf);
            buf.clear();
            // Memory stays flat: one element's bytes at most.
            if buf.capacity() as u64 > MAX_ELEMENT_BYTES / 4 {
                buf.shrink_to(4096);
            }
            xml.get_mut().get_mut().mark();
        }
        if !root_seen {
            return Err(FileError::new(if only_space {
                MSG_EMPTY.to_owned()
            } else {
                "This is not an Apple Health export: it has no <HealthData> element.".to_owned()
            }));
        }
        if !opened.is_empty() {
            return Err(FileError::new(format!(
                "This Apple Health export ends early, at line {}, inside an element: it was cut \
                 short. Export it again from the Health app.",
                grouped(lines + 1)
            )));
        }
        Ok(())
    }

    /// An element inside `<HealthData>`, `depth` deep (1: its children).
    fn element(
        &mut self,
        e: &BytesStart<'_>,
        open: bool,
        depth: usize,
        line: u64,
        done: u64,
        out: &mut Collector<'_>,
    ) -> Result<(), FileError> {
        let name = e.name();
        let name = name.as_ref();
        if depth == 1 && (name == "Record" || name == "Correlation") {
            // Every record counts once, in the first pass; the second only reports bytes.
            if self.second {
                out.progress(done)?;
            } else {
                out.record(done)?;
            }
        }
        match (depth, name, self.second) {
            (1, "Record", false) => first_record(e, line, out),
            (1, "Record", true) => self.second_record(e, line, out),
            (1, "Correlation", false) => {
                if record::kind(e, line)? != Kind::BloodPressure {
                    return Ok(());
                }
                let attrs = Attrs::of(e, line)?;
                let draft = BpDraft {
                    line,
                    at: record::local_minute(&attrs.start, out.context().zone)
                        .ok_or_else(|| attrs.start.to_string()),
                    systolic: None,
                    diastolic: None,
                    bad_unit: None,
                };
                if open {
                    self.bp = Some(draft);
                    Ok(())
                } else {
                    finish_bp(draft, out)
                }
            }
            (2, "Record", false) => {
                let Some(draft) = self.bp.as_mut() else {
                    return Ok(());
                };
                let slot = match record::kind(e, line)? {
                    Kind::Systolic => &mut draft.systolic,
                    Kind::Diastolic => &mut draft.diastolic,
                    _ => return Ok(()),
                };
                let attrs = Attrs::of(e, line)?;
                if attrs.unit != "mmHg" {
                    draft.bad_unit = Some(attrs.unit.to_string());
                }
                slot.get_or_insert(record::number(&attrs.value));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// A top-level `HeartRate` at a blood pressure's minute joins it (the first in range).
    fn second_record(
        &mut self,
        e: &BytesStart<'_>,
        line: u64,
        out: &mut Collector<'_>,
    ) -> Result<(), FileError> {
        if record::kind(e, line)? != Kind::HeartRate {
            return Ok(());
        }
        let attrs = Attrs::of(e, line)?;
        // A sample whose date cannot be read is no blood pressure's: dropped like the others.
        let Some(at) = record::local_minute(&attrs.start, out.context().zone) else {
            return Ok(());
        };
        let Some(indexes) = self.bp_minutes.get(&at) else {
            return Ok(());
        };
        let candidates = out.candidates_mut();
        let open: Vec<usize> = indexes
            .iter()
            .copied()
            .filter(|&i| {
                candidates
                    .get(i)
                    .is_some_and(|c| c.values.values.heart_rate.is_none())
            })
            .collect();
        if open.is_empty() {
            return Ok(());
        }
        out.take_back(LEFT_HEART_RATE);
        let location = record::location("Record", line, &attrs.kind);
        let read = match record::heart_rate(&attrs, at) {
            Ok(read) => read,
            Err(message) => {
                out.skip(location, SkipReason::Unreadable, message);
                return Ok(());
            }
        };
        match ReadingValues::check(read, out.context().latest) {
            Ok(values) => {
                for i in open {
                    if let Some(c) = out.candidates_mut().get_mut(i) {
                        c.values.values.heart_rate = values.values.heart_rate;
                    }
                }
            }
            Err(errors) => {
                let (reason, message) = crate::skip_of(&errors);
                out.skip(location, reason, message);
            }
        }
        Ok(())
    }
}

pub(super) const LEFT_HEART_RATE: &str = "Heart-rate samples not taken with a blood pressure \
     reading (a watch's samples through the day; see docs/import.md)";
pub(super) const LEFT_BP_COPIES: &str =
    "Blood pressure values Apple lists twice (on their own and in each pair): read once";
pub(super) const LEFT_OTHER: &str =
    "Records of other kinds (steps, sleep, workouts, …) that Vitalog does not keep";

/// A top-level record of the first pass: resting heart rate, weight, blood sugar.
fn first_record(e: &BytesStart<'_>, line: u64, out: &mut Collector<'_>) -> Result<(), FileError> {
    let kind = record::kind(e, line)?;
    // Every record left out is counted with its rule, so a watch-only export does not read
    // as "0 new, 0 skipped" (issue 34). A heart-rate sample the second pass joins to a
    // blood pressure (or lists as skipped) is taken back out of the count there.
    match kind {
        Kind::HeartRate => out.leave_out(LEFT_HEART_RATE),
        Kind::Systolic | Kind::Diastolic => out.leave_out(LEFT_BP_COPIES),
        Kind::Other => out.leave_out(LEFT_OTHER),
        _ => {}
    }
    if !matches!(
        kind,
        Kind::RestingHeartRate | Kind::BodyMass | Kind::BloodGlucose
    ) {
        return Ok(());
    }
    let attrs = Attrs::of(e, line)?;
    let location = record::location("Record", line, &attrs.kind);
    let Some(at) = record::local_minute(&attrs.start, out.context().zone) else {
        out.skip(
            location,
            SkipReason::UnreadableDate,
            record::unreadable_date(&attrs.start),
        );
        return Ok(());
    };
    let input = match kind {
        Kind::RestingHeartRate => record::heart_rate(&attrs, at),
        Kind::BodyMass => record::weight(&attrs, at),
        _ => record::blood_sugar(&attrs, at),
    };
    match input {
        Ok(read) => out.check(location, read),
        Err(message) => {
            out.skip(location, SkipReason::Unreadable, message);
            Ok(())
        }
    }
}

/// The end of a blood pressure correlation: one reading of its systolic and diastolic.
fn finish_bp(draft: BpDraft, out: &mut Collector<'_>) -> Result<(), FileError> {
    let location = format!(
        "Correlation at line {} (BloodPressure)",
        grouped(draft.line)
    );
    let at = match draft.at {
        Ok(at) => at,
        Err(raw) => {
            out.skip(
                location,
                SkipReason::UnreadableDate,
                record::unreadable_date(&raw),
            );
            return Ok(());
        }
    };
    if let Some(unit) = draft.bad_unit {
        let message = record::unknown_unit("blood pressure", &unit, "mmHg");
        out.skip(location, SkipReason::Unreadable, message);
        return Ok(());
    }
    let (Some(systolic), Some(diastolic)) = (draft.systolic, draft.diastolic) else {
        let message = "A blood pressure needs its systolic and its diastolic record; \
                       this correlation lacks one.";
        out.skip(location, SkipReason::Unreadable, message);
        return Ok(());
    };
    let read = ReadingAt {
        systolic,
        diastolic,
        ..record::at(at)
    };
    out.check(location, read)
}

fn newlines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u64
}
