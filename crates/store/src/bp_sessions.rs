//! Guided measurements' rows (issue 15) beside the readings that hold their averages: read
//! with a page of readings, written with the reading in one transaction.

use std::collections::HashMap;

use diesel::prelude::*;
use kernel::date;
use readings::session::{Period, Session, SessionReading};

use crate::db::AnyConnection;
use crate::schema::{bp_session_readings as sr, bp_sessions as s, readings as r};

#[derive(Queryable)]
pub(crate) struct SessionRow {
    reading_id: i64,
    time: String,
    systolic: i32,
    diastolic: i32,
    heart_rate: Option<i32>,
    period: String,
    rest_skipped: bool,
}

/// The sessions of the user's readings dated from `first` to `last` (`YYYY-MM-DD`): a page
/// of readings asks for its own dates, so one query serves the page whatever its size.
pub(crate) fn load_between(
    conn: &mut AnyConnection,
    user: i64,
    first: &str,
    last: &str,
) -> QueryResult<Vec<SessionRow>> {
    sr::table
        .inner_join(s::table.inner_join(r::table))
        .filter(r::user_id.eq(user))
        .filter(r::date.ge(first))
        .filter(r::date.le(last))
        .order((sr::reading_id, sr::position))
        .select((
            sr::reading_id,
            sr::time,
            sr::systolic,
            sr::diastolic,
            sr::heart_rate,
            s::period,
            s::rest_skipped,
        ))
        .load(conn)
}

/// Rows (ordered by reading and position) to each reading's session.
pub(crate) fn group(rows: Vec<SessionRow>) -> anyhow::Result<HashMap<i64, Session>> {
    let mut out: HashMap<i64, Session> = HashMap::new();
    for row in rows {
        let time = date::parse_time(&row.time)
            .map_err(|e| anyhow::anyhow!("session {}: stored time: {e}", row.reading_id))?;
        let period = Period::parse(&row.period).ok_or_else(|| {
            anyhow::anyhow!("session {}: stored period {:?}", row.reading_id, row.period)
        })?;
        out.entry(row.reading_id)
            .or_insert_with(|| Session {
                period,
                rest_skipped: row.rest_skipped,
                readings: Vec::new(),
            })
            .readings
            .push(SessionReading {
                time,
                systolic: row.systolic,
                diastolic: row.diastolic,
                heart_rate: row.heart_rate,
            });
    }
    Ok(out)
}

/// Stores `session` for the reading `reading_id` (call inside the reading's transaction).
pub(crate) fn insert(
    conn: &mut AnyConnection,
    reading_id: i64,
    session: &Session,
) -> QueryResult<()> {
    diesel::insert_into(s::table)
        .values((
            s::reading_id.eq(reading_id),
            s::period.eq(session.period.code()),
            s::rest_skipped.eq(session.rest_skipped),
        ))
        .execute(conn)?;
    for (position, one) in (0i32..).zip(&session.readings) {
        diesel::insert_into(sr::table)
            .values((
                sr::reading_id.eq(reading_id),
                sr::position.eq(position),
                sr::time.eq(date::format_time(one.time)),
                sr::systolic.eq(one.systolic),
                sr::diastolic.eq(one.diastolic),
                sr::heart_rate.eq(one.heart_rate),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Sets the period of the session held by reading `reading_id` (whose owner the caller
/// checked); `false` when that reading holds no session.
pub(crate) fn set_period(
    conn: &mut AnyConnection,
    reading_id: i64,
    period: Period,
) -> QueryResult<bool> {
    diesel::update(s::table.find(reading_id))
        .set(s::period.eq(period.code()))
        .execute(conn)
        .map(|n| n == 1)
}
