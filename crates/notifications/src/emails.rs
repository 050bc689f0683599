//! The scheduled emails' texts, in the one email frame (`kernel::html`) with the
//! unsubscribe footer and headers.

use chrono::NaiveDate;
use kernel::html::{Button, Footer, Letter};
use kernel::outbox::{Attachment, OutgoingEmail};
use kernel::{Email, UserId};

/// A scheduled email: paragraphs, one button, and why it comes with how to stop it.
fn compose(
    user: UserId,
    to: &Email,
    subject: &str,
    paragraphs: &[String],
    (label, link): (&str, &str),
    unsubscribe: &str,
    why: &str,
) -> OutgoingEmail {
    let letter = Letter {
        heading: None,
        paragraphs,
        button: Some(Button {
            label,
            href: link,
            spelled_out: false,
        }),
        footer: Footer::Unsubscribe {
            why,
            link: unsubscribe,
        },
    };
    let email = OutgoingEmail::new(Some(user), to, subject, letter.text(), letter.html());
    with_unsubscribe_headers(email, unsubscribe)
}

fn with_unsubscribe_headers(mut email: OutgoingEmail, unsubscribe: &str) -> OutgoingEmail {
    // RFC 8058: mail clients may show an unsubscribe button that POSTs to the URL.
    email
        .headers
        .push(("List-Unsubscribe".into(), format!("<{unsubscribe}>")));
    email.headers.push((
        "List-Unsubscribe-Post".into(),
        "List-Unsubscribe=One-Click".into(),
    ));
    email
}

pub fn reminder(
    user: UserId,
    username: &str,
    to: &Email,
    record_link: &str,
    unsubscribe: &str,
) -> OutgoingEmail {
    let paragraphs = vec![
        format!("Hello {username},"),
        "You haven't recorded your vitals today. A reading takes a minute, and regular readings make your trends and reports more useful to you and your doctor.".to_owned(),
    ];
    let why = "You receive this because email reminders are on in your Vitalog preferences.";
    compose(
        user,
        to,
        "Reminder: record today's vitals in Vitalog",
        &paragraphs,
        ("Record vitals", record_link),
        unsubscribe,
        why,
    )
}

#[allow(clippy::too_many_arguments)]
pub fn weekly(
    user: UserId,
    username: &str,
    to: &Email,
    start: NaiveDate,
    end: NaiveDate,
    summary: &[String],
    pdf: Option<Attachment>,
    dashboard_link: &str,
    unsubscribe: &str,
) -> OutgoingEmail {
    let period = kernel::display::period(start, end);
    let mut paragraphs = vec![
        format!("Hello {username},"),
        format!("Here is your Vitalog summary for {period}."),
    ];
    paragraphs.extend(summary.iter().cloned());
    if pdf.is_some() {
        paragraphs.push(
            "The full report, with charts and every reading, is attached as a PDF.".to_owned(),
        );
    }
    paragraphs.push(
        "Blood pressure categories follow the 2017 ACC/AHA guideline; they are information, not a diagnosis."
            .to_owned(),
    );
    let why = "You receive this because weekly reports are on in your Vitalog preferences.";
    let mut email = compose(
        user,
        to,
        &format!("Your Vitalog weekly report, {period}"),
        &paragraphs,
        ("Open your dashboard", dashboard_link),
        unsubscribe,
        why,
    );
    email.attachment = pdf;
    email
}
