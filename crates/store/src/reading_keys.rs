//! The `reading_keys` table: which reading each client idempotency key stored (issue 19).
//! The readings adapter calls these inside its write transaction.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use kernel::UserId;

use crate::db::AnyConnection;
use crate::schema::reading_keys as k;

/// How long a key is remembered: far beyond any retry of an offline queue.
pub(crate) const KEPT: Duration = Duration::days(365);

/// A key's row: the fingerprint of the reading it stored, and that reading while it exists.
pub(crate) struct Stored {
    pub fingerprint: String,
    pub reading_id: Option<i64>,
}

pub(crate) fn find(
    conn: &mut AnyConnection,
    user: UserId,
    key: &str,
) -> QueryResult<Option<Stored>> {
    k::table
        .filter(k::user_id.eq(user.0))
        .filter(k::key.eq(key))
        .select((k::fingerprint, k::reading_id))
        .first::<(String, Option<i64>)>(conn)
        .optional()
        .map(|row| {
            row.map(|(fingerprint, reading_id)| Stored {
                fingerprint,
                reading_id,
            })
        })
}

/// Remembers `key` for `reading`, and forgets the user's keys older than [`KEPT`].
pub(crate) fn remember(
    conn: &mut AnyConnection,
    user: UserId,
    key: &str,
    fingerprint: &str,
    reading: i64,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::delete(
        k::table
            .filter(k::user_id.eq(user.0))
            .filter(k::created_at.lt(now - KEPT)),
    )
    .execute(conn)?;
    diesel::insert_into(k::table)
        .values((
            k::user_id.eq(user.0),
            k::key.eq(key),
            k::fingerprint.eq(fingerprint),
            k::reading_id.eq(Some(reading)),
            k::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}
