//! A cuff's batch of readings stored once (issue 39): the cuff re-sends its memory, and the
//! same batch may be posted twice at once (two tabs, a retry).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use kernel::{UserId, date};
use readings::cuffs::CuffInput;
use readings::model::ReadingValues;
use readings::service::FromCuff;

use super::{LOCK_IMPORT, Loaded, Row, fetch_one, insert_row, r, within_quota};
use crate::db::{AnyConnection, Backend};

/// The reading of `user` holding `v`'s date, time, systolic, diastolic and heart rate,
/// whatever its source (NULL heart rates match each other, as the values do).
fn held(conn: &mut AnyConnection, user: UserId, v: &ReadingValues) -> QueryResult<Option<i64>> {
    let m = &v.values;
    let mut q = r::table
        .filter(r::user_id.eq(user.0))
        .filter(r::date.eq(date::format_date(v.date)))
        .filter(r::time.eq(date::format_time(v.time)))
        .into_boxed();
    q = match m.systolic {
        Some(s) => q.filter(r::systolic.eq(s)),
        None => q.filter(r::systolic.is_null()),
    };
    q = match m.diastolic {
        Some(d) => q.filter(r::diastolic.eq(d)),
        None => q.filter(r::diastolic.is_null()),
    };
    q = match m.heart_rate {
        Some(h) => q.filter(r::heart_rate.eq(h)),
        None => q.filter(r::heart_rate.is_null()),
    };
    q.select(r::id).order(r::id.asc()).first(conn).optional()
}

/// What one reading of the batch became, before its sessions are loaded.
enum Stored {
    Saved(Box<Row>),
    Already(Loaded),
}

/// In the caller's write transaction: each of `values` held already or inserted, then the
/// cuff remembered as synced, all under the lock imports take too, so neither a second post
/// of the batch nor an import can store one of these readings again. The lock, not a unique
/// index: the record may hold such twins from before (typed twice), and a unique index over
/// a nullable heart rate would not match NULLs on either backend.
pub(super) fn store(
    conn: &mut AnyConnection,
    backend: Backend,
    user: UserId,
    cuff: &CuffInput,
    values: &[ReadingValues],
    now: NaiveDateTime,
) -> anyhow::Result<Vec<FromCuff>> {
    crate::db::lock_user_for(conn, backend, LOCK_IMPORT, user)?;
    let mut stored = Vec::with_capacity(values.len());
    for v in values {
        stored.push(match held(conn, user, v)? {
            Some(id) => Stored::Already(
                fetch_one(conn, user.0, id)?
                    .ok_or_else(|| anyhow::anyhow!("reading {id} vanished under the lock"))?,
            ),
            None => Stored::Saved(Box::new(insert_row(conn, user, v, now)?)),
        });
    }
    within_quota(conn, user)?;
    // The readings stay even when the cuff cannot be remembered (the person has the most
    // cuffs): the client was told so when it put the cuff.
    crate::cuffs::put(conn, backend, user, cuff, now, true)?;
    stored
        .into_iter()
        .map(|s| {
            Ok(match s {
                Stored::Saved(row) => FromCuff::Saved(row.into_reading(None)?),
                Stored::Already(loaded) => FromCuff::Already(
                    super::one(Some(loaded))?
                        .ok_or_else(|| anyhow::anyhow!("a held reading vanished"))?,
                ),
            })
        })
        .collect()
}
