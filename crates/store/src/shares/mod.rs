//! [`ShareRepository`] over `shares` and `share_accesses` (issue 17). Management calls are
//! scoped to the owner; a visitor reaches a share only by its token's hash.

mod rows;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::UserId;
use kernel::email_caps::{Cap, EmailCaps};
use kernel::outbox::OutgoingEmail;
use sharing::model::{Access, AccessKind, NewShare, Share};
use sharing::ports::{InsertCaps, InsertOutcome, Kept, ShareRepository};

use self::rows::{AccessRow, ShareRow, insert_share, load_one, owns};
use crate::db::{AnyConnection, Db, lock_user_for};
use crate::email_log::email_counts;
use crate::outbox::enqueue;
use crate::schema::{share_accesses as a, share_emails as e, shares as s};

/// Serialises one user's new shares ([`lock_user_for`]): the purge, the count of active
/// shares and the insert.
const LOCK_SHARES: i32 = 7306;
/// Serialises every share email, keyed 0: the recipient cap spans users.
const LOCK_SHARE_EMAILS: i32 = 7307;

#[derive(Clone)]
pub struct ShareStore {
    db: Db,
}

impl ShareStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

/// Deletes the user's shares that stopped answering (expired or revoked) before `before`;
/// their access logs cascade.
fn purge_ended(conn: &mut AnyConnection, user: UserId, before: DateTime<Utc>) -> QueryResult<()> {
    let before = before.naive_utc();
    diesel::delete(
        s::table
            .filter(s::user_id.eq(user.0))
            .filter(s::expires_at.lt(before).or(s::revoked_at.lt(before))),
    )
    .execute(conn)?;
    Ok(())
}

/// The user's shares neither revoked nor expired at `now`.
fn active(conn: &mut AnyConnection, user: UserId, now: DateTime<Utc>) -> QueryResult<i64> {
    s::table
        .filter(s::user_id.eq(user.0))
        .filter(s::revoked_at.is_null())
        .filter(s::expires_at.gt(now.naive_utc()))
        .count()
        .get_result(conn)
}

/// The email cap a link emailed to `to` would reach, if any (under the share-email lock).
fn email_refused(
    conn: &mut AnyConnection,
    user: UserId,
    to: &str,
    caps: &EmailCaps,
) -> QueryResult<Option<Cap>> {
    // The log outlives the shares it counts; what no cap can count any more goes.
    let forgotten = caps.day_since.naive_utc() - chrono::Duration::hours(24);
    diesel::delete(e::table.filter(e::sent_at.lt(forgotten))).execute(conn)?;
    caps.first_reached(email_counts!(e, &mut *conn, user, to))
}

/// Logs a link emailed to `to` (an [`kernel::Email`], lower-cased, as the caps compare).
fn log_email(
    conn: &mut AnyConnection,
    user: UserId,
    to: &str,
    at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::insert_into(e::table)
        .values((
            e::user_id.eq(Some(user.0)),
            e::recipient.eq(to),
            e::sent_at.eq(at.naive_utc()),
        ))
        .execute(conn)
        .map(|_| ())
}

fn into_shares(rows: Vec<ShareRow>) -> anyhow::Result<Vec<Share>> {
    rows.into_iter().map(ShareRow::into_share).collect()
}

impl ShareStore {
    /// Runs `f` in a write transaction holding the user's shares lock (and, with `email`,
    /// the share-email lock, always taken second): a purge, the counts and the insert cannot
    /// interleave with another.
    async fn locked<T: Send + 'static>(
        &self,
        user: UserId,
        email: bool,
        f: impl FnOnce(&mut AnyConnection) -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let backend = self.db.backend();
        self.db
            .write(move |conn| {
                lock_user_for(conn, backend, LOCK_SHARES, user)?;
                if email {
                    lock_user_for(conn, backend, LOCK_SHARE_EMAILS, UserId(0))?;
                }
                f(conn)
            })
            .await
    }
}

#[async_trait::async_trait]
impl ShareRepository for ShareStore {
    async fn insert(
        &self,
        user: UserId,
        share: NewShare,
        email: Option<OutgoingEmail>,
        caps: InsertCaps,
    ) -> anyhow::Result<InsertOutcome> {
        self.locked(user, email.is_some(), move |conn| {
            purge_ended(conn, user, caps.purge_ended_before)?;
            if active(conn, user, caps.now)? >= caps.active {
                return Ok(InsertOutcome::TooMany);
            }
            // The address the caps count and log is the share's (an `Email`: lower-cased).
            let to = match &email {
                Some(_) => Some(
                    share
                        .emailed_to
                        .as_ref()
                        .map(|e| e.as_str().to_owned())
                        .ok_or_else(|| anyhow::anyhow!("a share email without emailed_to"))?,
                ),
                None => None,
            };
            if let Some(to) = &to
                && let Some(cap) = email_refused(conn, user, to, &caps.email)?
            {
                return Ok(InsertOutcome::EmailCapped(cap));
            }
            let id = insert_share(conn, user, &share)?;
            if let (Some(email), Some(to)) = (&email, &to) {
                enqueue(conn, email, caps.now)?;
                log_email(conn, user, to, caps.now)?;
            }
            let row = load_one(conn, Some(user), id)?
                .ok_or_else(|| anyhow::anyhow!("share {id} vanished after its insert"))?;
            Ok(InsertOutcome::Created(row.into_share()?))
        })
        .await
    }

    async fn list(&self, user: UserId) -> anyhow::Result<Vec<Share>> {
        into_shares(
            self.db
                .read(move |conn| {
                    s::table
                        .filter(s::user_id.eq(user.0))
                        .order((s::created_at.desc(), s::id.desc()))
                        .select(ShareRow::as_select())
                        .load(conn)
                })
                .await?,
        )
    }

    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<Share>> {
        self.db
            .read(move |conn| load_one(conn, Some(user), id))
            .await?
            .map(ShareRow::into_share)
            .transpose()
    }

    async fn revoke(
        &self,
        user: UserId,
        id: i64,
        at: DateTime<Utc>,
    ) -> anyhow::Result<Option<Share>> {
        self.db
            .write(move |conn| -> anyhow::Result<Option<ShareRow>> {
                // A second revoke keeps the first time.
                diesel::update(
                    s::table
                        .filter(s::id.eq(id))
                        .filter(s::user_id.eq(user.0))
                        .filter(s::revoked_at.is_null()),
                )
                .set(s::revoked_at.eq(at.naive_utc()))
                .execute(conn)?;
                Ok(load_one(conn, Some(user), id)?)
            })
            .await?
            .map(ShareRow::into_share)
            .transpose()
    }

    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool> {
        // The access log cascades (foreign keys are on for SQLite too).
        self.db
            .delete_one(move |conn| {
                diesel::delete(s::table.filter(s::id.eq(id)).filter(s::user_id.eq(user.0)))
                    .execute(conn)
            })
            .await
    }

    async fn accesses(
        &self,
        user: UserId,
        id: i64,
        limit: i64,
    ) -> anyhow::Result<Option<Vec<Access>>> {
        let rows = self
            .db
            .read(move |conn| -> QueryResult<Option<Vec<AccessRow>>> {
                // One snapshot: the ownership check and the log agree.
                conn.transaction(|conn| {
                    if !owns(conn, user, id)? {
                        return Ok(None);
                    }
                    a::table
                        .filter(a::share_id.eq(id))
                        .order((a::at.desc(), a::id.desc()))
                        .limit(limit)
                        .select(AccessRow::as_select())
                        .load(conn)
                        .map(Some)
                })
            })
            .await?;
        rows.map(|rows| rows.into_iter().map(AccessRow::into_access).collect())
            .transpose()
    }

    async fn find_by_token(&self, token_hash: &str) -> anyhow::Result<Option<Share>> {
        let token_hash = token_hash.to_owned();
        self.db
            .read(move |conn| {
                s::table
                    .filter(s::token_hash.eq(token_hash))
                    .select(ShareRow::as_select())
                    .first(conn)
                    .optional()
            })
            .await?
            .map(ShareRow::into_share)
            .transpose()
    }

    async fn record_access(
        &self,
        share_id: i64,
        access: Access,
        kept: Kept,
    ) -> anyhow::Result<bool> {
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                // The share's row is written first, for a PDF too (a write of nothing), and
                // only while it still answers: the check and the log are one step, so a
                // share withdrawn, expired or deleted since the visit began logs nothing
                // and the visitor is not answered. On PostgreSQL the row lock also orders
                // this share's accesses, so the trim below sees every line before it.
                let at = access.at.naive_utc();
                let share = s::table
                    .filter(s::id.eq(share_id))
                    .filter(s::revoked_at.is_null().or(s::revoked_at.gt(at)))
                    .filter(s::expires_at.gt(at));
                let found = match access.kind {
                    AccessKind::View => diesel::update(share)
                        .set((s::opened.eq(s::opened + 1), s::last_opened_at.eq(at)))
                        .execute(conn)?,
                    AccessKind::Pdf => diesel::update(share)
                        .set(s::opened.eq(s::opened))
                        .execute(conn)?,
                };
                if found == 0 {
                    return Ok(false);
                }
                diesel::insert_into(a::table)
                    .values((
                        a::share_id.eq(share_id),
                        a::at.eq(at),
                        a::kind.eq(access.kind.code()),
                        a::browser.eq(&access.browser),
                    ))
                    .execute(conn)?;
                // The first lines stay; of the rest, the newest.
                let first: Vec<i64> = a::table
                    .filter(a::share_id.eq(share_id))
                    .order((a::at.asc(), a::id.asc()))
                    .select(a::id)
                    .limit(kept.first.max(0))
                    .load(conn)?;
                let beyond: Vec<i64> = a::table
                    .filter(a::share_id.eq(share_id))
                    .filter(a::id.ne_all(&first))
                    .order((a::at.desc(), a::id.desc()))
                    .select(a::id)
                    .offset(kept.newest.max(0))
                    .limit(i64::MAX)
                    .load(conn)?;
                if !beyond.is_empty() {
                    diesel::delete(a::table.filter(a::id.eq_any(beyond))).execute(conn)?;
                }
                Ok(true)
            })
            .await
    }
}
