//! The scheduled emails' texts: plain text and a small HTML part, with the unsubscribe link.

use chrono::NaiveDate;
use kernel::outbox::{Attachment, OutgoingEmail};
use kernel::{Email, UserId};

fn html(paragraphs: &[String], button: (&str, &str), unsubscribe: &str, why: &str) -> String {
    let body: String = paragraphs
        .iter()
        .map(|p| {
            format!(
                "<p style=\"margin:0 0 14px\">{}</p>",
                kernel::text::escape_html(p).replace('\n', "<br>")
            )
        })
        .collect();
    format!(
        "<!doctype html><html><body style=\"margin:0;background:#f4f7f8;font-family:Arial,Helvetica,sans-serif;color:#1f2a30\">\
<div style=\"max-width:560px;margin:24px auto;background:#fff;border:1px solid #dde5e8;border-radius:8px;padding:28px\">\
<p style=\"margin:0 0 18px;font-weight:bold;color:#0f766e;font-size:18px\">Vitalog</p>{body}\
<p style=\"margin:22px 0\"><a href=\"{href}\" style=\"background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none\">{label}</a></p>\
<p style=\"margin:24px 0 0;font-size:12px;color:#5b6b73\">{why} <a href=\"{unsub}\" style=\"color:#5b6b73\">Unsubscribe</a> with one click, no login needed.</p>\
</div></body></html>",
        href = kernel::text::escape_html(button.1),
        label = kernel::text::escape_html(button.0),
        why = kernel::text::escape_html(why),
        unsub = kernel::text::escape_html(unsubscribe),
    )
}

fn text(paragraphs: &[String], link: &str, unsubscribe: &str, why: &str) -> String {
    format!(
        "{}\n\n{link}\n\n-- \n{why}\nUnsubscribe with one click: {unsubscribe}\n",
        paragraphs.join("\n\n")
    )
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
    let email = OutgoingEmail::new(
        Some(user),
        to,
        "Reminder: record today's vitals in Vitalog",
        text(&paragraphs, record_link, unsubscribe, why),
        html(
            &paragraphs,
            ("Record vitals", record_link),
            unsubscribe,
            why,
        ),
    );
    with_unsubscribe_headers(email, unsubscribe)
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
    let mut email = OutgoingEmail::new(
        Some(user),
        to,
        &format!("Your Vitalog weekly report, {period}"),
        text(&paragraphs, dashboard_link, unsubscribe, why),
        html(
            &paragraphs,
            ("Open your dashboard", dashboard_link),
            unsubscribe,
            why,
        ),
    );
    email.attachment = pdf;
    with_unsubscribe_headers(email, unsubscribe)
}
