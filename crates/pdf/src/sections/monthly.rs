//! Month by month: one line per calendar month before a long table of readings (issue 36),
//! so a doctor sees the course of two years on one page before twenty pages of rows.

use kernel::units::Units;
use reports::monthly::{MIN_SUMMARY_DAYS, MonthSummary, months};
use reports::{Measure, ReportDocument};

use super::{paragraph, section};
use crate::canvas::*;

/// A column: header, right edge from the margin, and its text for a month.
type Cell = (&'static str, f32, Box<dyn Fn(&MonthSummary) -> String>);

fn columns(doc: &ReportDocument, u: Units) -> Vec<Cell> {
    let dash = || "---".to_owned();
    let mut cols: Vec<Cell> = vec![
        (
            "Days",
            95.0,
            Box::new(|m: &MonthSummary| m.days.to_string()),
        ),
        (
            "Readings",
            150.0,
            Box::new(|m: &MonthSummary| m.readings.to_string()),
        ),
    ];
    if doc.recorded(Measure::BloodPressure) {
        cols.push((
            "BP average",
            220.0,
            Box::new(move |m: &MonthSummary| match (m.systolic, m.diastolic) {
                (Some(s), Some(d)) => kernel::display::bp_pair(s.average, d.average),
                _ => dash(),
            }),
        ));
        cols.push((
            "BP lowest to highest",
            330.0,
            Box::new(move |m: &MonthSummary| match (m.systolic, m.diastolic) {
                (Some(s), Some(d)) => format!(
                    "{} to {}",
                    kernel::display::bp_pair(s.min, d.min),
                    kernel::display::bp_pair(s.max, d.max)
                ),
                _ => dash(),
            }),
        ));
    }
    if doc.recorded(Measure::HeartRate) {
        cols.push((
            "HR",
            375.0,
            Box::new(move |m: &MonthSummary| {
                m.heart_rate
                    .map_or_else(dash, |h| format!("{:.0}", h.average))
            }),
        ));
    }
    if doc.recorded(Measure::Weight) {
        cols.push((
            "Weight",
            440.0,
            Box::new(move |m: &MonthSummary| {
                m.weight.map_or_else(dash, |w| u.weight.format(w.average))
            }),
        ));
    }
    if doc.recorded(Measure::BloodSugar) {
        cols.push((
            "Sugar",
            505.0,
            Box::new(move |m: &MonthSummary| {
                m.blood_sugar
                    .map_or_else(dash, |s| u.sugar.format(s.average))
            }),
        ));
    }
    cols
}

fn header(c: &mut Canvas, cols: &[Cell]) {
    c.rect(MARGIN, c.y - 16.0, PAGE_W - 2.0 * MARGIN, 16.0, TINT);
    c.text(
        MARGIN + 4.0,
        c.y - 11.5,
        8.0,
        true,
        MUTED,
        Align::Left,
        "Month",
    );
    for (name, x, _) in cols {
        c.text(MARGIN + x, c.y - 11.5, 8.0, true, MUTED, Align::Right, name);
    }
    c.y -= 20.0;
}

/// The section, for a report with its table over more than [`MIN_SUMMARY_DAYS`] days.
pub(crate) fn monthly_section(c: &mut Canvas, doc: &ReportDocument, u: &Units) {
    let span = (doc.spec.date_end - doc.spec.date_start).num_days() + 1;
    let rows: Vec<_> = doc.table_rows().cloned().collect();
    if span <= MIN_SUMMARY_DAYS || rows.is_empty() {
        return;
    }
    section(c, "Month by month");
    paragraph(
        c,
        &format!(
            "Means of each calendar month's readings{}; the table of every reading follows.",
            if doc.recorded(Measure::BloodPressure) {
                ", blood pressure in whole mmHg"
            } else {
                ""
            }
        ),
        8.5,
        MUTED,
    );
    let cols = columns(doc, *u);
    header(c, &cols);
    for m in months(&rows) {
        if c.ensure(14.0) {
            header(c, &cols);
        }
        let label = m.month.format("%b %Y").to_string();
        c.text(
            MARGIN + 4.0,
            c.y - 9.5,
            8.5,
            false,
            INK,
            Align::Left,
            &label,
        );
        for (_, x, text) in &cols {
            c.text(
                MARGIN + x,
                c.y - 9.5,
                8.5,
                false,
                INK,
                Align::Right,
                &text(&m),
            );
        }
        c.line(
            &[(MARGIN, c.y - 13.0), (PAGE_W - MARGIN, c.y - 13.0)],
            RULE,
            0.3,
        );
        c.y -= 14.0;
    }
}
