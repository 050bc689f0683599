//! [`ReportRepository`] over the reports and report_emails tables, scoped to the owner.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::UserId;
use kernel::email_caps::EmailCaps;
use kernel::outbox::OutgoingEmail;
use reports::ports::ReportRepository;
use reports::{EmailOutcome, NewReport, ReportMeta, ReportSpec, ReportType};

use crate::db::{Db, lock_user_for};
use crate::email_log::email_counts;
use crate::outbox::enqueue;

/// Advisory-lock namespaces (PostgreSQL; SQLite writes are serialised anyway). Report
/// emails take one lock for everyone, keyed 0: the recipient and hourly caps span users.
const LOCK_REPORT_EMAILS: i32 = 7301;
const LOCK_REPORTS_KEPT: i32 = 7305;
use crate::schema::{report_emails, reports as t};

#[derive(Clone)]
pub struct ReportStore {
    db: Db,
}

impl ReportStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

/// A report's row without its PDF (lists and lookups never load the file).
#[derive(Queryable, Selectable)]
#[diesel(table_name = t)]
struct MetaRow {
    id: i64,
    user_id: i64,
    name: String,
    report_type: String,
    date_start: String,
    date_end: String,
    include_charts: bool,
    include_table: bool,
    include_analysis: bool,
    generated_at: NaiveDateTime,
    size_bytes: i64,
    reading_count: i64,
}

fn to_meta(r: MetaRow) -> anyhow::Result<ReportMeta> {
    let MetaRow {
        id,
        user_id: user,
        name,
        report_type: kind,
        date_start: start,
        date_end: end,
        include_charts: charts,
        include_table: table,
        include_analysis: analysis,
        generated_at: at,
        size_bytes: size,
        reading_count: readings,
    } = r;
    let date = |s: &str| {
        kernel::date::parse_date(s)
            .map_err(|e| anyhow::anyhow!("report {id}: stored date {s:?}: {e}"))
    };
    Ok(ReportMeta {
        id,
        user_id: UserId(user),
        spec: ReportSpec {
            name,
            report_type: ReportType::parse(&kind)
                .ok_or_else(|| anyhow::anyhow!("report {id}: unknown type {kind:?}"))?,
            date_start: date(&start)?,
            date_end: date(&end)?,
            include_charts: charts,
            include_table: table,
            include_analysis: analysis,
        },
        generated_at: at.and_utc(),
        size_bytes: size,
        readings,
    })
}

#[async_trait::async_trait]
impl ReportRepository for ReportStore {
    async fn insert(
        &self,
        user: UserId,
        report: NewReport,
        cap: i64,
    ) -> anyhow::Result<Option<ReportMeta>> {
        let backend = self.db.backend();
        let row = self
            .db
            .write(move |conn| -> anyhow::Result<Option<MetaRow>> {
                // Serialise this user's inserts: the count and the insert are atomic.
                lock_user_for(conn, backend, LOCK_REPORTS_KEPT, user)?;
                let kept: i64 = t::table
                    .filter(t::user_id.eq(user.0))
                    .count()
                    .get_result(conn)?;
                if kept >= cap {
                    return Ok(None);
                }
                let NewReport {
                    spec,
                    generated_at,
                    readings,
                    pdf,
                } = report;
                let size = i64::try_from(pdf.len())?;
                let id: i64 = diesel::insert_into(t::table)
                    .values((
                        t::user_id.eq(user.0),
                        t::name.eq(&spec.name),
                        t::report_type.eq(spec.report_type.code()),
                        t::date_start.eq(spec.date_start.to_string()),
                        t::date_end.eq(spec.date_end.to_string()),
                        t::include_charts.eq(spec.include_charts),
                        t::include_table.eq(spec.include_table),
                        t::include_analysis.eq(spec.include_analysis),
                        t::generated_at.eq(generated_at.naive_utc()),
                        t::size_bytes.eq(size),
                        t::pdf.eq(&pdf),
                        t::reading_count.eq(readings),
                    ))
                    .returning(t::id)
                    .get_result(conn)?;
                Ok(Some(
                    t::table.find(id).select(MetaRow::as_select()).first(conn)?,
                ))
            })
            .await?;
        row.map(to_meta).transpose()
    }

    async fn count(&self, user: UserId) -> anyhow::Result<i64> {
        self.db
            .read(move |conn| {
                t::table
                    .filter(t::user_id.eq(user.0))
                    .count()
                    .get_result(conn)
            })
            .await
    }

    async fn list(&self, user: UserId) -> anyhow::Result<Vec<ReportMeta>> {
        let rows: Vec<MetaRow> = self
            .db
            .read(move |conn| {
                t::table
                    .filter(t::user_id.eq(user.0))
                    .order((t::generated_at.desc(), t::id.desc()))
                    .select(MetaRow::as_select())
                    .load(conn)
            })
            .await?;
        rows.into_iter().map(to_meta).collect()
    }

    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<ReportMeta>> {
        let row: Option<MetaRow> = self
            .db
            .read(move |conn| {
                t::table
                    .filter(t::id.eq(id))
                    .filter(t::user_id.eq(user.0))
                    .select(MetaRow::as_select())
                    .first(conn)
                    .optional()
            })
            .await?;
        row.map(to_meta).transpose()
    }

    async fn pdf(&self, user: UserId, id: i64) -> anyhow::Result<Option<Vec<u8>>> {
        self.db
            .read(move |conn| {
                t::table
                    .filter(t::id.eq(id))
                    .filter(t::user_id.eq(user.0))
                    .select(t::pdf)
                    .first::<Vec<u8>>(conn)
                    .optional()
            })
            .await
    }

    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool> {
        self.db
            .delete_one(move |conn| {
                diesel::delete(t::table.filter(t::id.eq(id)).filter(t::user_id.eq(user.0)))
                    .execute(conn)
            })
            .await
    }

    async fn emails_since(&self, user: UserId, since: DateTime<Utc>) -> anyhow::Result<i64> {
        self.db
            .read(move |conn| {
                report_emails::table
                    .filter(report_emails::user_id.eq(user.0))
                    // As the caps count (kernel::email_caps): from `since` on.
                    .filter(report_emails::sent_at.ge(since.naive_utc()))
                    .count()
                    .get_result(conn)
            })
            .await
    }

    async fn record_email(
        &self,
        user: UserId,
        report_id: i64,
        recipient: &str,
        email: OutgoingEmail,
        caps: EmailCaps,
    ) -> anyhow::Result<EmailOutcome> {
        let recipient = recipient.to_owned();
        let backend = self.db.backend();
        let now = self.db.now();
        self.db
            .write(move |conn| -> anyhow::Result<EmailOutcome> {
                // Serialise all report emails: the counts and the insert are atomic.
                lock_user_for(conn, backend, LOCK_REPORT_EMAILS, UserId(0))?;
                let counts = email_counts!(report_emails, &mut *conn, user, &recipient);
                if let Some(cap) = caps.first_reached(counts)? {
                    return Ok(EmailOutcome::Refused(cap));
                }
                diesel::insert_into(report_emails::table)
                    .values((
                        report_emails::user_id.eq(user.0),
                        report_emails::report_id.eq(report_id),
                        report_emails::recipient.eq(&recipient),
                        report_emails::sent_at.eq(now.naive_utc()),
                    ))
                    .execute(conn)?;
                enqueue(conn, &email, now)?;
                Ok(EmailOutcome::Queued)
            })
            .await
    }
}
