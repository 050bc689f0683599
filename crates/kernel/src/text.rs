//! Free text from people: what it may contain.

/// Control characters nobody means in free text (NUL, bell, escape, ...). They are refused
/// rather than stored: PostgreSQL cannot store NUL, and the others garble PDFs and emails.
/// Tab, line feed and carriage return are allowed where the text may span lines.
pub fn has_stray_controls(s: &str, multiline: bool) -> bool {
    s.chars()
        .any(|c| c.is_control() && !(multiline && matches!(c, '\n' | '\r' | '\t')))
}

/// Escapes text for HTML element content and attribute values (emails, the server's own
/// small pages): the one escaping function of the server.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            _ => out.push(c),
        }
    }
    out
}

/// How a person is named to others (report emails, the PDF, exports): their full name,
/// else their username.
pub fn display_name(full_name: &str, username: &str) -> String {
    let full = full_name.split_whitespace().collect::<Vec<_>>().join(" ");
    if full.is_empty() {
        username.to_owned()
    } else {
        full
    }
}

#[cfg(test)]
mod tests {
    use super::{display_name, escape_html, has_stray_controls};

    #[test]
    fn a_person_is_named_by_full_name_else_username() {
        assert_eq!(display_name("Ann  Lee ", "ann"), "Ann Lee");
        assert_eq!(display_name(" ", "ann"), "ann");
    }

    #[test]
    fn html_special_characters_are_escaped() {
        assert_eq!(
            escape_html(r#"<a href="x">Tom & 'Jerry'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#x27;Jerry&#x27;&lt;/a&gt;"
        );
        assert_eq!(escape_html("Grüße 🩺"), "Grüße 🩺");
    }

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
