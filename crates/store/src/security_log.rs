//! The person's security log ([`identity::security_log`]).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use identity::security_log::{NewSecurityEvent, SecurityEvent, SecurityEventKind, SecurityLog};
use kernel::UserId;

use crate::db::Db;
use crate::schema::security_events as t;

#[derive(Clone)]
pub struct SecurityLogStore {
    db: Db,
}

impl SecurityLogStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

type Row = (
    i64,
    chrono::NaiveDateTime,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
);

fn event((id, at, kind, detail, device, network): Row) -> Option<SecurityEvent> {
    // A code this build does not know (written by a newer one) is left out, not guessed.
    let kind = SecurityEventKind::parse(&kind)?;
    Some(SecurityEvent {
        id,
        at: at.and_utc(),
        kind,
        detail,
        device,
        network,
    })
}

#[async_trait::async_trait]
impl SecurityLog for SecurityLogStore {
    async fn record(&self, e: NewSecurityEvent) -> anyhow::Result<bool> {
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                if let Some(window) = e.kind.quiet_for() {
                    let since = (e.at - window).naive_utc();
                    let mut recent = t::table
                        .filter(t::user_id.eq(e.user_id.0))
                        .filter(t::kind.eq(e.kind.code()))
                        .filter(t::at.gt(since))
                        .into_boxed();
                    recent = match &e.detail {
                        Some(d) => recent.filter(t::detail.eq(d.clone())),
                        None => recent.filter(t::detail.is_null()),
                    };
                    recent = match &e.device {
                        Some(d) => recent.filter(t::device.eq(d.clone())),
                        None => recent.filter(t::device.is_null()),
                    };
                    recent = match &e.network {
                        Some(n) => recent.filter(t::network.eq(n.clone())),
                        None => recent.filter(t::network.is_null()),
                    };
                    let seen: i64 = recent.count().get_result(conn)?;
                    if seen > 0 {
                        return Ok(false);
                    }
                }
                diesel::insert_into(t::table)
                    .values((
                        t::user_id.eq(e.user_id.0),
                        t::at.eq(e.at.naive_utc()),
                        t::kind.eq(e.kind.code()),
                        t::detail.eq(e.detail),
                        t::device.eq(e.device),
                        t::network.eq(e.network),
                    ))
                    .execute(conn)?;
                Ok(true)
            })
            .await
    }

    async fn page(
        &self,
        user: UserId,
        before: Option<i64>,
        limit: usize,
    ) -> anyhow::Result<Vec<SecurityEvent>> {
        let limit = i64::try_from(limit)?;
        let rows: Vec<Row> = self
            .db
            .read(move |conn| {
                let mut q = t::table.filter(t::user_id.eq(user.0)).into_boxed();
                if let Some(before) = before {
                    q = q.filter(t::id.lt(before));
                }
                q.order(t::id.desc())
                    .limit(limit)
                    .select((t::id, t::at, t::kind, t::detail, t::device, t::network))
                    .load(conn)
            })
            .await?;
        Ok(rows.into_iter().filter_map(event).collect())
    }

    async fn purge_before(&self, cutoff: DateTime<Utc>) -> anyhow::Result<u64> {
        self.db
            .write(move |conn| -> anyhow::Result<u64> {
                let n =
                    diesel::delete(t::table.filter(t::at.lt(cutoff.naive_utc()))).execute(conn)?;
                Ok(n as u64)
            })
            .await
    }
}
