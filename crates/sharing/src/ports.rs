//! What sharing needs from the outside. The readings, the owner (name, units) and the
//! medications come through the reports context's ports, the PDF through [`SharedPdfs`].

use chrono::{DateTime, Utc};
use kernel::UserId;
use kernel::email_caps::{Cap, EmailCaps};
use kernel::outbox::OutgoingEmail;
use reports::service::RenderTurn;
use reports::{Omitted, ReportError, ReportService, ReportSpec, SharedRecord};

use crate::model::*;

/// Why a share was not stored.
#[derive(Debug, Clone, PartialEq)]
pub enum InsertOutcome {
    Created(Share),
    /// The user already has `cap` active shares.
    TooMany,
    /// Emailing the link would pass one of `caps.email` (the sender's or the recipient's).
    EmailCapped(Cap),
}

/// Limits checked atomically with the insert.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InsertCaps {
    /// Active (neither expired nor revoked at `now`) shares one user may have.
    pub active: i64,
    pub now: DateTime<Utc>,
    /// Shares of the user that ended before this are deleted in the same transaction (the
    /// owner no longer needs their log).
    pub purge_ended_before: DateTime<Utc>,
    /// What an emailed link is checked against, over the log of links emailed.
    pub email: EmailCaps,
}

/// Stored shares and their access logs. Management calls are scoped to the owner: another
/// user's share is "not found" (`None` / `false`).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ShareRepository: Send + Sync {
    /// In one transaction, serialised per user (and, when `email` is given, with every
    /// other share email): deletes the user's shares that ended before
    /// `caps.purge_ended_before`; refuses at a cap; otherwise inserts the share and queues
    /// `email` (whose recipient is `share.emailed_to`). The email caps count a log of the
    /// links emailed that deleting a share or an account does not shorten.
    async fn insert(
        &self,
        user: UserId,
        share: NewShare,
        email: Option<OutgoingEmail>,
        caps: InsertCaps,
    ) -> anyhow::Result<InsertOutcome>;
    /// The user's shares, newest first.
    async fn list(&self, user: UserId) -> anyhow::Result<Vec<Share>>;
    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<Share>>;
    /// Sets `revoked_at` (unless already set) and returns the share.
    async fn revoke(
        &self,
        user: UserId,
        id: i64,
        at: DateTime<Utc>,
    ) -> anyhow::Result<Option<Share>>;
    /// Deletes the share and its log.
    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool>;
    /// The share's access log, newest first, at most `limit`; `None` when it is not the user's.
    async fn accesses(
        &self,
        user: UserId,
        id: i64,
        limit: i64,
    ) -> anyhow::Result<Option<Vec<Access>>>;
    /// The share whose token hashes to `token_hash`, whatever its state (the caller checks
    /// expiry and revocation).
    async fn find_by_token(&self, token_hash: &str) -> anyhow::Result<Option<Share>>;
    /// In one transaction, if the share still answers at `access.at` (neither revoked nor
    /// expired, nor deleted): adds `access` to the share's log, keeping only its first
    /// `kept.first` and newest `kept.newest` lines, for a view counts it (`opened` + 1,
    /// `last_opened_at`), and returns `true`. Otherwise writes nothing and returns `false`:
    /// the share ended while the visit was being prepared, and the visitor must not be
    /// answered.
    async fn record_access(
        &self,
        share_id: i64,
        access: Access,
        kept: Kept,
    ) -> anyhow::Result<bool>;
}

/// The lines of a share's access log that are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kept {
    /// The oldest: the first visits, which reloads by whoever holds the link cannot push
    /// out of the log.
    pub first: i64,
    /// The newest.
    pub newest: i64,
}

/// Access codes are hashed and checked like passwords, off the async workers and off the
/// logins' hashing threads (the server wires `argon2_hasher::ShareCodeHasher`). A hasher
/// too busy for more answers an error holding `kernel::pool::PoolError::Busy`.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait CodeHasher: Send + Sync {
    async fn hash(&self, code: &str) -> anyhow::Result<String>;
    /// `Ok(false)` for a wrong code.
    async fn verify(&self, code: &str, hash: &str) -> anyhow::Result<bool>;
}

/// Draws a share's PDF, admitted as the owner's own reports are (one at a time per owner,
/// a bounded number in all); the reports context answers.
#[async_trait::async_trait]
pub trait SharedPdfs: Send + Sync {
    /// A turn to draw for `owner`: taken before the record is read, so waiting PDFs hold
    /// no memory.
    fn admit(&self, owner: UserId) -> Result<RenderTurn, ReportError>;

    /// Draws `spec` from exactly what the share shows, naming the patient `shown_name`
    /// alone and nothing of the `omitted` measures.
    async fn draw(
        &self,
        turn: RenderTurn,
        spec: ReportSpec,
        shown: SharedRecord,
        shown_name: &str,
        omitted: Omitted,
    ) -> Result<Vec<u8>, ReportError>;
}

#[async_trait::async_trait]
impl SharedPdfs for ReportService {
    fn admit(&self, owner: UserId) -> Result<RenderTurn, ReportError> {
        ReportService::admit(self, owner)
    }

    async fn draw(
        &self,
        turn: RenderTurn,
        spec: ReportSpec,
        shown: SharedRecord,
        shown_name: &str,
        omitted: Omitted,
    ) -> Result<Vec<u8>, ReportError> {
        self.render_shared(turn, spec, shown, shown_name, omitted)
            .await
    }
}
