//! The scheduled emails' texts, in the one email frame (`kernel::html`) with the
//! unsubscribe footer and headers.

use chrono::{NaiveDate, NaiveTime};
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
        "Blood pressure categories follow the guideline chosen in your preferences; they are information, not a diagnosis."
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

/// "Time for your 8:00 AM dose": what is due at that time, nothing more (no advice).
#[allow(clippy::too_many_arguments)]
pub fn dose_reminder(
    user: UserId,
    username: &str,
    to: &Email,
    date: NaiveDate,
    time: NaiveTime,
    doses: &[String],
    dashboard_link: &str,
    unsubscribe: &str,
) -> OutgoingEmail {
    let at = kernel::display::time(time);
    let day = kernel::display::date(date);
    let list = doses
        .iter()
        .map(|d| format!("• {d}"))
        .collect::<Vec<_>>()
        .join("\n");
    let paragraphs = vec![
        format!("Hello {username},"),
        format!("It is time for your {at} dose ({day}):"),
        list,
        "Once you have taken it, you can mark it taken on your dashboard.".to_owned(),
    ];
    let why = "You receive this because reminders are on for these medications in Vitalog.";
    compose(
        user,
        to,
        &format!("Time for your {at} dose"),
        &paragraphs,
        ("Open your dashboard", dashboard_link),
        unsubscribe,
        why,
    )
}
