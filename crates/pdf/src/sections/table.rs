//! Every reading in a table that continues across pages with its header repeated.

use kernel::units::Units;
use readings::BpCategory;
use reports::{Measure, ReportDocument};

use super::section;
use crate::canvas::*;
use crate::metrics::{printable, wrap};

const TABLE_COLS: [(&str, f32, Align); 8] = [
    ("Date", 0.0, Align::Left),
    ("Time", 62.0, Align::Left),
    ("BP (mmHg)", 150.0, Align::Right),
    ("Category", 160.0, Align::Left),
    ("HR", 262.0, Align::Right),
    ("Weight", 312.0, Align::Right),
    ("Sugar", 362.0, Align::Right),
    ("Notes", 372.0, Align::Left),
];

/// Where the blood pressure category stands in [`TABLE_COLS`].
const CATEGORY_COL: usize = 3;

/// Where the blood pressure stands in [`TABLE_COLS`].
const BP_COL: usize = 2;

/// The mark of a severe reading (`readings::Measurements::severe`), in the gutter right of
/// its blood pressure; the legend above the table and the analysis say what it means.
pub(crate) const SEVERE_MARK: &str = "!";

/// The categories that call for attention stand out in red.
fn category_colour(cat: BpCategory) -> Rgb3 {
    match cat {
        BpCategory::Stage2 | BpCategory::HypertensiveCrisis => RED,
        BpCategory::Normal | BpCategory::Elevated | BpCategory::Stage1 => INK,
    }
}

/// Line pitch of a note's continuation lines in the table.
const NOTE_LINE: f32 = 10.5;

fn table_header(c: &mut Canvas, u: &Units) {
    c.rect(MARGIN, c.y - 16.0, PAGE_W - 2.0 * MARGIN, 16.0, TINT);
    for (name, x, align) in TABLE_COLS {
        let label = match name {
            "Weight" => format!("Weight ({})", u.weight.as_str()),
            "Sugar" => format!("Sugar ({})", u.sugar.as_str()),
            other => other.to_owned(),
        };
        let x = MARGIN + 4.0 + x;
        let label = if matches!(name, "Weight" | "Sugar") {
            label.replace(" (", "\n(")
        } else {
            label
        };
        let first = label.split('\n').next().unwrap_or_default().to_owned();
        c.text(x, c.y - 11.5, 8.0, true, MUTED, align, &first);
    }
    c.y -= 20.0;
}

pub(crate) fn table_section(c: &mut Canvas, doc: &ReportDocument, u: &Units) {
    section(c, "All readings");
    c.text(
        MARGIN,
        c.y - 8.0,
        8.5,
        false,
        MUTED,
        Align::Left,
        &format!(
            "Weight in {}, blood sugar in {}, heart rate in bpm. '---' means not measured.",
            u.weight.as_str(),
            u.sugar.as_str()
        ),
    );
    c.y -= 16.0;
    if let Some(names) = doc.not_shared() {
        c.text(
            MARGIN,
            c.y - 8.0,
            8.5,
            false,
            MUTED,
            Align::Left,
            &format!("Not part of this shared report: {names}."),
        );
        c.y -= 16.0;
    }
    if doc.readings.iter().any(|r| r.values.severe()) {
        c.text(MARGIN, c.y - 8.0, 8.5, true, RED, Align::Left, SEVERE_MARK);
        c.text(
            MARGIN + 8.0,
            c.y - 8.0,
            8.5,
            false,
            MUTED,
            Align::Left,
            &format!("= {}", readings::rules::SEVERE_TITLE),
        );
        c.y -= 16.0;
    }
    table_header(c, u);
    let dash = || "---".to_owned();
    let shown = |m: Measure, text: String| if doc.shows(m) { text } else { String::new() };
    for r in &doc.readings {
        // Notes are the patient's words: printed whole, wrapped inside their column.
        let notes = wrap(
            &printable(r.notes.as_deref().unwrap_or(""), false),
            8.5,
            PAGE_W - 2.0 * MARGIN - 380.0,
        );
        let extra = NOTE_LINE * notes.len().saturating_sub(1) as f32;
        if c.ensure(14.0 + extra) {
            table_header(c, u);
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
            v.bp_category()
                .map_or_else(String::new, |c| c.label().to_owned()),
            // A measure left out is not "not measured": its cells stay empty.
            shown(
                Measure::HeartRate,
                v.heart_rate.map_or_else(dash, |h| h.to_string()),
            ),
            shown(
                Measure::Weight,
                v.weight.map_or_else(dash, |w| u.weight.format(w)),
            ),
            shown(
                Measure::BloodSugar,
                v.blood_sugar.map_or_else(dash, |s| u.sugar.format(s)),
            ),
            notes.first().cloned().unwrap_or_default(),
        ];
        for (i, ((_, x, align), text)) in TABLE_COLS.iter().zip(cells.iter()).enumerate() {
            let col = if i == CATEGORY_COL {
                v.bp_category().map_or(INK, category_colour)
            } else {
                INK
            };
            c.text(MARGIN + 4.0 + x, c.y - 9.5, 8.5, false, col, *align, text);
        }
        if v.severe() {
            let (_, bp_x, _) = TABLE_COLS[BP_COL];
            let x = MARGIN + 4.0 + bp_x + 2.0;
            c.text(x, c.y - 9.5, 8.5, true, RED, Align::Left, SEVERE_MARK);
        }
        let (_, notes_x, _) = TABLE_COLS[TABLE_COLS.len() - 1];
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
        assert_eq!(TABLE_COLS[CATEGORY_COL].0, "Category");
        assert_eq!(TABLE_COLS[BP_COL].0, "BP (mmHg)");
        assert_eq!(category_colour(BpCategory::Stage2), RED);
        assert_eq!(category_colour(BpCategory::HypertensiveCrisis), RED);
        assert_eq!(category_colour(BpCategory::Stage1), INK);
    }
}
