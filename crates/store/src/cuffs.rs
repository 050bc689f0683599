//! [`CuffRepository`] over the `cuffs` table (issue 39): the cuffs a person paired, keyed
//! per person by the browser's device id.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use kernel::UserId;
use readings::cuffs::{Cuff, CuffInput, CuffRepository, MAX_CUFFS, Put};

use crate::db::{AnyConnection, Backend, Db, lock_user_for};
use crate::schema::cuffs as c;

/// Serialises a user's cuff writes, so two new cuffs cannot both pass the bound.
const LOCK_CUFFS: i32 = 7309;

#[derive(Clone)]
pub struct CuffStore {
    db: Db,
}

impl CuffStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

type Row = (
    String,
    String,
    Option<String>,
    Option<String>,
    Option<i32>,
    Option<NaiveDateTime>,
    NaiveDateTime,
);

const COLUMNS: (
    c::device_id,
    c::name,
    c::maker,
    c::model,
    c::user_slot,
    c::last_sync_at,
    c::created_at,
) = (
    c::device_id,
    c::name,
    c::maker,
    c::model,
    c::user_slot,
    c::last_sync_at,
    c::created_at,
);

fn cuff_of((id, name, maker, model, user_slot, last_sync_at, created_at): Row) -> Cuff {
    Cuff {
        id,
        name,
        maker,
        model,
        // The column's CHECK keeps it within 1..=255.
        user_slot: user_slot.and_then(|s| u8::try_from(s).ok()),
        last_sync_at: last_sync_at.map(|t| t.and_utc()),
        created_at: created_at.and_utc(),
    }
}

/// Inserts or updates `user`'s cuff under the user's lock (call it in a write
/// transaction); `synced`: when its readings were sent now. `Put::Full` when it is new and
/// the user has [`MAX_CUFFS`] already.
pub(crate) fn put(
    conn: &mut AnyConnection,
    backend: Backend,
    user: UserId,
    cuff: &CuffInput,
    now: NaiveDateTime,
    synced: bool,
) -> anyhow::Result<Put> {
    lock_user_for(conn, backend, LOCK_CUFFS, user)?;
    let mine = c::table.filter(c::user_id.eq(user.0));
    let known = mine
        .filter(c::device_id.eq(&cuff.id))
        .select(c::device_id)
        .first::<String>(conn)
        .optional()?
        .is_some();
    let slot = cuff.user_slot.map(i32::from);
    if known {
        let row = c::table
            .filter(c::user_id.eq(user.0))
            .filter(c::device_id.eq(&cuff.id));
        let described = (
            c::name.eq(&cuff.name),
            c::maker.eq(&cuff.maker),
            c::model.eq(&cuff.model),
        );
        if synced {
            // A sync says nothing of the slot: the one the person chose stays.
            diesel::update(row)
                .set((described, c::last_sync_at.eq(Some(now))))
                .execute(conn)?;
        } else {
            diesel::update(row)
                .set((described, c::user_slot.eq(slot)))
                .execute(conn)?;
        }
    } else {
        let held = mine.count().get_result::<i64>(conn)?;
        if usize::try_from(held)? >= MAX_CUFFS {
            return Ok(Put::Full);
        }
        diesel::insert_into(c::table)
            .values((
                c::user_id.eq(user.0),
                c::device_id.eq(&cuff.id),
                c::name.eq(&cuff.name),
                c::maker.eq(&cuff.maker),
                c::model.eq(&cuff.model),
                c::user_slot.eq(slot),
                c::last_sync_at.eq(synced.then_some(now)),
                c::created_at.eq(now),
            ))
            .execute(conn)?;
    }
    let row = c::table
        .filter(c::user_id.eq(user.0))
        .filter(c::device_id.eq(&cuff.id))
        .select(COLUMNS)
        .first::<Row>(conn)?;
    Ok(Put::Saved(cuff_of(row)))
}

#[async_trait::async_trait]
impl CuffRepository for CuffStore {
    async fn list(&self, user: UserId) -> anyhow::Result<Vec<Cuff>> {
        let rows = self
            .db
            .read(move |conn| {
                c::table
                    .filter(c::user_id.eq(user.0))
                    .select(COLUMNS)
                    .load::<Row>(conn)
            })
            .await?;
        let mut cuffs: Vec<Cuff> = rows.into_iter().map(cuff_of).collect();
        // The latest synced first, then those never synced, newest paired first: sorted
        // here, as NULLs sort differently on the two backends.
        cuffs.sort_by(|a, b| {
            b.last_sync_at
                .cmp(&a.last_sync_at)
                .then(b.created_at.cmp(&a.created_at))
                .then(a.id.cmp(&b.id))
        });
        Ok(cuffs)
    }

    async fn put(&self, user: UserId, cuff: CuffInput) -> anyhow::Result<Put> {
        let backend = self.db.backend();
        let now = self.db.now().naive_utc();
        self.db
            .write(move |conn| put(conn, backend, user, &cuff, now, false))
            .await
    }

    async fn forget(&self, user: UserId, id: String) -> anyhow::Result<bool> {
        self.db
            .delete_one(move |conn| {
                diesel::delete(
                    c::table
                        .filter(c::user_id.eq(user.0))
                        .filter(c::device_id.eq(id)),
                )
                .execute(conn)
            })
            .await
    }
}
