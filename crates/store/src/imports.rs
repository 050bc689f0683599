//! Import drafts (a preview's new readings waiting for "Import") and remembered
//! spreadsheet mappings: `imports::ports::ImportStore`.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use imports::ports::ImportStore;
use kernel::UserId;

use crate::db::Db;
use crate::schema::{import_drafts as d, import_mappings as m};

#[derive(Clone)]
pub struct ImportStoreDb {
    db: Db,
}

impl ImportStoreDb {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

#[async_trait::async_trait]
impl ImportStore for ImportStoreDb {
    async fn save_draft(
        &self,
        user: UserId,
        id: &str,
        payload: String,
        now: DateTime<Utc>,
        expired_before: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        let id = id.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                // One draft per user, and nobody's expired ones: the table stays small.
                diesel::delete(
                    d::table.filter(
                        d::user_id
                            .eq(user.0)
                            .or(d::created_at.lt(expired_before.naive_utc())),
                    ),
                )
                .execute(conn)?;
                diesel::insert_into(d::table)
                    .values((
                        d::id.eq(&id),
                        d::user_id.eq(user.0),
                        d::payload.eq(&payload),
                        d::created_at.eq(now.naive_utc()),
                    ))
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn draft(
        &self,
        user: UserId,
        id: &str,
        not_before: DateTime<Utc>,
    ) -> anyhow::Result<Option<String>> {
        let id = id.to_owned();
        self.db
            .read(move |conn| {
                d::table
                    .filter(d::id.eq(&id))
                    .filter(d::user_id.eq(user.0))
                    .filter(d::created_at.ge(not_before.naive_utc()))
                    .select(d::payload)
                    .first::<String>(conn)
                    .optional()
            })
            .await
    }

    async fn delete_draft(&self, user: UserId, id: &str) -> anyhow::Result<bool> {
        let id = id.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let n =
                    diesel::delete(d::table.filter(d::id.eq(&id)).filter(d::user_id.eq(user.0)))
                        .execute(conn)?;
                Ok(n > 0)
            })
            .await
    }

    async fn mapping(&self, user: UserId, key: &str) -> anyhow::Result<Option<String>> {
        let key = key.to_owned();
        self.db
            .read(move |conn| {
                m::table
                    .find((user.0, &key))
                    .select(m::mapping)
                    .first::<String>(conn)
                    .optional()
            })
            .await
    }

    async fn remember_mapping(
        &self,
        user: UserId,
        key: &str,
        mapping: String,
        now: DateTime<Utc>,
        keep: usize,
    ) -> anyhow::Result<()> {
        let key = key.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                // Update-then-insert: diesel's upsert does not compile for the multi backend.
                let n = diesel::update(m::table.find((user.0, &key)))
                    .set((m::mapping.eq(&mapping), m::used_at.eq(now.naive_utc())))
                    .execute(conn)?;
                if n == 0 {
                    diesel::insert_into(m::table)
                        .values((
                            m::user_id.eq(user.0),
                            m::header_key.eq(&key),
                            m::mapping.eq(&mapping),
                            m::used_at.eq(now.naive_utc()),
                        ))
                        .execute(conn)?;
                }
                // The user's most recently used `keep` stay.
                let stale: Vec<String> = m::table
                    .filter(m::user_id.eq(user.0))
                    .order((m::used_at.desc(), m::header_key.asc()))
                    .offset(i64::try_from(keep)?)
                    .select(m::header_key)
                    .load(conn)?;
                if !stale.is_empty() {
                    diesel::delete(
                        m::table
                            .filter(m::user_id.eq(user.0))
                            .filter(m::header_key.eq_any(stale)),
                    )
                    .execute(conn)?;
                }
                Ok(())
            })
            .await
    }
}
