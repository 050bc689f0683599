//! Server-side sessions. Rows are keyed by the SHA-256 of the cookie's session key, so a
//! copy of the database holds no usable session.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use identity::ports::{SessionRepository, StoredSession};
use kernel::UserId;

use crate::db::Db;
use crate::schema::sessions;

#[derive(Clone)]
pub struct SessionStore {
    db: Db,
}

impl SessionStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

#[async_trait::async_trait]
impl SessionRepository for SessionStore {
    async fn load(&self, key_hash: &str, now: DateTime<Utc>) -> anyhow::Result<Option<String>> {
        let key = key_hash.to_owned();
        self.db
            .read(move |conn| {
                sessions::table
                    .filter(sessions::key_hash.eq(key))
                    .filter(sessions::expires_at.gt(now.naive_utc()))
                    .select(sessions::state)
                    .first::<String>(conn)
                    .optional()
            })
            .await
    }

    async fn insert(
        &self,
        key_hash: &str,
        user_id: Option<UserId>,
        state: &str,
        expires_at: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        let (key, state) = (key_hash.to_owned(), state.to_owned());
        let stamp = self.db.now();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::insert_into(sessions::table)
                    .values((
                        sessions::key_hash.eq(key),
                        sessions::user_id.eq(user_id.map(|u| u.0)),
                        sessions::state.eq(state),
                        sessions::expires_at.eq(expires_at.naive_utc()),
                        sessions::created_at.eq(stamp.naive_utc()),
                    ))
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn update(
        &self,
        key_hash: &str,
        user_id: Option<UserId>,
        state: &str,
        expires_at: DateTime<Utc>,
    ) -> anyhow::Result<bool> {
        let (key, state) = (key_hash.to_owned(), state.to_owned());
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let n = diesel::update(sessions::table.find(key))
                    .set((
                        sessions::user_id.eq(user_id.map(|u| u.0)),
                        sessions::state.eq(state),
                        sessions::expires_at.eq(expires_at.naive_utc()),
                    ))
                    .execute(conn)?;
                Ok(n == 1)
            })
            .await
    }

    async fn touch(&self, key_hash: &str, expires_at: DateTime<Utc>) -> anyhow::Result<()> {
        let key = key_hash.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::update(sessions::table.find(key))
                    .set(sessions::expires_at.eq(expires_at.naive_utc()))
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn delete(&self, key_hash: &str) -> anyhow::Result<()> {
        let key = key_hash.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::delete(sessions::table.find(key)).execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn delete_for_user(&self, id: UserId) -> anyhow::Result<()> {
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::delete(sessions::table.filter(sessions::user_id.eq(id.0))).execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn of_user(&self, id: UserId, now: DateTime<Utc>) -> anyhow::Result<Vec<StoredSession>> {
        let rows: Vec<(String, String, chrono::NaiveDateTime)> = self
            .db
            .read(move |conn| {
                sessions::table
                    .filter(sessions::user_id.eq(id.0))
                    .filter(sessions::expires_at.gt(now.naive_utc()))
                    .order((sessions::created_at.asc(), sessions::key_hash.asc()))
                    .select((sessions::key_hash, sessions::state, sessions::created_at))
                    .load(conn)
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|(key_hash, state, created_at)| StoredSession {
                key_hash,
                state,
                created_at: created_at.and_utc(),
            })
            .collect())
    }

    async fn delete_of_user(&self, id: UserId, key_hash: &str) -> anyhow::Result<bool> {
        let key = key_hash.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let n = diesel::delete(
                    sessions::table
                        .filter(sessions::key_hash.eq(key))
                        .filter(sessions::user_id.eq(id.0)),
                )
                .execute(conn)?;
                Ok(n == 1)
            })
            .await
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> anyhow::Result<u64> {
        self.db
            .write(move |conn| -> anyhow::Result<u64> {
                let n = diesel::delete(
                    sessions::table.filter(sessions::expires_at.le(now.naive_utc())),
                )
                .execute(conn)?;
                Ok(n as u64)
            })
            .await
    }
}
