//! [`SubscriptionRepository`] over the subscriptions and payments tables.

use std::time::Duration;

use billing::model::{
    NewPayment, PaymentMethod, PaymentRecord, PendingCapture, Recorded, SubscriptionStatus, extend,
};
use billing::ports::SubscriptionRepository;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use kernel::UserId;

use crate::db::{AnyConnection, Db};
use crate::schema::{payments, pending_captures, subscriptions};

/// Waits before the 2nd and 3rd attempt to record a payment whose transaction failed
/// (database busy, locked, timed out): the money is already taken, so a short wait beats
/// an error, and reconciliation catches whatever still fails.
const RECORD_BACKOFF: [Duration; 2] = [Duration::from_millis(250), Duration::from_secs(1)];

#[derive(Clone)]
pub struct SubscriptionStore {
    db: Db,
}

impl SubscriptionStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

fn load(conn: &mut AnyConnection, user: i64) -> QueryResult<SubscriptionStatus> {
    let row = subscriptions::table
        .find(user)
        .select((subscriptions::expires_at, subscriptions::cancelled_at))
        .first::<(NaiveDateTime, Option<NaiveDateTime>)>(conn)
        .optional()?;
    Ok(match row {
        Some((e, c)) => SubscriptionStatus {
            expires_at: Some(e.and_utc()),
            cancelled_at: c.map(|c| c.and_utc()),
        },
        None => SubscriptionStatus::none(),
    })
}

fn owner_of(conn: &mut AnyConnection, order: &str) -> QueryResult<Option<Option<i64>>> {
    payments::table
        .filter(payments::order_id.eq(order))
        .select(payments::user_id)
        .first::<Option<i64>>(conn)
        .optional()
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
impl SubscriptionRepository for SubscriptionStore {
    async fn status(&self, user: UserId) -> anyhow::Result<SubscriptionStatus> {
        self.db.read(move |conn| load(conn, user.0)).await
    }

    async fn payments(&self, user: UserId) -> anyhow::Result<Vec<PaymentRecord>> {
        let rows: Vec<(String, String, String, String, NaiveDateTime, NaiveDateTime)> = self
            .db
            .read(move |conn| {
                payments::table
                    .filter(payments::user_id.eq(Some(user.0)))
                    .order((payments::created_at.asc(), payments::id.asc()))
                    .select((
                        payments::order_id,
                        payments::method,
                        payments::amount,
                        payments::currency,
                        payments::period_end,
                        payments::created_at,
                    ))
                    .load(conn)
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(
                |(order_id, method, amount, currency, end, at)| PaymentRecord {
                    order_id,
                    method,
                    amount,
                    currency,
                    period_end: end.and_utc(),
                    created_at: at.and_utc(),
                },
            )
            .collect())
    }

    async fn record_payment(
        &self,
        payment: NewPayment,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Recorded> {
        let mut backoff = RECORD_BACKOFF.iter();
        loop {
            match self.record_once(&payment, now).await {
                Ok(r) => return Ok(r),
                Err(e) => match backoff.next() {
                    Some(wait) => {
                        tracing::warn!(error = %format!("{e:#}"), order = %payment.order_id, "recording a captured payment failed; retrying");
                        tokio::time::sleep(*wait).await;
                    }
                    None => return Err(e),
                },
            }
        }
    }

    async fn begin_capture(&self, p: PendingCapture) -> anyhow::Result<()> {
        let written = self
            .db
            .write(move |conn| -> anyhow::Result<()> {
                let exists = pending_captures::table
                    .find((&p.order_id, p.user_id.0))
                    .count()
                    .get_result::<i64>(conn)?
                    > 0;
                if !exists {
                    diesel::insert_into(pending_captures::table)
                        .values((
                            pending_captures::order_id.eq(&p.order_id),
                            pending_captures::user_id.eq(p.user_id.0),
                            pending_captures::method.eq(p.method.as_str()),
                            pending_captures::client_claim.eq(&p.client_claim),
                            pending_captures::created_at.eq(p.created_at.naive_utc()),
                        ))
                        .execute(conn)?;
                }
                Ok(())
            })
            .await;
        match written {
            // The same activation sent concurrently: the other request wrote it.
            Err(e) if is_unique_violation(&e) => Ok(()),
            other => other,
        }
    }

    async fn drop_capture(&self, user: UserId, order_id: &str) -> anyhow::Result<()> {
        let order_id = order_id.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::delete(pending_captures::table.find((&order_id, user.0))).execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn pending_captures(&self, limit: i64) -> anyhow::Result<Vec<PendingCapture>> {
        let rows: Vec<(String, i64, String, String, NaiveDateTime)> = self
            .db
            .read(move |conn| {
                pending_captures::table
                    .order(pending_captures::created_at.asc())
                    .limit(limit)
                    .select((
                        pending_captures::order_id,
                        pending_captures::user_id,
                        pending_captures::method,
                        pending_captures::client_claim,
                        pending_captures::created_at,
                    ))
                    .load(conn)
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(
                |(order_id, user, method, client_claim, at)| PendingCapture {
                    user_id: UserId(user),
                    order_id,
                    method: PaymentMethod::parse(&method).unwrap_or(PaymentMethod::Paypal),
                    client_claim,
                    created_at: at.and_utc(),
                },
            )
            .collect())
    }

    async fn cancel(&self, user: UserId, at: DateTime<Utc>) -> anyhow::Result<SubscriptionStatus> {
        self.db
            .write(move |conn| -> anyhow::Result<SubscriptionStatus> {
                diesel::update(
                    subscriptions::table
                        .filter(subscriptions::user_id.eq(user.0))
                        .filter(subscriptions::cancelled_at.is_null()),
                )
                .set(subscriptions::cancelled_at.eq(Some(at.naive_utc())))
                .execute(conn)?;
                Ok(load(conn, user.0)?)
            })
            .await
    }
}

impl SubscriptionStore {
    /// One attempt: the payment, the extension and the end of the pending capture in one
    /// transaction, repeated only on a lost race.
    async fn record_once(
        &self,
        payment: &NewPayment,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Recorded> {
        for _ in 0..10 {
            let p = payment.clone();
            let attempt = self
                .db
                .write(move |conn| -> anyhow::Result<Recorded> {
                    diesel::delete(pending_captures::table.find((&p.order_id, p.user_id.0)))
                        .execute(conn)?;
                    match owner_of(conn, &p.order_id)? {
                        Some(Some(owner)) if owner == p.user_id.0 => {
                            return Ok(Recorded::AlreadyApplied);
                        }
                        Some(_) => return Ok(Recorded::OtherUser),
                        None => {}
                    }
                    let current = load(conn, p.user_id.0)?;
                    let new_end = extend(current.expires_at, now);
                    diesel::insert_into(payments::table)
                        .values((
                            payments::user_id.eq(Some(p.user_id.0)),
                            payments::order_id.eq(&p.order_id),
                            payments::capture_id.eq(&p.capture_id),
                            payments::method.eq(p.method.as_str()),
                            payments::amount.eq(&p.amount),
                            payments::currency.eq(&p.currency),
                            payments::client_claim.eq(&p.client_claim),
                            payments::period_end.eq(new_end.naive_utc()),
                            payments::created_at.eq(p.created_at.naive_utc()),
                        ))
                        .execute(conn)?;
                    let changed = match current.expires_at {
                        // Compare-and-set: only if nobody extended it since we read it.
                        Some(old) => diesel::update(
                            subscriptions::table
                                .filter(subscriptions::user_id.eq(p.user_id.0))
                                .filter(subscriptions::expires_at.eq(old.naive_utc())),
                        )
                        .set((
                            subscriptions::expires_at.eq(new_end.naive_utc()),
                            subscriptions::cancelled_at.eq(None::<NaiveDateTime>),
                            subscriptions::updated_at.eq(now.naive_utc()),
                        ))
                        .execute(conn)?,
                        None => diesel::insert_into(subscriptions::table)
                            .values((
                                subscriptions::user_id.eq(p.user_id.0),
                                subscriptions::expires_at.eq(new_end.naive_utc()),
                                subscriptions::updated_at.eq(now.naive_utc()),
                            ))
                            .execute(conn)?,
                    };
                    if changed != 1 {
                        // Roll back the payment insert too.
                        anyhow::bail!(DieselError::RollbackTransaction);
                    }
                    Ok(Recorded::Extended(new_end))
                })
                .await;
            // A lost race (the same order recorded meanwhile, or the subscription extended
            // by another payment) rolls back; the next attempt sees the winner's result.
            match attempt {
                Ok(r) => return Ok(r),
                Err(e)
                    if is_unique_violation(&e)
                        || matches!(
                            e.downcast_ref::<DieselError>(),
                            Some(DieselError::RollbackTransaction)
                        ) =>
                {
                    continue;
                }
                Err(e) => return Err(e),
            }
        }
        anyhow::bail!("could not record payment after repeated conflicts")
    }
}
