//! Recording a reading under a client's idempotency key (issue 19): the offline queue sends
//! each queued reading with one, so a retry after a lost answer, a double send or two tabs
//! store it once.

use kernel::{Entitlement, FieldErrors, SubscriptionRequired, UserId};

use super::{ReadingError, ReadingService};
use crate::model::{IdempotencyKey, Once, Reading, ReadingValues};
use crate::rules;
use crate::setting::Setting;

/// What [`ReadingService::create_once`] did: stored now, or found stored by an earlier send.
#[derive(Debug, Clone, PartialEq)]
pub enum Recorded {
    Created(Reading),
    Replayed(Reading),
}

/// The field name of a malformed key's error: the header's, as the client sent it.
pub const KEY_FIELD: &str = "Idempotency-Key";

impl ReadingService {
    /// Records `input` once per `key`. The same key with the same reading answers the
    /// stored reading (even if the subscription has lapsed since: it was stored while
    /// allowed); with another reading it is refused; a new key needs a subscription.
    pub async fn create_once(
        &self,
        user: UserId,
        key: &str,
        input: crate::model::ReadingInput,
    ) -> Result<Recorded, ReadingError> {
        let Some(key) = IdempotencyKey::parse(key) else {
            let mut errors = FieldErrors::new();
            errors.add(KEY_FIELD, IdempotencyKey::MESSAGE);
            return Err(ReadingError::invalid(errors));
        };
        let values =
            rules::validate(&input, self.latest(user).await?).map_err(ReadingError::invalid)?;
        let may_insert = self.entitlements.allows(user, Entitlement::Record).await?;
        let print = fingerprint(&values);
        match self
            .repo
            .insert_once(user, key, print, values, may_insert)
            .await?
        {
            Once::Created(r) => Ok(Recorded::Created(r)),
            Once::Replayed(r) => Ok(Recorded::Replayed(r)),
            Once::Conflict => Err(ReadingError::KeyReused),
            Once::Gone => Err(ReadingError::KeyGone),
            Once::NotAllowed => Err(SubscriptionRequired(Entitlement::Record).into()),
        }
    }
}

/// The reading as validated (so `"120"` and `120` are the same send), hashed: what a key's
/// later sends are compared with.
pub fn fingerprint(v: &ReadingValues) -> String {
    let m = &v.values;
    // A home reading's print is what it was before readings had a setting, so a key stored
    // then still matches its retry.
    let setting = match v.setting {
        Setting::Home => "",
        Setting::Office => "|office",
    };
    kernel::secret::hash(&format!(
        "{}|{}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}{setting}",
        kernel::date::format_date(v.date),
        kernel::date::format_time(v.time),
        m.systolic,
        m.diastolic,
        m.heart_rate,
        m.weight,
        m.blood_sugar,
        v.notes,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Measurements;

    #[test]
    fn keys_are_8_to_128_safe_characters() {
        assert!(IdempotencyKey::parse("0f8c2f4e-1b7a-4d0e-9a57-3c1d2b6e8f90").is_some());
        assert!(IdempotencyKey::parse("abc_DEF-12").is_some());
        assert!(IdempotencyKey::parse(&"k".repeat(128)).is_some());
        for bad in [
            "",
            "1234567",
            "has space",
            "semi;colon",
            "ünïcödé-key",
            "line\nbreak1",
        ] {
            assert!(IdempotencyKey::parse(bad).is_none(), "{bad:?}");
        }
        assert!(IdempotencyKey::parse(&"k".repeat(129)).is_none());
    }

    #[test]
    fn a_fingerprint_changes_with_any_value_and_only_then() {
        let base = ReadingValues {
            date: chrono::NaiveDate::from_ymd_opt(2026, 11, 20).expect("date"),
            time: chrono::NaiveTime::from_hms_opt(8, 15, 0).expect("time"),
            values: Measurements {
                systolic: Some(128),
                diastolic: Some(82),
                ..Measurements::default()
            },
            notes: Some("after coffee".into()),
            setting: Setting::Home,
            origin: Default::default(),
        };
        assert_eq!(fingerprint(&base), fingerprint(&base.clone()));
        let mut other = base.clone();
        other.values.heart_rate = Some(64);
        assert_ne!(fingerprint(&base), fingerprint(&other));
        let mut other = base.clone();
        other.notes = None;
        assert_ne!(fingerprint(&base), fingerprint(&other));
        let mut other = base.clone();
        other.time = chrono::NaiveTime::from_hms_opt(8, 16, 0).expect("time");
        assert_ne!(fingerprint(&base), fingerprint(&other));
        let mut other = base.clone();
        other.setting = Setting::Office;
        assert_ne!(fingerprint(&base), fingerprint(&other));
        // A home reading hashes as it did before readings had a setting.
        assert_eq!(
            fingerprint(&base),
            kernel::secret::hash(
                "2026-11-20|08:15|Some(128)|Some(82)|None|None|None|Some(\"after coffee\")"
            )
        );
    }
}
