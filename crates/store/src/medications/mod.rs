//! [`MedicationRepository`] over `medications`, `medication_periods` and
//! `medication_intakes` (issue 16). Every query is scoped to the owner: a period is reached
//! through its medication's `user_id`, an intake carries its own.

mod rows;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use kernel::{UserId, date};
use medications::model::{Details, Dose, Intake, IntakeValues, Medication, NewMedication};
use medications::ports::{AsNeededRecorded, MedicationRepository};

use self::rows::{IntakeRow, Loaded, day, load, load_one, owns, times_text};
use crate::db::{AnyConnection, Db, lock_user_for};
use crate::schema::{medication_intakes as i, medication_periods as p, medications as m};

/// Serialises one user's changes to their medications' list and periods
/// ([`lock_user_for`]): the count and the insert of a new one, a change of dose against the
/// latest period it was asked against, a day's count of as-needed doses and the next one.
const LOCK_MEDICATIONS: i32 = 7304;

#[derive(Clone)]
pub struct MedicationStore {
    db: Db,
}

impl MedicationStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

fn is_unique_violation(e: &DieselError) -> bool {
    matches!(
        e,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)
    )
}

/// The columns a medication's details fill, for its insert and an update.
type DetailsColumns<'a> = (
    diesel::dsl::Eq<m::name, &'a String>,
    diesel::dsl::Eq<m::form, &'static str>,
    diesel::dsl::Eq<m::reason, &'a Option<String>>,
    diesel::dsl::Eq<m::reminders, bool>,
    diesel::dsl::Eq<m::for_blood_pressure, bool>,
);

fn details_columns(d: &Details) -> DetailsColumns<'_> {
    (
        m::name.eq(&d.name),
        m::form.eq(d.form.code()),
        m::reason.eq(&d.reason),
        m::reminders.eq(d.reminders),
        m::for_blood_pressure.eq(d.for_blood_pressure),
    )
}

/// The columns a dose fills, for the insert of a period and the correction of one.
type DoseColumns = (
    diesel::dsl::Eq<p::strength, f64>,
    diesel::dsl::Eq<p::unit, &'static str>,
    diesel::dsl::Eq<p::frequency, &'static str>,
    diesel::dsl::Eq<p::times, String>,
);

fn dose_columns(dose: &Dose) -> DoseColumns {
    (
        p::strength.eq(dose.strength),
        p::unit.eq(dose.unit.code()),
        p::frequency.eq(dose.frequency.code()),
        p::times.eq(times_text(&dose.times)),
    )
}

fn insert_period(
    conn: &mut AnyConnection,
    medication: i64,
    dose: &Dose,
    start: NaiveDate,
    end: Option<NaiveDate>,
) -> QueryResult<()> {
    diesel::insert_into(p::table)
        .values((
            p::medication_id.eq(medication),
            dose_columns(dose),
            p::start_date.eq(day(start)),
            p::end_date.eq(end.map(day)),
        ))
        .execute(conn)?;
    Ok(())
}

/// Inserts one intake of a medication whose owner the caller checked. A unique violation
/// (that slot is recorded already) is returned as it is, with the transaction still usable:
/// the insert runs in a savepoint, which PostgreSQL needs after a failed statement.
fn insert_intake(
    conn: &mut AnyConnection,
    user: UserId,
    v: &IntakeValues,
    now: NaiveDateTime,
) -> QueryResult<()> {
    conn.transaction(|conn| {
        diesel::insert_into(i::table)
            .values((
                i::medication_id.eq(v.medication_id),
                i::user_id.eq(user.0),
                i::date.eq(day(v.date)),
                i::time.eq(date::format_time(v.time)),
                i::status.eq(v.status.code()),
                i::reason.eq(&v.reason),
                i::created_at.eq(now),
            ))
            .execute(conn)
            .map(|_| ())
    })
}

/// Records `v` in its slot (medication, date and time), replacing what was recorded there
/// (the row keeps its id), and reads it back.
fn record_slot(
    conn: &mut AnyConnection,
    user: UserId,
    v: &IntakeValues,
    now: NaiveDateTime,
) -> anyhow::Result<IntakeRow> {
    let slot = i::table
        .filter(i::medication_id.eq(v.medication_id))
        .filter(i::date.eq(day(v.date)))
        .filter(i::time.eq(date::format_time(v.time)));
    match insert_intake(conn, user, v, now) {
        Ok(()) => {}
        Err(e) if is_unique_violation(&e) => {
            diesel::update(slot.clone())
                .set((
                    i::status.eq(v.status.code()),
                    i::reason.eq(&v.reason),
                    i::created_at.eq(now),
                ))
                .execute(conn)?;
        }
        Err(e) => return Err(e.into()),
    }
    slot.select(IntakeRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| anyhow::anyhow!("recorded intake vanished"))
}

fn one(loaded: Option<Loaded>) -> anyhow::Result<Option<Medication>> {
    loaded.map(Loaded::into_medication).transpose()
}

impl MedicationStore {
    /// Runs `f` in a write transaction holding the user's medications lock: a count and an
    /// insert, or a check of the latest period and a write, cannot interleave with another.
    async fn locked(
        &self,
        user: UserId,
        f: impl FnOnce(&mut AnyConnection) -> anyhow::Result<Option<Loaded>> + Send + 'static,
    ) -> anyhow::Result<Option<Loaded>> {
        let backend = self.db.backend();
        self.db
            .write(move |conn| {
                lock_user_for(conn, backend, LOCK_MEDICATIONS, user)?;
                f(conn)
            })
            .await
    }
}

#[async_trait::async_trait]
impl MedicationRepository for MedicationStore {
    async fn list(&self, user: UserId) -> anyhow::Result<Vec<Medication>> {
        self.db
            .read(move |conn| load(conn, user.0, None))
            .await?
            .into_iter()
            .map(Loaded::into_medication)
            .collect()
    }

    async fn get(&self, user: UserId, id: i64) -> anyhow::Result<Option<Medication>> {
        one(self.db.read(move |conn| load_one(conn, user.0, id)).await?)
    }

    async fn insert(
        &self,
        user: UserId,
        new: NewMedication,
        max: usize,
    ) -> anyhow::Result<Option<Medication>> {
        let now = self.db.now().naive_utc();
        let loaded = self
            .locked(user, move |conn| {
                // Two inserts at once cannot both see room for one more.
                let kept: i64 = m::table
                    .filter(m::user_id.eq(user.0))
                    .count()
                    .get_result(conn)?;
                if usize::try_from(kept)? >= max {
                    return Ok(None);
                }
                let id: i64 = diesel::insert_into(m::table)
                    .values((
                        m::user_id.eq(user.0),
                        details_columns(&new.details),
                        m::created_at.eq(now),
                    ))
                    .returning(m::id)
                    .get_result(conn)?;
                insert_period(conn, id, &new.dose, new.start, new.end)?;
                Ok(load_one(conn, user.0, id)?)
            })
            .await?;
        one(loaded)
    }

    async fn update(
        &self,
        user: UserId,
        id: i64,
        period: i64,
        values: NewMedication,
    ) -> anyhow::Result<Option<Medication>> {
        let loaded = self
            .locked(user, move |conn| {
                // A change of dose takes the same lock: the period corrected here is still
                // the latest when it is written.
                let Some(current) = load_one(conn, user.0, id)? else {
                    return Ok(None);
                };
                if current.periods.last().map(|p| p.id) != Some(period) {
                    return Ok(None);
                }
                diesel::update(m::table.find(id))
                    .set(details_columns(&values.details))
                    .execute(conn)?;
                diesel::update(p::table.find(period))
                    .set((
                        dose_columns(&values.dose),
                        p::start_date.eq(day(values.start)),
                        p::end_date.eq(values.end.map(day)),
                    ))
                    .execute(conn)?;
                Ok(load_one(conn, user.0, id)?)
            })
            .await?;
        one(loaded)
    }

    async fn change_dose(
        &self,
        user: UserId,
        id: i64,
        latest: i64,
        dose: Dose,
        start: NaiveDate,
        max_periods: usize,
    ) -> anyhow::Result<Option<Medication>> {
        let loaded = self
            .locked(user, move |conn| {
                let Some(current) = load_one(conn, user.0, id)? else {
                    return Ok(None);
                };
                let Some(last) = current.periods.last() else {
                    return Ok(None);
                };
                // The period the caller saw must still be the latest, start before the
                // change (a correction meanwhile may have moved it) and leave room.
                if last.id != latest
                    || last.start_date >= day(start)
                    || current.periods.len() >= max_periods
                {
                    return Ok(None);
                }
                let day_before = start
                    .pred_opt()
                    .ok_or_else(|| anyhow::anyhow!("no day before {start}"))?;
                // A period that ended earlier keeps its end: the days between were not
                // taken, and the change is a restart at a new dose, ongoing.
                let ended_before = last
                    .end_date
                    .as_deref()
                    .is_some_and(|end| end < day(day_before).as_str());
                if !ended_before {
                    diesel::update(p::table.find(latest))
                        .set(p::end_date.eq(Some(day(day_before))))
                        .execute(conn)?;
                }
                // A change within a planned course (an end on or after the change) keeps
                // the course's end: a tapering dose does not go on for ever.
                let end = last
                    .end_date
                    .as_deref()
                    .map(date::parse_date)
                    .transpose()?
                    .filter(|end| *end >= start);
                insert_period(conn, id, &dose, start, end)?;
                Ok(load_one(conn, user.0, id)?)
            })
            .await?;
        one(loaded)
    }

    async fn delete(&self, user: UserId, id: i64) -> anyhow::Result<bool> {
        // Periods and intakes cascade (foreign keys are on for SQLite too).
        self.db
            .delete_one(move |conn| {
                diesel::delete(m::table.filter(m::id.eq(id)).filter(m::user_id.eq(user.0)))
                    .execute(conn)
            })
            .await
    }

    async fn intakes(
        &self,
        user: UserId,
        medication: Option<i64>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<Intake>> {
        let (from, to) = (day(from), day(to));
        let rows: Vec<IntakeRow> = self
            .db
            .read(move |conn| {
                let mut q = i::table
                    .filter(i::user_id.eq(user.0))
                    .filter(i::date.ge(from))
                    .filter(i::date.le(to))
                    .into_boxed();
                if let Some(id) = medication {
                    q = q.filter(i::medication_id.eq(id));
                }
                q.order((i::date, i::time, i::medication_id, i::id))
                    .select(IntakeRow::as_select())
                    .load(conn)
            })
            .await?;
        rows.into_iter().map(IntakeRow::into_intake).collect()
    }

    async fn record(&self, user: UserId, intake: IntakeValues) -> anyhow::Result<Option<Intake>> {
        let now = self.db.now().naive_utc();
        let row = self
            .db
            .write(move |conn| -> anyhow::Result<Option<IntakeRow>> {
                if !owns(conn, user.0, intake.medication_id)? {
                    return Ok(None);
                }
                record_slot(conn, user, &intake, now).map(Some)
            })
            .await?;
        row.map(IntakeRow::into_intake).transpose()
    }

    async fn record_as_needed(
        &self,
        user: UserId,
        intake: IntakeValues,
        per_day: usize,
    ) -> anyhow::Result<AsNeededRecorded> {
        let per_day = i64::try_from(per_day)?;
        let backend = self.db.backend();
        let now = self.db.now().naive_utc();
        let row = self
            .db
            .write(
                move |conn| -> anyhow::Result<Result<IntakeRow, AsNeededRecorded>> {
                    // Concurrent doses of this user wait here, so the count below is the one
                    // the insert is made against.
                    lock_user_for(conn, backend, LOCK_MEDICATIONS, user)?;
                    if !owns(conn, user.0, intake.medication_id)? {
                        return Ok(Err(AsNeededRecorded::NotFound));
                    }
                    let that_day = i::table
                        .filter(i::medication_id.eq(intake.medication_id))
                        .filter(i::date.eq(day(intake.date)));
                    let replaces: i64 = that_day
                        .clone()
                        .filter(i::time.eq(date::format_time(intake.time)))
                        .count()
                        .get_result(conn)?;
                    if replaces == 0 && that_day.count().get_result::<i64>(conn)? >= per_day {
                        return Ok(Err(AsNeededRecorded::DayFull));
                    }
                    record_slot(conn, user, &intake, now).map(Ok)
                },
            )
            .await?;
        match row {
            Ok(row) => Ok(AsNeededRecorded::Stored(row.into_intake()?)),
            Err(refused) => Ok(refused),
        }
    }

    async fn record_missing(
        &self,
        user: UserId,
        intakes: Vec<IntakeValues>,
    ) -> anyhow::Result<usize> {
        let now = self.db.now().naive_utc();
        self.db
            .write(move |conn| -> anyhow::Result<usize> {
                let mut asked: Vec<i64> = intakes.iter().map(|v| v.medication_id).collect();
                asked.sort_unstable();
                asked.dedup();
                let owned: Vec<i64> = m::table
                    .filter(m::user_id.eq(user.0))
                    .filter(m::id.eq_any(asked))
                    .select(m::id)
                    .load(conn)?;
                let mut stored = 0;
                for v in intakes.iter().filter(|v| owned.contains(&v.medication_id)) {
                    match insert_intake(conn, user, v, now) {
                        Ok(()) => stored += 1,
                        // Recorded meanwhile (or twice in the list): what is there stays.
                        Err(e) if is_unique_violation(&e) => {}
                        Err(e) => return Err(e.into()),
                    }
                }
                Ok(stored)
            })
            .await
    }

    async fn delete_intake(&self, user: UserId, medication: i64, id: i64) -> anyhow::Result<bool> {
        self.db
            .delete_one(move |conn| {
                diesel::delete(
                    i::table
                        .filter(i::id.eq(id))
                        .filter(i::medication_id.eq(medication))
                        .filter(i::user_id.eq(user.0)),
                )
                .execute(conn)
            })
            .await
    }
}
