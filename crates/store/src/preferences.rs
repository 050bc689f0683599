//! A user's preferences: one row per user, written the first time they are saved; a user
//! without one has the defaults. The user repository's methods call these.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use identity::model::{DEFAULT_REMINDER_TIME, Preferences};
use kernel::Guideline;
use kernel::units::{BloodSugarUnit, WeightUnit};

use crate::db::AnyConnection;
use crate::schema::preferences;

/// The stored preferences, or the defaults; a value this version cannot read falls back
/// to its default rather than failing the account.
pub(crate) fn load(conn: &mut AnyConnection, user_id: i64) -> QueryResult<Preferences> {
    let row = preferences::table
        .find(user_id)
        .select((
            preferences::weight_unit,
            preferences::blood_sugar_unit,
            preferences::email_reminders,
            preferences::weekly_reports,
            preferences::reminder_time,
            preferences::time_zone,
            preferences::guideline,
        ))
        .first::<(String, String, bool, bool, String, String, String)>(conn)
        .optional()?;
    Ok(match row {
        None => Preferences::default(),
        Some((w, s, r, wr, at, tz, g)) => Preferences {
            weight_unit: WeightUnit::parse(&w).unwrap_or_default(),
            blood_sugar_unit: BloodSugarUnit::parse(&s).unwrap_or_default(),
            email_reminders: r,
            weekly_reports: wr,
            reminder_time: kernel::date::parse_time(&at).unwrap_or(DEFAULT_REMINDER_TIME),
            time_zone: tz.parse().unwrap_or(chrono_tz::Tz::UTC),
            guideline: Guideline::parse(&g).unwrap_or_default(),
        },
    })
}

/// Writes all preferences; call it inside a write transaction.
pub(crate) fn save(
    conn: &mut AnyConnection,
    user_id: i64,
    prefs: &Preferences,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let at = kernel::date::format_time(prefs.reminder_time);
    let values = || {
        (
            preferences::weight_unit.eq(prefs.weight_unit.as_str()),
            preferences::blood_sugar_unit.eq(prefs.blood_sugar_unit.as_str()),
            preferences::email_reminders.eq(prefs.email_reminders),
            preferences::weekly_reports.eq(prefs.weekly_reports),
            preferences::reminder_time.eq(at.clone()),
            preferences::time_zone.eq(prefs.time_zone.name()),
            preferences::guideline.eq(prefs.guideline.code()),
            preferences::updated_at.eq(now),
        )
    };
    // Update-then-insert: diesel's upsert does not compile for the multi backend,
    // and the write transaction makes the pair atomic.
    let n = diesel::update(preferences::table.find(user_id))
        .set(values())
        .execute(conn)?;
    if n == 0 {
        diesel::insert_into(preferences::table)
            .values((preferences::user_id.eq(user_id), values()))
            .execute(conn)?;
    }
    Ok(())
}
