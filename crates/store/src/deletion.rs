//! Deleting an account: the user's row goes, and with it everything keyed to them.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::outbox::OutgoingEmail;

use crate::db::AnyConnection;
use crate::outbox::enqueue;
use crate::schema::users;

/// Deletes the user and queues `notice` in the same transaction (call it inside one).
/// Foreign keys cascade to every table keyed to the user; payments are
/// `ON DELETE SET NULL` (kept for bookkeeping, detached).
pub(crate) fn delete_account(
    conn: &mut AnyConnection,
    user_id: i64,
    notice: &OutgoingEmail,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let n = diesel::delete(users::table.find(user_id)).execute(conn)?;
    anyhow::ensure!(n == 1, "user {user_id} vanished before deletion");
    enqueue(conn, notice, now)?;
    Ok(())
}
