//! Rate-limit counters in the database (`kernel::rate::RateStore`), so servers sharing one
//! PostgreSQL database count together (issue 20). One GCRA bucket per key, advanced by a
//! single upsert: the row lock it takes serialises concurrent counts of one key, and the
//! database's clock is the only clock, so servers' clocks need not agree.

use std::sync::atomic::{AtomicU64, Ordering};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use kernel::rate::{self, Rate, RateStore, Taken};

use crate::db::{AnyConnection, Db};
use crate::schema::rate_limits as r;

/// Every this many counts the server forgets refilled buckets (also swept by the server's
/// periodic job); keeps the table the size of the keys active within their periods.
const SWEEP_EVERY: u64 = 4096;

#[derive(Clone)]
pub struct RateLimitStore {
    db: Db,
    counts: std::sync::Arc<AtomicU64>,
}

impl RateLimitStore {
    pub fn new(db: Db) -> Self {
        Self {
            db,
            counts: Default::default(),
        }
    }
}

#[derive(QueryableByName)]
struct Bucket {
    #[diesel(sql_type = BigInt)]
    tat_us: i64,
    #[diesel(sql_type = BigInt)]
    seen_us: i64,
}

/// The key as stored: a digest, so no address or username sits in the table.
fn digest(key: &str) -> String {
    kernel::secret::hash(key)
}

// `$1` key, `$2` interval, `$3` horizon (all microseconds). The insert is a first count;
// on conflict the bucket advances only when the request is within the limit, otherwise
// the statement returns no row and changes nothing.
const TAKE_PG: &str = "\
INSERT INTO rate_limits AS r (key, tat_us, seen_us)
SELECT $1, n + $2, n FROM (SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint AS n) t
ON CONFLICT (key) DO UPDATE
  SET tat_us = GREATEST(r.tat_us, EXCLUDED.seen_us) + $2, seen_us = EXCLUDED.seen_us
  WHERE GREATEST(r.tat_us, EXCLUDED.seen_us) + $2 - EXCLUDED.seen_us <= $3
RETURNING tat_us, seen_us";

// SQLite numbers its `$N` parameters by first appearance, so they read as PostgreSQL's.
const TAKE_SQLITE: &str = "\
INSERT INTO rate_limits AS r (key, tat_us, seen_us)
SELECT $1, n + $2, n FROM (SELECT CAST(unixepoch('subsec') * 1000000 AS INTEGER) AS n) t
WHERE true
ON CONFLICT (key) DO UPDATE
  SET tat_us = max(r.tat_us, excluded.seen_us) + $2, seen_us = excluded.seen_us
  WHERE max(r.tat_us, excluded.seen_us) + $2 - excluded.seen_us <= $3
RETURNING tat_us, seen_us";

/// The database's clock in microseconds since the epoch, per backend (also the import
/// turns' clock).
pub(crate) const NOW_PG: &str = "(extract(epoch FROM clock_timestamp()) * 1000000)::bigint";
pub(crate) const NOW_SQLITE: &str = "CAST(unixepoch('subsec') * 1000000 AS INTEGER)";

fn take(conn: &mut AnyConnection, key: &str, rate: Rate) -> QueryResult<Taken> {
    let interval = rate::micros(rate.interval());
    let (sql, now) = match conn {
        AnyConnection::Postgresql(_) => (TAKE_PG, NOW_PG),
        AnyConnection::Sqlite(_) => (TAKE_SQLITE, NOW_SQLITE),
    };
    let counted = diesel::sql_query(sql)
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(interval)
        .bind::<BigInt, _>(rate::horizon(rate))
        .get_result::<Bucket>(conn)
        .optional()?;
    if let Some(b) = counted {
        return Ok(Taken::Allowed {
            used: rate::used(b.tat_us, b.seen_us, interval),
        });
    }
    // Refused: read how long until one comes back (the bucket only refills meanwhile).
    let b = diesel::sql_query(format!(
        "SELECT tat_us, {now} AS seen_us FROM rate_limits WHERE key = $1"
    ))
    .bind::<Text, _>(key)
    .get_result::<Bucket>(conn)?;
    Ok(Taken::Refused {
        retry_after: rate::wait(b.tat_us, b.seen_us, rate),
    })
}

fn peek(conn: &mut AnyConnection, key: &str, rate: Rate) -> QueryResult<Taken> {
    let now = match conn {
        AnyConnection::Postgresql(_) => NOW_PG,
        AnyConnection::Sqlite(_) => NOW_SQLITE,
    };
    // The bucket as it stands, read with the database's clock; no bucket is a full one.
    let b = diesel::sql_query(format!(
        "SELECT COALESCE((SELECT tat_us FROM rate_limits WHERE key = $1), n) AS tat_us, n AS seen_us \
         FROM (SELECT {now} AS n) t"
    ))
    .bind::<Text, _>(key)
    .get_result::<Bucket>(conn)?;
    Ok(rate::peeked(b.tat_us, b.seen_us, rate))
}

fn sweep(conn: &mut AnyConnection) -> QueryResult<usize> {
    let now = match conn {
        AnyConnection::Postgresql(_) => NOW_PG,
        AnyConnection::Sqlite(_) => NOW_SQLITE,
    };
    diesel::delete(r::table.filter(r::tat_us.lt(diesel::dsl::sql::<BigInt>(now)))).execute(conn)
}

#[async_trait::async_trait]
impl RateStore for RateLimitStore {
    async fn take(&self, key: &str, rate: Rate) -> anyhow::Result<Taken> {
        let key = digest(key);
        let sweep_now =
            self.counts.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1;
        // One statement, committed on its own: no transaction to hold.
        self.db
            .read(move |conn| {
                if sweep_now {
                    sweep(conn)?;
                }
                take(conn, &key, rate)
            })
            .await
    }

    async fn peek(&self, key: &str, rate: Rate) -> anyhow::Result<Taken> {
        let key = digest(key);
        self.db.read(move |conn| peek(conn, &key, rate)).await
    }

    async fn sweep(&self) -> anyhow::Result<u64> {
        let n = self.db.read(sweep).await?;
        Ok(u64::try_from(n).unwrap_or(u64::MAX))
    }
}
