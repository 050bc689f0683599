//! Passkeys (issue 38): WebAuthn credentials a person adds to their account and signs in
//! with, no username or password typed.
//!
//! The WebAuthn protocol itself (challenges, CBOR, signatures, counters) is the
//! [`ports::RelyingParty`]'s, an adapter over a well-kept library; this module owns the
//! rules around it: a ceremony answers once, within [`CEREMONY_TTL_SECS`], from the browser
//! session that began it; a passkey names its account by a user handle that must match;
//! a passkey sign-in is refused for an unverified email like a password sign-in; adding and
//! removing one emails the person.

pub mod ports;
mod service;
#[cfg(test)]
mod tests;

use chrono::{DateTime, Utc};
use kernel::{FieldErrors, UserId};

pub use service::PasskeyService;

/// How long a started ceremony can be finished: the browser's own timeout is about as long.
pub const CEREMONY_TTL_SECS: i64 = 5 * 60;
/// Longest passkey name, in characters.
pub const NAME_MAX: usize = 64;

pub const MSG_UNAVAILABLE: &str = "Passkeys are unavailable on this server: browsers refuse them on an IP-address origin. The administrator can set VITALOG_PUBLIC_URL to a domain name (or http://localhost:PORT).";
pub const MSG_CEREMONY_INVALID: &str =
    "This passkey request has expired or was already used. Please try again.";
pub const MSG_NOT_VERIFIED_PASSKEY: &str = "The passkey could not be verified. Please try again.";
pub const MSG_UNKNOWN_PASSKEY: &str =
    "This passkey is not registered with Vitalog. Sign in with your password, then add it.";
pub const MSG_ALREADY_ADDED: &str = "This passkey is already added to an account.";
pub const MSG_NAME_REQUIRED: &str = "Please give the passkey a name.";
pub const MSG_NAME_TOO_LONG: &str = "A passkey name can be at most 64 characters.";
pub const MSG_NOT_FOUND: &str = "That passkey is not among yours.";

/// What a WebAuthn ceremony is for: its state is only ever taken for the same purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CeremonyPurpose {
    /// Adding a passkey to the signed-in account.
    Register,
    /// Signing in with any passkey (discoverable credentials).
    SignIn,
}

impl CeremonyPurpose {
    pub fn as_str(self) -> &'static str {
        match self {
            CeremonyPurpose::Register => "register",
            CeremonyPurpose::SignIn => "sign_in",
        }
    }
}

/// A ceremony's server-side state between its start and its finish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ceremony {
    pub purpose: CeremonyPurpose,
    /// The account adding a passkey; `None` for a sign-in.
    pub user_id: Option<UserId>,
    /// The relying party's state (the challenge and what it expects), opaque here.
    pub state: String,
    pub expires_at: DateTime<Utc>,
}

/// What a started ceremony gives the browser, and the secret its session keeps to finish it.
#[derive(Debug, Clone)]
pub struct Started {
    /// Kept in the browser's server-side session; only its hash is stored with the state.
    pub ceremony: String,
    /// `navigator.credentials` options as WebAuthn JSON (base64url binary).
    pub options: String,
}

/// A relying party's challenge: options for the browser, state for the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub options: String,
    pub state: String,
}

/// A credential the relying party verified at registration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registered {
    /// The user handle the challenge was made for (the account's, or a new one).
    pub user_handle: String,
    /// base64url of the credential id.
    pub credential_id: String,
    /// The credential as the relying party stores it (public key, counter, flags).
    pub credential: String,
}

/// Who an assertion claims to be, read before it is verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    pub user_handle: String,
    pub credential_id: String,
}

/// A passkey about to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPasskey {
    pub user_id: UserId,
    pub credential_id: String,
    pub user_handle: String,
    pub name: String,
    pub credential: String,
    pub created_at: DateTime<Utc>,
}

/// A stored passkey, as a sign-in reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPasskey {
    pub id: i64,
    pub user_id: UserId,
    pub user_handle: String,
    pub credential: String,
}

/// A passkey as its owner sees it in their list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasskeySummary {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// Everything a passkey use case can refuse. `web` maps each to one status code.
#[derive(Debug, thiserror::Error)]
pub enum PasskeyError {
    /// The public URL is an IP address: no browser runs WebAuthn there.
    #[error("{MSG_UNAVAILABLE}")]
    Unavailable,
    /// No ceremony of this session to finish: never started, already used, expired, or
    /// started by another session.
    #[error("{MSG_CEREMONY_INVALID}")]
    CeremonyInvalid,
    /// The authenticator's answer did not verify (signature, challenge, origin, user
    /// verification, a counter gone backwards...).
    #[error("{MSG_NOT_VERIFIED_PASSKEY}")]
    Refused,
    /// A sign-in with a credential no account has (removed, or another site's).
    #[error("{MSG_UNKNOWN_PASSKEY}")]
    Unknown,
    #[error("{MSG_NOT_FOUND}")]
    NotFound,
    #[error("{MSG_ALREADY_ADDED}")]
    AlreadyAdded,
    /// Bad input (a name, a password), refusals the account rules give (unverified email).
    #[error(transparent)]
    Account(#[from] crate::IdentityError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// A passkey's name, trimmed: 1 to [`NAME_MAX`] characters.
pub fn valid_name(raw: &str) -> Result<String, PasskeyError> {
    let name = raw.trim();
    let mut errors = FieldErrors::new();
    if name.is_empty() {
        errors.add("name", MSG_NAME_REQUIRED);
    } else if name.chars().count() > NAME_MAX {
        errors.add("name", MSG_NAME_TOO_LONG);
    }
    errors
        .into_result()
        .map_err(|e| PasskeyError::Account(crate::IdentityError::invalid(e)))?;
    Ok(name.to_owned())
}
