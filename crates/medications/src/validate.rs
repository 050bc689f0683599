//! Checking what the client sends, field by field, with the messages the form shows.

use chrono::NaiveDate;
use kernel::form::NumberField;
use kernel::text::has_stray_controls;
use kernel::{FieldErrors, date};

use crate::model::{
    Details, Dose, DoseUnit, Form, Frequency, IntakeStatus, Medication, NewMedication,
};
use crate::rules::{
    MSG_DATE, MSG_END_BEFORE_START, MSG_FORM, MSG_FREQUENCY, MSG_NAME_LONG, MSG_NAME_REQUIRED,
    MSG_REASON_LONG, MSG_SKIP_REASON_LONG, MSG_START_REQUIRED, MSG_STATUS, MSG_STRENGTH,
    MSG_TEXT_CONTROLS, MSG_TIME, MSG_TIME_FORMAT, MSG_TIMES_DISTINCT, MSG_TIMES_MANY,
    MSG_TIMES_NONE, MSG_TIMES_ONE, MSG_UNIT, NAME_MAX, REASON_MAX, SKIP_REASON_MAX, STRENGTH_MAX,
    STRENGTH_MIN,
};

/// A medication as the client sends it. `None` means "not sent" (empty on create, unchanged
/// on update).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MedicationInput {
    pub name: Option<String>,
    pub strength: Option<NumberField>,
    pub unit: Option<String>,
    pub form: Option<String>,
    pub frequency: Option<String>,
    pub times: Option<Vec<String>>,
    pub start_date: Option<String>,
    /// `Some(None)`: no end (restarts a stopped medication).
    pub end_date: Option<Option<String>>,
    /// Empty clears it.
    pub reason: Option<String>,
    pub reminders: Option<bool>,
    pub for_blood_pressure: Option<bool>,
}

fn times_message(n: usize) -> String {
    match n {
        0 => MSG_TIMES_NONE.to_owned(),
        1 => MSG_TIMES_ONE.to_owned(),
        n => MSG_TIMES_MANY.replace("{count}", &n.to_string()),
    }
}

fn parse_date(
    errors: &mut FieldErrors,
    field: &str,
    v: Option<&str>,
    required: &str,
) -> Option<NaiveDate> {
    match v.map(str::trim) {
        None | Some("") => {
            errors.add(field, required);
            None
        }
        // The readings' rule (YYYY-MM-DD from 1900): a signed year or year 0 would be stored
        // as text that does not sort among the others.
        Some(s) => kernel::date::parse_form_date(s).or_else(|| {
            errors.add(field, MSG_DATE);
            None
        }),
    }
}

/// A free-text `reason`, trimmed (empty: none), up to `max` characters.
fn optional_text<'a>(
    errors: &mut FieldErrors,
    value: Option<&'a str>,
    max: usize,
    too_long: &str,
) -> Option<&'a str> {
    let text = value.map(str::trim).filter(|r| !r.is_empty())?;
    if text.chars().count() > max {
        errors.add("reason", too_long);
    } else if has_stray_controls(text, true) {
        errors.add("reason", MSG_TEXT_CONTROLS);
    }
    Some(text)
}

/// The dose fields of `input`: strength, unit, frequency, times.
pub fn dose(input: &MedicationInput, errors: &mut FieldErrors) -> Option<Dose> {
    let strength = match input.strength {
        Some(NumberField::Number(n)) if (STRENGTH_MIN..=STRENGTH_MAX).contains(&n) => Some(n),
        _ => {
            errors.add("strength", MSG_STRENGTH);
            None
        }
    };
    let unit = input.unit.as_deref().and_then(DoseUnit::parse);
    if unit.is_none() {
        errors.add("unit", MSG_UNIT);
    }
    let frequency = input.frequency.as_deref().and_then(Frequency::parse);
    let Some(frequency) = frequency else {
        errors.add("frequency", MSG_FREQUENCY);
        return None;
    };
    let raw = input.times.as_deref().unwrap_or_default();
    let mut times = Vec::with_capacity(raw.len());
    for t in raw.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
        match date::parse_time(t).ok().filter(|_| t.len() == 5) {
            Some(t) => times.push(t),
            None => {
                errors.add("times", MSG_TIME_FORMAT);
                return None;
            }
        }
    }
    times.sort();
    let count = times.len();
    times.dedup();
    if times.len() != count {
        errors.add("times", MSG_TIMES_DISTINCT);
    } else if count != frequency.times_per_day() {
        errors.add("times", times_message(frequency.times_per_day()));
    }
    Some(Dose {
        strength: strength?,
        unit: unit?,
        frequency,
        times,
    })
}

fn details(input: &MedicationInput, errors: &mut FieldErrors) -> Option<Details> {
    let name = input.name.as_deref().map(str::trim).unwrap_or_default();
    if name.is_empty() {
        errors.add("name", MSG_NAME_REQUIRED);
    } else if name.chars().count() > NAME_MAX {
        errors.add("name", MSG_NAME_LONG);
    } else if has_stray_controls(name, false) {
        errors.add("name", MSG_TEXT_CONTROLS);
    }
    let form = input.form.as_deref().and_then(Form::parse);
    if form.is_none() {
        errors.add("form", MSG_FORM);
    }
    let reason = optional_text(errors, input.reason.as_deref(), REASON_MAX, MSG_REASON_LONG);
    Some(Details {
        name: name.to_owned(),
        form: form?,
        reason: reason.map(str::to_owned),
        reminders: input.reminders.unwrap_or(false),
        for_blood_pressure: input.for_blood_pressure.unwrap_or(false),
    })
}

/// A whole medication: details, its (first or latest) dose and its dates.
pub fn medication(input: &MedicationInput) -> Result<NewMedication, FieldErrors> {
    let mut errors = FieldErrors::new();
    let details = details(input, &mut errors);
    let dose = dose(input, &mut errors);
    let start = parse_date(
        &mut errors,
        "startDate",
        input.start_date.as_deref(),
        MSG_START_REQUIRED,
    );
    let end = match input
        .end_date
        .as_ref()
        .and_then(|e| e.as_deref())
        .map(str::trim)
    {
        None | Some("") => None,
        Some(s) => parse_date(&mut errors, "endDate", Some(s), MSG_DATE),
    };
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        errors.add("endDate", MSG_END_BEFORE_START);
    }
    match (details, dose, start) {
        (Some(details), Some(dose), Some(start)) if errors.is_empty() => Ok(NewMedication {
            details,
            dose,
            start,
            end,
        }),
        _ => Err(errors),
    }
}

/// `patch` laid over what `current` holds (its latest period), as a whole input to check.
pub fn merged(current: &Medication, patch: MedicationInput) -> MedicationInput {
    let latest = current.latest();
    MedicationInput {
        name: patch.name.or_else(|| Some(current.name.clone())),
        strength: patch
            .strength
            .or_else(|| latest.map(|p| NumberField::Number(p.dose.strength))),
        unit: patch
            .unit
            .or_else(|| latest.map(|p| p.dose.unit.code().to_owned())),
        form: patch.form.or_else(|| Some(current.form.code().to_owned())),
        frequency: patch
            .frequency
            .or_else(|| latest.map(|p| p.dose.frequency.code().to_owned())),
        times: patch.times.or_else(|| {
            latest.map(|p| p.dose.times.iter().map(|t| date::format_time(*t)).collect())
        }),
        start_date: patch
            .start_date
            .or_else(|| latest.map(|p| date::format_date(p.start))),
        end_date: patch
            .end_date
            .or_else(|| Some(latest.and_then(|p| p.end).map(date::format_date))),
        reason: patch.reason.or_else(|| current.reason.clone()),
        reminders: patch.reminders.or(Some(current.reminders)),
        for_blood_pressure: patch
            .for_blood_pressure
            .or(Some(current.for_blood_pressure)),
    }
}

/// A recorded dose as the client sends it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IntakeInput {
    pub date: Option<String>,
    pub time: Option<String>,
    pub status: Option<String>,
    pub reason: Option<String>,
}

/// The checked fields of an intake (the schedule is checked by the service).
pub fn intake(
    input: &IntakeInput,
) -> Result<(NaiveDate, chrono::NaiveTime, IntakeStatus, Option<String>), FieldErrors> {
    let mut errors = FieldErrors::new();
    let day = parse_date(&mut errors, "date", input.date.as_deref(), MSG_DATE);
    let time = input
        .time
        .as_deref()
        .map(str::trim)
        .and_then(|t| date::parse_time(t).ok().filter(|_| t.len() == 5));
    if time.is_none() {
        errors.add("time", MSG_TIME);
    }
    let status = input.status.as_deref().and_then(IntakeStatus::parse);
    if status.is_none() {
        errors.add("status", MSG_STATUS);
    }
    let reason = optional_text(
        &mut errors,
        input.reason.as_deref(),
        SKIP_REASON_MAX,
        MSG_SKIP_REASON_LONG,
    );
    match (day, time, status) {
        (Some(d), Some(t), Some(s)) if errors.is_empty() => {
            Ok((d, t, s, reason.map(str::to_owned)))
        }
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests;
