//! [`ReadingRepository`] over the readings table. Every query is scoped to the owner.

use std::sync::Arc;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Double, Nullable};
use kernel::{UserId, date};
use readings::model::*;
use readings::origin::{CuffFlags, Origin, Original, Source};
use readings::ports::ReadingRepository;
use readings::quota;
use readings::search::{Convert, Search, ShownAs};
use readings::session::{Period, Session};
use readings::setting::Setting;
use readings::transfer::KnownReadings;

use crate::bp_sessions::{self, Readings, SessionRow};
use crate::db::{AnyConnection, Backend, Db, MultiBackend, lock_user_for};
use crate::reading_counts::CountCache;
use crate::reading_keys;
use crate::schema::lower;
use crate::timestamps::StoredTimestamp;

/// Serialises a user's deduplicating writes: imports and a cuff's batches.
const LOCK_IMPORT: i32 = 7302;
/// Serialises a user's keyed inserts, so two sends of one key store one reading.
const LOCK_READING_KEYS: i32 = 7308;
/// Rows per INSERT of an import: 12 parameters each, within SQLite's 32,766 and
/// PostgreSQL's 65,535 bound parameters.
const IMPORT_BATCH: usize = 1000;
/// Readings per write transaction of an import: each holds the writer for tens of
/// milliseconds, so other users' writes go between them.
const IMPORT_CHUNK: usize = 2000;
use crate::schema::readings as r;

mod daily;
mod device;

#[derive(Clone)]
pub struct ReadingStore {
    db: Db,
    counts: Arc<CountCache>,
}

impl ReadingStore {
    pub fn new(db: Db) -> Self {
        Self {
            db,
            counts: Arc::default(),
        }
    }
}

#[derive(Queryable)]
struct Row {
    id: i64,
    user_id: i64,
    date: String,
    time: String,
    systolic: Option<i32>,
    diastolic: Option<i32>,
    heart_rate: Option<i32>,
    weight: Option<f64>,
    blood_sugar: Option<f64>,
    notes: Option<String>,
    #[diesel(deserialize_as = StoredTimestamp)]
    created_at: NaiveDateTime,
    #[diesel(deserialize_as = StoredTimestamp)]
    updated_at: NaiveDateTime,
    setting: String,
    source: String,
    device: Option<String>,
    flags: i32,
    original_date: Option<String>,
    original_time: Option<String>,
    original_systolic: Option<i32>,
    original_diastolic: Option<i32>,
    original_heart_rate: Option<i32>,
}

impl Row {
    fn into_reading(self, session: Option<Session>) -> anyhow::Result<Reading> {
        let date = date::parse_date(&self.date)
            .map_err(|e| anyhow::anyhow!("reading {}: stored date: {e}", self.id))?;
        let time = date::parse_time(&self.time)
            .map_err(|e| anyhow::anyhow!("reading {}: stored time: {e}", self.id))?;
        let setting = Setting::parse(&self.setting).ok_or_else(|| {
            anyhow::anyhow!("reading {}: stored setting {:?}", self.id, self.setting)
        })?;
        let origin = self.origin()?;
        Ok(Reading {
            id: self.id,
            user_id: UserId(self.user_id),
            date,
            time,
            values: Measurements {
                systolic: self.systolic,
                diastolic: self.diastolic,
                heart_rate: self.heart_rate,
                weight: self.weight,
                blood_sugar: self.blood_sugar,
            },
            notes: self.notes,
            session,
            setting,
            origin,
            created_at: self.created_at.and_utc(),
            updated_at: self.updated_at.and_utc(),
        })
    }
}

impl Row {
    /// Where the reading came from, as its columns say.
    fn origin(&self) -> anyhow::Result<Origin> {
        let id = self.id;
        let source = Source::parse(&self.source)
            .ok_or_else(|| anyhow::anyhow!("reading {id}: stored source {:?}", self.source))?;
        let flags = CuffFlags::from_bits(self.flags)
            .ok_or_else(|| anyhow::anyhow!("reading {id}: stored flags {}", self.flags))?;
        let original = match (&self.original_date, &self.original_time) {
            (Some(d), Some(t)) => Some(Original {
                date: date::parse_date(d)
                    .map_err(|e| anyhow::anyhow!("reading {id}: original date: {e}"))?,
                time: date::parse_time(t)
                    .map_err(|e| anyhow::anyhow!("reading {id}: original time: {e}"))?,
                systolic: self.original_systolic,
                diastolic: self.original_diastolic,
                heart_rate: self.original_heart_rate,
            }),
            _ => None,
        };
        Ok(Origin {
            source,
            device: self.device.clone(),
            flags,
            original,
        })
    }
}

type Boxed<'a> = r::BoxedQuery<'a, MultiBackend>;

/// Readings rows with the guided measurements among them.
struct Loaded {
    rows: Vec<Row>,
    sessions: Vec<SessionRow>,
}

/// Up to this many rows (a page holds at most `readings::service::MAX_PAGE`), the sessions
/// of a sparse list are asked for by id.
const SESSIONS_BY_ID_UP_TO: usize = 1000;

impl Loaded {
    /// Loads the sessions of `rows` (one query). `dense`: the rows are every reading of the
    /// user between their first and last date (no filter but dates), so those dates find
    /// their sessions on the readings' index with few others. A sparse list (a search, a
    /// kind) can span years: it asks by id, unless it is longer than a page.
    fn with_sessions(
        conn: &mut AnyConnection,
        user: i64,
        rows: Vec<Row>,
        dense: bool,
    ) -> QueryResult<Self> {
        let sessions = if rows.is_empty() {
            Vec::new()
        } else if !dense && rows.len() <= SESSIONS_BY_ID_UP_TO {
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            bp_sessions::load(conn, user, Readings::Ids(&ids))?
        } else {
            let first = rows
                .iter()
                .map(|r| r.date.as_str())
                .min()
                .unwrap_or_default();
            let last = rows
                .iter()
                .map(|r| r.date.as_str())
                .max()
                .unwrap_or_default();
            bp_sessions::load(conn, user, Readings::Between(first, last))?
        };
        Ok(Self { rows, sessions })
    }

    fn into_readings(self) -> anyhow::Result<Vec<Reading>> {
        let mut sessions = bp_sessions::group(self.sessions)?;
        self.rows
            .into_iter()
            .map(|row| {
                let session = sessions.remove(&row.id);
                row.into_reading(session)
            })
            .collect()
    }
}

/// One reading of `user` with its session.
fn fetch_one(conn: &mut AnyConnection, user: i64, id: i64) -> QueryResult<Option<Loaded>> {
    match fetch(conn, user, id)? {
        Some(row) => Loaded::with_sessions(conn, user, vec![row], false).map(Some),
        None => Ok(None),
    }
}

fn one(loaded: Option<Loaded>) -> anyhow::Result<Option<Reading>> {
    Ok(match loaded {
        Some(l) => l.into_readings()?.pop(),
        None => None,
    })
}

fn filtered(user: UserId, q: &ReadingQuery, backend: Backend) -> Boxed<'static> {
    let mut query = r::table.filter(r::user_id.eq(user.0)).into_boxed();
    if let Some(from) = q.from {
        query = query.filter(r::date.ge(date::format_date(from)));
    }
    if let Some(to) = q.to {
        query = query.filter(r::date.le(date::format_date(to)));
    }
    query = match q.kind {
        None => query,
        Some(Kind::Bp) => query
            .filter(r::systolic.is_not_null())
            .filter(r::diastolic.is_not_null()),
        Some(Kind::Hr) => query.filter(r::heart_rate.is_not_null()),
        Some(Kind::Weight) => query.filter(r::weight.is_not_null()),
        Some(Kind::Sugar) => query.filter(r::blood_sugar.is_not_null()),
    };
    if let Some(setting) = q.setting {
        query = query.filter(r::setting.eq(setting.code()));
    }
    if let Some(text) = &q.text {
        query = query.filter(matching(&Search::new(text, q.units), backend));
    }
    query
}

/// Whether `q` lists every reading between two dates: no filter but the dates.
fn dense(q: &ReadingQuery) -> bool {
    q.kind.is_none() && q.setting.is_none() && q.text.is_none()
}

type Condition = Box<dyn BoxableExpression<r::table, MultiBackend, SqlType = Nullable<Bool>>>;
type Scaled = Box<dyn BoxableExpression<r::table, MultiBackend, SqlType = Nullable<Double>>>;

/// A stored value converted and scaled as the client shows it ([`ShownAs`]).
macro_rules! scaled {
    ($column:expr, $shown:expr) => {
        match $shown.convert {
            Convert::Times(f) => Box::new(($column * f) * $shown.scale) as Scaled,
            Convert::DividedBy(d) => Box::new(($column / d) * $shown.scale) as Scaled,
        }
    };
}

/// The scaled value within `[lo, hi)`: the floating-point steps are the client's, so this
/// is exactly "shown as the number typed".
fn shown_as(scaled: impl Fn() -> Scaled, shown: ShownAs) -> Condition {
    Box::new(scaled().ge(shown.lo).and(scaled().lt(shown.hi)))
}

/// The search rule of [`readings::search`]: notes or date contain the text, or a value is
/// shown as the number typed, or the blood pressure is the pair typed.
fn matching(search: &Search, backend: Backend) -> Condition {
    // LIKE with the user's % and _ taken literally.
    let escaped = search
        .text
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    let pattern = format!("%{escaped}%");
    let dated = r::date.like(pattern.clone()).escape('\\');
    let mut any: Condition = match backend {
        // SQLite's LIKE ignores the case of ASCII letters and its lower() folds only
        // those, so the notes as stored match as lower(notes) did; the bare column is what
        // lets the count and the page read the notes from readings_user_date_notes.
        Backend::Sqlite => Box::new(r::notes.like(pattern).escape('\\').or(dated)),
        Backend::Postgres => Box::new(
            lower(r::notes.nullable())
                .like(pattern)
                .escape('\\')
                .or(dated),
        ),
    };
    if let Some(n) = search.whole {
        any = Box::new(
            any.or(r::systolic.eq(n))
                .or(r::diastolic.eq(n))
                .or(r::heart_rate.eq(n)),
        );
    }
    if let Some(shown) = search.weight {
        any = Box::new(any.or(shown_as(|| scaled!(r::weight, shown), shown)));
    }
    if let Some(shown) = search.sugar {
        any = Box::new(any.or(shown_as(|| scaled!(r::blood_sugar, shown), shown)));
    }
    if let Some((systolic, diastolic)) = search.pressure {
        any = Box::new(any.or(r::systolic.eq(systolic).and(r::diastolic.eq(diastolic))));
    }
    any
}

/// The columns a reading's origin fills (issue 39).
type OriginColumns<'a> = (
    diesel::dsl::Eq<r::source, &'static str>,
    diesel::dsl::Eq<r::device, Option<&'a str>>,
    diesel::dsl::Eq<r::flags, i32>,
    diesel::dsl::Eq<r::original_date, Option<String>>,
    diesel::dsl::Eq<r::original_time, Option<String>>,
    diesel::dsl::Eq<r::original_systolic, Option<i32>>,
    diesel::dsl::Eq<r::original_diastolic, Option<i32>>,
    diesel::dsl::Eq<r::original_heart_rate, Option<i32>>,
);

fn origin_columns(o: &Origin) -> OriginColumns<'_> {
    let original = o.original.as_ref();
    (
        r::source.eq(o.source.code()),
        r::device.eq(o.device.as_deref()),
        r::flags.eq(o.flags.bits()),
        r::original_date.eq(original.map(|x| date::format_date(x.date))),
        r::original_time.eq(original.map(|x| date::format_time(x.time))),
        r::original_systolic.eq(original.and_then(|x| x.systolic)),
        r::original_diastolic.eq(original.and_then(|x| x.diastolic)),
        r::original_heart_rate.eq(original.and_then(|x| x.heart_rate)),
    )
}

/// The columns a reading's values fill, for both the insert and the update (its origin's
/// nested: Diesel's tuples stop at 16).
type ValueColumns<'a> = (
    diesel::dsl::Eq<r::date, String>,
    diesel::dsl::Eq<r::time, String>,
    diesel::dsl::Eq<r::systolic, Option<i32>>,
    diesel::dsl::Eq<r::diastolic, Option<i32>>,
    diesel::dsl::Eq<r::heart_rate, Option<i32>>,
    diesel::dsl::Eq<r::weight, Option<f64>>,
    diesel::dsl::Eq<r::blood_sugar, Option<f64>>,
    diesel::dsl::Eq<r::notes, &'a Option<String>>,
    diesel::dsl::Eq<r::setting, &'static str>,
    OriginColumns<'a>,
);

fn value_columns(v: &ReadingValues) -> ValueColumns<'_> {
    (
        r::date.eq(date::format_date(v.date)),
        r::time.eq(date::format_time(v.time)),
        r::systolic.eq(v.values.systolic),
        r::diastolic.eq(v.values.diastolic),
        r::heart_rate.eq(v.values.heart_rate),
        r::weight.eq(v.values.weight),
        r::blood_sugar.eq(v.values.blood_sugar),
        r::notes.eq(&v.notes),
        r::setting.eq(v.setting.code()),
        origin_columns(&v.origin),
    )
}

/// The readings and bytes of notes `user` holds, as the triggers keep them.
fn usage(conn: &mut AnyConnection, user: UserId) -> QueryResult<(i64, i64)> {
    use crate::schema::reading_revisions as rr;
    Ok(rr::table
        .find(user.0)
        .select((rr::readings, rr::notes_bytes))
        .first(conn)
        .optional()?
        .unwrap_or((0, 0)))
}

/// Fails with [`quota::Full`] when `user` now holds more than an account may, which rolls
/// back the write transaction it is called in (after the write: the triggers have counted
/// it, under the account row's lock on PostgreSQL, so racing writes cannot both pass).
fn within_quota(conn: &mut AnyConnection, user: UserId) -> anyhow::Result<()> {
    let (readings, notes) = usage(conn, user)?;
    match quota::Full::passed(readings, notes) {
        Some(full) => Err(full.into()),
        None => Ok(()),
    }
}

/// Inserts one reading of `user` within the account's bounds; returns its id.
fn insert_checked(
    conn: &mut AnyConnection,
    user: UserId,
    v: &ReadingValues,
    now: NaiveDateTime,
) -> anyhow::Result<Row> {
    let row = insert_row(conn, user, v, now)?;
    within_quota(conn, user)?;
    Ok(row)
}

/// Inserts one reading of `user`; returns its row as stored (`RETURNING`, not read back).
fn insert_row(
    conn: &mut AnyConnection,
    user: UserId,
    v: &ReadingValues,
    now: NaiveDateTime,
) -> QueryResult<Row> {
    diesel::insert_into(r::table)
        .values((
            r::user_id.eq(user.0),
            value_columns(v),
            r::created_at.eq(now),
            r::updated_at.eq(now),
        ))
        .returning(r::all_columns)
        .get_result(conn)
}

fn fetch(conn: &mut AnyConnection, user: i64, id: i64) -> QueryResult<Option<Row>> {
    r::table
        .filter(r::id.eq(id))
        .filter(r::user_id.eq(user))
        .first::<Row>(conn)
        .optional()
}

/// The `candidates` not already stored for `user` nor earlier among them. Only stored
/// readings within the candidates' dates can be the same: a span is read, not the record.
fn fresh_of(
    conn: &mut AnyConnection,
    user: UserId,
    candidates: &[ReadingValues],
) -> QueryResult<Vec<ReadingValues>> {
    let (Some(first), Some(last)) = (
        candidates.iter().map(|c| c.date).min(),
        candidates.iter().map(|c| c.date).max(),
    ) else {
        return Ok(Vec::new());
    };
    let rows: Vec<Row> = r::table
        .filter(r::user_id.eq(user.0))
        .filter(r::date.ge(date::format_date(first)))
        .filter(r::date.le(date::format_date(last)))
        .load(conn)?;
    let stored = rows
        .into_iter()
        .map(|row| row.into_reading(None).map(|r| ReadingValues::from(&r)))
        .collect::<anyhow::Result<Vec<_>>>()
        .map_err(|e| diesel::result::Error::DeserializationError(e.into()))?;
    let mut known = KnownReadings::new(stored);
    Ok(candidates
        .iter()
        .filter(|v| known.add_if_new(v))
        .cloned()
        .collect())
}

/// Inserts `values` for `user`, many rows per statement (one statement per row took many
/// times as long).
fn insert_many(
    conn: &mut AnyConnection,
    user: UserId,
    values: &[ReadingValues],
    now: NaiveDateTime,
) -> QueryResult<()> {
    for chunk in values.chunks(IMPORT_BATCH) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|v| {
                (
                    r::user_id.eq(user.0),
                    value_columns(v),
                    r::created_at.eq(now),
                    r::updated_at.eq(now),
                )
            })
            .collect();
        // Diesel's multi-backend connection has no batch insert: each backend's own.
        let insert = diesel::insert_into(r::table).values(rows);
        match conn {
            AnyConnection::Sqlite(c) => insert.execute(c)?,
            AnyConnection::Postgresql(c) => insert.execute(c)?,
        };
    }
    Ok(())
}

#[async_trait::async_trait]
impl ReadingRepository for ReadingStore {
    async fn list(&self, user: UserId, query: ReadingQuery) -> anyhow::Result<ReadingPage> {
        let backend = self.db.backend();
        let counts = self.counts.clone();
        let (rows, total) = self
            .db
            .read(move |conn| {
                // SQLite accepts OFFSET only after a LIMIT, so "no limit" is the largest one.
                let rows: Vec<Row> = filtered(user, &query, backend)
                    .order((r::date.desc(), r::time.desc(), r::id.desc()))
                    .limit(query.limit.unwrap_or(i64::MAX))
                    .offset(query.offset)
                    .load(conn)?;
                // Without paging the list is the whole match; count only when paging.
                let total = if query.limit.is_none() && query.offset == 0 {
                    i64::try_from(rows.len()).unwrap_or(i64::MAX)
                } else {
                    counts.total(conn, user, &query, |conn| {
                        filtered(user, &query, backend).count().get_result(conn)
                    })?
                };
                Ok((
                    Loaded::with_sessions(conn, user.0, rows, dense(&query))?,
                    total,
                ))
            })
            .await?;
        Ok(ReadingPage {
            readings: rows.into_readings()?,
            total,
        })
    }

    async fn count(&self, user: UserId, query: ReadingQuery) -> anyhow::Result<i64> {
        let backend = self.db.backend();
        let counts = self.counts.clone();
        self.db
            .read(move |conn| {
                counts.total(conn, user, &query, |conn| {
                    filtered(user, &query, backend).count().get_result(conn)
                })
            })
            .await
    }

    async fn list_after(
        &self,
        user: UserId,
        query: ReadingQuery,
        after: Option<ListPosition>,
        batch: i64,
    ) -> anyhow::Result<Vec<Reading>> {
        let backend = self.db.backend();
        let loaded = self
            .db
            .read(move |conn| {
                let mut q = filtered(user, &query, backend);
                if let Some(p) = after {
                    // Dates and times are stored as fixed-width text, which sorts as they do.
                    let (date, time) = (date::format_date(p.date), date::format_time(p.time));
                    q = q.filter(
                        r::date.lt(date.clone()).or(r::date.eq(date.clone()).and(
                            r::time
                                .lt(time.clone())
                                .or(r::time.eq(time).and(r::id.lt(p.id))),
                        )),
                    );
                }
                let rows: Vec<Row> = q
                    .order((r::date.desc(), r::time.desc(), r::id.desc()))
                    .limit(batch.max(1))
                    .load(conn)?;
                Loaded::with_sessions(conn, user.0, rows, dense(&query))
            })
            .await?;
        loaded.into_readings()
    }

    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<Reading>> {
        one(self
            .db
            .read(move |conn| fetch_one(conn, user.0, id))
            .await?)
    }

    async fn import(
        &self,
        user: UserId,
        mut candidates: Vec<ReadingValues>,
    ) -> anyhow::Result<usize> {
        // In date order, so each chunk reads only its own span of the stored record.
        candidates.sort_by_key(|v| (v.date, v.time));
        let all = Arc::new(candidates);
        // Refused before anything is written when the new readings would take the account
        // past its bounds: read outside any write, so a refusal holds no one's writer.
        let every = all.clone();
        let (held, notes, more, more_notes) = self
            .db
            .read(move |conn| {
                let fresh = fresh_of(conn, user, &every)?;
                let (held, notes) = usage(conn, user)?;
                let more_notes: usize = fresh
                    .iter()
                    .filter_map(|v| v.notes.as_ref())
                    .map(String::len)
                    .sum();
                Ok((held, notes, fresh.len(), more_notes))
            })
            .await?;
        if let Some(full) = quota::Full::passed(
            held + i64::try_from(more)?,
            notes + i64::try_from(more_notes)?,
        ) {
            return Err(full.into());
        }
        // Then chunk by chunk, each a write transaction of its own under the user's lock
        // with its own duplicate check: a commit of 100,000 readings held the SQLite writer
        // (everyone's writes) ~2.6 s in one transaction (issue 33). A chunk that fails stores
        // none of itself; the chunks before it stay, and committing the draft again adds only
        // the rest (each is checked against what is stored).
        let backend = self.db.backend();
        let now = self.db.now().naive_utc();
        let mut imported = 0;
        for at in (0..all.len()).step_by(IMPORT_CHUNK) {
            let all = all.clone();
            imported += self
                .db
                .write(move |conn| -> anyhow::Result<usize> {
                    let chunk = all
                        .get(at..(at + IMPORT_CHUNK).min(all.len()))
                        .unwrap_or(&[]);
                    lock_user_for(conn, backend, LOCK_IMPORT, user)?;
                    let fresh = fresh_of(conn, user, chunk)?;
                    insert_many(conn, user, &fresh, now)?;
                    within_quota(conn, user)?;
                    Ok(fresh.len())
                })
                .await?;
        }
        Ok(imported)
    }

    async fn insert(&self, user: UserId, v: ReadingValues) -> anyhow::Result<Reading> {
        let stamp = self.db.now();
        let row = self
            .db
            .write(move |conn| -> anyhow::Result<Row> {
                insert_checked(conn, user, &v, stamp.naive_utc())
            })
            .await?;
        row.into_reading(None)
    }

    async fn insert_once(
        &self,
        user: UserId,
        key: IdempotencyKey,
        fingerprint: String,
        values: ReadingValues,
        may_insert: bool,
    ) -> anyhow::Result<Once> {
        enum Keyed {
            Created(Row),
            Replayed(Loaded),
            Refused(Once),
        }
        let backend = self.db.backend();
        let stamp = self.db.now();
        let keyed = self
            .db
            .write(move |conn| -> anyhow::Result<Keyed> {
                lock_user_for(conn, backend, LOCK_READING_KEYS, user)?;
                if let Some(stored) = reading_keys::find(conn, user, key.as_str())? {
                    if stored.fingerprint != fingerprint {
                        return Ok(Keyed::Refused(Once::Conflict));
                    }
                    let found = match stored.reading_id {
                        Some(id) => fetch_one(conn, user.0, id)?,
                        None => None,
                    };
                    return Ok(found.map_or(Keyed::Refused(Once::Gone), Keyed::Replayed));
                }
                if !may_insert {
                    return Ok(Keyed::Refused(Once::NotAllowed));
                }
                let now = stamp.naive_utc();
                let row = insert_checked(conn, user, &values, now)?;
                reading_keys::remember(conn, user, key.as_str(), &fingerprint, row.id, now)?;
                Ok(Keyed::Created(row))
            })
            .await?;
        let vanished = || anyhow::anyhow!("keyed reading vanished");
        Ok(match keyed {
            Keyed::Created(row) => Once::Created(row.into_reading(None)?),
            Keyed::Replayed(l) => Once::Replayed(one(Some(l))?.ok_or_else(vanished)?),
            Keyed::Refused(once) => once,
        })
    }

    async fn insert_session(
        &self,
        user: UserId,
        v: ReadingValues,
        session: Session,
    ) -> anyhow::Result<Reading> {
        let stamp = self.db.now();
        let (row, session) = self
            .db
            .write(move |conn| -> anyhow::Result<(Row, Session)> {
                let row = insert_checked(conn, user, &v, stamp.naive_utc())?;
                bp_sessions::insert(conn, row.id, &session)?;
                Ok((row, session))
            })
            .await?;
        row.into_reading(Some(session))
    }

    async fn set_period(
        &self,
        user: UserId,
        id: i64,
        period: Period,
    ) -> anyhow::Result<Option<Reading>> {
        let loaded = self
            .db
            .write(move |conn| -> anyhow::Result<Option<Loaded>> {
                // The owner first: another user's reading is not found.
                if fetch(conn, user.0, id)?.is_none() || !bp_sessions::set_period(conn, id, period)?
                {
                    return Ok(None);
                }
                Ok(fetch_one(conn, user.0, id)?)
            })
            .await?;
        one(loaded)
    }

    async fn update(
        &self,
        user: UserId,
        id: i64,
        v: ReadingValues,
    ) -> anyhow::Result<Option<Reading>> {
        let stamp = self.db.now();
        let loaded = self
            .db
            .write(move |conn| -> anyhow::Result<Option<Loaded>> {
                let n = diesel::update(r::table.filter(r::id.eq(id)).filter(r::user_id.eq(user.0)))
                    .set((value_columns(&v), r::updated_at.eq(stamp.naive_utc())))
                    .execute(conn)?;
                if n == 0 {
                    return Ok(None);
                }
                within_quota(conn, user)?;
                Ok(fetch_one(conn, user.0, id)?)
            })
            .await?;
        one(loaded)
    }

    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool> {
        self.db
            .delete_one(move |conn| {
                diesel::delete(r::table.filter(r::id.eq(id)).filter(r::user_id.eq(user.0)))
                    .execute(conn)
            })
            .await
    }

    async fn insert_from_cuff(
        &self,
        user: UserId,
        cuff: readings::cuffs::CuffInput,
        values: Vec<ReadingValues>,
    ) -> anyhow::Result<Vec<readings::service::FromCuff>> {
        let backend = self.db.backend();
        let now = self.db.now().naive_utc();
        self.db
            .write(move |conn| device::store(conn, backend, user, &cuff, &values, now))
            .await
    }

    async fn daily(
        &self,
        user: UserId,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> anyhow::Result<Vec<readings::daily::DayAggregate>> {
        let (from, to) = (date::format_date(from), date::format_date(to));
        let rows = self
            .db
            .read(move |conn| daily::rows(conn, user, from, to))
            .await?;
        daily::aggregates(rows)
    }
}
