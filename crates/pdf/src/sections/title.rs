//! The title block: report type, the user's own name for it, patient, period, count.

use reports::ReportDocument;

use super::paragraph;
use crate::canvas::*;

pub(crate) fn title_block(c: &mut Canvas, doc: &ReportDocument) {
    let p = &doc.patient;
    c.text(
        MARGIN,
        c.y - 20.0,
        20.0,
        true,
        INK,
        Align::Left,
        doc.spec.report_type.title(),
    );
    // The user's own name for the report, if it adds anything to the title and the
    // period shown below (a default name is exactly those: issue 14.14).
    if let Some(own) = doc.spec.own_name() {
        c.text(MARGIN, c.y - 38.0, 10.5, false, MUTED, Align::Left, &own);
    }
    c.y -= 56.0;
    let box_top = c.y;
    c.rect(MARGIN, box_top - 74.0, PAGE_W - 2.0 * MARGIN, 74.0, TINT);
    let name = kernel::text::display_name(&p.full_name, &p.username);
    let rows = [
        ("Patient", name),
        (
            "Date of birth",
            p.date_of_birth
                .map_or_else(|| "Not given".to_owned(), kernel::display::date),
        ),
        (
            "Period",
            kernel::display::period(doc.spec.date_start, doc.spec.date_end),
        ),
        ("Generated", kernel::display::utc_moment(doc.generated_at)),
    ];
    for (i, (k, v)) in rows.iter().enumerate() {
        let y = box_top - 18.0 - i as f32 * 15.0;
        c.text(MARGIN + 12.0, y, 9.0, true, MUTED, Align::Left, k);
        c.text(MARGIN + 100.0, y, 10.0, false, INK, Align::Left, v);
    }
    c.text(
        PAGE_W - MARGIN - 12.0,
        box_top - 18.0,
        9.0,
        true,
        MUTED,
        Align::Right,
        "Readings in period",
    );
    c.text(
        PAGE_W - MARGIN - 12.0,
        box_top - 44.0,
        22.0,
        true,
        TEAL,
        Align::Right,
        &doc.readings.len().to_string(),
    );
    c.y = box_top - 90.0;
    // Under the title, before any number: a measure missing from a shared report was left
    // out by its owner, not left unrecorded.
    if let Some(sentence) = doc.omitted.sentence() {
        c.y += 6.0;
        paragraph(c, &sentence, 9.5, INK);
        c.y -= 10.0;
    }
}
