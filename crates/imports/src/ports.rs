use std::path::Path;

use chrono::NaiveDate;
use kernel::UserId;
use readings::model::ReadingValues;

use crate::formats::{Context, FileError, Format, Parsed, Sniff};

/// The readers of other apps' files (the `import-formats` adapter): what a file is, and
/// the readings it holds. Reading is blocking work: the service calls them on its import
/// pool, except [`FormatReader::sniff`] of a head already in memory.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait FormatReader: Send + Sync {
    /// What the first bytes (at most 64 KiB) of `file_name` tell; a CSV's header read from
    /// line `header_row` (1-based) when given.
    fn sniff(&self, head: &[u8], file_name: &str, header_row: Option<u64>) -> Sniff;
    /// The format of the whole file at `path` (the person left it "automatic").
    fn resolve(&self, path: &Path, file_name: &str) -> Result<Format, FileError>;
    /// Reads `path` as `format`, each reading through a `Collector` of `ctx`.
    fn parse<'a>(
        &self,
        format: Format,
        path: &Path,
        ctx: &Context<'a>,
    ) -> Result<Parsed, FileError>;
    /// The cells of a spreadsheet's header (at `header_row`, else where a sniff finds it),
    /// read from the file's first 64 KiB; empty when none can be read.
    fn columns(&self, path: &Path, header_row: Option<u64>) -> Vec<String>;
}

/// The person's readings as an import compares with and adds to them, answered by the
/// readings context (`server::bridges::imports`): its rules decide what is stored.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait Record: Send + Sync {
    /// Every stored reading of `user` dated `from` to `to` (both included).
    async fn between(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<ReadingValues>>;
    /// Stores `readings` (checked by the form's rules) that are not the same reading as one
    /// stored or an earlier one of them, in one transaction; how many were stored. Refused,
    /// storing nothing, with `kernel::SubscriptionRequired` or `readings::quota::Full` in
    /// the error's chain.
    async fn add(&self, user: UserId, readings: Vec<ReadingValues>) -> anyhow::Result<usize>;
}

/// Where previews wait for the person's "Import" (drafts) and where a spreadsheet's
/// confirmed column mapping is remembered. Every method is scoped to the owner.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ImportStore: Send + Sync {
    /// Stores a draft (`payload`: the service's own serialisation) under `id`, in place of
    /// the user's earlier drafts (a person previews one file at a time), and removes every
    /// user's drafts created before `expired_before`.
    async fn save_draft(
        &self,
        user: UserId,
        id: &str,
        payload: String,
        now: chrono::DateTime<chrono::Utc>,
        expired_before: chrono::DateTime<chrono::Utc>,
    ) -> anyhow::Result<()>;
    /// The user's draft `id` if it was created at or after `not_before`.
    async fn draft(
        &self,
        user: UserId,
        id: &str,
        not_before: chrono::DateTime<chrono::Utc>,
    ) -> anyhow::Result<Option<String>>;
    /// `false` when the user has no draft `id`.
    async fn delete_draft(&self, user: UserId, id: &str) -> anyhow::Result<bool>;
    /// The mapping (JSON) the user confirmed for a spreadsheet header (`key`: see
    /// `formats::detect::header_key`).
    async fn mapping(&self, user: UserId, key: &str) -> anyhow::Result<Option<String>>;
    /// Remembers `mapping` for `key`, keeping the user's `keep` most recently used ones.
    async fn remember_mapping(
        &self,
        user: UserId,
        key: &str,
        mapping: String,
        now: chrono::DateTime<chrono::Utc>,
        keep: usize,
    ) -> anyhow::Result<()>;
}

/// Each account's import turn, held in the database so servers sharing it agree: one
/// import (upload, reading or storing) per account at a time, whichever server it is on.
/// A turn is a lease: its holder extends it while working, and a server that died gives
/// it up by letting it expire. Times are the database's clock.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ImportTurns: Send + Sync {
    /// Takes `user`'s turn for `holder` for `lease`, unless another holder's lease is
    /// unexpired; `true` when taken.
    async fn take(
        &self,
        user: UserId,
        holder: &str,
        lease: std::time::Duration,
    ) -> anyhow::Result<bool>;
    /// Extends `holder`'s lease to `lease` from now; `false` when it is no longer theirs.
    async fn extend(
        &self,
        user: UserId,
        holder: &str,
        lease: std::time::Duration,
    ) -> anyhow::Result<bool>;
    /// Gives `holder`'s turn back (nothing when it is not theirs).
    async fn give_back(&self, user: UserId, holder: &str) -> anyhow::Result<()>;
}
