//! The email that carries a link to the clinician.

use chrono::NaiveDate;
use kernel::UserId;
use kernel::html::{Button, Footer, Letter};
use kernel::outbox::OutgoingEmail;

use crate::model::Period;

/// What the email says.
#[derive(Debug, Clone, Copy)]
pub struct LinkLetter<'a> {
    pub shown_name: &'a str,
    pub period: Period,
    pub link: &'a str,
    pub lifetime_days: i64,
    /// The owner's date the link stops working.
    pub until: NaiveDate,
    pub has_code: bool,
}

fn days(n: i64) -> String {
    if n == 1 {
        "1 day".to_owned()
    } else {
        format!("{n} days")
    }
}

/// The email to `to`, in the owner's name (it is the owner's pending mail: deleting the
/// account deletes it).
pub fn link_email(user: UserId, to: &kernel::Email, l: &LinkLetter<'_>) -> OutgoingEmail {
    let subject = format!("{} shared their health record with you", l.shown_name);
    let mut paragraphs = vec![
        format!(
            "{} has shared a read-only view of their home health record with you on {}: \
             their blood pressure readings and the measures they chose, for this period: {}.",
            l.shown_name,
            kernel::html::PRODUCT,
            lowercase_first(&l.period.describe())
        ),
        format!(
            "The link works for {}, until {}. {} can withdraw it at any time.",
            days(l.lifetime_days),
            kernel::display::date(l.until),
            l.shown_name
        ),
    ];
    if l.has_code {
        paragraphs.push(format!(
            "It is protected by an access code, which {} will give you separately.",
            l.shown_name
        ));
    }
    paragraphs.push(
        "The readings were taken at home and entered by the patient; they are information, \
         not a diagnosis."
            .to_owned(),
    );
    let letter = Letter {
        heading: Some("A health record shared with you"),
        paragraphs: &paragraphs,
        button: Some(Button {
            label: "Open the record",
            href: l.link,
            spelled_out: true,
        }),
        footer: Footer::Tagline,
    };
    OutgoingEmail::new(Some(user), to, &subject, letter.text(), letter.html())
}

/// "The last 30 days" → "the last 30 days", for the middle of a sentence.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_who_what_until_when_and_the_code() {
        let to = kernel::Email::parse("dr.patel@clinic.example").expect("email");
        let d = NaiveDate::from_ymd_opt(2026, 12, 2).expect("date");
        let link = "https://vitalog.example/s/abc";
        let e = link_email(
            UserId(7),
            &to,
            &LinkLetter {
                shown_name: "Ann <Smith>",
                period: Period::Rolling { days: 30 },
                link,
                lifetime_days: 7,
                until: d,
                has_code: true,
            },
        );
        assert_eq!(e.to, "dr.patel@clinic.example");
        assert_eq!(e.user_id, Some(UserId(7)));
        assert_eq!(e.subject, "Ann <Smith> shared their health record with you");
        assert!(
            e.text
                .contains("the last 30 days, as of the day it is opened"),
            "{}",
            e.text
        );
        assert!(
            e.text.contains("works for 7 days, until 12/02/2026"),
            "{}",
            e.text
        );
        assert!(e.text.contains("access code"), "{}", e.text);
        assert!(e.text.contains(link), "{}", e.text);
        assert!(e.html.contains("Ann &lt;Smith&gt;"), "escaped: {}", e.html);
        assert!(!e.html.contains("<Smith>"));
    }
}
