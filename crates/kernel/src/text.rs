//! Free text from people: what it may contain.

/// What a field holding [`has_stray_controls`] text is told (the HTTP edge refuses them in
/// every request before any route runs).
pub const MSG_STRAY_CONTROLS: &str = "Remove the control characters from this text";

/// Control characters nobody means in free text (NUL, bell, escape, ...). They are refused
/// rather than stored: PostgreSQL cannot store NUL, and the others garble PDFs and emails.
/// Tab, line feed and carriage return are allowed where the text may span lines.
pub fn has_stray_controls(s: &str, multiline: bool) -> bool {
    s.chars()
        .any(|c| c.is_control() && !(multiline && matches!(c, '\n' | '\r' | '\t')))
}

#[cfg(test)]
mod tests {
    use super::has_stray_controls;

    #[test]
    fn controls_are_found_and_line_breaks_allowed_where_asked() {
        assert!(has_stray_controls("a\u{0}b", true));
        assert!(has_stray_controls("bell\u{7}", true));
        assert!(has_stray_controls("a\nb", false));
        assert!(!has_stray_controls("a\r\n\tb", true));
        assert!(!has_stray_controls(
            "emoji 🩺, rtl \u{202e}, bom \u{feff}",
            false
        ));
    }
}
