//! Two-step verification (issue 38): a time-based one-time code (RFC 6238 with the
//! authenticator apps' profile: HMAC-SHA-1, 6 digits, 30-second steps) asked after the
//! password, and single-use recovery codes for a lost phone.
//!
//! The arithmetic is `totp-rs`'s, always at an explicit time from the injected clock, so
//! tests compute codes at the times they choose.

use kernel::secret;
use totp_rs::{Algorithm, Builder, Totp};

mod service;
#[cfg(test)]
mod tests;

pub use service::{AdminReset, Setup, TwoStepService, TwoStepStatus, Used};

/// Seconds a code lasts.
pub const STEP_SECS: u64 = 30;
/// Digits of a code.
pub const DIGITS: u8 = 6;
/// Steps either side of now that are accepted, for a phone's clock a little off.
pub const SKEW_STEPS: u16 = 1;
/// Bytes of a secret: the 160 bits RFC 4226 recommends.
pub const SECRET_BYTES: usize = 20;
/// Recovery codes given at once.
pub const RECOVERY_CODES: usize = 10;
/// How long a setup waits for its first code before it must be started again.
pub const SETUP_MINUTES: i64 = 15;
/// The name authenticator apps show above the code.
pub const ISSUER: &str = "Vitalog";

pub const MSG_CODE_REQUIRED: &str = "Enter the 6-digit code from your authenticator app.";
pub const MSG_CODE_WRONG: &str =
    "That code did not work. Check the time on your phone and try the newest code.";
pub const MSG_SETUP_EXPIRED: &str =
    "This setup has expired or was replaced. Start again to get a new QR code.";
pub const MSG_ALREADY_ON: &str = "Two-step verification is already on.";
pub const MSG_NOT_ON: &str = "Two-step verification is not on.";

/// A fresh random secret.
pub fn new_secret() -> anyhow::Result<Vec<u8>> {
    let mut buf = vec![0u8; SECRET_BYTES];
    getrandom::fill(&mut buf).map_err(|_| secret::RandomUnavailable)?;
    Ok(buf)
}

/// The generator for `secret`, named `account` (the username) in the person's app.
/// Unchecked so any username works: the app only shows the label; the secret's length
/// is ours to keep (see [`new_secret`]).
fn totp(secret: &[u8], account: &str) -> Totp {
    generator(secret, account, DIGITS)
}

fn generator(secret: &[u8], account: &str, digits: u8) -> Totp {
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(digits)
        .with_skew(SKEW_STEPS)
        .with_step_duration(STEP_SECS)
        .with_secret(secret.to_vec())
        .with_issuer(Some(ISSUER))
        // A colon separates issuer and account in the URI's label.
        .with_account_name(account.replace(':', " "))
        .build_noncompliant()
}

/// The secret as people type it into an app: base32 without padding.
pub fn secret_text(secret: &[u8]) -> String {
    totp(secret, "").secret().to_base32()
}

/// The `otpauth://totp/...` URI a QR code carries.
pub fn otpauth_uri(secret: &[u8], account: &str) -> anyhow::Result<String> {
    totp(secret, account)
        .to_url()
        .map_err(|e| anyhow::anyhow!("otpauth URI: {e:?}"))
}

/// The code for the step holding Unix second `at` (tests and the e2e's twin).
pub fn code_at(secret: &[u8], at: u64) -> String {
    totp(secret, "").generate(at).to_string()
}

/// The step a typed code belongs to when it is right at Unix second `now` (±[`SKEW_STEPS`]);
/// `None` for a wrong or malformed code. Spaces people type between groups are ignored.
pub fn matching_step(secret: &[u8], code: &str, now: u64) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != usize::from(DIGITS) || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    totp(secret, "")
        .check(&code, now)
        .and_then(|step| i64::try_from(step).ok())
}

/// Recovery codes are 12 characters of Crockford's base32 (60 bits), shown in groups of
/// four; it has no i, l, o or u, and reading takes o for 0 and i or l for 1.
const RECOVERY_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_LEN: usize = 12;

/// Ten fresh recovery codes as shown ("abcd-efgh-jkmn").
pub fn new_recovery_codes() -> anyhow::Result<Vec<String>> {
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut raw = [0u8; RECOVERY_LEN];
            getrandom::fill(&mut raw).map_err(|_| secret::RandomUnavailable)?;
            let chars: Vec<char> = raw
                .iter()
                .map(|b| char::from(RECOVERY_ALPHABET[usize::from(b % 32)]))
                .collect();
            Ok(chars
                .chunks(4)
                .map(|c| c.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("-"))
        })
        .collect()
}

/// A typed recovery code in the one form that is hashed: lower case, without dashes or
/// spaces; `None` when it cannot be one.
pub fn normalise_recovery_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_lowercase() {
            'o' => '0',
            'i' | 'l' => '1',
            c => c,
        })
        .collect();
    (code.len() == RECOVERY_LEN && code.bytes().all(|b| RECOVERY_ALPHABET.contains(&b)))
        .then_some(code)
}

/// What is stored of a recovery code.
pub fn recovery_hash(code: &str) -> Option<String> {
    normalise_recovery_code(code).map(|c| secret::hash(&c))
}
