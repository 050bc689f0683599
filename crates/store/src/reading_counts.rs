//! Exact totals of a user's listed readings, kept between requests.
//!
//! History shows "of N" beside every page of a search or filter, and counting N reads every
//! reading of the user (ten years: 10,950 index entries) on each page, where the page
//! itself reads only as far as it shows. A total is kept per user and query, and used again
//! while the user's revision is the one it was counted at. The revision lives in
//! `reading_revisions`, moved by triggers on every write to the user's readings, from any
//! path on any server, so a kept total is never older than the readings it counts.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use chrono::NaiveDate;
use diesel::prelude::*;
use kernel::UserId;
use kernel::units::Units;
use readings::model::{Kind, ReadingQuery};

use crate::db::AnyConnection;
use crate::schema::reading_revisions as rr;

/// Totals kept at most: one per active search or filter of a busy server's users. When
/// full, the cache starts again empty (each entry is recounted once at most).
const CAPACITY: usize = 4096;
/// Longer searches are counted every time, so the cache's memory stays bounded.
const MAX_TEXT: usize = 256;

/// What a total depends on: the user and the query's filters (not its page).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    user: i64,
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
    kind: Option<Kind>,
    text: Option<String>,
    units: Units,
}

impl Key {
    fn of(user: UserId, q: &ReadingQuery) -> Option<Self> {
        if q.text.as_ref().is_some_and(|t| t.len() > MAX_TEXT) {
            return None;
        }
        Some(Self {
            user: user.0,
            from: q.from,
            to: q.to,
            kind: q.kind,
            text: q.text.clone(),
            units: q.units,
        })
    }
}

/// Totals with the revision they were counted at. Shared by the clones of one store.
#[derive(Default)]
pub(crate) struct CountCache {
    totals: Mutex<HashMap<Key, (i64, i64)>>,
}

impl CountCache {
    /// The number of `user`'s readings `q` matches: kept, or counted by `count` and kept.
    pub(crate) fn total(
        &self,
        conn: &mut AnyConnection,
        user: UserId,
        q: &ReadingQuery,
        count: impl FnOnce(&mut AnyConnection) -> QueryResult<i64>,
    ) -> QueryResult<i64> {
        let Some(key) = Key::of(user, q) else {
            return count(conn);
        };
        // Read before counting: a write between the two then leaves a total kept at a
        // revision already behind, recounted next time, never a stale total kept as new.
        let Some(revision) = revision(conn, user)? else {
            return count(conn);
        };
        if let Some(&(at, total)) = self.lock().get(&key)
            && at == revision
        {
            return Ok(total);
        }
        let total = count(conn)?;
        let mut totals = self.lock();
        if totals.len() >= CAPACITY && !totals.contains_key(&key) {
            totals.clear();
        }
        totals.insert(key, (revision, total));
        Ok(total)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, (i64, i64)>> {
        // A panic while holding the map leaves nothing half-written: a value is one insert.
        self.totals.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The user's readings revision (`None` for a user with no row, which is then not cached).
pub(crate) fn revision(conn: &mut AnyConnection, user: UserId) -> QueryResult<Option<i64>> {
    rr::table
        .find(user.0)
        .select(rr::revision)
        .first(conn)
        .optional()
}
