//! Request and response bodies (camelCase JSON), documented in the OpenAPI description.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use identity::{Preferences, User};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::ToSchema;

/// Fixed-width ASCII from `kernel::date` as a JSON string, written without allocating.
fn ascii<S: Serializer>(s: S, bytes: &[u8]) -> Result<S::Ok, S::Error> {
    s.serialize_str(std::str::from_utf8(bytes).map_err(serde::ser::Error::custom)?)
}

/// A date sent as `YYYY-MM-DD` (`kernel::date`).
#[derive(Debug, Clone, Copy)]
pub struct IsoDate(pub NaiveDate);

impl Serialize for IsoDate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match kernel::date::date_bytes(self.0) {
            Some(b) => ascii(s, &b),
            None => s.serialize_str(&kernel::date::format_date(self.0)),
        }
    }
}

/// A wall-clock time sent as `HH:MM` (`kernel::date`).
#[derive(Debug, Clone, Copy)]
pub struct IsoTime(pub NaiveTime);

impl Serialize for IsoTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ascii(s, &kernel::date::time_bytes(self.0))
    }
}

/// An instant sent as RFC 3339 in UTC to the second (`2026-11-05T07:05:09Z`).
#[derive(Debug, Clone, Copy)]
pub struct Timestamp(pub DateTime<Utc>);

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match kernel::date::timestamp_bytes(self.0) {
            Some(b) => ascii(s, &b),
            None => s.serialize_str(&self.0.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
        }
    }
}

/// Absent → `None`; `null` → `Some(None)`; a value → `Some(Some(v))`.
fn double_option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// `YYYY-MM-DD`, or null when not given.
    pub date_of_birth: Option<String>,
    /// male, female, other or prefer-not-to-say.
    pub gender: String,
}

impl From<&User> for UserDto {
    fn from(u: &User) -> Self {
        Self {
            id: u.id.0,
            username: u.username.clone(),
            email: u.email.to_string(),
            first_name: u.first_name.clone(),
            last_name: u.last_name.clone(),
            date_of_birth: u.date_of_birth.map(kernel::date::format_date),
            gender: u.gender.as_str().to_owned(),
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LoginRequest {
    /// Username, or the account's email address.
    pub username: String,
    pub password: String,
    /// Where a native form post is sent afterwards (a same-site path).
    pub redirect: Option<String>,
}

/// A password sign-in's answer: the signed-in user, or (two-step verification on) that a
/// second step is needed, with no session yet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<UserDto>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_step: Option<SecondStep>,
}

/// The second step a sign-in still needs.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SecondStep {
    /// A code from an authenticator app, or a recovery code.
    Totp,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RegisterRequest {
    pub username: String,
    pub password: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub redirect: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RegisterResponse {
    pub message: String,
    pub email: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LogoutRequest {
    pub redirect: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

impl MessageResponse {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UpdateUserRequest {
    #[serde(deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub first_name: Option<Option<String>>,
    #[serde(deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub last_name: Option<Option<String>>,
    pub email: Option<String>,
    /// Required when `email` changes the address.
    pub current_password: Option<String>,
    /// `YYYY-MM-DD`; null or empty clears it. The user must be 18 or older.
    #[serde(deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub date_of_birth: Option<Option<String>>,
    pub gender: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUserResponse {
    pub message: String,
    pub user: UserDto,
    /// The new address a confirmation link was sent to; the email changes once confirmed.
    pub email_change_pending: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChangePasswordRequest {
    pub current_password: String,
    pub new_password: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DeleteAccountRequest {
    /// The account's password, to confirm.
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreferencesDto {
    /// lbs or kg.
    pub weight_unit: String,
    /// mg/dL or mmol/L.
    pub blood_sugar_unit: String,
    pub email_reminders: bool,
    pub weekly_reports: bool,
    /// `HH:MM` local time after which a day without a reading gets a reminder.
    pub reminder_time: String,
    /// IANA time zone name (the browser's), e.g. `Europe/Paris`.
    pub time_zone: String,
    /// The blood pressure guideline categories and home levels are stated in:
    /// acc-aha-2025 (default), esh-2023 or esc-2024.
    pub guideline: String,
}

impl From<Preferences> for PreferencesDto {
    fn from(p: Preferences) -> Self {
        Self {
            weight_unit: p.weight_unit.as_str().to_owned(),
            blood_sugar_unit: p.blood_sugar_unit.as_str().to_owned(),
            email_reminders: p.email_reminders,
            weekly_reports: p.weekly_reports,
            reminder_time: kernel::date::format_time(p.reminder_time),
            time_zone: p.time_zone.name().to_owned(),
            guideline: p.guideline.code().to_owned(),
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PreferencesPatchRequest {
    pub weight_unit: Option<String>,
    pub blood_sugar_unit: Option<String>,
    pub email_reminders: Option<bool>,
    pub weekly_reports: Option<bool>,
    pub reminder_time: Option<String>,
    pub time_zone: Option<String>,
    pub guideline: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TokenRequest {
    pub token: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EmailRequest {
    pub email: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetPasswordRequest {
    pub token: String,
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenCheckResponse {
    pub valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthResponse {
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database: Option<String>,
}
