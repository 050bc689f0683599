//! The sharing tables' rows and how they become the domain's types: a period as its kind
//! and the columns that kind fills, dates `YYYY-MM-DD` ([`kernel::date`]), timestamps in
//! UTC.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use kernel::{UserId, date};
use sharing::model::{Access, AccessKind, Includes, NewShare, Period, Share};

use crate::db::AnyConnection;
use crate::schema::{share_accesses as a, shares as s};

#[derive(Queryable, Selectable)]
#[diesel(table_name = s)]
pub(super) struct ShareRow {
    id: i64,
    user_id: i64,
    label: String,
    shown_name: String,
    #[diesel(embed)]
    period: PeriodRow,
    #[diesel(embed)]
    includes: IncludesRow,
    code_hash: Option<String>,
    created_at: NaiveDateTime,
    expires_at: NaiveDateTime,
    revoked_at: Option<NaiveDateTime>,
    opened: i64,
    last_opened_at: Option<NaiveDateTime>,
    emailed_to: Option<String>,
}

/// A period: its kind and the columns that kind fills.
#[derive(Queryable, Selectable)]
#[diesel(table_name = s)]
pub(super) struct PeriodRow {
    period_kind: String,
    period_from: Option<String>,
    period_to: Option<String>,
    period_days: Option<i32>,
}

/// What the share shows besides blood pressure.
#[derive(Queryable, Selectable)]
#[diesel(table_name = s)]
pub(super) struct IncludesRow {
    include_heart_rate: bool,
    include_weight: bool,
    include_blood_sugar: bool,
    include_notes: bool,
    include_medications: bool,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = a)]
pub(super) struct AccessRow {
    id: i64,
    at: NaiveDateTime,
    kind: String,
    browser: String,
}

/// A period's columns: kind, first day, last day, number of days.
type PeriodColumns = (&'static str, Option<String>, Option<String>, Option<i32>);

fn period_columns(period: Period) -> anyhow::Result<PeriodColumns> {
    let day = |d: NaiveDate| Some(date::format_date(d));
    Ok(match period {
        Period::Since(from) => (period.kind(), day(from), None, None),
        Period::Fixed { from, to } => (period.kind(), day(from), day(to), None),
        Period::Rolling { days } => (period.kind(), None, None, Some(i32::try_from(days)?)),
    })
}

/// Inserts `share` for `user` and returns its id.
pub(super) fn insert_share(
    conn: &mut AnyConnection,
    user: UserId,
    share: &NewShare,
) -> anyhow::Result<i64> {
    let (kind, from, to, days) = period_columns(share.period)?;
    let i = share.includes;
    Ok(diesel::insert_into(s::table)
        .values((
            s::user_id.eq(user.0),
            s::token_hash.eq(&share.token_hash),
            s::label.eq(&share.label),
            s::shown_name.eq(&share.shown_name),
            s::period_kind.eq(kind),
            s::period_from.eq(from),
            s::period_to.eq(to),
            s::period_days.eq(days),
            s::include_heart_rate.eq(i.heart_rate),
            s::include_weight.eq(i.weight),
            s::include_blood_sugar.eq(i.blood_sugar),
            s::include_notes.eq(i.notes),
            s::include_medications.eq(i.medications),
            s::code_hash.eq(&share.code_hash),
            s::created_at.eq(share.created_at.naive_utc()),
            s::expires_at.eq(share.expires_at.naive_utc()),
            s::emailed_to.eq(share.emailed_to.as_ref().map(kernel::Email::as_str)),
        ))
        .returning(s::id)
        .get_result(conn)?)
}

/// The user's share `id`, or any user's when `user` is `None`.
pub(super) fn load_one(
    conn: &mut AnyConnection,
    user: Option<UserId>,
    id: i64,
) -> QueryResult<Option<ShareRow>> {
    let mut q = s::table.filter(s::id.eq(id)).into_boxed();
    if let Some(user) = user {
        q = q.filter(s::user_id.eq(user.0));
    }
    q.select(ShareRow::as_select()).first(conn).optional()
}

/// Whether the user owns share `id`.
pub(super) fn owns(conn: &mut AnyConnection, user: UserId, id: i64) -> QueryResult<bool> {
    s::table
        .filter(s::id.eq(id))
        .filter(s::user_id.eq(user.0))
        .count()
        .get_result::<i64>(conn)
        .map(|n| n == 1)
}

fn stored_date(id: i64, column: &str, v: Option<&str>) -> anyhow::Result<NaiveDate> {
    let v = v.ok_or_else(|| anyhow::anyhow!("share {id}: no {column}"))?;
    date::parse_date(v).map_err(|e| anyhow::anyhow!("share {id}: stored date {v:?}: {e}"))
}

impl PeriodRow {
    fn into_period(self, id: i64) -> anyhow::Result<Period> {
        let from = || stored_date(id, "period_from", self.period_from.as_deref());
        Ok(match self.period_kind.as_str() {
            "since" => Period::Since(from()?),
            "fixed" => Period::Fixed {
                from: from()?,
                to: stored_date(id, "period_to", self.period_to.as_deref())?,
            },
            "rolling" => Period::Rolling {
                days: self
                    .period_days
                    .map(i64::from)
                    .ok_or_else(|| anyhow::anyhow!("share {id}: rolling without days"))?,
            },
            other => anyhow::bail!("share {id}: stored period kind {other:?}"),
        })
    }
}

impl From<IncludesRow> for Includes {
    fn from(i: IncludesRow) -> Self {
        Self {
            heart_rate: i.include_heart_rate,
            weight: i.include_weight,
            blood_sugar: i.include_blood_sugar,
            notes: i.include_notes,
            medications: i.include_medications,
        }
    }
}

impl ShareRow {
    pub(super) fn into_share(self) -> anyhow::Result<Share> {
        Ok(Share {
            id: self.id,
            user_id: UserId(self.user_id),
            label: self.label,
            shown_name: self.shown_name,
            period: self.period.into_period(self.id)?,
            includes: self.includes.into(),
            code_hash: self.code_hash,
            created_at: self.created_at.and_utc(),
            expires_at: self.expires_at.and_utc(),
            revoked_at: self.revoked_at.map(|t| t.and_utc()),
            opened: self.opened,
            last_opened_at: self.last_opened_at.map(|t| t.and_utc()),
            emailed_to: self.emailed_to,
        })
    }
}

impl AccessRow {
    pub(super) fn into_access(self) -> anyhow::Result<Access> {
        let id = self.id;
        Ok(Access {
            at: self.at.and_utc(),
            kind: AccessKind::parse(&self.kind)
                .ok_or_else(|| anyhow::anyhow!("share access {id}: stored kind {:?}", self.kind))?,
            browser: self.browser,
        })
    }
}
