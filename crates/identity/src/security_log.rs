//! The person's security log (issue 38): what happened to the ways into their account and
//! to what they shared, newest first, kept a year. It holds nothing secret: never a
//! password, code, token or key, only what kind of event, a method or a name the person
//! chose, and the device and network as their list of sessions shows them.

use chrono::{DateTime, Utc};
use kernel::UserId;
use serde::{Deserialize, Serialize};

/// How long entries are kept: a year, long enough to look back at "was that me?".
pub const RETENTION_DAYS: i64 = 365;

/// Entries per page of the log.
pub const PAGE_SIZE: usize = 25;

/// What happened. The stored code ([`Self::code`]) is what the client words; `detail` adds
/// what is worth knowing and is not secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SecurityEventKind {
    /// Detail: the method ("password", "password+totp", "password+recovery-code", "passkey").
    SignedIn,
    /// A wrong password for this account.
    SignInFailed,
    /// A wrong two-step code or recovery code after a right password.
    SecondStepFailed,
    PasswordChanged,
    /// Through the emailed reset link.
    PasswordReset,
    EmailChanged,
    EmailChangeUndone,
    /// Detail: the passkey's name.
    PasskeyAdded,
    /// Detail: the passkey's name.
    PasskeyRemoved,
    TwoStepOn,
    TwoStepOff,
    RecoveryCodesRenewed,
    /// Detail: the administrator's command, when it was that.
    TwoStepReset,
    /// Another session signed out from the list. Detail: its device.
    SessionEnded,
    /// "Sign out everywhere else". Detail: how many.
    OtherSessionsEnded,
    /// Detail: the link's label.
    ShareCreated,
    /// Detail: the link's label.
    ShareRevoked,
    /// Detail: the link's label. At most one per link per hour ([`Self::quiet_for`]).
    ShareOpened,
    /// Detail: the format ("csv", "fhir", "json", "medications-csv").
    DataExported,
    /// Account deletion asked for with a wrong password (a done deletion takes the log
    /// with it).
    DeletionRefused,
}

impl SecurityEventKind {
    pub const ALL: [SecurityEventKind; 20] = [
        Self::SignedIn,
        Self::SignInFailed,
        Self::SecondStepFailed,
        Self::PasswordChanged,
        Self::PasswordReset,
        Self::EmailChanged,
        Self::EmailChangeUndone,
        Self::PasskeyAdded,
        Self::PasskeyRemoved,
        Self::TwoStepOn,
        Self::TwoStepOff,
        Self::RecoveryCodesRenewed,
        Self::TwoStepReset,
        Self::SessionEnded,
        Self::OtherSessionsEnded,
        Self::ShareCreated,
        Self::ShareRevoked,
        Self::ShareOpened,
        Self::DataExported,
        Self::DeletionRefused,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Self::SignedIn => "signed-in",
            Self::SignInFailed => "sign-in-failed",
            Self::SecondStepFailed => "second-step-failed",
            Self::PasswordChanged => "password-changed",
            Self::PasswordReset => "password-reset",
            Self::EmailChanged => "email-changed",
            Self::EmailChangeUndone => "email-change-undone",
            Self::PasskeyAdded => "passkey-added",
            Self::PasskeyRemoved => "passkey-removed",
            Self::TwoStepOn => "two-step-on",
            Self::TwoStepOff => "two-step-off",
            Self::RecoveryCodesRenewed => "recovery-codes-renewed",
            Self::TwoStepReset => "two-step-reset",
            Self::SessionEnded => "session-ended",
            Self::OtherSessionsEnded => "other-sessions-ended",
            Self::ShareCreated => "share-created",
            Self::ShareRevoked => "share-revoked",
            Self::ShareOpened => "share-opened",
            Self::DataExported => "data-exported",
            Self::DeletionRefused => "deletion-refused",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == code)
    }

    /// Events that repeat (a doctor opening a link again and again, someone trying
    /// passwords) are noted once in this window for the same detail, device and network, so
    /// they cannot push the rest of the log out of sight: a failure from a new device or
    /// network is still noted at once.
    pub fn quiet_for(self) -> Option<chrono::Duration> {
        match self {
            Self::ShareOpened => Some(chrono::Duration::hours(1)),
            Self::SignInFailed | Self::SecondStepFailed => Some(chrono::Duration::minutes(10)),
            _ => None,
        }
    }
}

/// An event about to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSecurityEvent {
    pub user_id: UserId,
    pub at: DateTime<Utc>,
    pub kind: SecurityEventKind,
    pub detail: Option<String>,
    /// The browser and system, as [`crate`]'s callers describe a User-Agent.
    pub device: Option<String>,
    /// The approximate network (a /24 or /48), never the full address.
    pub network: Option<String>,
}

/// A stored event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecurityEvent {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub kind: SecurityEventKind,
    pub detail: Option<String>,
    pub device: Option<String>,
    pub network: Option<String>,
}

/// Where the log is kept.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait SecurityLog: Send + Sync {
    /// Stores `event`, unless its kind is quiet ([`SecurityEventKind::quiet_for`]) and the
    /// same kind with the same detail, device and network was stored for the person within
    /// that window.
    /// Whether it was stored.
    async fn record(&self, event: NewSecurityEvent) -> anyhow::Result<bool>;

    /// The person's events newest first, `limit` of them, older than the event `before`
    /// when given (the next page).
    async fn page(
        &self,
        user: UserId,
        before: Option<i64>,
        limit: usize,
    ) -> anyhow::Result<Vec<SecurityEvent>>;

    /// Deletes events from before `cutoff`; how many.
    async fn purge_before(&self, cutoff: DateTime<Utc>) -> anyhow::Result<u64>;
}

/// Where entries older than [`RETENTION_DAYS`] end at `now`.
pub fn retention_cutoff(now: DateTime<Utc>) -> DateTime<Utc> {
    now - chrono::Duration::days(RETENTION_DAYS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_code() {
        for kind in SecurityEventKind::ALL {
            assert_eq!(SecurityEventKind::parse(kind.code()), Some(kind));
            // The wire name (serde) is the stored code: one name per kind.
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::Value::String(kind.code().into())
            );
        }
        assert_eq!(SecurityEventKind::parse("password"), None);
    }

    #[test]
    fn only_share_opens_and_failures_are_quieted() {
        let quiet: Vec<_> = SecurityEventKind::ALL
            .into_iter()
            .filter(|k| k.quiet_for().is_some())
            .collect();
        assert_eq!(
            quiet,
            vec![
                SecurityEventKind::SignInFailed,
                SecurityEventKind::SecondStepFailed,
                SecurityEventKind::ShareOpened
            ]
        );
    }
}
