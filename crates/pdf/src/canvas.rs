//! A thin page builder over printpdf's operations. Coordinates are points from the page's
//! bottom left (A4: 595 x 842).

use std::collections::BTreeSet;

use printpdf::*;

use crate::metrics::{printable, width};

pub const PAGE_W: f32 = 595.0;
pub const PAGE_H: f32 = 842.0;
pub const MARGIN: f32 = 40.0;
pub const TOP: f32 = PAGE_H - 70.0;
pub const BOTTOM: f32 = 60.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgb3(pub f32, pub f32, pub f32);

pub const INK: Rgb3 = Rgb3(0.12, 0.16, 0.22);
pub const MUTED: Rgb3 = Rgb3(0.36, 0.41, 0.47);
pub const RULE: Rgb3 = Rgb3(0.84, 0.87, 0.9);
pub const TEAL: Rgb3 = Rgb3(0.06, 0.43, 0.45);
pub const TINT: Rgb3 = Rgb3(0.94, 0.97, 0.97);
pub const RED: Rgb3 = Rgb3(0.70, 0.16, 0.16);

/// A colour from its `#rrggbb` (the client's tokens are written so).
const fn hex(v: u32) -> Rgb3 {
    Rgb3(
        ((v >> 16) & 0xff) as f32 / 255.0,
        ((v >> 8) & 0xff) as f32 / 255.0,
        (v & 0xff) as f32 / 255.0,
    )
}

/// The measures' colours on paper are the app's (light theme,
/// frontend/src/components/styles/tokens.css `--chart-*`), so systolic is teal on screen and
/// on paper (issue 36); a test reads tokens.css to keep the two the same.
pub const SYSTOLIC: Rgb3 = hex(0x0f6e6e);
pub const DIASTOLIC: Rgb3 = hex(0x5b7fa6);
pub const HEART_RATE: Rgb3 = hex(0x8a4fa8);
pub const WEIGHT: Rgb3 = hex(0x0b4f6c);
pub const SUGAR: Rgb3 = hex(0xb54708);

fn color(c: Rgb3) -> Color {
    Color::Rgb(Rgb {
        r: c.0,
        g: c.1,
        b: c.2,
        icc_profile: None,
    })
}

fn pt(x: f32, y: f32) -> LinePoint {
    LinePoint {
        p: Point { x: Pt(x), y: Pt(y) },
        bezier: false,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
    Center,
}

/// The document's two embedded faces, named before they exist: the subsets are made once
/// the whole document is drawn and every character it uses is known.
pub fn font_id(bold: bool) -> FontId {
    FontId(if bold { "FB" } else { "FR" }.to_owned())
}

/// The graphics state a page's operations leave in force. A PDF keeps the fill colour, the
/// font and the line's colour and width until they are set again (text objects included),
/// so each is written only when it changes: a year's table wrote them for every cell, which
/// made a third of the content stream and of the time spent writing and compressing it.
#[derive(Debug, Clone, Copy, Default)]
struct Pen {
    fill: Option<Rgb3>,
    font: Option<(bool, f32)>,
    outline: Option<(Rgb3, f32)>,
}

pub struct Canvas {
    /// Each page's operations. Drawn only through the methods below (which keep `pens`
    /// true); the footers take the pages and put them back one by one, each with its pen.
    pub pages: Vec<Vec<Op>>,
    /// `pens[i]`: the state in force at the end of `pages[i]`.
    pens: Vec<Pen>,
    /// The next free line (points from the bottom) on the current page.
    pub y: f32,
    /// Characters drawn in the regular [0] and bold [1] face.
    pub used: [BTreeSet<char>; 2],
}

impl Canvas {
    pub fn new() -> Self {
        Self {
            pages: vec![Vec::new()],
            pens: vec![Pen::default()],
            y: TOP,
            used: [BTreeSet::new(), BTreeSet::new()],
        }
    }

    /// The current (last) page's operations and pen.
    fn page(&mut self) -> (&mut Vec<Op>, &mut Pen) {
        if self.pages.is_empty() {
            self.pages.push(Vec::new());
        }
        let last = self.pages.len() - 1;
        if self.pens.len() <= last {
            self.pens.resize(last + 1, Pen::default());
        }
        (&mut self.pages[last], &mut self.pens[last])
    }

    fn fill(&mut self, c: Rgb3) {
        let (ops, pen) = self.page();
        if pen.fill != Some(c) {
            pen.fill = Some(c);
            ops.push(Op::SetFillColor { col: color(c) });
        }
    }

    pub fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.pens.truncate(self.pages.len() - 1);
        self.pens.push(Pen::default());
        self.y = TOP;
    }

    /// Starts a new page unless `needed` points fit below the cursor.
    pub fn ensure(&mut self, needed: f32) -> bool {
        if self.y - needed < BOTTOM {
            self.new_page();
            true
        } else {
            false
        }
    }

    // Position, size, weight, colour, alignment and text: positional reads best at the
    // hundred call sites that draw a document.
    #[allow(clippy::too_many_arguments)]
    pub fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, c: Rgb3, align: Align, s: &str) {
        let s = printable(s, bold);
        self.used[usize::from(bold)].extend(s.chars());
        let w = width(&s, size, bold);
        let x = match align {
            Align::Left => x,
            Align::Right => x - w,
            Align::Center => x - w / 2.0,
        };
        self.fill(c);
        let (ops, pen) = self.page();
        ops.push(Op::StartTextSection);
        if pen.font != Some((bold, size)) {
            pen.font = Some((bold, size));
            ops.push(Op::SetFont {
                font: PdfFontHandle::External(font_id(bold)),
                size: Pt(size),
            });
        }
        ops.push(Op::SetTextCursor {
            pos: Point { x: Pt(x), y: Pt(y) },
        });
        ops.push(Op::ShowText {
            items: vec![TextItem::Text(s)],
        });
        ops.push(Op::EndTextSection);
    }

    pub fn line(&mut self, points: &[(f32, f32)], c: Rgb3, thickness: f32) {
        if points.len() < 2 {
            return;
        }
        let (ops, pen) = self.page();
        if pen.outline != Some((c, thickness)) {
            pen.outline = Some((c, thickness));
            ops.push(Op::SetOutlineColor { col: color(c) });
            ops.push(Op::SetOutlineThickness { pt: Pt(thickness) });
        }
        ops.push(Op::DrawLine {
            line: Line {
                points: points.iter().map(|(x, y)| pt(*x, *y)).collect(),
                is_closed: false,
            },
        });
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Rgb3) {
        self.fill(fill);
        let (ops, _) = self.page();
        ops.push(Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing {
                    points: vec![pt(x, y), pt(x + w, y), pt(x + w, y + h), pt(x, y + h)],
                }],
                mode: PaintMode::Fill,
                winding_order: WindingOrder::NonZero,
            },
        });
    }

    /// A small filled square marker for a data point.
    pub fn dot(&mut self, x: f32, y: f32, c: Rgb3) {
        self.rect(x - 1.4, y - 1.4, 2.8, 2.8, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(ops: &[Op], what: fn(&Op) -> bool) -> usize {
        ops.iter().filter(|op| what(op)).count()
    }

    #[test]
    fn state_is_written_only_when_it_changes_and_again_on_each_page() {
        let mut c = Canvas::new();
        for i in 0..3 {
            c.text(
                40.0,
                700.0 - 10.0 * i as f32,
                8.5,
                false,
                INK,
                Align::Left,
                "12",
            );
            c.line(&[(40.0, 690.0), (500.0, 690.0)], RULE, 0.3);
        }
        c.text(40.0, 600.0, 8.5, false, RED, Align::Left, "x");
        let fills = |op: &Op| matches!(op, Op::SetFillColor { .. });
        let fonts = |op: &Op| matches!(op, Op::SetFont { .. });
        let outlines = |op: &Op| matches!(op, Op::SetOutlineColor { .. });
        assert_eq!(count(&c.pages[0], fills), 2, "ink once, then red");
        assert_eq!(count(&c.pages[0], fonts), 1);
        assert_eq!(count(&c.pages[0], outlines), 1);
        c.new_page();
        c.text(40.0, 700.0, 8.5, false, RED, Align::Left, "y");
        assert_eq!(
            count(&c.pages[1], fills),
            1,
            "a new page starts with nothing set"
        );
        assert_eq!(count(&c.pages[1], fonts), 1);
        // The footers draw on each page again after the fact: that page's own state holds.
        let pages = std::mem::take(&mut c.pages);
        for ops in pages {
            c.pages.push(ops);
            c.text(40.0, 30.0, 8.5, false, RED, Align::Left, "z");
        }
        assert_eq!(count(&c.pages[0], fills), 2, "page 1 ended in red");
        assert_eq!(count(&c.pages[1], fills), 1);
    }

    /// The first light-theme value of a `--chart-*` token in tokens.css, as a colour.
    fn token(name: &str) -> Rgb3 {
        let css = include_str!("../../../frontend/src/components/styles/tokens.css");
        let at = css.find(&format!("{name}:")).expect("token");
        let rest = &css[at..];
        let hash = rest.find('#').expect("#");
        let v = u32::from_str_radix(&rest[hash + 1..hash + 7], 16).expect("hex");
        hex(v)
    }

    #[test]
    fn the_measures_are_drawn_in_the_apps_colours() {
        assert_eq!(SYSTOLIC, token("--chart-systolic"));
        assert_eq!(DIASTOLIC, token("--chart-diastolic"));
        assert_eq!(HEART_RATE, token("--chart-heart-rate"));
        assert_eq!(WEIGHT, token("--chart-weight"));
        assert_eq!(SUGAR, token("--chart-sugar"));
    }
}
