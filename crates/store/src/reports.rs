//! [`ReportRepository`] over the reports and report_emails tables, scoped to the owner.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::UserId;
use kernel::outbox::OutgoingEmail;
use reports::ports::ReportRepository;
use reports::{ReportMeta, ReportSpec, ReportType};

use crate::db::{Db, lock_user_for};

const LOCK_REPORT_EMAILS: i32 = 7301;
use crate::outbox::enqueue;
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

type MetaRow = (
    i64,
    i64,
    String,
    String,
    String,
    String,
    bool,
    bool,
    bool,
    NaiveDateTime,
    i64,
);

const META: (
    t::id,
    t::user_id,
    t::name,
    t::report_type,
    t::date_start,
    t::date_end,
    t::include_charts,
    t::include_table,
    t::include_analysis,
    t::generated_at,
    t::size_bytes,
) = (
    t::id,
    t::user_id,
    t::name,
    t::report_type,
    t::date_start,
    t::date_end,
    t::include_charts,
    t::include_table,
    t::include_analysis,
    t::generated_at,
    t::size_bytes,
);

fn to_meta(r: MetaRow) -> anyhow::Result<ReportMeta> {
    let (id, user, name, kind, start, end, charts, table, analysis, at, size) = r;
    let date = |s: &str| {
        NaiveDate::parse_from_str(s, "%Y-%m-%d")
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
    })
}

#[async_trait::async_trait]
impl ReportRepository for ReportStore {
    async fn insert(
        &self,
        user: UserId,
        spec: ReportSpec,
        generated_at: DateTime<Utc>,
        pdf: Vec<u8>,
    ) -> anyhow::Result<ReportMeta> {
        let row = self
            .db
            .write(move |conn| -> anyhow::Result<MetaRow> {
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
                    ))
                    .returning(t::id)
                    .get_result(conn)?;
                Ok(t::table.find(id).select(META).first(conn)?)
            })
            .await?;
        to_meta(row)
    }

    async fn list(&self, user: UserId) -> anyhow::Result<Vec<ReportMeta>> {
        let rows: Vec<MetaRow> = self
            .db
            .read(move |conn| {
                t::table
                    .filter(t::user_id.eq(user.0))
                    .order((t::generated_at.desc(), t::id.desc()))
                    .select(META)
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
                    .select(META)
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
            .write(move |conn| -> anyhow::Result<bool> {
                let n = diesel::delete(t::table.filter(t::id.eq(id)).filter(t::user_id.eq(user.0)))
                    .execute(conn)?;
                Ok(n == 1)
            })
            .await
    }

    async fn emails_since(&self, user: UserId, since: DateTime<Utc>) -> anyhow::Result<i64> {
        self.db
            .read(move |conn| {
                report_emails::table
                    .filter(report_emails::user_id.eq(user.0))
                    .filter(report_emails::sent_at.gt(since.naive_utc()))
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
        since: DateTime<Utc>,
        cap: i64,
    ) -> anyhow::Result<bool> {
        let recipient = recipient.to_owned();
        let backend = self.db.backend();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                // Serialise this user's report emails: the count and the insert are atomic.
                lock_user_for(conn, backend, LOCK_REPORT_EMAILS, user)?;
                let sent: i64 = report_emails::table
                    .filter(report_emails::user_id.eq(user.0))
                    .filter(report_emails::sent_at.gt(since.naive_utc()))
                    .count()
                    .get_result(conn)?;
                if sent >= cap {
                    return Ok(false);
                }
                let now = Utc::now();
                diesel::insert_into(report_emails::table)
                    .values((
                        report_emails::user_id.eq(user.0),
                        report_emails::report_id.eq(report_id),
                        report_emails::recipient.eq(&recipient),
                        report_emails::sent_at.eq(now.naive_utc()),
                    ))
                    .execute(conn)?;
                enqueue(conn, &email, now)?;
                Ok(true)
            })
            .await
    }
}
