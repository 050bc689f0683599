//! The email outbox table: written inside the transactions that cause emails, drained by
//! the delivery worker in the `mail` crate through [`OutboxQueue`].

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::UserId;
use kernel::outbox::{Attachment, OutboxQueue, OutgoingEmail, QueuedEmail};

use crate::db::{AnyConnection, Db};
use crate::schema::outbox;

pub(crate) const PENDING: &str = "pending";
const SENT: &str = "sent";
const FAILED: &str = "failed";

/// Queues an email on the connection of the caller's transaction.
pub(crate) fn enqueue(
    conn: &mut AnyConnection,
    email: &OutgoingEmail,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    let headers = serde_json::to_string(&email.headers).unwrap_or_else(|_| "[]".to_owned());
    let (name, ctype, data) = match &email.attachment {
        Some(a) => (
            Some(a.filename.clone()),
            Some(a.content_type.clone()),
            Some(a.data.clone()),
        ),
        None => (None, None, None),
    };
    diesel::insert_into(outbox::table)
        .values((
            outbox::user_id.eq(email.user_id.map(|u| u.0)),
            outbox::to_address.eq(&email.to),
            outbox::subject.eq(&email.subject),
            outbox::text_body.eq(&email.text),
            outbox::html_body.eq(&email.html),
            outbox::headers.eq(headers),
            outbox::attachment_name.eq(name),
            outbox::attachment_type.eq(ctype),
            outbox::attachment.eq(data),
            outbox::status.eq(PENDING),
            outbox::attempts.eq(0),
            outbox::next_attempt_at.eq(now.naive_utc()),
            outbox::created_at.eq(now.naive_utc()),
        ))
        .execute(conn)?;
    Ok(())
}

#[derive(Clone)]
pub struct OutboxStore {
    db: Db,
}

impl OutboxStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

type Row = (
    i64,
    Option<i64>,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<Vec<u8>>,
    i32,
);

fn to_queued(r: Row) -> QueuedEmail {
    let (id, user_id, to, subject, text, html, headers, name, ctype, data, attempts) = r;
    let attachment = match (name, ctype, data) {
        (Some(filename), Some(content_type), Some(data)) => Some(Attachment {
            filename,
            content_type,
            data,
        }),
        _ => None,
    };
    QueuedEmail {
        id,
        attempts,
        email: OutgoingEmail {
            user_id: user_id.map(UserId),
            to,
            subject,
            text,
            html,
            attachment,
            headers: serde_json::from_str(&headers).unwrap_or_default(),
        },
    }
}

/// A pending email that is due and not leased by a worker.
#[diesel::dsl::auto_type]
fn claimable(now: NaiveDateTime) -> _ {
    let pending: &'static str = PENDING;
    outbox::status
        .eq(pending)
        .and(outbox::next_attempt_at.le(now))
        .and(
            outbox::locked_until
                .is_null()
                .or(outbox::locked_until.lt(now)),
        )
}

#[async_trait::async_trait]
impl OutboxQueue for OutboxStore {
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: i64,
    ) -> anyhow::Result<Vec<QueuedEmail>> {
        let now: NaiveDateTime = now.naive_utc();
        let lease: NaiveDateTime = lease_until.naive_utc();
        self.db
            .write(move |conn| -> anyhow::Result<Vec<QueuedEmail>> {
                let candidates: Vec<i64> = outbox::table
                    .filter(claimable(now))
                    .order(outbox::id.asc())
                    .limit(limit)
                    .select(outbox::id)
                    .load(conn)?;
                let mut claimed = Vec::with_capacity(candidates.len());
                for id in candidates {
                    // The guarded update is the claim: with several workers (several servers
                    // on one PostgreSQL) exactly one of them changes the row. It repeats
                    // every condition of the selection: PostgreSQL re-checks them on the
                    // row as another worker left it, which may have sent it meanwhile
                    // (unlocked, and no longer pending).
                    let n = diesel::update(
                        outbox::table
                            .filter(outbox::id.eq(id))
                            .filter(claimable(now)),
                    )
                    .set(outbox::locked_until.eq(Some(lease)))
                    .execute(conn)?;
                    if n == 1 {
                        claimed.push(id);
                    }
                }
                let rows: Vec<Row> = outbox::table
                    .filter(outbox::id.eq_any(&claimed))
                    .order(outbox::id.asc())
                    .select((
                        outbox::id,
                        outbox::user_id,
                        outbox::to_address,
                        outbox::subject,
                        outbox::text_body,
                        outbox::html_body,
                        outbox::headers,
                        outbox::attachment_name,
                        outbox::attachment_type,
                        outbox::attachment,
                        outbox::attempts,
                    ))
                    .load(conn)?;
                Ok(rows.into_iter().map(to_queued).collect())
            })
            .await
    }

    async fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<()> {
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::update(outbox::table.find(id))
                    .set((
                        outbox::status.eq(SENT),
                        outbox::sent_at.eq(Some(at.naive_utc())),
                        outbox::attempts.eq(outbox::attempts + 1),
                        outbox::locked_until.eq(None::<NaiveDateTime>),
                        outbox::last_error.eq(None::<String>),
                    ))
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn mark_failed(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> anyhow::Result<()> {
        let error: String = error.chars().take(500).collect();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                let target = outbox::table.find(id);
                match retry_at {
                    Some(at) => diesel::update(target)
                        .set((
                            outbox::attempts.eq(outbox::attempts + 1),
                            outbox::next_attempt_at.eq(at.naive_utc()),
                            outbox::locked_until.eq(None::<NaiveDateTime>),
                            outbox::last_error.eq(Some(error)),
                        ))
                        .execute(conn)?,
                    None => diesel::update(target)
                        .set((
                            outbox::status.eq(FAILED),
                            outbox::attempts.eq(outbox::attempts + 1),
                            outbox::locked_until.eq(None::<NaiveDateTime>),
                            outbox::last_error.eq(Some(error)),
                        ))
                        .execute(conn)?,
                };
                Ok(())
            })
            .await
    }

    async fn pending_count(&self) -> anyhow::Result<i64> {
        self.db
            .read(|conn| {
                outbox::table
                    .filter(outbox::status.eq(PENDING))
                    .count()
                    .get_result(conn)
            })
            .await
    }
}
