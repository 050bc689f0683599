//! The account emails, as plain text and HTML. Links are built from the configured public
//! URL, never from a request's Host header.

use kernel::outbox::OutgoingEmail;
use kernel::{Email, UserId};

pub const PRODUCT: &str = "Vitalog";

use kernel::text::escape_html;

/// Wraps paragraphs and an optional button in the product's calm email layout.
pub fn html_layout(heading: &str, paragraphs: &[String], button: Option<(&str, &str)>) -> String {
    let mut body = String::new();
    for p in paragraphs {
        body.push_str(&format!(
            "<p style=\"margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2a37\">{}</p>",
            escape_html(p)
        ));
    }
    if let Some((label, href)) = button {
        body.push_str(&format!(
            "<p style=\"margin:24px 0\"><a href=\"{href}\" style=\"background:#0f6e74;color:#ffffff;\
             text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600;display:inline-block\">{label}</a></p>\
             <p style=\"margin:0 0 16px;font-size:13px;color:#52606d\">If the button does not work, copy this link into your browser:<br>\
             <a href=\"{href}\" style=\"color:#0f6e74;word-break:break-all\">{href}</a></p>",
            href = escape_html(href),
            label = escape_html(label)
        ));
    }
    format!(
        "<!doctype html><html><body style=\"margin:0;background:#f4f7f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif\">\
         <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\"><tr><td align=\"center\" style=\"padding:32px 16px\">\
         <table role=\"presentation\" width=\"560\" cellpadding=\"0\" cellspacing=\"0\" style=\"max-width:560px;background:#ffffff;border-radius:10px;border:1px solid #dde3e8\">\
         <tr><td style=\"padding:24px 32px;border-bottom:1px solid #dde3e8;font-size:18px;font-weight:700;color:#0f6e74\">{PRODUCT}</td></tr>\
         <tr><td style=\"padding:28px 32px\"><h1 style=\"margin:0 0 16px;font-size:20px;color:#1f2a37\">{heading}</h1>{body}</td></tr>\
         <tr><td style=\"padding:16px 32px;border-top:1px solid #dde3e8;font-size:12px;color:#7b8794\">{PRODUCT}, your personal health monitor.</td></tr>\
         </table></td></tr></table></body></html>",
        heading = escape_html(heading)
    )
}

fn text_layout(paragraphs: &[String], link: Option<&str>) -> String {
    let mut out = String::new();
    for p in paragraphs {
        out.push_str(p);
        out.push_str("\n\n");
    }
    if let Some(link) = link {
        out.push_str(link);
        out.push_str("\n\n");
    }
    out.push_str(&format!("-- \n{PRODUCT}, your personal health monitor.\n"));
    out
}

fn greeting(username: &str) -> String {
    format!("Hello {username},")
}

pub fn verification(user_id: UserId, username: &str, to: &Email, link: &str) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("Welcome to {PRODUCT}. Please confirm your email address to finish creating your account."),
        "This link is valid for 24 hours. If you did not create this account, you can ignore this email.".to_owned(),
    ];
    OutgoingEmail::new(
        Some(user_id),
        to,
        &format!("Verify your email address for {PRODUCT}"),
        text_layout(&paragraphs, Some(link)),
        html_layout(
            "Confirm your email address",
            &paragraphs,
            Some(("Verify email address", link)),
        ),
    )
}

/// Sent to the owner of an address someone tried to register again. Keyed to no user: the
/// attempt is not theirs, and the answer to it must not differ from a new registration.
pub fn registration_attempt(to: &Email, login_link: &str, reset_link: &str) -> OutgoingEmail {
    let paragraphs = vec![
        "Hello,".to_owned(),
        format!(
            "Someone tried to create a {PRODUCT} account with this email address, which already has one. No new account was created."
        ),
        format!(
            "If it was you, log in at {login_link} instead; if you forgot your password, reset it with the link below. If it was not you, ignore this email: your account is unchanged."
        ),
    ];
    OutgoingEmail::new(
        None,
        to,
        &format!("Someone tried to register with your address at {PRODUCT}"),
        text_layout(&paragraphs, Some(reset_link)),
        html_layout(
            "You already have an account",
            &paragraphs,
            Some(("Reset password", reset_link)),
        ),
    )
}

pub fn email_change(user_id: UserId, username: &str, to: &Email, link: &str) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("You asked to use this address for your {PRODUCT} account. Confirm it to make the change."),
        "This link is valid for 24 hours. Until you confirm, your account keeps its current address. If you did not ask for this, ignore this email.".to_owned(),
    ];
    OutgoingEmail::new(
        Some(user_id),
        to,
        &format!("Confirm your new email address for {PRODUCT}"),
        text_layout(&paragraphs, Some(link)),
        html_layout(
            "Confirm your new email address",
            &paragraphs,
            Some(("Confirm new address", link)),
        ),
    )
}

/// Tells the old address that the account moved to `new`, with a link that moves it back.
pub fn email_changed(
    user_id: UserId,
    username: &str,
    old: &Email,
    new: &Email,
    undo_link: &str,
) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("The email address of your {PRODUCT} account was changed to {new}. Emails about your account now go there."),
        "If this was you, there is nothing more to do. If it was not, undo the change with the link below: it puts this address back and signs out every device. Then reset your password.".to_owned(),
        "This link is valid for 7 days and can be used once.".to_owned(),
    ];
    OutgoingEmail::new(
        Some(user_id),
        old,
        &format!("Your {PRODUCT} email address was changed"),
        text_layout(&paragraphs, Some(undo_link)),
        html_layout(
            "Your email address was changed",
            &paragraphs,
            Some(("Undo this change", undo_link)),
        ),
    )
}

pub fn password_reset(user_id: UserId, username: &str, to: &Email, link: &str) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("Someone asked to reset the password of your {PRODUCT} account. If it was you, choose a new password with the link below."),
        "This link is valid for 1 hour and can be used once. If you did not ask for a reset, ignore this email: your password stays as it is.".to_owned(),
    ];
    OutgoingEmail::new(
        Some(user_id),
        to,
        &format!("Reset your {PRODUCT} password"),
        text_layout(&paragraphs, Some(link)),
        html_layout(
            "Reset your password",
            &paragraphs,
            Some(("Choose a new password", link)),
        ),
    )
}

pub fn password_changed(
    user_id: UserId,
    username: &str,
    to: &Email,
    reset_link: &str,
) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("The password of your {PRODUCT} account was just changed, and every other signed-in device was signed out."),
        "If this was you, there is nothing more to do. If it was not, reset your password now with the link below.".to_owned(),
    ];
    OutgoingEmail::new(
        Some(user_id),
        to,
        &format!("Your {PRODUCT} password was changed"),
        text_layout(&paragraphs, Some(reset_link)),
        html_layout(
            "Your password was changed",
            &paragraphs,
            Some(("Reset password", reset_link)),
        ),
    )
}

/// Sent after an account is deleted; addressed, but keyed to no user (the user is gone).
pub fn account_deleted(username: &str, to: &Email, register_link: &str) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("Your {PRODUCT} account was deleted, as you asked. Your readings, reports, preferences and sessions are gone, and your password no longer works."),
        "Records of payments are kept only as bookkeeping law requires, with no health data and no link to an account.".to_owned(),
        "If you did not ask for this, reply to this email. You are welcome back at any time.".to_owned(),
    ];
    OutgoingEmail::new(
        None,
        to,
        &format!("Your {PRODUCT} account was deleted"),
        text_layout(&paragraphs, Some(register_link)),
        html_layout(
            "Your account was deleted",
            &paragraphs,
            Some(("Visit Vitalog", register_link)),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verification_email_carries_link_product_and_both_parts() {
        let to = Email::parse("ann@example.com").expect("email");
        let m = verification(
            UserId(7),
            "ann<b>",
            &to,
            "https://v.example/verify-email/abc",
        );
        assert_eq!(m.to, "ann@example.com");
        assert_eq!(m.user_id, Some(UserId(7)));
        assert!(m.subject.contains("Vitalog"));
        assert!(m.text.contains("https://v.example/verify-email/abc"));
        assert!(m.text.contains("Vitalog"));
        assert!(
            m.html
                .contains("href=\"https://v.example/verify-email/abc\"")
        );
        assert!(m.html.contains("ann&lt;b&gt;"), "user text is escaped");
        assert!(!m.html.contains("ann<b>"));
    }
}
