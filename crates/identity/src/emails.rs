//! The account emails, in the one email frame (`kernel::html`). Links are built from the
//! configured public URL, never from a request's Host header.

use kernel::html::{Button, Footer, Letter, PRODUCT};
use kernel::outbox::OutgoingEmail;
use kernel::{Email, UserId};

/// An account email: a heading, paragraphs and one button whose link is also spelled out.
fn compose(
    user_id: Option<UserId>,
    to: &Email,
    subject: &str,
    heading: &str,
    paragraphs: &[String],
    (label, link): (&str, &str),
) -> OutgoingEmail {
    let letter = Letter {
        heading: Some(heading),
        paragraphs,
        button: Some(Button {
            label,
            href: link,
            spelled_out: true,
        }),
        footer: Footer::Tagline,
    };
    OutgoingEmail::new(user_id, to, subject, letter.text(), letter.html())
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
    compose(
        Some(user_id),
        to,
        &format!("Verify your email address for {PRODUCT}"),
        "Confirm your email address",
        &paragraphs,
        ("Verify email address", link),
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
    compose(
        None,
        to,
        &format!("Someone tried to register with your address at {PRODUCT}"),
        "You already have an account",
        &paragraphs,
        ("Reset password", reset_link),
    )
}

pub fn email_change(user_id: UserId, username: &str, to: &Email, link: &str) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("You asked to use this address for your {PRODUCT} account. Confirm it to make the change."),
        "This link is valid for 24 hours. Until you confirm, your account keeps its current address. If you did not ask for this, ignore this email.".to_owned(),
    ];
    compose(
        Some(user_id),
        to,
        &format!("Confirm your new email address for {PRODUCT}"),
        "Confirm your new email address",
        &paragraphs,
        ("Confirm new address", link),
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
    compose(
        Some(user_id),
        old,
        &format!("Your {PRODUCT} email address was changed"),
        "Your email address was changed",
        &paragraphs,
        ("Undo this change", undo_link),
    )
}

pub fn password_reset(user_id: UserId, username: &str, to: &Email, link: &str) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("Someone asked to reset the password of your {PRODUCT} account. If it was you, choose a new password with the link below."),
        "This link is valid for 1 hour and can be used once. If you did not ask for a reset, ignore this email: your password stays as it is.".to_owned(),
    ];
    compose(
        Some(user_id),
        to,
        &format!("Reset your {PRODUCT} password"),
        "Reset your password",
        &paragraphs,
        ("Choose a new password", link),
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
    compose(
        Some(user_id),
        to,
        &format!("Your {PRODUCT} password was changed"),
        "Your password was changed",
        &paragraphs,
        ("Reset password", reset_link),
    )
}

/// Sent to the restored address when undoing an email change voided a password set since
/// the change.
pub fn password_voided(
    user_id: UserId,
    username: &str,
    to: &Email,
    reset_link: &str,
) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("The email address of your {PRODUCT} account is {to} again, and every device was signed out."),
        "The password was changed after your email address was, perhaps by whoever changed the address, so it no longer works. Reset your password with the link below: the reset link is sent to this address.".to_owned(),
    ];
    compose(
        Some(user_id),
        to,
        &format!("Your {PRODUCT} password no longer works"),
        "Your password must be reset",
        &paragraphs,
        ("Reset password", reset_link),
    )
}

/// Where and when a sign-in from a device never seen for the account happened (issue 38).
pub struct SignIn<'a> {
    /// "Chrome on Android".
    pub device: &'a str,
    /// "203.0.113.0/24", when known.
    pub network: Option<&'a str>,
    /// "12/02/2026 9:41 AM (Europe/Paris)".
    pub when: &'a str,
}

/// Sent when the account signs in from a browser it does not recognise (no device cookie
/// naming it: never signed in to it, or not since its password changed).
pub fn new_sign_in(
    user_id: UserId,
    username: &str,
    to: &Email,
    sign_in: &SignIn<'_>,
    sessions_link: &str,
) -> OutgoingEmail {
    let place = match sign_in.network {
        Some(network) => format!("{}, from network {network}", sign_in.device),
        None => sign_in.device.to_owned(),
    };
    let paragraphs = vec![
        greeting(username),
        format!("Someone just signed in to your {PRODUCT} account from a browser it does not recognise: {place}, on {}.", sign_in.when),
        "If this was you, there is nothing to do. If not, sign that session out in the list of where you're signed in, then change your password.".to_owned(),
    ];
    compose(
        Some(user_id),
        to,
        &format!("New sign-in to {PRODUCT}"),
        "New sign-in to your account",
        &paragraphs,
        ("See where you're signed in", sessions_link),
    )
}

/// What happened to an account's two-step verification (issue 38).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TwoStepChange {
    TurnedOn,
    TurnedOff,
    NewRecoveryCodes,
    /// The server's administrator reset it (`vitalog reset-two-step`).
    ResetByAdministrator,
}

/// Tells the person their two-step verification changed, with a link to Security.
pub fn two_step_changed(
    user_id: UserId,
    username: &str,
    to: &Email,
    change: TwoStepChange,
    security_link: &str,
) -> OutgoingEmail {
    let (subject, heading, what) = match change {
        TwoStepChange::TurnedOn => (
            format!("Two-step verification is on for your {PRODUCT} account"),
            "Two-step verification is on",
            "Two-step verification was turned on: signing in with your password now also asks for a code from your authenticator app. Keep your recovery codes somewhere safe.",
        ),
        TwoStepChange::TurnedOff => (
            format!("Two-step verification is off for your {PRODUCT} account"),
            "Two-step verification is off",
            "Two-step verification was turned off: your password alone signs in again.",
        ),
        TwoStepChange::NewRecoveryCodes => (
            format!("New recovery codes for your {PRODUCT} account"),
            "New recovery codes",
            "New recovery codes were made for your account. The old ones no longer work.",
        ),
        TwoStepChange::ResetByAdministrator => (
            format!("Two-step verification was reset for your {PRODUCT} account"),
            "Two-step verification was reset",
            "The administrator of this server turned your two-step verification off: your password alone signs in again. Turn it back on with a new QR code from Security in your profile.",
        ),
    };
    let paragraphs = vec![
        greeting(username),
        what.to_owned(),
        "If this was you, there is nothing more to do. If it was not, change your password now and check where you're signed in.".to_owned(),
    ];
    compose(
        Some(user_id),
        to,
        &subject,
        heading,
        &paragraphs,
        ("Open Security", security_link),
    )
}

/// Sent when a passkey is added to the account (issue 38): whoever holds it can sign in.
pub fn passkey_added(
    user_id: UserId,
    username: &str,
    to: &Email,
    name: &str,
    security_link: &str,
) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("A passkey named \u{201c}{name}\u{201d} was just added to your {PRODUCT} account. It signs in to your account without your password."),
        "If this was you, there is nothing to do. If not, remove it in your security settings and change your password.".to_owned(),
    ];
    compose(
        Some(user_id),
        to,
        &format!("A passkey was added to your {PRODUCT} account"),
        "A passkey was added",
        &paragraphs,
        ("Review your passkeys", security_link),
    )
}

/// Sent when a passkey is removed from the account (issue 38).
pub fn passkey_removed(
    user_id: UserId,
    username: &str,
    to: &Email,
    name: &str,
    security_link: &str,
) -> OutgoingEmail {
    let paragraphs = vec![
        greeting(username),
        format!("The passkey named \u{201c}{name}\u{201d} was removed from your {PRODUCT} account: it no longer signs in."),
        "If this was you, there is nothing to do. If not, change your password now: removing a passkey needs it.".to_owned(),
    ];
    compose(
        Some(user_id),
        to,
        &format!("A passkey was removed from your {PRODUCT} account"),
        "A passkey was removed",
        &paragraphs,
        ("Review your passkeys", security_link),
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
    compose(
        None,
        to,
        &format!("Your {PRODUCT} account was deleted"),
        "Your account was deleted",
        &paragraphs,
        ("Visit Vitalog", register_link),
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

    #[test]
    fn two_step_emails_say_what_changed_and_link_to_security() {
        let to = Email::parse("ann@example.com").expect("email");
        let link = "https://v.example/profile#profile-security";
        let on = two_step_changed(UserId(7), "ann", &to, TwoStepChange::TurnedOn, link);
        assert_eq!(
            on.subject,
            "Two-step verification is on for your Vitalog account"
        );
        assert!(on.text.contains("Keep your recovery codes"), "{}", on.text);
        assert!(on.html.contains(&format!("href=\"{link}\"")));
        let off = two_step_changed(UserId(7), "ann", &to, TwoStepChange::TurnedOff, link);
        assert!(off.text.contains("your password alone signs in again"));
        let admin = two_step_changed(
            UserId(7),
            "ann",
            &to,
            TwoStepChange::ResetByAdministrator,
            link,
        );
        assert!(admin.text.contains("administrator of this server"));
    }

    #[test]
    fn a_new_sign_in_says_which_browser_where_and_when_and_where_to_act() {
        let to = Email::parse("ann@example.com").expect("email");
        let sign_in = SignIn {
            device: "Chrome on Android",
            network: Some("203.0.113.0/24"),
            when: "12/02/2026 9:41 AM (Europe/Paris)",
        };
        let m = new_sign_in(
            UserId(7),
            "ann",
            &to,
            &sign_in,
            "https://v.example/profile#profile-security",
        );
        assert_eq!(m.subject, "New sign-in to Vitalog");
        assert!(m.text.contains("a browser it does not recognise: Chrome on Android, from network 203.0.113.0/24, on 12/02/2026 9:41 AM (Europe/Paris)."), "{}", m.text);
        assert!(
            m.text
                .contains("https://v.example/profile#profile-security")
        );
        assert!(
            m.html
                .contains("href=\"https://v.example/profile#profile-security\"")
        );
        let without = SignIn {
            network: None,
            ..sign_in
        };
        let m = new_sign_in(UserId(7), "ann", &to, &without, "https://v.example/p");
        assert!(
            m.text.contains("does not recognise: Chrome on Android, on"),
            "{}",
            m.text
        );
    }
}
