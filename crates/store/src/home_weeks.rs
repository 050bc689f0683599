//! [`HomeWeekRepository`] over `home_weeks`: the home monitoring weeks users started.

use chrono::NaiveDate;
use diesel::prelude::*;
use kernel::{UserId, date};
use readings::ports::HomeWeekRepository;

use crate::db::{Db, lock_user_for};
use crate::schema::home_weeks as w;

/// Serialises one user's week starts ([`lock_user_for`]).
const LOCK_HOME_WEEKS: i32 = 7303;

#[derive(Clone)]
pub struct HomeWeekStore {
    db: Db,
}

impl HomeWeekStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

fn parse(stored: String) -> anyhow::Result<NaiveDate> {
    date::parse_date(&stored).map_err(|e| anyhow::anyhow!("home week start {stored:?}: {e}"))
}

#[async_trait::async_trait]
impl HomeWeekRepository for HomeWeekStore {
    async fn latest_start(&self, user: UserId) -> anyhow::Result<Option<NaiveDate>> {
        // 'YYYY-MM-DD' text sorts as the dates do.
        let latest: Option<String> = self
            .db
            .read(move |conn| {
                w::table
                    .filter(w::user_id.eq(user.0))
                    .filter(w::stopped_on.is_null())
                    .select(w::start_date)
                    .order(w::start_date.desc())
                    .first(conn)
                    .optional()
            })
            .await?;
        latest.map(parse).transpose()
    }

    async fn last_stopped(&self, user: UserId) -> anyhow::Result<Option<NaiveDate>> {
        let last: Option<Option<String>> = self
            .db
            .read(move |conn| {
                w::table
                    .filter(w::user_id.eq(user.0))
                    .filter(w::stopped_on.is_not_null())
                    .select(w::stopped_on)
                    .order(w::stopped_on.desc())
                    .first(conn)
                    .optional()
            })
            .await?;
        last.flatten().map(parse).transpose()
    }

    async fn start(
        &self,
        user: UserId,
        start: NaiveDate,
        replacing_from: NaiveDate,
    ) -> anyhow::Result<()> {
        let (start, replacing_from) = (date::format_date(start), date::format_date(replacing_from));
        let backend = self.db.backend();
        let stamp = self.db.now();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                // One start at a time per user: two at once cannot both replace the running
                // week and leave two.
                lock_user_for(conn, backend, LOCK_HOME_WEEKS, user)?;
                diesel::delete(
                    w::table
                        .filter(w::user_id.eq(user.0))
                        .filter(w::start_date.ge(&replacing_from))
                        .filter(w::start_date.ne(&start)),
                )
                .execute(conn)?;
                // Starting again a week stopped earlier: it runs again.
                diesel::update(
                    w::table
                        .filter(w::user_id.eq(user.0))
                        .filter(w::start_date.eq(&start)),
                )
                .set(w::stopped_on.eq(None::<String>))
                .execute(conn)?;
                // (user, start) is unique: starting the same week twice keeps the first
                // (the multi-backend connection has no ON CONFLICT, hence the match; the
                // savepoint keeps PostgreSQL's transaction usable after the violation).
                let inserted = conn.transaction(|conn| {
                    diesel::insert_into(w::table)
                        .values((
                            w::user_id.eq(user.0),
                            w::start_date.eq(&start),
                            w::created_at.eq(stamp.naive_utc()),
                        ))
                        .execute(conn)
                });
                match inserted {
                    Ok(_)
                    | Err(diesel::result::Error::DatabaseError(
                        diesel::result::DatabaseErrorKind::UniqueViolation,
                        _,
                    )) => Ok(()),
                    Err(e) => Err(e.into()),
                }
            })
            .await
    }

    async fn stop(&self, user: UserId, start: NaiveDate, on: NaiveDate) -> anyhow::Result<bool> {
        let (start, on) = (date::format_date(start), date::format_date(on));
        self.db
            .delete_one(move |conn| {
                diesel::update(
                    w::table
                        .filter(w::user_id.eq(user.0))
                        .filter(w::start_date.eq(start))
                        .filter(w::stopped_on.is_null()),
                )
                .set(w::stopped_on.eq(Some(on)))
                .execute(conn)
            })
            .await
    }

    async fn starts_between(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<NaiveDate>> {
        let (from, to) = (date::format_date(from), date::format_date(to));
        let starts: Vec<String> = self
            .db
            .read(move |conn| {
                w::table
                    .filter(w::user_id.eq(user.0))
                    .filter(w::stopped_on.is_null())
                    .filter(w::start_date.ge(from))
                    .filter(w::start_date.le(to))
                    .select(w::start_date)
                    .order(w::start_date.asc())
                    .load(conn)
            })
            .await?;
        starts.into_iter().map(parse).collect()
    }
}
