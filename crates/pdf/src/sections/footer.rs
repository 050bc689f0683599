//! Page furniture drawn over every page once the page count is known: the brand and the
//! report's name at the top, the guideline note and "Page n of N" at the bottom.

use reports::ReportDocument;

use crate::canvas::*;

/// Short enough to stand whole on every page; names the owner's guideline.
fn footer(doc: &ReportDocument) -> String {
    format!(
        "Entered by the patient. Blood pressure categories: {}; information, not a diagnosis.",
        readings::GuidelineRules::of(doc.patient.guideline).name
    )
}

pub(crate) fn footers(c: &mut Canvas, doc: &ReportDocument) {
    let total = c.pages.len();
    let footer = footer(doc);
    let name = doc.spec.report_type.title();
    let pages = std::mem::take(&mut c.pages);
    for (i, ops) in pages.into_iter().enumerate() {
        c.pages.push(ops);
        c.text(
            MARGIN,
            PAGE_H - 34.0,
            12.0,
            true,
            TEAL,
            Align::Left,
            "Vitalog",
        );
        // The first page's heading says it right below (issue 14.14: not twice).
        if i > 0 {
            c.text(
                PAGE_W - MARGIN,
                PAGE_H - 34.0,
                9.0,
                false,
                MUTED,
                Align::Right,
                name,
            );
        }
        c.line(
            &[(MARGIN, PAGE_H - 44.0), (PAGE_W - MARGIN, PAGE_H - 44.0)],
            RULE,
            0.8,
        );
        c.line(&[(MARGIN, 44.0), (PAGE_W - MARGIN, 44.0)], RULE, 0.8);
        c.text(MARGIN, 32.0, 7.0, false, MUTED, Align::Left, &footer);
        c.text(
            PAGE_W - MARGIN,
            32.0,
            7.5,
            false,
            MUTED,
            Align::Right,
            &format!("Page {} of {total}", i + 1),
        );
    }
}
