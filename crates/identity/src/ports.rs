//! What the accounts domain needs from the outside world. Adapters implement these; tests
//! use the `mockall` mocks (feature `mocks`).

use chrono::{DateTime, Utc};
use kernel::outbox::OutgoingEmail;
use kernel::{Email, UserId};

use crate::error::RepoError;
use crate::model::*;

/// Users, their one-time tokens and the emails those cause. Every method that writes and
/// sends an email does both in one transaction: either both happen or neither does.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait UserRepository: Send + Sync {
    /// Creates the user with their email-verification token and email.
    /// Errors: [`RepoError::UsernameTaken`]; [`RepoError::EmailTaken`], in which case
    /// `if_email_taken` (a note to the address's owner) is queued instead.
    async fn create(
        &self,
        user: NewUser,
        token: NewToken,
        email: OutgoingEmail,
        if_email_taken: OutgoingEmail,
    ) -> Result<UserId, RepoError>;

    async fn by_id(&self, id: UserId) -> anyhow::Result<Option<User>>;

    /// The account a login name names. A name with '@' is an email address first, and only
    /// failing that a username (usernames with '@' from before they were refused still log
    /// in), so no username can stand in for somebody's address. Other names are usernames,
    /// case-insensitive.
    async fn by_login(&self, username_or_email: &str) -> anyhow::Result<Option<User>>;

    async fn by_email(&self, email: &Email) -> anyhow::Result<Option<User>>;

    /// Stores a token and queues its email. The user's unused tokens of the same purpose
    /// beyond [`TokenPurpose::links_kept`] (the oldest first) are deleted: only the newest
    /// reset link works, while the last few verification links all do.
    async fn issue_token(&self, token: NewToken, email: OutgoingEmail) -> anyhow::Result<()>;

    /// The token with this hash and purpose if it is unused and unexpired at `now`.
    async fn find_token(
        &self,
        purpose: TokenPurpose,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Option<ValidToken>>;

    /// Consumes an account-verification token and marks the account verified
    /// ([`Verified::Account`]). A verification token (used, unused or expired) of an
    /// account that is verified already answers [`Verified::AlreadyVerified`] and is spent.
    /// `Ok(None)` when the token is unknown, of another purpose, or used or expired while
    /// the account is unverified; the account is verified by one request at most even
    /// under concurrency.
    async fn consume_verification(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Verified>, RepoError>;

    /// Consumes an email-change token and puts its new address in place, provided the
    /// account's address is still `undo.new_email` (the one being replaced); stores `undo`
    /// (a [`TokenPurpose::UndoEmailChange`] token, kept alongside older ones) and queues
    /// `notice` to the old address. `Ok(None)` when the token is not usable or the address
    /// changed meanwhile. Errors: [`RepoError::EmailTaken`] when the new address was taken.
    async fn change_email(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
        undo: NewToken,
        notice: OutgoingEmail,
    ) -> Result<Option<UserId>, RepoError>;

    /// Consumes an undo token: puts its address back (verified), voids every other unused
    /// token of the user and ends all their sessions. When the password was set at or after
    /// the change being undone (the undo token's creation), it is replaced by `voided` (a
    /// password nobody knows, with a new login secret) and `notice` is queued. `Ok(None)`
    /// when the token is not usable. Errors: [`RepoError::EmailTaken`] when another account
    /// holds the address now.
    async fn undo_email_change(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
        voided: &NewPassword,
        notice: OutgoingEmail,
    ) -> Result<Option<EmailChangeUndone>, RepoError>;

    /// Consumes a reset token, stores the new password (hash and login secret), voids the user's other unused
    /// reset and email-change tokens, ends all the user's sessions and queues `notice`.
    /// `Ok(false)` when the token was not usable.
    async fn reset_password(
        &self,
        token_hash: &str,
        password: &NewPassword,
        now: DateTime<Utc>,
        notice: OutgoingEmail,
    ) -> anyhow::Result<bool>;

    /// Stores a new password (hash and login secret), voids the user's unused reset and email-change tokens
    /// (a link asked for before the change must not outlive it), ends all the user's
    /// sessions and queues `notice`. Undo links survive: they are the owner's way back.
    async fn change_password(
        &self,
        id: UserId,
        password: &NewPassword,
        notice: OutgoingEmail,
    ) -> anyhow::Result<()>;

    async fn update_profile(&self, id: UserId, changes: ProfileChanges) -> anyhow::Result<()>;

    /// In one transaction: deletes the user and every row keyed to them (readings, reports,
    /// sessions, tokens, preferences, subscription, pending emails), keeps payments for
    /// bookkeeping with the user detached, and queues `notice` (not keyed to the user, so
    /// it survives the deletion).
    async fn delete_account(&self, id: UserId, notice: OutgoingEmail) -> anyhow::Result<()>;

    /// Notes a sign-in at `at` and, in the same transaction, queues `notice` (a sign-in from
    /// a device never seen) unless this is the account's first sign-in. Whether it queued it.
    async fn record_sign_in(
        &self,
        id: UserId,
        at: DateTime<Utc>,
        notice: Option<OutgoingEmail>,
    ) -> anyhow::Result<bool>;

    /// The user's preferences, or the defaults if they never saved any.
    async fn preferences(&self, id: UserId) -> anyhow::Result<Preferences>;

    async fn save_preferences(&self, id: UserId, prefs: Preferences) -> anyhow::Result<()>;
}

/// A stored session as [`SessionRepository::of_user`] lists it: what the web layer wrote in
/// its state (JSON) is for it to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSession {
    pub key_hash: String,
    pub state: String,
    pub created_at: DateTime<Utc>,
}

/// Server-side session records, keyed by the SHA-256 of the cookie's session key.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait SessionRepository: Send + Sync {
    /// The session's state if it exists and has not expired at `now`.
    async fn load(&self, key_hash: &str, now: DateTime<Utc>) -> anyhow::Result<Option<String>>;

    async fn insert(
        &self,
        key_hash: &str,
        user_id: Option<UserId>,
        state: &str,
        expires_at: DateTime<Utc>,
    ) -> anyhow::Result<()>;

    /// Replaces the state of an existing session. Returns `false` (and creates nothing) when
    /// the session no longer exists, so a revoked session cannot be brought back.
    async fn update(
        &self,
        key_hash: &str,
        user_id: Option<UserId>,
        state: &str,
        expires_at: DateTime<Utc>,
    ) -> anyhow::Result<bool>;

    async fn touch(&self, key_hash: &str, expires_at: DateTime<Utc>) -> anyhow::Result<()>;

    async fn delete(&self, key_hash: &str) -> anyhow::Result<()>;

    /// Ends every session of the user.
    async fn delete_for_user(&self, id: UserId) -> anyhow::Result<()>;

    /// The user's sessions that have not expired at `now`, oldest first.
    async fn of_user(&self, id: UserId, now: DateTime<Utc>) -> anyhow::Result<Vec<StoredSession>>;

    /// Ends the session `key_hash` if it is the user's; `false` when it was not there.
    async fn delete_of_user(&self, id: UserId, key_hash: &str) -> anyhow::Result<bool>;

    /// Removes sessions that expired before `now`; returns how many.
    async fn purge_expired(&self, now: DateTime<Utc>) -> anyhow::Result<u64>;
}

/// Password hashing. Implementations must not block the async executor, and must verify
/// [`dummy_hash`] as they do a stored hash (refusing every password).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: &str) -> anyhow::Result<String>;
    /// `Ok(false)` for a wrong password; `Err` only for a malformed stored hash or a fault.
    async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool>;
}

/// A valid hash of a secret nobody knows, verified against when the user does not exist
/// so that "unknown user" and "wrong password" take the same time: an argon2id PHC string
/// with the parameters of every new hash (m=19456, t=2, p=1), which [`PasswordHasher`]
/// implementations verify with the cost those parameters name.
pub fn dummy_hash() -> &'static str {
    // Made once from 32 random bytes that were then thrown away.
    "$argon2id$v=19$m=19456,t=2,p=1$IBskjCB1jMHDgJv684qeVQ$BGP7PgNoh5wQ3lTOChZDzddnCdQtjJqQlRGNrb4wIrA"
}

/// An account's two-step verification as stored: its secret (unsealed by the store), the
/// last step a code was accepted for, and whether it is on or still waits for its first
/// code. `stamp` is opaque: handing it back to [`TwoStepRepository::enable`] turns on the
/// very setup that was read, not one started since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoStepRecord {
    pub secret: Vec<u8>,
    pub last_step: i64,
    pub created_at: DateTime<Utc>,
    pub enabled: bool,
    pub stamp: String,
}

/// Two-step verification's secrets and recovery codes. Every acceptance is one conditional
/// update, so two requests with one code cannot both pass.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait TwoStepRepository: Send + Sync {
    /// The account's row, `None` when it never started a setup (or turned it off).
    async fn get(&self, user: UserId) -> anyhow::Result<Option<TwoStepRecord>>;
    /// Starts a setup with `secret`, replacing an earlier unfinished one; false (nothing
    /// written) when two-step verification is on already.
    async fn begin(&self, user: UserId, secret: &[u8], now: DateTime<Utc>) -> anyhow::Result<bool>;
    /// Turns on the setup read with `stamp` if it is still the unfinished one, accepting
    /// `step`, storing the recovery codes' hashes and queueing `notice`, together; false
    /// (nothing written) otherwise.
    async fn enable(
        &self,
        user: UserId,
        stamp: &str,
        step: i64,
        recovery_hashes: &[String],
        now: DateTime<Utc>,
        notice: OutgoingEmail,
    ) -> anyhow::Result<bool>;
    /// Accepts a code of `step` if two-step is on and no code of this or a later step was
    /// accepted before (a replay is refused); whether it was.
    async fn accept_step(&self, user: UserId, step: i64) -> anyhow::Result<bool>;
    /// Spends the unused recovery code with this hash; whether there was one.
    async fn use_recovery_code(
        &self,
        user: UserId,
        hash: &str,
        now: DateTime<Utc>,
    ) -> anyhow::Result<bool>;
    /// Unused recovery codes left.
    async fn recovery_codes_left(&self, user: UserId) -> anyhow::Result<i64>;
    /// Replaces every recovery code when two-step is on, queueing `notice`; whether it was.
    async fn replace_recovery_codes(
        &self,
        user: UserId,
        recovery_hashes: &[String],
        now: DateTime<Utc>,
        notice: OutgoingEmail,
    ) -> anyhow::Result<bool>;
    /// Turns it off (secret and codes deleted), queueing `notice` when it was on; whether
    /// it was on.
    async fn disable(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        notice: OutgoingEmail,
    ) -> anyhow::Result<bool>;
}
