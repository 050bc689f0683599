//! Timestamps read from the database without chrono's format interpreter.
//!
//! diesel reads a SQLite timestamp by trying up to a dozen chrono formats in turn; a year's
//! list has two per reading, and the profile put that at ~9 % of `GET /api/readings`. The
//! form diesel itself writes (`kernel::date::parse_stored_timestamp`) is read directly;
//! anything else still goes to diesel. PostgreSQL sends binary timestamps: unchanged.

use chrono::NaiveDateTime;
use diesel::deserialize::{self, FromSql};
use diesel::pg::Pg;
use diesel::sql_types::Timestamp;
use diesel::sqlite::{Sqlite, SqliteType, SqliteValue};

use crate::db::MultiBackend;

/// A `Timestamp` column's value; use with `#[diesel(deserialize_as = StoredTimestamp)]`
/// on a `NaiveDateTime` field.
#[derive(diesel::FromSqlRow)]
pub(crate) struct StoredTimestamp(NaiveDateTime);

impl From<StoredTimestamp> for NaiveDateTime {
    fn from(t: StoredTimestamp) -> Self {
        t.0
    }
}

impl FromSql<Timestamp, Sqlite> for StoredTimestamp {
    fn from_sql(mut value: SqliteValue<'_, '_, '_>) -> deserialize::Result<Self> {
        // Only a TEXT value is read as text: reading another as text would convert it in
        // place before diesel's own reading of it (julian days, unix seconds).
        if value.value_type() == Some(SqliteType::Text)
            && let Some(t) = kernel::date::parse_stored_timestamp(value.read_text())
        {
            return Ok(Self(t));
        }
        <NaiveDateTime as FromSql<Timestamp, Sqlite>>::from_sql(value).map(Self)
    }
}

impl FromSql<Timestamp, Pg> for StoredTimestamp {
    fn from_sql(
        value: <Pg as diesel::backend::Backend>::RawValue<'_>,
    ) -> deserialize::Result<Self> {
        <NaiveDateTime as FromSql<Timestamp, Pg>>::from_sql(value).map(Self)
    }
}

impl FromSql<Timestamp, MultiBackend> for StoredTimestamp {
    fn from_sql(
        value: <MultiBackend as diesel::backend::Backend>::RawValue<'_>,
    ) -> deserialize::Result<Self> {
        value.from_sql::<Self, Timestamp>()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used)]
    use diesel::dsl::sql;
    use diesel::prelude::*;

    use super::*;
    use crate::db::AnyConnection;

    #[test]
    fn reads_every_form_sqlite_may_hold_as_diesel_does() {
        let conn = diesel::SqliteConnection::establish(":memory:").expect("sqlite");
        let mut conn = AnyConnection::Sqlite(conn);
        for expr in [
            // What diesel writes: read directly.
            "'2026-11-05 07:05:09'",
            "'2026-11-05 07:05:09.25'",
            "'2026-11-05 07:05:09.123456'",
            // Anything else: diesel's own reading, or its refusal.
            "'2026-11-05T07:05:09'",
            "'2026-11-05 07:05'",
            "'2026-11-05 07:05:09Z'",
            "'2026-02-30 07:05:09'",
            "'yesterday'",
            "julianday('2026-11-05 07:05:09')",
            "1793862309",
        ] {
            let ours = diesel::select(sql::<Timestamp>(expr))
                .get_result::<StoredTimestamp>(&mut conn)
                .map(NaiveDateTime::from)
                .ok();
            let diesels = diesel::select(sql::<Timestamp>(expr))
                .get_result::<NaiveDateTime>(&mut conn)
                .ok();
            assert_eq!(ours, diesels, "{expr}");
        }
        let stored = diesel::select(sql::<Timestamp>("'2026-11-05 07:05:09.25'"))
            .get_result::<StoredTimestamp>(&mut conn)
            .map(NaiveDateTime::from)
            .expect("read");
        assert_eq!(stored.to_string(), "2026-11-05 07:05:09.250");
    }
}
