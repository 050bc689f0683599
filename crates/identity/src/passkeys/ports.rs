//! What passkeys need from outside: storage of passkeys and ceremonies, and a WebAuthn
//! relying party.

use chrono::{DateTime, Utc};
use kernel::UserId;
use kernel::outbox::OutgoingEmail;

use super::*;

/// Passkeys and the ceremonies under way. Writes that email do both in one transaction.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait PasskeyRepository: Send + Sync {
    /// The user handle the account's passkeys carry; `None` before its first passkey.
    async fn user_handle(&self, user: UserId) -> anyhow::Result<Option<String>>;

    /// The credential ids of the account's passkeys (the browser is told not to make a
    /// second passkey on an authenticator that holds one).
    async fn credential_ids(&self, user: UserId) -> anyhow::Result<Vec<String>>;

    /// Stores the passkey and queues `notice`. `Ok(None)` when its credential id is
    /// stored already (on any account), in which case nothing is queued.
    async fn insert(
        &self,
        passkey: NewPasskey,
        notice: OutgoingEmail,
    ) -> anyhow::Result<Option<PasskeySummary>>;

    /// The account's passkeys, oldest first.
    async fn of_user(&self, user: UserId) -> anyhow::Result<Vec<PasskeySummary>>;

    async fn by_credential_id(&self, credential_id: &str) -> anyhow::Result<Option<StoredPasskey>>;

    /// After a sign-in with passkey `id`: its credential as the relying party updated it
    /// (counter, backup state) and when it was used.
    async fn used(&self, id: i64, credential: &str, at: DateTime<Utc>) -> anyhow::Result<()>;

    /// Renames the account's passkey `id`; `None` when the account has no such passkey.
    async fn rename(
        &self,
        user: UserId,
        id: i64,
        name: &str,
    ) -> anyhow::Result<Option<PasskeySummary>>;

    /// Deletes the account's passkey `id` and queues `notice`; false (nothing queued) when
    /// the account has no such passkey.
    async fn delete(&self, user: UserId, id: i64, notice: OutgoingEmail) -> anyhow::Result<bool>;

    /// Stores a ceremony's state under the hash of its secret.
    async fn begin_ceremony(&self, id_hash: &str, ceremony: Ceremony) -> anyhow::Result<()>;

    /// Deletes and returns the ceremony stored under `id_hash` for `purpose`, if it has not
    /// expired at `now`: atomically, so two finishes of one ceremony cannot both get it.
    async fn take_ceremony(
        &self,
        id_hash: &str,
        purpose: CeremonyPurpose,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Option<Ceremony>>;

    /// Forgets ceremonies that expired before `now` (never finished); how many.
    async fn purge_expired_ceremonies(&self, now: DateTime<Utc>) -> anyhow::Result<u64>;
}

/// A WebAuthn relying party for this server's origin: attestation `none`, user
/// verification required, discoverable credentials. Browser messages are WebAuthn JSON
/// (as `PublicKeyCredential.toJSON()` writes them); states are opaque strings.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait RelyingParty: Send + Sync {
    /// A fresh user handle for an account's first passkey (random: it names no one).
    fn new_user_handle(&self) -> String;

    fn start_registration(
        &self,
        user_handle: &str,
        username: &str,
        display_name: &str,
        exclude: &[String],
    ) -> anyhow::Result<Challenge>;

    /// Verifies the browser's answer to a registration challenge. `Err(Refused)` when it
    /// does not verify.
    fn finish_registration(&self, response: &str, state: &str) -> Result<Registered, PasskeyError>;

    fn start_sign_in(&self) -> anyhow::Result<Challenge>;

    /// Reads which credential and user handle an assertion claims, unverified.
    fn claimed(&self, response: &str) -> Result<Claimed, PasskeyError>;

    /// Verifies an assertion against the stored credential; the credential updated with
    /// the assertion's counter and backup flags.
    fn finish_sign_in(
        &self,
        response: &str,
        state: &str,
        credential: &str,
    ) -> Result<String, PasskeyError>;
}
