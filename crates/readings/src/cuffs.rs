//! The blood pressure cuffs a person paired over Bluetooth (issue 39): remembered so the
//! app reconnects to them and knows which user slot of a shared cuff is theirs, and listed
//! in Preferences to be forgotten. A cuff is keyed per person by the id the browser gave the
//! device (another person's cuff of the same id is another row, never theirs).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{FieldErrors, UserId};

use crate::rules;
use crate::service::ReadingError;

/// Cuffs one person may remember (a household's cuffs, with room to spare).
pub const MAX_CUFFS: usize = 20;
/// Longest cuff id the browser gives (Web Bluetooth ids are ~24 characters).
pub const MAX_ID: usize = 128;
/// Longest name, maker or model.
pub const MAX_TEXT: usize = 100;

/// A remembered cuff.
#[derive(Debug, Clone, PartialEq)]
pub struct Cuff {
    pub id: String,
    /// The name it advertises.
    pub name: String,
    pub maker: Option<String>,
    pub model: Option<String>,
    /// Which of a shared cuff's users is this person, when they said.
    pub user_slot: Option<u8>,
    /// When its readings were last sent (the from-device post).
    pub last_sync_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// A cuff as the client describes it, checked ([`CuffInput::check`]).
#[derive(Debug, Clone, PartialEq)]
pub struct CuffInput {
    pub id: String,
    pub name: String,
    pub maker: Option<String>,
    pub model: Option<String>,
    pub user_slot: Option<u8>,
}

/// A cuff as sent, before any rule.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawCuff {
    pub id: String,
    pub name: String,
    pub maker: Option<String>,
    pub model: Option<String>,
    /// Not sent or null: none.
    pub user_slot: Option<i64>,
}

impl CuffInput {
    /// The id 1 to [`MAX_ID`] characters, name, maker and model (trimmed) at most
    /// [`MAX_TEXT`], the slot 1 to 255; an empty maker or model is none.
    pub fn check(raw: RawCuff) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let chars = |s: &str| s.chars().count();
        if !(1..=MAX_ID).contains(&chars(&raw.id)) {
            errors.add("id", rules::MSG_CUFF_ID_LENGTH);
        }
        let name = raw.name.trim().to_owned();
        if chars(&name) > MAX_TEXT {
            errors.add("name", rules::MSG_CUFF_NAME_LENGTH);
        }
        let mut text = |field: &str, message: &str, v: Option<String>| {
            let v = v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
            if v.as_deref().is_some_and(|v| chars(v) > MAX_TEXT) {
                errors.add(field, message);
            }
            v
        };
        let maker = text("maker", rules::MSG_CUFF_MAKER_LENGTH, raw.maker);
        let model = text("model", rules::MSG_CUFF_MODEL_LENGTH, raw.model);
        let user_slot = match raw.user_slot {
            None => None,
            Some(n) => match u8::try_from(n) {
                Ok(slot) if slot >= 1 => Some(slot),
                _ => {
                    errors.add("userSlot", rules::MSG_CUFF_SLOT_RANGE);
                    None
                }
            },
        };
        errors.into_result()?;
        Ok(Self {
            id: raw.id,
            name,
            maker,
            model,
            user_slot,
        })
    }

    /// What its readings name as their device: "<maker> <model>" as sent, trimmed, or the
    /// advertised name when the cuff says neither.
    pub fn device_name(&self) -> String {
        let both = [self.maker.as_deref(), self.model.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        let both = both.trim();
        if both.is_empty() {
            self.name.clone()
        } else {
            both.to_owned()
        }
    }
}

/// What remembering a cuff did.
#[derive(Debug, Clone, PartialEq)]
pub enum Put {
    Saved(Cuff),
    /// The person remembers [`MAX_CUFFS`] others already: nothing stored.
    Full,
}

/// The cuffs' storage, every method scoped to the owner.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait CuffRepository: Send + Sync {
    /// The user's cuffs, the latest synced first (never synced last, newest paired first).
    async fn list(&self, user: UserId) -> anyhow::Result<Vec<Cuff>>;
    /// Inserts or updates the user's cuff `cuff.id` (its `last_sync_at` kept), serialised
    /// per user: [`Put::Full`] when it is new and the user has [`MAX_CUFFS`] already.
    async fn put(&self, user: UserId, cuff: CuffInput) -> anyhow::Result<Put>;
    /// `false` when the user has no such cuff. Its readings stay.
    async fn forget(&self, user: UserId, id: String) -> anyhow::Result<bool>;
}

/// The paired cuffs' use cases (no subscription needed: remembering a cuff records nothing).
#[derive(Clone)]
pub struct CuffService {
    repo: Arc<dyn CuffRepository>,
}

impl CuffService {
    pub fn new(repo: Arc<dyn CuffRepository>) -> Self {
        Self { repo }
    }

    pub async fn list(&self, user: UserId) -> Result<Vec<Cuff>, ReadingError> {
        Ok(self.repo.list(user).await?)
    }

    pub async fn put(&self, user: UserId, raw: RawCuff) -> Result<Cuff, ReadingError> {
        let cuff = CuffInput::check(raw).map_err(ReadingError::invalid)?;
        match self.repo.put(user, cuff).await? {
            Put::Saved(c) => Ok(c),
            Put::Full => Err(ReadingError::CuffsFull),
        }
    }

    pub async fn forget(&self, user: UserId, id: String) -> Result<(), ReadingError> {
        if self.repo.forget(user, id).await? {
            Ok(())
        } else {
            Err(ReadingError::CuffNotFound)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawCuff {
        RawCuff {
            id: "dGVzdC1jdWZm".into(),
            name: "BLESmart_0000".into(),
            maker: Some(" OMRON ".into()),
            model: Some("X4 Smart".into()),
            user_slot: Some(2),
        }
    }

    #[test]
    fn a_cuff_names_its_readings_by_maker_and_model_or_its_name() {
        let cuff = CuffInput::check(raw()).unwrap();
        assert_eq!(cuff.device_name(), "OMRON X4 Smart");
        assert_eq!(cuff.user_slot, Some(2));
        let unnamed = CuffInput::check(RawCuff {
            maker: Some("  ".into()),
            model: None,
            ..raw()
        })
        .unwrap();
        assert_eq!(unnamed.maker, None);
        assert_eq!(unnamed.device_name(), "BLESmart_0000");
        let maker_only = CuffInput::check(RawCuff {
            model: None,
            ..raw()
        })
        .unwrap();
        assert_eq!(maker_only.device_name(), "OMRON");
    }

    #[test]
    fn ids_names_and_slots_out_of_bounds_are_refused_with_their_messages() {
        for (bad, field, message) in [
            (
                RawCuff {
                    id: String::new(),
                    ..raw()
                },
                "id",
                rules::MSG_CUFF_ID_LENGTH,
            ),
            (
                RawCuff {
                    id: "i".repeat(129),
                    ..raw()
                },
                "id",
                rules::MSG_CUFF_ID_LENGTH,
            ),
            (
                RawCuff {
                    name: "n".repeat(101),
                    ..raw()
                },
                "name",
                rules::MSG_CUFF_NAME_LENGTH,
            ),
            (
                RawCuff {
                    model: Some("m".repeat(101)),
                    ..raw()
                },
                "model",
                rules::MSG_CUFF_MODEL_LENGTH,
            ),
            (
                RawCuff {
                    user_slot: Some(0),
                    ..raw()
                },
                "userSlot",
                rules::MSG_CUFF_SLOT_RANGE,
            ),
            (
                RawCuff {
                    user_slot: Some(256),
                    ..raw()
                },
                "userSlot",
                rules::MSG_CUFF_SLOT_RANGE,
            ),
        ] {
            let errors = CuffInput::check(bad).unwrap_err();
            assert_eq!(errors.get(field), Some(message), "{field}");
        }
        assert!(
            CuffInput::check(RawCuff {
                id: "é".repeat(128),
                user_slot: Some(255),
                ..raw()
            })
            .is_ok()
        );
    }

    #[test]
    fn the_bound_is_the_one_its_message_names() {
        assert!(rules::MSG_CUFFS_FULL.contains(&format!("at most {MAX_CUFFS} cuffs")));
    }
}
