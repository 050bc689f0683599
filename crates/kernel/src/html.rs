//! The server's own documents: the one frame every email is drawn in (HTML and its plain
//! text companion) and the page variant of it for the few pages the server answers itself
//! (unsubscribing). Every piece of text given here is escaped here.

use crate::text::escape_html;

/// The product's name, as every email and page says it.
pub const PRODUCT: &str = "Vitalog";

/// The sign-off under an email that is not about preferences.
pub const TAGLINE: &str = "Vitalog, your personal health monitor.";

// One palette for emails and pages (the account emails' calm teal).
const BRAND: &str = "#0f6e74";
const INK: &str = "#1f2a37";
const MUTED: &str = "#52606d";
const FAINT: &str = "#7b8794";
const RULE: &str = "#dde3e8";
const BACKDROP: &str = "#f4f7f8";
const FONT: &str = "-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif";

const HEAD: &str = "<head><meta charset=\"utf-8\">\
     <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";

/// The one call to action of an email.
#[derive(Debug, Clone, Copy)]
pub struct Button<'a> {
    pub label: &'a str,
    pub href: &'a str,
    /// Also write the link out under the button, for mail clients that drop buttons. The
    /// account emails do: their one-time links are the whole point of the email.
    pub spelled_out: bool,
}

/// What closes an email, the same in both parts.
#[derive(Debug, Clone, Copy)]
pub enum Footer<'a> {
    /// The product's [`TAGLINE`].
    Tagline,
    /// Why the person receives this email, and a one-click unsubscribe link.
    Unsubscribe { why: &'a str, link: &'a str },
}

/// An email's content; [`Letter::html`] and [`Letter::text`] draw it in the one frame.
#[derive(Debug, Clone, Copy)]
pub struct Letter<'a> {
    /// A heading above the paragraphs (HTML part only; the subject says it in text).
    pub heading: Option<&'a str>,
    /// Plain text; a line break inside one is kept as a line break.
    pub paragraphs: &'a [String],
    pub button: Option<Button<'a>>,
    pub footer: Footer<'a>,
}

impl Letter<'_> {
    /// The HTML part: tables and inline styles, which is what mail clients render alike.
    pub fn html(&self) -> String {
        let mut body = String::new();
        if let Some(heading) = self.heading {
            body.push_str(&format!(
                "<h1 style=\"margin:0 0 16px;font-size:20px;color:{INK}\">{}</h1>",
                escape_html(heading)
            ));
        }
        for p in self.paragraphs {
            body.push_str(&format!(
                "<p style=\"margin:0 0 16px;font-size:15px;line-height:1.6;color:{INK}\">{}</p>",
                escape_html(p).replace('\n', "<br>")
            ));
        }
        if let Some(button) = self.button {
            let href = escape_html(button.href);
            body.push_str(&format!(
                "<p style=\"margin:24px 0\"><a href=\"{href}\" style=\"background:{BRAND};color:#ffffff;\
                 text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600;display:inline-block\">{}</a></p>",
                escape_html(button.label)
            ));
            if button.spelled_out {
                body.push_str(&format!(
                    "<p style=\"margin:0 0 16px;font-size:13px;color:{MUTED}\">If the button does not work, copy this link into your browser:<br>\
                     <a href=\"{href}\" style=\"color:{BRAND};word-break:break-all\">{href}</a></p>"
                ));
            }
        }
        let footer = match self.footer {
            Footer::Tagline => escape_html(TAGLINE),
            Footer::Unsubscribe { why, link } => format!(
                "{} <a href=\"{}\" style=\"color:{FAINT}\">Unsubscribe</a> with one click, no login needed.",
                escape_html(why),
                escape_html(link)
            ),
        };
        format!(
            "<!doctype html><html lang=\"en\">{HEAD}</head>\
             <body style=\"margin:0;background:{BACKDROP};font-family:{FONT}\">\
             <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\"><tr><td align=\"center\" style=\"padding:32px 16px\">\
             <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"width:100%;max-width:560px;background:#ffffff;border-radius:10px;border:1px solid {RULE}\">\
             <tr><td style=\"padding:24px 32px;border-bottom:1px solid {RULE};font-size:18px;font-weight:700;color:{BRAND}\">{PRODUCT}</td></tr>\
             <tr><td style=\"padding:28px 32px\">{body}</td></tr>\
             <tr><td style=\"padding:16px 32px;border-top:1px solid {RULE};font-size:12px;color:{FAINT}\">{footer}</td></tr>\
             </table></td></tr></table></body></html>"
        )
    }

    /// The plain-text part: the paragraphs, the button's link on its own line, then the
    /// footer after the signature separator ("-- "), which mail clients fold away.
    pub fn text(&self) -> String {
        let mut out = self.paragraphs.join("\n\n");
        out.push_str("\n\n");
        if let Some(button) = self.button {
            out.push_str(button.href);
            out.push_str("\n\n");
        }
        out.push_str("-- \n");
        match self.footer {
            Footer::Tagline => out.push_str(TAGLINE),
            Footer::Unsubscribe { why, link } => {
                out.push_str(&format!("{why}\nUnsubscribe with one click: {link}"));
            }
        }
        out.push('\n');
        out
    }
}

/// A piece of a page's paragraph.
#[derive(Debug, Clone, Copy)]
pub enum Inline<'a> {
    Text(&'a str),
    Link { label: &'a str, href: &'a str },
}

/// A small page in the emails' frame: the product's name, a heading, paragraphs.
pub fn page(heading: &str, paragraphs: &[&[Inline<'_>]]) -> String {
    let heading = escape_html(heading);
    let mut body = String::new();
    for p in paragraphs {
        body.push_str("<p>");
        for piece in *p {
            match piece {
                Inline::Text(t) => body.push_str(&escape_html(t)),
                Inline::Link { label, href } => body.push_str(&format!(
                    "<a href=\"{}\">{}</a>",
                    escape_html(href),
                    escape_html(label)
                )),
            }
        }
        body.push_str("</p>");
    }
    format!(
        "<!doctype html><html lang=\"en\">{HEAD}<title>{heading} · {PRODUCT}</title>\
         <style>body{{margin:0;background:{BACKDROP};font-family:{FONT};color:{INK}}}\
         main{{max-width:480px;margin:12vh auto;background:#ffffff;border:1px solid {RULE};border-radius:10px}}\
         .brand{{margin:0;padding:24px 32px;border-bottom:1px solid {RULE};font-size:18px;font-weight:700;color:{BRAND}}}\
         .content{{padding:28px 32px}}h1{{margin:0 0 16px;font-size:20px}}\
         p{{margin:0 0 16px;font-size:15px;line-height:1.6}}a{{color:{BRAND}}}</style>\
         </head><body><main><p class=\"brand\">{PRODUCT}</p><div class=\"content\"><h1>{heading}</h1>{body}</div></main></body></html>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter<'a>(paragraphs: &'a [String], button: Option<Button<'a>>) -> Letter<'a> {
        Letter {
            heading: Some("Hi <there>"),
            paragraphs,
            button,
            footer: Footer::Tagline,
        }
    }

    #[test]
    fn text_is_paragraphs_link_and_signature() {
        let paragraphs = vec!["One".to_owned(), "Two\nlines".to_owned()];
        let button = Button {
            label: "Go",
            href: "https://v.example/x",
            spelled_out: true,
        };
        assert_eq!(
            letter(&paragraphs, Some(button)).text(),
            "One\n\nTwo\nlines\n\nhttps://v.example/x\n\n-- \nVitalog, your personal health monitor.\n"
        );
        let unsubscribe = Letter {
            footer: Footer::Unsubscribe {
                why: "Because.",
                link: "https://v.example/u",
            },
            ..letter(&paragraphs, None)
        };
        assert_eq!(
            unsubscribe.text(),
            "One\n\nTwo\nlines\n\n-- \nBecause.\nUnsubscribe with one click: https://v.example/u\n"
        );
    }

    /// Issue 36: on a 375 px phone the letter was a 560 px table, read by scrolling sideways.
    #[test]
    fn the_letter_is_fluid_on_a_phone() {
        let html = letter(&["Hello".to_owned()], None).html();
        let fixed: Vec<&str> = html
            .split("width=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter(|w| !w.ends_with('%'))
            .collect();
        assert!(fixed.is_empty(), "fixed widths: {fixed:?}");
        assert!(
            html.contains("max-width:560px"),
            "still at most 560 px on a desktop"
        );
    }

    #[test]
    fn html_escapes_every_piece_and_keeps_line_breaks() {
        let paragraphs = vec!["a <b> & \"c\"\nd".to_owned()];
        let button = Button {
            label: "<Go>",
            href: "https://v.example/?a=1&b=\"2\"",
            spelled_out: true,
        };
        let html = letter(&paragraphs, Some(button)).html();
        assert!(html.contains("Hi &lt;there&gt;"));
        assert!(html.contains("a &lt;b&gt; &amp; &quot;c&quot;<br>d"));
        assert!(html.contains("href=\"https://v.example/?a=1&amp;b=&quot;2&quot;\""));
        assert!(html.contains("&lt;Go&gt;"));
        assert!(html.contains("If the button does not work"));
        assert!(html.contains(TAGLINE));
        assert!(!html.contains("<b>") && !html.contains("<Go>"));
    }

    #[test]
    fn page_escapes_text_and_links() {
        let html = page(
            "You're out",
            &[&[
                Inline::Link {
                    label: "Open <it>",
                    href: "https://v.example/p#x",
                },
                Inline::Text(" & then"),
            ]],
        );
        assert!(html.contains("<title>You&#x27;re out · Vitalog</title>"));
        assert!(html.contains("<h1>You&#x27;re out</h1>"));
        assert!(
            html.contains(
                "<p><a href=\"https://v.example/p#x\">Open &lt;it&gt;</a> &amp; then</p>"
            )
        );
    }
}
