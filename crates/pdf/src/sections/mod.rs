//! The report's sections, one module each, in page order: title block, trend charts,
//! analysis, home weeks, medications, month by month, table of readings, then the page footers drawn over every page at the end.
//! The shared pieces of a section (its heading, running text) live here.

pub(crate) mod analysis;
pub(crate) mod footer;
pub(crate) mod home_week;
pub(crate) mod medications;
pub(crate) mod monthly;
pub(crate) mod table;
pub(crate) mod title;
pub(crate) mod trends;

use crate::canvas::*;
use crate::metrics::wrap;

/// A section's heading and rule, on a new page if the section would start at the bottom.
pub(crate) fn section(c: &mut Canvas, title: &str) {
    c.ensure(48.0);
    c.y -= 10.0;
    c.text(MARGIN, c.y - 12.0, 13.0, true, TEAL, Align::Left, title);
    c.line(
        &[(MARGIN, c.y - 18.0), (PAGE_W - MARGIN, c.y - 18.0)],
        RULE,
        0.8,
    );
    c.y -= 30.0;
}

/// A heading inside a section, kept on one page with the `keep` points drawn under it.
pub(crate) fn subheading(c: &mut Canvas, title: &str, keep: f32) {
    c.y -= 10.0;
    c.ensure(keep);
    c.text(MARGIN, c.y - 10.0, 10.5, true, INK, Align::Left, title);
    c.y -= 22.0;
}

pub(crate) fn paragraph(c: &mut Canvas, text: &str, size: f32, col: Rgb3) {
    indented(c, 0.0, text, size, col);
}

/// A paragraph whose lines start `indent` points in from the margin.
pub(crate) fn indented(c: &mut Canvas, indent: f32, text: &str, size: f32, col: Rgb3) {
    for line in wrap(text, size, PAGE_W - 2.0 * MARGIN - indent) {
        c.ensure(size + 6.0);
        c.text(
            MARGIN + indent,
            c.y - size,
            size,
            false,
            col,
            Align::Left,
            &line,
        );
        c.y -= size + 4.0;
    }
}
