use kernel::UserId;

use crate::model::*;

/// Readings storage. Every method is scoped to the owner: another user's reading is
/// "not found".
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ReadingRepository: Send + Sync {
    async fn list(&self, user: UserId, query: ReadingQuery) -> anyhow::Result<ReadingPage>;
    /// How many readings match `query` (its limit and offset ignored).
    async fn count(&self, user: UserId, query: ReadingQuery) -> anyhow::Result<i64>;
    /// The next `batch` readings matching `query` (its limit and offset ignored) in the
    /// list's order (newest first: date, time, id), after `after` or from the start.
    /// Walking the whole list this way reads it in batches of constant size.
    async fn list_after(
        &self,
        user: UserId,
        query: ReadingQuery,
        after: Option<ListPosition>,
        batch: i64,
    ) -> anyhow::Result<Vec<Reading>>;
    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<Reading>>;
    async fn insert(&self, user: UserId, values: ReadingValues) -> anyhow::Result<Reading>;
    /// `None` when the user has no such reading.
    async fn update(
        &self,
        user: UserId,
        id: i64,
        values: ReadingValues,
    ) -> anyhow::Result<Option<Reading>>;
    /// `false` when the user has no such reading.
    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool>;
    /// In one transaction, stores each candidate that is not the same reading
    /// ([`crate::transfer::same_reading`]) as one the user already has or as an earlier
    /// candidate; concurrent imports for one user are serialised. Returns how many were
    /// stored.
    async fn import(&self, user: UserId, candidates: Vec<ReadingValues>) -> anyhow::Result<usize>;
}

/// Whether the user may record vitals now (an active subscription). The server wires the
/// billing context behind it.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait RecordingAllowed: Send + Sync {
    async fn may_record(&self, user: UserId) -> anyhow::Result<bool>;
}
