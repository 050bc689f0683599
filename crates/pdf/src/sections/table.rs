//! Every reading in a table that continues across pages with its header repeated.

use kernel::units::Units;
use readings::{CategoryRule, GuidelineRules, Setting};
use reports::{Measure, ReportDocument};

use super::{paragraph, section};
use crate::canvas::*;
use crate::metrics::{printable, width, wrap};

/// A column of the table: its header, where its text stands from the table's left edge
/// (the right edge for right-aligned text), the room it takes, which the columns after it
/// move left by when the report leaves it out, and what it shows.
struct Col {
    name: &'static str,
    x: f32,
    width: f32,
    align: Align,
    shows: Shows,
}

/// What a column shows: always there, or there when the report shows it.
#[derive(Clone, Copy, PartialEq)]
enum Shows {
    Always,
    Measure(Measure),
    Notes,
}

const TABLE_COLS: [Col; 8] = [
    col("Date", 0.0, 0.0, Align::Left, Shows::Always),
    col("Time", 62.0, 0.0, Align::Left, Shows::Always),
    col(
        "BP (mmHg)",
        150.0,
        50.0,
        Align::Right,
        Shows::Measure(Measure::BloodPressure),
    ),
    col(
        "Category",
        160.0,
        60.0,
        Align::Left,
        Shows::Measure(Measure::BloodPressure),
    ),
    col(
        "HR",
        262.0,
        40.0,
        Align::Right,
        Shows::Measure(Measure::HeartRate),
    ),
    col(
        "Weight",
        312.0,
        50.0,
        Align::Right,
        Shows::Measure(Measure::Weight),
    ),
    col(
        "Sugar",
        362.0,
        50.0,
        Align::Right,
        Shows::Measure(Measure::BloodSugar),
    ),
    col("Notes", 372.0, 0.0, Align::Left, Shows::Notes),
];

const fn col(name: &'static str, x: f32, width: f32, align: Align, shows: Shows) -> Col {
    Col {
        name,
        x,
        width,
        align,
        shows,
    }
}

/// The columns the report shows, each with where its text stands: a measure the report
/// leaves out (its type does not cover it, a share left it out, or no reading of the
/// period holds it) has no column at all, rather than an empty one a reader would take for
/// "not measured" (issue 36); the lines above the table say what was left out.
fn shown_cols(doc: &ReportDocument) -> Vec<(usize, f32)> {
    let mut shift = 0.0;
    let mut out = Vec::new();
    for (i, c) in TABLE_COLS.iter().enumerate() {
        let shown = match c.shows {
            Shows::Always => true,
            Shows::Measure(m) => doc.recorded(m),
            Shows::Notes => {
                doc.shows_notes()
                    && doc
                        .table_rows()
                        .any(|r| r.notes.is_some() || !r.origin.flags.is_empty())
            }
        };
        if shown {
            out.push((i, c.x - shift));
        } else {
            shift += c.width;
        }
    }
    out
}

/// Where the blood pressure category stands in [`TABLE_COLS`].
const CATEGORY_COL: usize = 3;

/// Where the blood pressure stands in [`TABLE_COLS`].
const BP_COL: usize = 2;

/// Where the notes stand in [`TABLE_COLS`].
const NOTES_COL: usize = 7;

/// The mark of a severe reading (`readings::Measurements::severe`), in the gutter right of
/// its blood pressure; the legend above the table and the analysis say what it means.
pub(crate) const SEVERE_MARK: &str = "!";

/// The mark of a reading taken at the clinic (issue 35), right after its time: the word
/// itself does not fit between a time and a three-digit blood pressure. The legend above
/// the table says what it means.
pub(crate) const CLINIC_MARK: &str = "C";

/// Where the time stands in [`TABLE_COLS`].
const TIME_COL: usize = 1;

/// The categories in the hypertension range (each guideline's `alert`) stand out in red.
fn category_colour(cat: &CategoryRule) -> Rgb3 {
    if cat.alert { RED } else { INK }
}

/// Line pitch of a note's continuation lines in the table.
const NOTE_LINE: f32 = 10.5;

fn table_header(c: &mut Canvas, cols: &[(usize, f32)]) {
    c.rect(MARGIN, c.y - 16.0, PAGE_W - 2.0 * MARGIN, 16.0, TINT);
    for &(i, x) in cols {
        let col = &TABLE_COLS[i];
        c.text(
            MARGIN + 4.0 + x,
            c.y - 11.5,
            8.0,
            true,
            MUTED,
            col.align,
            col.name,
        );
    }
    c.y -= 20.0;
}

/// "Weight in lbs, heart rate in bpm. '---' means not measured.": the units of the
/// measures the table shows.
fn units_line(doc: &ReportDocument, u: &Units) -> String {
    let mut line = [
        (Measure::Weight, format!("weight in {}", u.weight.as_str())),
        (
            Measure::BloodSugar,
            format!("blood sugar in {}", u.sugar.as_str()),
        ),
        (Measure::HeartRate, "heart rate in bpm".to_owned()),
    ]
    .into_iter()
    .filter_map(|(m, text)| doc.recorded(m).then_some(text))
    .collect::<Vec<_>>()
    .join(", ");
    if let Some(first) = line.get(..1).map(str::to_uppercase) {
        line.replace_range(..1, &first);
        line.push_str(". ");
    }
    line.push_str("'---' means not measured.");
    line
}

/// One line of the table's legend: a row mark in its colour, and what it means.
fn legend(c: &mut Canvas, mark: &str, colour: Rgb3, meaning: &str) {
    c.text(MARGIN, c.y - 8.0, 8.5, true, colour, Align::Left, mark);
    c.text(
        MARGIN + 8.0,
        c.y - 8.0,
        8.5,
        false,
        MUTED,
        Align::Left,
        meaning,
    );
    c.y -= 16.0;
}

pub(crate) fn table_section(c: &mut Canvas, doc: &ReportDocument, u: &Units) {
    section(c, "All readings");
    let cols = shown_cols(doc);
    c.text(
        MARGIN,
        c.y - 8.0,
        8.5,
        false,
        MUTED,
        Align::Left,
        &units_line(doc, u),
    );
    c.y -= 16.0;
    for line in doc.left_out() {
        paragraph(c, &line, 8.5, INK);
    }
    let guideline = doc.patient.guideline;
    let rules = GuidelineRules::of(guideline);
    if doc.recorded(Measure::BloodPressure) {
        // The guideline's full title is long: wrapped, never cut at the page's edge.
        paragraph(
            c,
            &format!(
                "Categories of the {} guideline ({}).",
                rules.name, rules.title
            ),
            8.5,
            MUTED,
        );
        c.y -= 2.0;
    }
    if doc.readings.iter().any(|r| r.values.severe(guideline)) {
        legend(c, SEVERE_MARK, RED, &format!("= {}", rules.severe.title));
    }
    if doc.readings.iter().any(|r| r.setting == Setting::Office) {
        legend(
            c,
            CLINIC_MARK,
            MUTED,
            "= taken at the clinic (office blood pressure), not part of any home average",
        );
    }
    table_header(c, &cols);
    let dash = || "---".to_owned();
    let notes_x = cols
        .iter()
        .find_map(|&(i, x)| (i == NOTES_COL).then_some(x));
    for r in doc.table_rows() {
        // Notes are the patient's words: printed whole, wrapped inside their column.
        // A cuff's flags (issue 39) lead the notes: they qualify the numbers beside them.
        let flagged = reports::origins::flags_of(r).map(|f| format!("Cuff: {f}"));
        let text = [flagged.as_deref(), r.notes.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(". ");
        let notes = match notes_x {
            Some(x) => wrap(
                &printable(&text, false),
                8.5,
                PAGE_W - 2.0 * MARGIN - x - 8.0,
            ),
            None => Vec::new(),
        };
        let extra = NOTE_LINE * notes.len().saturating_sub(1) as f32;
        if c.ensure(14.0 + extra) {
            table_header(c, &cols);
        }
        let v = r.values;
        let bp = match (v.systolic, v.diastolic) {
            (Some(s), Some(d)) => format!("{s}/{d}"),
            (Some(s), None) => format!("{s}/---"),
            (None, Some(d)) => format!("---/{d}"),
            _ => dash(),
        };
        let cells = [
            kernel::display::date(r.date),
            kernel::display::time(r.time),
            bp,
            v.bp_category(guideline).map_or_else(String::new, |c| {
                // A one-number reading's category is a floor ("Stage 2 or higher").
                if c.at_least {
                    format!("{} or higher", c.rule.short)
                } else {
                    c.rule.short.to_owned()
                }
            }),
            v.heart_rate.map_or_else(dash, |h| h.to_string()),
            v.weight.map_or_else(dash, |w| u.weight.format(w)),
            v.blood_sugar.map_or_else(dash, |s| u.sugar.format(s)),
            notes.first().cloned().unwrap_or_default(),
        ];
        for &(i, x) in &cols {
            let colour = if i == CATEGORY_COL {
                v.bp_category(guideline)
                    .map_or(INK, |c| category_colour(c.rule))
            } else {
                INK
            };
            let align = TABLE_COLS[i].align;
            c.text(
                MARGIN + 4.0 + x,
                c.y - 9.5,
                8.5,
                false,
                colour,
                align,
                &cells[i],
            );
        }
        if v.severe(guideline) {
            let x = MARGIN + 4.0 + TABLE_COLS[BP_COL].x + 2.0;
            c.text(x, c.y - 9.5, 8.5, true, RED, Align::Left, SEVERE_MARK);
        }
        if r.setting == Setting::Office {
            let x = MARGIN + 4.0 + TABLE_COLS[TIME_COL].x + width(&cells[TIME_COL], 8.5, false);
            c.text(
                x + 3.0,
                c.y - 9.5,
                8.5,
                true,
                MUTED,
                Align::Left,
                CLINIC_MARK,
            );
        }
        if let Some(notes_x) = notes_x {
            for (i, line) in notes.iter().enumerate().skip(1) {
                let y = c.y - 9.5 - NOTE_LINE * i as f32;
                c.text(
                    MARGIN + 4.0 + notes_x,
                    y,
                    8.5,
                    false,
                    INK,
                    Align::Left,
                    line,
                );
            }
        }
        c.line(
            &[
                (MARGIN, c.y - 13.0 - extra),
                (PAGE_W - MARGIN, c.y - 13.0 - extra),
            ],
            RULE,
            0.3,
        );
        c.y -= 14.0 + extra;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_category_column_is_the_one_coloured_by_category() {
        assert_eq!(TABLE_COLS[CATEGORY_COL].name, "Category");
        assert_eq!(TABLE_COLS[BP_COL].name, "BP (mmHg)");
        assert_eq!(TABLE_COLS[TIME_COL].name, "Time");
        assert_eq!(TABLE_COLS[NOTES_COL].name, "Notes");
        let acc = GuidelineRules::of(readings::Guideline::AccAha2025);
        assert_eq!(category_colour(acc.classify(145, 80)), RED);
        assert_eq!(category_colour(acc.classify(185, 80)), RED);
        assert_eq!(category_colour(acc.classify(135, 80)), INK);
        let esh = GuidelineRules::of(readings::Guideline::Esh2023);
        assert_eq!(category_colour(esh.classify(145, 85)), RED);
        assert_eq!(category_colour(esh.classify(135, 85)), INK);
    }
}
