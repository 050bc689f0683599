//! [`NotificationStore`] over users, preferences, readings, job_claims and the outbox.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use kernel::UserId;
use kernel::outbox::OutgoingEmail;
use notifications::{NotificationStore, Subscriber, Topic};

use crate::db::Db;
use crate::outbox::enqueue;
use crate::schema::{job_claims, medications, preferences, readings, users};

#[derive(Clone)]
pub struct NotificationStoreDb {
    db: Db,
}

impl NotificationStoreDb {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

fn is_unique_violation(e: &anyhow::Error) -> bool {
    matches!(
        e.downcast_ref::<DieselError>(),
        Some(DieselError::DatabaseError(
            DatabaseErrorKind::UniqueViolation,
            _
        ))
    )
}

#[async_trait::async_trait]
impl NotificationStore for NotificationStoreDb {
    async fn subscribers(&self, topic: Topic) -> anyhow::Result<Vec<Subscriber>> {
        let rows: Vec<(i64, String, String, Option<String>, Option<String>)> = self
            .db
            .read(move |conn| {
                // A user without a preferences row has the defaults (UTC, both emails off):
                // a dose reminder is still theirs, in UTC.
                let base = users::table
                    .left_join(preferences::table)
                    .filter(users::email_verified.eq(true))
                    .select((
                        users::id,
                        users::username,
                        users::email,
                        preferences::time_zone.nullable(),
                        preferences::reminder_time.nullable(),
                    ))
                    .order(users::id.asc());
                match topic {
                    Topic::Reminders => base
                        .filter(preferences::email_reminders.eq(true))
                        .load(conn),
                    Topic::WeeklyReports => {
                        base.filter(preferences::weekly_reports.eq(true)).load(conn)
                    }
                    Topic::Medications => base
                        .filter(diesel::dsl::exists(
                            medications::table
                                .filter(medications::user_id.eq(users::id))
                                .filter(medications::reminders.eq(true)),
                        ))
                        .load(conn),
                }
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, username, email, tz, at)| Subscriber {
                user: UserId(id),
                username,
                email,
                time_zone: tz
                    .and_then(|tz| tz.parse().ok())
                    .unwrap_or(chrono_tz::Tz::UTC),
                reminder_time: at
                    .and_then(|at| kernel::date::parse_time(&at).ok())
                    .unwrap_or(identity::model::DEFAULT_REMINDER_TIME),
            })
            .collect())
    }

    async fn has_reading_on(&self, user: UserId, date: NaiveDate) -> anyhow::Result<bool> {
        let day = kernel::date::format_date(date);
        let n: i64 = self
            .db
            .read(move |conn| {
                readings::table
                    .filter(readings::user_id.eq(user.0))
                    .filter(readings::date.eq(day))
                    .count()
                    .get_result(conn)
            })
            .await?;
        Ok(n > 0)
    }

    async fn is_claimed(&self, job: &str, key: &str) -> anyhow::Result<bool> {
        let (job, key) = (job.to_owned(), key.to_owned());
        let n: i64 = self
            .db
            .read(move |conn| {
                job_claims::table
                    .filter(job_claims::job.eq(job))
                    .filter(job_claims::claim_key.eq(key))
                    .count()
                    .get_result(conn)
            })
            .await?;
        Ok(n > 0)
    }

    async fn claim_and_queue(
        &self,
        job: &str,
        key: &str,
        user: UserId,
        email: OutgoingEmail,
    ) -> anyhow::Result<bool> {
        let (job, key) = (job.to_owned(), key.to_owned());
        let now = self.db.now();
        let result = self
            .db
            .write(move |conn| -> anyhow::Result<bool> {
                let taken: i64 = job_claims::table
                    .filter(job_claims::job.eq(&job))
                    .filter(job_claims::claim_key.eq(&key))
                    .count()
                    .get_result(conn)?;
                if taken > 0 {
                    return Ok(false);
                }
                // The primary key decides a race between servers: the loser's insert fails
                // and its transaction (with its email) rolls back.
                diesel::insert_into(job_claims::table)
                    .values((
                        job_claims::job.eq(&job),
                        job_claims::claim_key.eq(&key),
                        job_claims::user_id.eq(Some(user.0)),
                        job_claims::claimed_at.eq(now.naive_utc()),
                    ))
                    .execute(conn)?;
                enqueue(conn, &email, now)?;
                Ok(true)
            })
            .await;
        match result {
            Err(e) if is_unique_violation(&e) => Ok(false),
            other => other,
        }
    }

    async fn turn_off(&self, user: UserId, topic: Topic) -> anyhow::Result<bool> {
        let stamp = self.db.now();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let exists: i64 = users::table.find(user.0).count().get_result(conn)?;
                if exists == 0 {
                    return Ok(false);
                }
                let now = stamp.naive_utc();
                let target = preferences::table.find(user.0);
                // No preferences row means the defaults, where both are already off.
                match topic {
                    Topic::Reminders => diesel::update(target)
                        .set((
                            preferences::email_reminders.eq(false),
                            preferences::updated_at.eq(now),
                        ))
                        .execute(conn)?,
                    Topic::WeeklyReports => diesel::update(target)
                        .set((
                            preferences::weekly_reports.eq(false),
                            preferences::updated_at.eq(now),
                        ))
                        .execute(conn)?,
                    Topic::Medications => {
                        diesel::update(medications::table.filter(medications::user_id.eq(user.0)))
                            .set(medications::reminders.eq(false))
                            .execute(conn)?
                    }
                };
                Ok(true)
            })
            .await
    }
}
