//! What the medication routes read and answer.

use kernel::date::{format_date, format_time};
use medications::analysis::{Adherence, Effect, Event};
use medications::schedule::SlotStatus;
use medications::service::{AsNeededLog, DayDoses, DoseView, MedicationDetail};
use medications::validate::{IntakeInput, MedicationInput};
use medications::{DosePeriod, Intake, Medication};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::routes::readings::{AverageDto, number, present};

/// `null` and absent differ: `endDate: null` clears the end, absent leaves it.
fn nullable<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// A medication, or the fields of one to change (absent: unchanged).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MedicationRequest {
    pub name: Option<String>,
    /// Positive, in `unit`s.
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub strength: Option<Value>,
    /// mg, mcg, g, mL, IU or units.
    pub unit: Option<String>,
    /// tablet, capsule, liquid, injection, patch, inhaler, drops or other.
    pub form: Option<String>,
    /// once-daily, twice-daily, three-times-daily, weekly (on the start date's weekday) or
    /// as-needed.
    pub frequency: Option<String>,
    /// HH:MM, as many as the frequency names (none when as needed).
    pub times: Option<Vec<String>>,
    /// YYYY-MM-DD.
    pub start_date: Option<String>,
    /// YYYY-MM-DD, not before the start; null: ongoing.
    #[serde(deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub end_date: Option<Option<String>>,
    pub reason: Option<String>,
    /// Email reminders for its doses.
    pub reminders: Option<bool>,
    /// Taken to lower blood pressure (absent: false on create, unchanged on update).
    pub for_blood_pressure: Option<bool>,
}

impl From<MedicationRequest> for MedicationInput {
    fn from(b: MedicationRequest) -> Self {
        Self {
            name: b.name,
            strength: number(b.strength),
            unit: b.unit,
            form: b.form,
            frequency: b.frequency,
            times: b.times,
            start_date: b.start_date,
            end_date: b.end_date,
            reason: b.reason,
            reminders: b.reminders,
            for_blood_pressure: b.for_blood_pressure,
        }
    }
}

/// A change of dose: what is taken from `startDate` on. Fields not sent keep the current
/// dose's values.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DoseChangeRequest {
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub strength: Option<Value>,
    pub unit: Option<String>,
    pub frequency: Option<String>,
    pub times: Option<Vec<String>>,
    /// YYYY-MM-DD: the first day of the new dose, after the current dose's start.
    pub start_date: Option<String>,
}

impl From<DoseChangeRequest> for MedicationInput {
    fn from(b: DoseChangeRequest) -> Self {
        Self {
            strength: number(b.strength),
            unit: b.unit,
            frequency: b.frequency,
            times: b.times,
            start_date: b.start_date,
            ..Self::default()
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DosePeriodDto {
    pub id: i64,
    pub strength: f64,
    pub unit: String,
    pub frequency: String,
    /// HH:MM, sorted.
    pub times: Vec<String>,
    /// YYYY-MM-DD, included.
    pub start_date: String,
    /// YYYY-MM-DD, included; null: ongoing.
    pub end_date: Option<String>,
    /// "10 mg, twice a day (08:00, 20:00)".
    pub label: String,
}

impl From<&DosePeriod> for DosePeriodDto {
    fn from(p: &DosePeriod) -> Self {
        Self {
            id: p.id,
            strength: p.dose.strength,
            unit: p.dose.unit.code().into(),
            frequency: p.dose.frequency.code().into(),
            times: p.dose.times.iter().map(|t| format_time(*t)).collect(),
            start_date: format_date(p.start),
            end_date: p.end.map(format_date),
            label: p.label(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MedicationDto {
    pub id: i64,
    pub name: String,
    pub form: String,
    pub reason: Option<String>,
    pub reminders: bool,
    /// Taken to lower blood pressure: the days its dose periods cover are the days the
    /// person's readings are "treated".
    pub for_blood_pressure: bool,
    /// Oldest first; the last is the latest dose.
    pub periods: Vec<DosePeriodDto>,
    /// Taken today or later (no end date, or one not passed).
    pub current: bool,
    /// YYYY-MM-DD: the first period's start.
    pub start_date: String,
    /// YYYY-MM-DD: the latest period's end; null: ongoing.
    pub end_date: Option<String>,
}

impl MedicationDto {
    pub fn new(m: &Medication, today: chrono::NaiveDate) -> Self {
        Self {
            id: m.id,
            name: m.name.clone(),
            form: m.form.code().into(),
            reason: m.reason.clone(),
            reminders: m.reminders,
            for_blood_pressure: m.for_blood_pressure,
            periods: m.periods.iter().map(DosePeriodDto::from).collect(),
            current: m.is_current(today),
            start_date: m.start().map(format_date).unwrap_or_default(),
            end_date: m.end().map(format_date),
        }
    }
}

/// A start, change of dose or stop, for the chart.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MedicationEventDto {
    pub date: String,
    pub medication_id: i64,
    pub name: String,
    /// started, changed or stopped.
    pub kind: String,
    /// "Amlodipine 5 mg → 10 mg".
    pub label: String,
}

impl From<&Event> for MedicationEventDto {
    fn from(e: &Event) -> Self {
        Self {
            date: format_date(e.date),
            medication_id: e.medication_id,
            name: e.name.clone(),
            kind: e.kind.code().into(),
            label: e.label.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MedicationListDto {
    /// Current first, then by name.
    pub medications: Vec<MedicationDto>,
    /// Every start, change and stop up to today, oldest first.
    pub events: Vec<MedicationEventDto>,
}

/// Blood pressure before and after a start or change of dose.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EffectDto {
    pub date: String,
    /// started or changed.
    pub kind: String,
    pub label: String,
    /// Readings of the 14 days before.
    pub before: Option<AverageDto>,
    /// Readings of the 14 days from day 3 (the change is day 1), up to the next change and
    /// today.
    pub after: Option<AverageDto>,
    /// Both sides have `minReadings` readings.
    pub enough: bool,
    pub summary: String,
}

impl From<&Effect> for EffectDto {
    fn from(e: &Effect) -> Self {
        Self {
            date: format_date(e.date),
            kind: e.kind.code().into(),
            label: e.label.clone(),
            before: e.before.as_ref().map(AverageDto::from),
            after: e.after.as_ref().map(AverageDto::from),
            enough: e.enough,
            summary: e.summary.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdherenceDto {
    pub from: String,
    pub to: String,
    /// Scheduled doses due (today's once their time has come).
    pub due: usize,
    pub taken: usize,
    pub skipped: usize,
    /// Due with nothing recorded.
    pub missed: usize,
    /// Doses scheduled before the medication was added to Vitalog with nothing recorded:
    /// "not recorded", neither due nor missed.
    pub not_recorded: usize,
    /// The day it was added (YYYY-MM-DD) when the span starts before it; null otherwise.
    pub added: Option<String>,
    /// Taken / due in whole percent; null when nothing was due.
    pub percent: Option<u32>,
    /// As-needed doses taken.
    pub as_needed: usize,
}

impl From<&Adherence> for AdherenceDto {
    fn from(a: &Adherence) -> Self {
        Self {
            from: a.from.map(format_date).unwrap_or_default(),
            to: a.to.map(format_date).unwrap_or_default(),
            due: a.due,
            taken: a.taken,
            skipped: a.skipped,
            missed: a.missed,
            not_recorded: a.not_recorded,
            added: a.added.map(format_date),
            percent: a.percent(),
            as_needed: a.as_needed,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MedicationDetailDto {
    pub medication: MedicationDto,
    pub effects: Vec<EffectDto>,
    /// The last 30 days, today included.
    pub adherence: AdherenceDto,
    /// Readings each side needs before averages are compared.
    pub min_readings: usize,
    /// What the averages can and cannot say.
    pub note: String,
}

impl MedicationDetailDto {
    pub fn new(d: &MedicationDetail, today: chrono::NaiveDate) -> Self {
        Self {
            medication: MedicationDto::new(&d.medication, today),
            effects: d.effects.iter().map(EffectDto::from).collect(),
            adherence: AdherenceDto::from(&d.adherence),
            min_readings: medications::analysis::MIN_READINGS,
            note: medications::analysis::NOTE.into(),
        }
    }
}

fn status_code(s: SlotStatus) -> &'static str {
    match s {
        SlotStatus::Due => "due",
        SlotStatus::Taken => "taken",
        SlotStatus::Skipped => "skipped",
    }
}

/// One scheduled dose of a day.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoseDto {
    pub medication_id: i64,
    pub name: String,
    pub form: String,
    /// "10 mg".
    pub dose_label: String,
    /// HH:MM.
    pub time: String,
    /// due, taken or skipped.
    pub status: String,
    pub intake_id: Option<i64>,
    pub reason: Option<String>,
}

impl From<&DoseView> for DoseDto {
    fn from(d: &DoseView) -> Self {
        Self {
            medication_id: d.medication_id,
            name: d.name.clone(),
            form: d.form.code().into(),
            dose_label: d.amount.clone(),
            time: format_time(d.time),
            status: status_code(d.status).into(),
            intake_id: d.intake_id,
            reason: d.reason.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TakenDto {
    pub intake_id: i64,
    /// HH:MM.
    pub time: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AsNeededDto {
    pub medication_id: i64,
    pub name: String,
    pub dose_label: String,
    /// By time.
    pub taken: Vec<TakenDto>,
}

impl From<&AsNeededLog> for AsNeededDto {
    fn from(a: &AsNeededLog) -> Self {
        Self {
            medication_id: a.medication_id,
            name: a.name.clone(),
            dose_label: a.amount.clone(),
            taken: a
                .taken
                .iter()
                .map(|&(intake_id, t)| TakenDto {
                    intake_id,
                    time: format_time(t),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayDosesDto {
    /// YYYY-MM-DD: the day shown.
    pub date: String,
    /// YYYY-MM-DD: today in the user's time zone.
    pub today: String,
    /// By time, then name.
    pub doses: Vec<DoseDto>,
    pub as_needed: Vec<AsNeededDto>,
}

impl DayDosesDto {
    pub fn new(d: &DayDoses, today: chrono::NaiveDate) -> Self {
        Self {
            date: format_date(d.date),
            today: format_date(today),
            doses: d.doses.iter().map(DoseDto::from).collect(),
            as_needed: d.as_needed.iter().map(AsNeededDto::from).collect(),
        }
    }
}

/// A recorded dose.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct IntakeRequest {
    /// YYYY-MM-DD, not after today.
    pub date: Option<String>,
    /// HH:MM: one of the day's dose times, or the time an as-needed dose was taken.
    pub time: Option<String>,
    /// taken or skipped (as-needed doses: taken).
    pub status: Option<String>,
    /// Why it was skipped (up to 200 characters).
    pub reason: Option<String>,
}

impl From<IntakeRequest> for IntakeInput {
    fn from(b: IntakeRequest) -> Self {
        Self {
            date: b.date,
            time: b.time,
            status: b.status,
            reason: b.reason,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeDto {
    pub intake_id: i64,
    pub medication_id: i64,
    pub date: String,
    pub time: String,
    pub status: String,
    pub reason: Option<String>,
}

impl From<&Intake> for IntakeDto {
    fn from(i: &Intake) -> Self {
        Self {
            intake_id: i.id,
            medication_id: i.medication_id,
            date: format_date(i.date),
            time: format_time(i.time),
            status: i.status.code().into(),
            reason: i.reason.clone(),
        }
    }
}

/// Marks a day's doses.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TakeAllRequest {
    /// YYYY-MM-DD; today when not sent.
    pub date: Option<String>,
    /// taken (the only one: skipping is one dose at a time, with its reason).
    pub status: Option<String>,
}

/// `?date=YYYY-MM-DD`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct DayQuery {
    /// YYYY-MM-DD; today when not sent.
    pub date: Option<String>,
}
