//! The medications tables' rows and how they become the domain's types: codes as the
//! domain names them, dates `YYYY-MM-DD` and times `HH:MM` ([`kernel::date`]), a period's
//! dose times comma-separated.

use chrono::{NaiveDate, NaiveTime};
use diesel::prelude::*;
use kernel::date;
use medications::model::{
    Dose, DosePeriod, DoseUnit, Form, Frequency, Intake, IntakeStatus, Medication,
};

use crate::db::AnyConnection;
use crate::schema::{medication_intakes as i, medication_periods as p, medications as m};

#[derive(Queryable, Selectable)]
#[diesel(table_name = m)]
pub(super) struct MedicationRow {
    id: i64,
    name: String,
    form: String,
    reason: Option<String>,
    reminders: bool,
    for_blood_pressure: bool,
    created_at: chrono::NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = p)]
pub(super) struct PeriodRow {
    pub(super) id: i64,
    medication_id: i64,
    strength: f64,
    unit: String,
    frequency: String,
    times: String,
    pub(super) start_date: String,
    pub(super) end_date: Option<String>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = i)]
pub(super) struct IntakeRow {
    id: i64,
    medication_id: i64,
    date: String,
    time: String,
    status: String,
    reason: Option<String>,
}

/// A medication's row and its periods' rows (oldest first), as read in one transaction.
pub(super) struct Loaded {
    pub(super) medication: MedicationRow,
    pub(super) periods: Vec<PeriodRow>,
}

fn stored_date(what: &str, id: i64, s: &str) -> anyhow::Result<NaiveDate> {
    date::parse_date(s).map_err(|e| anyhow::anyhow!("{what} {id}: stored date {s:?}: {e}"))
}

fn stored_time(what: &str, id: i64, s: &str) -> anyhow::Result<NaiveTime> {
    date::parse_time(s).map_err(|e| anyhow::anyhow!("{what} {id}: stored time {s:?}: {e}"))
}

fn code<T>(what: &str, id: i64, s: &str, parse: fn(&str) -> Option<T>) -> anyhow::Result<T> {
    parse(s).ok_or_else(|| anyhow::anyhow!("{what} {id}: stored code {s:?}"))
}

/// `08:00,20:00` (`''` for none).
pub(super) fn times_text(times: &[NaiveTime]) -> String {
    times
        .iter()
        .map(|t| date::format_time(*t))
        .collect::<Vec<_>>()
        .join(",")
}

/// A date's column value.
pub(super) fn day(d: NaiveDate) -> String {
    date::format_date(d)
}

impl PeriodRow {
    fn into_period(self) -> anyhow::Result<DosePeriod> {
        let id = self.id;
        let times = if self.times.is_empty() {
            Vec::new()
        } else {
            self.times
                .split(',')
                .map(|t| stored_time("period", id, t))
                .collect::<anyhow::Result<Vec<_>>>()?
        };
        Ok(DosePeriod {
            id,
            dose: Dose {
                strength: self.strength,
                unit: code("period", id, &self.unit, DoseUnit::parse)?,
                frequency: code("period", id, &self.frequency, Frequency::parse)?,
                times,
            },
            start: stored_date("period", id, &self.start_date)?,
            end: self
                .end_date
                .as_deref()
                .map(|e| stored_date("period", id, e))
                .transpose()?,
        })
    }
}

impl Loaded {
    pub(super) fn into_medication(self) -> anyhow::Result<Medication> {
        let m = self.medication;
        Ok(Medication {
            id: m.id,
            form: code("medication", m.id, &m.form, Form::parse)?,
            name: m.name,
            reason: m.reason,
            reminders: m.reminders,
            for_blood_pressure: m.for_blood_pressure,
            added_at: Some(m.created_at.and_utc()),
            added: None,
            periods: self
                .periods
                .into_iter()
                .map(PeriodRow::into_period)
                .collect::<anyhow::Result<_>>()?,
        })
    }
}

impl IntakeRow {
    pub(super) fn into_intake(self) -> anyhow::Result<Intake> {
        let id = self.id;
        Ok(Intake {
            id,
            medication_id: self.medication_id,
            date: stored_date("intake", id, &self.date)?,
            time: stored_time("intake", id, &self.time)?,
            status: code("intake", id, &self.status, IntakeStatus::parse)?,
            reason: self.reason,
        })
    }
}

/// The user's medications (`only`: just that one), with their periods, in two queries
/// whatever their number.
pub(super) fn load(
    conn: &mut AnyConnection,
    user: i64,
    only: Option<i64>,
) -> QueryResult<Vec<Loaded>> {
    let mut meds = m::table.filter(m::user_id.eq(user)).into_boxed();
    let mut periods = p::table
        .inner_join(m::table)
        .filter(m::user_id.eq(user))
        .into_boxed();
    if let Some(id) = only {
        meds = meds.filter(m::id.eq(id));
        periods = periods.filter(p::medication_id.eq(id));
    }
    let meds: Vec<MedicationRow> = meds
        .order(m::id)
        .select(MedicationRow::as_select())
        .load(conn)?;
    if meds.is_empty() {
        return Ok(Vec::new());
    }
    // Oldest first ('YYYY-MM-DD' sorts as the dates do; the id breaks a tie no valid
    // history has).
    let periods: Vec<PeriodRow> = periods
        .order((p::medication_id, p::start_date, p::id))
        .select(PeriodRow::as_select())
        .load(conn)?;
    // Both ordered by medication id: one pass pairs them.
    let mut periods = periods.into_iter().peekable();
    Ok(meds
        .into_iter()
        .map(|medication| {
            let mut own = Vec::new();
            while let Some(period) = periods.next_if(|p| p.medication_id <= medication.id) {
                if period.medication_id == medication.id {
                    own.push(period);
                }
            }
            Loaded {
                medication,
                periods: own,
            }
        })
        .collect())
}

/// One medication of the user with its periods.
pub(super) fn load_one(
    conn: &mut AnyConnection,
    user: i64,
    id: i64,
) -> QueryResult<Option<Loaded>> {
    Ok(load(conn, user, Some(id))?.pop())
}

/// Whether the user owns medication `id`.
pub(super) fn owns(conn: &mut AnyConnection, user: i64, id: i64) -> QueryResult<bool> {
    m::table
        .filter(m::id.eq(id))
        .filter(m::user_id.eq(user))
        .count()
        .get_result::<i64>(conn)
        .map(|n| n == 1)
}
