//! The medications taken during the period (issue 16): each one's dose periods in it, how
//! many scheduled doses were recorded as taken, and the blood pressure averaged before and
//! after each start or change of dose in it, then the note that this is not a diagnosis.
//! The arithmetic and every sentence about it are `medications::analysis`'.

use medications::analysis::{AFTER_DAYS, AFTER_FROM_DAY, BEFORE_DAYS, Effect};
use medications::service::{MedicationReport, ReportLine, adherence_text, period_text};
use readings::home_week::BpAverage;

use super::{indented, paragraph, section, subheading};
use crate::canvas::*;

/// Where a before/after row's value starts, after its label.
const VALUE_X: f32 = MARGIN + 150.0;
/// Where its count starts.
const COUNT_X: f32 = MARGIN + 250.0;
/// Lines are indented under a medication's name by this much.
const INDENT: f32 = 10.0;

pub(crate) fn medications_section(c: &mut Canvas, report: &MedicationReport) {
    section(c, "Medications");
    let period = kernel::display::period(report.from, report.to);
    // A shared report has no before/after averages (their days reach outside its period).
    let intro = if report.lines.iter().any(|l| !l.effects.is_empty()) {
        format!(
            "What was taken from {period}, the scheduled doses recorded as taken, and the average blood pressure in the {BEFORE_DAYS} days before each start or change of dose and in the {AFTER_DAYS} days after it (from day {AFTER_FROM_DAY}, day 1 being the change)."
        )
    } else {
        format!("What was taken from {period} and the scheduled doses recorded as taken.")
    };
    paragraph(c, &intro, 9.0, MUTED);
    for line in &report.lines {
        medication(c, line);
    }
    c.y -= 6.0;
    paragraph(c, report.note, 8.5, MUTED);
}

fn medication(c: &mut Canvas, line: &ReportLine) {
    // The name, its periods, the adherence line and the first before/after stay together.
    let keep =
        14.0 * (line.periods.len() as f32 + 2.0) + if line.effects.is_empty() { 0.0 } else { 60.0 };
    subheading(c, &line.name, keep);
    if let Some(reason) = &line.reason {
        indented(c, INDENT, &format!("Reason: {reason}"), 9.0, MUTED);
    }
    for p in &line.periods {
        indented(c, INDENT, &period_text(p), 9.5, INK);
    }
    c.y -= 2.0;
    indented(
        c,
        INDENT,
        &adherence_text(&line.adherence, &line.periods),
        9.5,
        INK,
    );
    for e in &line.effects {
        effect(c, e);
    }
}

fn effect(c: &mut Canvas, e: &Effect) {
    c.y -= 4.0;
    c.ensure(if e.enough { 56.0 } else { 40.0 });
    indented(
        c,
        INDENT,
        &format!("{} on {}", e.label, kernel::display::date(e.date)),
        9.5,
        INK,
    );
    if !e.enough {
        indented(c, 2.0 * INDENT, &e.summary, 9.0, MUTED);
        return;
    }
    let rows = [
        (format!("Before ({BEFORE_DAYS} days)"), e.before),
        (
            format!(
                "After (days {AFTER_FROM_DAY} to {})",
                AFTER_FROM_DAY + AFTER_DAYS - 1
            ),
            e.after,
        ),
    ];
    for (label, average) in rows {
        let (value, count) = match average {
            Some(BpAverage {
                systolic,
                diastolic,
                count,
            }) => (
                format!("{systolic}/{diastolic} mmHg"),
                medications::service::plural(count, "reading"),
            ),
            None => ("---".to_owned(), "no readings".to_owned()),
        };
        let x = MARGIN + 2.0 * INDENT;
        c.text(x, c.y - 10.0, 9.5, false, INK, Align::Left, &label);
        c.text(VALUE_X, c.y - 10.0, 9.5, true, INK, Align::Left, &value);
        c.text(COUNT_X, c.y - 10.0, 9.0, false, MUTED, Align::Left, &count);
        c.y -= 15.0;
    }
}
