//! The preferences a user may change, as typed (text from a form or JSON), checked into a
//! [`PreferencesPatch`] with the messages the client shows next to each field.

use chrono_tz::Tz;
use kernel::FieldErrors;

use crate::IdentityError;
use kernel::units::{BloodSugarUnit, WeightUnit};

use crate::model::PreferencesPatch;
use crate::rules::{
    MSG_BLOOD_SUGAR_UNIT, MSG_GUIDELINE, MSG_REMINDER_TIME, MSG_TIME_ZONE, MSG_WEIGHT_UNIT,
};

/// A change of preferences as sent; `None` keeps the stored value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PreferencesInput {
    pub weight_unit: Option<String>,
    pub blood_sugar_unit: Option<String>,
    pub email_reminders: Option<bool>,
    pub weekly_reports: Option<bool>,
    /// `HH:MM`, 24-hour, in the user's time zone.
    pub reminder_time: Option<String>,
    /// An IANA name such as `Europe/Paris`.
    pub time_zone: Option<String>,
    /// `acc-aha-2025`, `esh-2023` or `esc-2024`.
    pub guideline: Option<String>,
}

impl PreferencesInput {
    /// The patch to apply, or every field's problem at once.
    pub fn check(self) -> Result<PreferencesPatch, IdentityError> {
        let mut errors = FieldErrors::new();
        let weight_unit = checked(
            &mut errors,
            "weightUnit",
            MSG_WEIGHT_UNIT,
            self.weight_unit.as_deref().map(WeightUnit::parse),
        );
        let blood_sugar_unit = checked(
            &mut errors,
            "bloodSugarUnit",
            MSG_BLOOD_SUGAR_UNIT,
            self.blood_sugar_unit.as_deref().map(BloodSugarUnit::parse),
        );
        let reminder_time = checked(
            &mut errors,
            "reminderTime",
            MSG_REMINDER_TIME,
            self.reminder_time
                .as_deref()
                .map(|v| kernel::date::parse_time(v.trim()).ok()),
        );
        let time_zone = checked(
            &mut errors,
            "timeZone",
            MSG_TIME_ZONE,
            self.time_zone
                .as_deref()
                .map(|v| v.trim().parse::<Tz>().ok()),
        );
        let guideline = checked(
            &mut errors,
            "guideline",
            MSG_GUIDELINE,
            self.guideline.as_deref().map(kernel::Guideline::parse),
        );
        errors.into_result().map_err(IdentityError::invalid)?;
        Ok(PreferencesPatch {
            weight_unit,
            blood_sugar_unit,
            email_reminders: self.email_reminders,
            weekly_reports: self.weekly_reports,
            reminder_time,
            time_zone,
            guideline,
        })
    }
}

/// A sent value that did not parse (`Some(None)`) records `message` for `name`.
fn checked<T>(
    errors: &mut FieldErrors,
    name: &str,
    message: &str,
    sent: Option<Option<T>>,
) -> Option<T> {
    let parsed = sent?;
    if parsed.is_none() {
        errors.add(name, message);
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveTime;

    fn errors_of(input: PreferencesInput) -> FieldErrors {
        match input.check() {
            Err(IdentityError::Invalid { errors, .. }) => errors,
            other => panic!("expected Invalid, got {other:?}"),
        }
    }

    #[test]
    fn nothing_sent_changes_nothing() {
        assert_eq!(
            PreferencesInput::default().check().ok(),
            Some(PreferencesPatch::default())
        );
    }

    #[test]
    fn valid_values_become_the_patch() {
        let patch = PreferencesInput {
            weight_unit: Some("kg".into()),
            blood_sugar_unit: Some("mmol/L".into()),
            email_reminders: Some(true),
            weekly_reports: Some(false),
            reminder_time: Some(" 07:30 ".into()),
            time_zone: Some("Europe/Paris".into()),
            guideline: Some("esh-2023".into()),
        }
        .check()
        .ok();
        assert_eq!(
            patch,
            Some(PreferencesPatch {
                weight_unit: Some(WeightUnit::Kg),
                blood_sugar_unit: Some(BloodSugarUnit::MmolL),
                email_reminders: Some(true),
                weekly_reports: Some(false),
                reminder_time: NaiveTime::from_hms_opt(7, 30, 0),
                time_zone: Some(chrono_tz::Europe::Paris),
                guideline: Some(kernel::Guideline::Esh2023),
            })
        );
    }

    #[test]
    fn every_bad_field_is_named_with_its_message() {
        let errors = errors_of(PreferencesInput {
            weight_unit: Some("stone".into()),
            blood_sugar_unit: Some("mg".into()),
            reminder_time: Some("8pm".into()),
            time_zone: Some("Mars/Olympus".into()),
            guideline: Some("jnc-7".into()),
            ..Default::default()
        });
        assert_eq!(errors.get("guideline"), Some(MSG_GUIDELINE));
        assert_eq!(errors.get("weightUnit"), Some(MSG_WEIGHT_UNIT));
        assert_eq!(errors.get("bloodSugarUnit"), Some(MSG_BLOOD_SUGAR_UNIT));
        assert_eq!(errors.get("reminderTime"), Some(MSG_REMINDER_TIME));
        assert_eq!(errors.get("timeZone"), Some(MSG_TIME_ZONE));
    }
}
