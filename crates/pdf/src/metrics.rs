//! Helvetica advance widths (Adobe AFM, 1/1000 em) so columns can be right-aligned and
//! long notes cut to fit: the builtin fonts carry no metrics in the file.

const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278,
    278, // ' '..'/'
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
    556, // '0'..'?'
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722,
    778, // '@'..'O'
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
    556, // 'P'..'_'
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556,
    556, // '`'..'o'
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // 'p'..'~'
];

/// Width of `text` in points at `size`; bold is about 6 % wider.
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| {
            let i = (c as u32).wrapping_sub(32) as usize;
            u32::from(HELVETICA.get(i).copied().unwrap_or(556))
        })
        .sum();
    let w = units as f32 * size / 1000.0;
    if bold { w * 1.06 } else { w }
}

/// `text` cut (with "...") to fit `max` points.
pub fn fit(text: &str, size: f32, max: f32) -> String {
    if width(text, size, false) <= max {
        return text.to_owned();
    }
    let mut out = String::new();
    for c in text.chars() {
        if width(&format!("{out}{c}..."), size, false) > max {
            break;
        }
        out.push(c);
    }
    format!("{}...", out.trim_end())
}

/// The builtin fonts speak WinAnsi; keep printable Latin-1 and replace the rest.
pub fn latin1(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{2013}' | '\u{2014}' => '-',
            '\u{2018}' | '\u{2019}' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            c if (' '..='~').contains(&c) || ('\u{a0}'..='\u{ff}').contains(&c) => c,
            c if c.is_whitespace() => ' ',
            _ => '?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_and_fitting() {
        assert!((width("0", 10.0, false) - 5.56).abs() < 1e-4);
        assert!(width("WWW", 10.0, false) > width("iii", 10.0, false));
        let cut = fit(
            "a very long note that will not fit in the column",
            8.0,
            60.0,
        );
        assert!(cut.ends_with("..."));
        assert!(width(&cut, 8.0, false) <= 60.0);
        assert_eq!(fit("short", 8.0, 60.0), "short");
        assert_eq!(latin1("Zoë – naïve ✓ 日本"), "Zoë - naïve ? ??");
    }
}
