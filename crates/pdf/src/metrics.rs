//! The report's typeface: DejaVu Sans Condensed, embedded in the binary so names and notes in
//! any Latin, Greek or Cyrillic script print as typed (the PDF builtin fonts only speak
//! Latin-1). Widths come from the font itself so columns can be right-aligned and notes
//! wrapped inside theirs; each document embeds only the glyphs it uses.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use allsorts::binary::read::ReadScope;
use allsorts::font_data::FontData;
use allsorts::subset::{CmapTarget, SubsetProfile, subset};
use printpdf::ParsedFont;

/// Drawn where the typeface has no glyph for a character (e.g. CJK): a visible, honest gap
/// instead of an invisible or wrong letter.
pub const MISSING: char = '\u{FFFD}';

/// Characters below this (Latin, Greek, Cyrillic) have their glyph and advance in a table.
const DENSE: u32 = 0x530;

pub struct Face {
    bytes: &'static [u8],
    parsed: ParsedFont,
    subset_name: &'static str,
    /// Glyph and advance (1/1000 em) of each character below [`DENSE`]: looked up for every
    /// character of every string measured, which through the parsed font's maps (B-trees
    /// of ~6,000 entries) was ~9 % of a year's report.
    dense: Vec<Option<(u16, f32)>>,
}

impl Face {
    fn load(bytes: &'static [u8], subset_name: &'static str) -> Self {
        let mut warnings = Vec::new();
        // The bytes are compiled in and covered by the tests: a parse failure is a build defect.
        #[allow(clippy::expect_used)]
        let parsed = ParsedFont::from_bytes(bytes, 0, &mut warnings)
            .expect("the embedded DejaVu font parses");
        let mut face = Self {
            bytes,
            parsed,
            subset_name,
            dense: Vec::new(),
        };
        face.dense = (0..DENSE)
            .map(|u| {
                let gid = face.lookup(u)?;
                Some((gid, face.glyph_advance(gid)))
            })
            .collect();
        face
    }

    fn lookup(&self, u: u32) -> Option<u16> {
        self.parsed.lookup_glyph_index(u).filter(|gid| *gid != 0)
    }

    fn glyph_advance(&self, gid: u16) -> f32 {
        let units = self.parsed.get_glyph_width(gid).unwrap_or(0);
        f32::from(units) * 1000.0 / f32::from(self.parsed.units_per_em.max(1))
    }

    fn glyph(&self, c: char) -> Option<u16> {
        match self.dense.get(c as usize) {
            Some(known) => known.map(|(gid, _)| gid),
            None => self.lookup(c as u32),
        }
    }

    pub fn has(&self, c: char) -> bool {
        self.glyph(c).is_some()
    }

    /// Advance of `c` in 1/1000 em.
    fn advance(&self, c: char) -> f32 {
        if let Some(Some((_, advance))) = self.dense.get(c as usize) {
            return *advance;
        }
        let gid = self.glyph(c).or_else(|| self.glyph(MISSING)).unwrap_or(0);
        self.glyph_advance(gid)
    }

    /// A font holding just `chars` (plus .notdef), for embedding in one document.
    pub fn subset(&self, chars: &BTreeSet<char>) -> anyhow::Result<ParsedFont> {
        let mut gids: Vec<u16> = vec![0];
        gids.extend(
            chars
                .iter()
                .filter_map(|c| self.glyph(*c))
                .collect::<BTreeSet<_>>(),
        );
        let data = ReadScope::new(self.bytes)
            .read::<FontData<'_>>()
            .map_err(|e| anyhow::anyhow!("font: {e}"))?;
        let provider = data
            .table_provider(0)
            .map_err(|e| anyhow::anyhow!("font: {e}"))?;
        let bytes = subset(&provider, &gids, &SubsetProfile::Pdf, CmapTarget::Unicode)
            .map_err(|e| anyhow::anyhow!("font subset: {e}"))?;
        let mut warnings = Vec::new();
        let mut font = ParsedFont::from_bytes(&bytes, 0, &mut warnings)
            .ok_or_else(|| anyhow::anyhow!("font subset does not parse: {warnings:?}"))?;
        // A subset's name carries a six-letter tag (ISO 32000-1, 9.6.4).
        font.font_name = Some(self.subset_name.to_owned());
        Ok(font)
    }
}

pub fn face(bold: bool) -> &'static Face {
    static REGULAR: OnceLock<Face> = OnceLock::new();
    static BOLD: OnceLock<Face> = OnceLock::new();
    if bold {
        BOLD.get_or_init(|| {
            Face::load(
                dejavu::sans_condensed::bold(),
                "VTLGBD+DejaVuSansCondensed-Bold",
            )
        })
    } else {
        REGULAR.get_or_init(|| {
            Face::load(
                dejavu::sans_condensed::regular(),
                "VTLGRG+DejaVuSansCondensed",
            )
        })
    }
}

/// `text` as it will be drawn: characters the typeface lacks become [`MISSING`], control
/// characters and line breaks become spaces.
pub fn printable(text: &str, bold: bool) -> String {
    let f = face(bold);
    text.chars()
        .map(|c| {
            if c.is_control() || c.is_whitespace() {
                ' '
            } else if f.has(c) {
                c
            } else {
                MISSING
            }
        })
        .collect()
}

/// Width of `text` in points at `size`.
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    let f = face(bold);
    let units: f32 = text.chars().map(|c| f.advance(c)).sum();
    units * size / 1000.0
}

/// `text` broken into lines of at most `max` points: at spaces, and inside a word only when
/// the word alone is wider than a line.
pub fn wrap(text: &str, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if width(&candidate, size, false) <= max {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            let mut next = line.clone();
            next.push(c);
            if width(&next, size, false) > max && !line.is_empty() {
                lines.push(std::mem::replace(&mut line, c.to_string()));
            } else {
                line = next;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths() {
        assert!(width("0", 10.0, false) > 4.0 && width("0", 10.0, false) < 7.0);
        assert!(width("WWW", 10.0, false) > width("iii", 10.0, false));
        assert!(width("Ann", 10.0, true) > width("Ann", 10.0, false));
    }

    #[test]
    fn wrapping_keeps_every_word_and_fits_each_line() {
        let text = "Headache after coffee, took paracetamol 500mg; https://example.com/a/very/long/link/that/cannot/break/at/spaces done";
        let lines = wrap(text, 8.5, 120.0);
        assert!(lines.len() > 3, "{lines:?}");
        assert!(
            lines.iter().all(|l| width(l, 8.5, false) <= 120.0),
            "{lines:?}"
        );
        let joined: String = lines.concat();
        let squeezed: String = text.split_whitespace().collect();
        assert_eq!(joined.replace(' ', ""), squeezed);
        assert_eq!(wrap("  ", 8.5, 120.0), Vec::<String>::new());
        assert_eq!(wrap("short note", 8.5, 120.0), vec!["short note"]);
    }

    #[test]
    fn europe_prints_as_typed_and_the_rest_is_marked_missing() {
        assert_eq!(
            printable("Łukasz Dvořák – Ελένη Жанна “ok” ✓", false),
            "Łukasz Dvořák – Ελένη Жанна “ok” ✓"
        );
        assert_eq!(printable("日本\tx\ny", true), "\u{FFFD}\u{FFFD} x y");
    }

    #[test]
    fn the_table_says_what_the_font_says() {
        for bold in [false, true] {
            let f = face(bold);
            for u in (0..DENSE + 0x100).chain([0x2013, 0x201C, 0x2713, 0xFFFD, 0x65E5]) {
                let Some(c) = char::from_u32(u) else { continue };
                let gid = f.lookup(u);
                assert_eq!(f.glyph(c), gid, "{c:?}");
                let advance =
                    f.glyph_advance(gid.or_else(|| f.lookup(MISSING as u32)).unwrap_or(0));
                assert_eq!(f.advance(c), advance, "{c:?}");
            }
        }
    }

    #[test]
    fn a_subset_keeps_just_the_glyphs_asked_for() {
        let chars: BTreeSet<char> = "Łukasz".chars().collect();
        let small = face(false).subset(&chars).expect("subset");
        assert!(small.lookup_glyph_index('Ł' as u32).is_some());
        assert!(small.lookup_glyph_index('Q' as u32).is_none());
        assert!(
            small.original_bytes.len() < 20_000,
            "{}",
            small.original_bytes.len()
        );
    }
}
