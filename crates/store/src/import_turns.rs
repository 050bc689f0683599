//! Each account's import turn as a lease in the database (`imports::ports::ImportTurns`),
//! so servers sharing it give an account one import at a time between them (issue 33).
//! The database's clock is the only clock, as for rate limits: servers' clocks need not
//! agree. Taking is one upsert, which takes the row's lock on PostgreSQL, so two servers
//! racing for one account's turn cannot both win.

use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use imports::ports::ImportTurns;
use kernel::UserId;

use crate::db::{AnyConnection, Db};

use crate::rate_limits::{NOW_PG, NOW_SQLITE};

fn now(conn: &AnyConnection) -> &'static str {
    match conn {
        AnyConnection::Postgresql(_) => NOW_PG,
        AnyConnection::Sqlite(_) => NOW_SQLITE,
    }
}

fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX)
}

/// The row an upsert took, if it took one.
#[derive(QueryableByName)]
struct Taken {
    #[diesel(sql_type = BigInt)]
    user_id: i64,
}

#[derive(Clone)]
pub struct ImportTurnStore {
    db: Db,
}

impl ImportTurnStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

#[async_trait::async_trait]
impl ImportTurns for ImportTurnStore {
    async fn take(&self, user: UserId, holder: &str, lease: Duration) -> anyhow::Result<bool> {
        let holder = holder.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                // `$3` is the lease: the new expiry less it is now. SQLite needs the
                // `WHERE true` to read ON CONFLICT as the upsert's, not the join's.
                let sql = format!(
                    "INSERT INTO import_turns AS t (user_id, holder, expires_us) \
                     SELECT $1, $2, n + $3 FROM (SELECT {} AS n) s WHERE true \
                     ON CONFLICT (user_id) DO UPDATE \
                       SET holder = excluded.holder, expires_us = excluded.expires_us \
                       WHERE t.expires_us <= excluded.expires_us - $3 \
                     RETURNING user_id",
                    now(conn)
                );
                let taken = diesel::sql_query(sql)
                    .bind::<BigInt, _>(user.0)
                    .bind::<Text, _>(holder)
                    .bind::<BigInt, _>(micros(lease))
                    .get_result::<Taken>(conn)
                    .optional()?;
                Ok(taken.is_some_and(|t| t.user_id == user.0))
            })
            .await
    }

    async fn extend(&self, user: UserId, holder: &str, lease: Duration) -> anyhow::Result<bool> {
        let holder = holder.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let sql = format!(
                    "UPDATE import_turns SET expires_us = {} + $1 \
                     WHERE user_id = $2 AND holder = $3",
                    now(conn)
                );
                let n = diesel::sql_query(sql)
                    .bind::<BigInt, _>(micros(lease))
                    .bind::<BigInt, _>(user.0)
                    .bind::<Text, _>(holder)
                    .execute(conn)?;
                Ok(n == 1)
            })
            .await
    }

    async fn give_back(&self, user: UserId, holder: &str) -> anyhow::Result<()> {
        let holder = holder.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::sql_query("DELETE FROM import_turns WHERE user_id = $1 AND holder = $2")
                    .bind::<BigInt, _>(user.0)
                    .bind::<Text, _>(holder)
                    .execute(conn)?;
                Ok(())
            })
            .await
    }
}
