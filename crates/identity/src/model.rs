use chrono::{DateTime, NaiveDate, Utc};
use kernel::units::{BloodSugarUnit, Units, WeightUnit};
use kernel::{Email, UserId};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Gender {
    Male,
    Female,
    #[default]
    Other,
    PreferNotToSay,
}

impl Gender {
    pub const ALL: [Gender; 4] = [
        Gender::Male,
        Gender::Female,
        Gender::Other,
        Gender::PreferNotToSay,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Male => "male",
            Gender::Female => "female",
            Gender::Other => "other",
            Gender::PreferNotToSay => "prefer-not-to-say",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|g| g.as_str() == value)
    }
}

/// A stored account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub email: Email,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub date_of_birth: Option<NaiveDate>,
    pub gender: Gender,
    pub email_verified: bool,
    pub created_at: DateTime<Utc>,
    /// What the login throttle's device cookies name the account by (see [`NewPassword`]).
    pub login_secret: String,
}

/// A password about to be stored, with the account's new login secret: device cookies name
/// the account by a digest of that secret, so replacing it with the password voids the
/// cookies browsers earned with the old one (a thief's among them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPassword {
    pub hash: String,
    pub login_secret: String,
}

/// What undoing an email change did: the address put back, and whether a password set
/// since the change was voided (the owner must reset it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailChangeUndone {
    pub user_id: UserId,
    pub email: Email,
    pub password_voided: bool,
    /// Passkeys added or two-step verification turned on since the change were removed.
    pub ways_in_removed: bool,
}

/// A user about to be created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    pub username: String,
    pub email: Email,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub created_at: DateTime<Utc>,
    pub login_secret: String,
}

/// Lower-case form under which usernames are unique, so "Ann" and "ann" are one account.
pub fn username_key(username: &str) -> String {
    username.trim().to_lowercase()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TokenPurpose {
    VerifyEmail,
    ChangeEmail,
    ResetPassword,
    /// Sent to the old address when an email change takes effect; puts that address back.
    UndoEmailChange,
}

impl TokenPurpose {
    pub const fn as_str(self) -> &'static str {
        match self {
            TokenPurpose::VerifyEmail => "verify_email",
            TokenPurpose::ChangeEmail => "change_email",
            TokenPurpose::ResetPassword => "reset_password",
            TokenPurpose::UndoEmailChange => "undo_email_change",
        }
    }

    /// How many unused links of this purpose stay valid at once. Verification links all
    /// stay valid until one is used (mail arrives late or out of order, and the user clicks
    /// the one they see first), up to a few per account; a reset or email-change link
    /// replaces older ones, which a thief may hold.
    pub const fn links_kept(self) -> usize {
        match self {
            TokenPurpose::VerifyEmail => 5,
            _ => 1,
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [
            Self::VerifyEmail,
            Self::ChangeEmail,
            Self::ResetPassword,
            Self::UndoEmailChange,
        ]
        .into_iter()
        .find(|p| p.as_str() == value)
    }
}

/// A one-time token as stored: only the hash of the secret the user received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewToken {
    pub user_id: Option<UserId>,
    pub purpose: TokenPurpose,
    pub token_hash: String,
    /// For [`TokenPurpose::ChangeEmail`]: the address that replaces the current one; for
    /// [`TokenPurpose::UndoEmailChange`]: the address to put back.
    pub new_email: Option<Email>,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

/// A token that is still usable (unused and unexpired).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidToken {
    pub user_id: UserId,
    pub purpose: TokenPurpose,
    pub new_email: Option<Email>,
}

/// What a successful verification did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verified {
    Account(UserId),
    EmailChanged(UserId),
    /// The link belongs to an account that is verified already (by this link earlier, or
    /// by another of its links): nothing to do but log in.
    AlreadyVerified(UserId),
}

/// Display and email preferences. Defaults: lbs, mg/dL, no emails, reminders at 20:00,
/// UTC until the client sends the browser's time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preferences {
    pub weight_unit: WeightUnit,
    pub blood_sugar_unit: BloodSugarUnit,
    pub email_reminders: bool,
    pub weekly_reports: bool,
    /// Local time after which a day without a reading gets a reminder.
    pub reminder_time: chrono::NaiveTime,
    pub time_zone: chrono_tz::Tz,
    /// The blood pressure guideline categories and home levels are stated in.
    pub guideline: kernel::Guideline,
}

/// 20:00: late enough that most people have had the chance to record.
pub const DEFAULT_REMINDER_TIME: chrono::NaiveTime = match chrono::NaiveTime::from_hms_opt(20, 0, 0)
{
    Some(t) => t,
    None => chrono::NaiveTime::MIN,
};

impl Default for Preferences {
    fn default() -> Self {
        Self {
            weight_unit: WeightUnit::default(),
            blood_sugar_unit: BloodSugarUnit::default(),
            email_reminders: false,
            weekly_reports: false,
            reminder_time: DEFAULT_REMINDER_TIME,
            time_zone: chrono_tz::Tz::UTC,
            guideline: kernel::Guideline::default(),
        }
    }
}

/// A partial update of preferences: absent fields keep their value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PreferencesPatch {
    pub weight_unit: Option<WeightUnit>,
    pub blood_sugar_unit: Option<BloodSugarUnit>,
    pub email_reminders: Option<bool>,
    pub weekly_reports: Option<bool>,
    pub reminder_time: Option<chrono::NaiveTime>,
    pub time_zone: Option<chrono_tz::Tz>,
    pub guideline: Option<kernel::Guideline>,
}

impl Preferences {
    /// The units this user reads weights and blood sugars in.
    pub fn units(&self) -> Units {
        Units {
            weight: self.weight_unit,
            sugar: self.blood_sugar_unit,
        }
    }

    pub fn apply(mut self, patch: PreferencesPatch) -> Self {
        if let Some(v) = patch.weight_unit {
            self.weight_unit = v;
        }
        if let Some(v) = patch.blood_sugar_unit {
            self.blood_sugar_unit = v;
        }
        if let Some(v) = patch.email_reminders {
            self.email_reminders = v;
        }
        if let Some(v) = patch.weekly_reports {
            self.weekly_reports = v;
        }
        if let Some(v) = patch.reminder_time {
            self.reminder_time = v;
        }
        if let Some(v) = patch.time_zone {
            self.time_zone = v;
        }
        if let Some(v) = patch.guideline {
            self.guideline = v;
        }
        self
    }
}

/// Profile fields as the client sends them (`PATCH /api/user`); `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileInput {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    /// Needed to change the email: a session alone must not be able to move the account.
    pub current_password: Option<String>,
    /// `Some("")` clears the date.
    pub date_of_birth: Option<String>,
    pub gender: Option<String>,
}

/// Validated profile changes to store (the email is handled separately: it is verified
/// before it replaces the old one).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub date_of_birth: Option<Option<NaiveDate>>,
    pub gender: Option<Gender>,
}

/// Outcome of a profile update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileUpdated {
    pub user: User,
    /// A new address was given: a confirmation link went to it.
    pub email_change_pending: Option<Email>,
}
