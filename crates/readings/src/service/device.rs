//! Readings sent by a Bluetooth blood pressure cuff (issue 39): the browser reads the
//! cuff's memory and posts it as one batch. A cuff sends its whole memory every time, and a
//! batch may be posted twice (two tabs, a retry), so a reading already in the record is
//! answered as such and never stored twice.

use kernel::{FieldErrors, UserId};

use super::{ReadingError, ReadingService};
use crate::cuffs::CuffInput;
use crate::model::{NumberField, Reading, ReadingInput, ReadingValues};
use crate::origin::{CuffFlags, Origin};
use crate::rules;

/// Readings one post may hold: a cuff keeps up to about 200 records.
pub const MAX_BATCH: usize = 200;

/// One reading as the cuff recorded it, as sent.
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceReading {
    pub date: String,
    pub time: String,
    pub systolic: NumberField,
    pub diastolic: NumberField,
    pub heart_rate: NumberField,
    /// [`crate::CuffFlag`] codes.
    pub flags: Vec<String>,
}

/// What became of one reading of a batch.
#[derive(Debug, Clone, PartialEq)]
pub enum FromCuff {
    /// Stored now.
    Saved(Reading),
    /// The record already held it (same date, time, systolic, diastolic and heart rate,
    /// whatever its source): this is the reading it holds.
    Already(Reading),
    /// Not a reading the form would take (its messages), or a flag no cuff has.
    Refused(FieldErrors),
}

/// A batch's results, in the order sent.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CuffBatch {
    pub results: Vec<FromCuff>,
}

impl CuffBatch {
    /// How many were saved, already held and refused.
    pub fn counts(&self) -> (usize, usize, usize) {
        self.results
            .iter()
            .fold((0, 0, 0), |(s, a, r), result| match result {
                FromCuff::Saved(_) => (s + 1, a, r),
                FromCuff::Already(_) => (s, a + 1, r),
                FromCuff::Refused(_) => (s, a, r + 1),
            })
    }
}

impl ReadingService {
    /// Stores what `cuff` sent (1 to [`MAX_BATCH`] readings; needs a subscription, like
    /// recording): each reading checked by the form's rules ([`rules::validate`], with both
    /// blood pressure numbers required) and its flags known, then, in one transaction
    /// serialised per user, stored unless the record holds it already, as a home reading
    /// from the cuff (`device`: its maker and model). The cuff is remembered as synced now.
    pub async fn add_from_cuff(
        &self,
        user: UserId,
        cuff: crate::cuffs::RawCuff,
        sent: Vec<DeviceReading>,
    ) -> Result<CuffBatch, ReadingError> {
        self.require_subscription(user).await?;
        let cuff = CuffInput::check(cuff);
        let mut errors = cuff.as_ref().err().cloned().unwrap_or_default();
        if !(1..=MAX_BATCH).contains(&sent.len()) {
            errors.add("readings", rules::MSG_CUFF_READINGS_COUNT);
        }
        errors.into_result().map_err(ReadingError::invalid)?;
        let cuff = cuff.map_err(ReadingError::invalid)?;
        let latest = self.latest(user).await?;
        let origin = |flags| Origin::device(cuff.device_name(), flags);
        let checked: Vec<Result<ReadingValues, FieldErrors>> = sent
            .into_iter()
            .map(|r| {
                check(r, latest).map(|(v, flags)| ReadingValues {
                    origin: origin(flags),
                    ..v
                })
            })
            .collect();
        let valid: Vec<ReadingValues> = checked.iter().filter_map(|c| c.clone().ok()).collect();
        let mut stored = self
            .repo
            .insert_from_cuff(user, cuff, valid)
            .await?
            .into_iter();
        let mut results = Vec::with_capacity(checked.len());
        for c in checked {
            results.push(match c {
                Err(errors) => FromCuff::Refused(errors),
                Ok(_) => stored
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("a cuff's reading was not answered"))?,
            });
        }
        Ok(CuffBatch { results })
    }
}

/// One reading of a cuff checked as the form checks the same reading typed in, with both
/// blood pressure numbers (a cuff always measures both) and flags it knows.
fn check(
    r: DeviceReading,
    latest: chrono::NaiveDateTime,
) -> Result<(ReadingValues, CuffFlags), FieldErrors> {
    let input = ReadingInput {
        date: Some(r.date),
        time: Some(r.time),
        systolic: Some(r.systolic),
        diastolic: Some(r.diastolic),
        heart_rate: Some(r.heart_rate),
        ..ReadingInput::default()
    };
    let checked = rules::validate(&input, latest);
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    if r.systolic == NumberField::Empty || r.diastolic == NumberField::Empty {
        errors.add("systolic", rules::MSG_SESSION_BP_REQUIRED);
    }
    let flags = CuffFlags::parse(r.flags.iter().map(String::as_str));
    if flags.is_err() {
        errors.add("flags", rules::MSG_CUFF_FLAG_UNKNOWN);
    }
    match (checked, flags) {
        (Ok(values), Ok(flags)) if errors.is_empty() => Ok((values, flags)),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use kernel::SystemClock;
    use kernel::calendar::MockTimeZones;
    use kernel::entitlements::MockEntitlements;

    use super::*;
    use crate::cuffs::RawCuff;
    use crate::origin::{CuffFlag, Source};
    use crate::ports::{MockHomeWeekRepository, MockReadingRepository};

    fn service(repo: MockReadingRepository) -> ReadingService {
        let mut entitlements = MockEntitlements::new();
        entitlements.expect_allows().returning(|_, _| Ok(true));
        let mut zones = MockTimeZones::new();
        zones.expect_zone().returning(|_| Ok(chrono_tz::UTC));
        ReadingService::new(
            Arc::new(repo),
            Arc::new(MockHomeWeekRepository::new()),
            Arc::new(entitlements),
            Arc::new(zones),
            Arc::new(SystemClock),
        )
    }

    fn cuff() -> RawCuff {
        RawCuff {
            id: "cuff-1".into(),
            name: "BLESmart_00000".into(),
            maker: Some("OMRON".into()),
            model: Some("X4 Smart".into()),
            user_slot: None,
        }
    }

    fn sent(systolic: f64, flags: &[&str]) -> DeviceReading {
        DeviceReading {
            date: "2026-11-20".into(),
            time: "07:30".into(),
            systolic: NumberField::Number(systolic),
            diastolic: NumberField::Number(80.0),
            heart_rate: NumberField::Empty,
            flags: flags.iter().map(|f| (*f).to_owned()).collect(),
        }
    }

    fn stored(v: &ReadingValues) -> Reading {
        Reading {
            id: 1,
            user_id: UserId(1),
            date: v.date,
            time: v.time,
            values: v.values,
            notes: None,
            session: None,
            setting: v.setting,
            origin: v.origin.clone(),
            created_at: chrono::Utc::now(),
            updated_at: chrono::Utc::now(),
        }
    }

    #[tokio::test]
    async fn refused_readings_keep_their_place_and_the_rest_are_stored_from_the_cuff() {
        let mut repo = MockReadingRepository::new();
        repo.expect_insert_from_cuff()
            .withf(|_, cuff, values| {
                cuff.device_name() == "OMRON X4 Smart"
                    && values.len() == 1
                    && values[0].origin.source == Source::Device
                    && values[0].origin.device.as_deref() == Some("OMRON X4 Smart")
                    && values[0].origin.flags == CuffFlags::of([CuffFlag::IrregularPulse])
            })
            .returning(|_, _, values| {
                Ok(values.iter().map(|v| FromCuff::Saved(stored(v))).collect())
            });
        let batch = service(repo)
            .add_from_cuff(
                UserId(1),
                cuff(),
                vec![
                    sent(300.0, &[]),
                    sent(121.0, &["irregular-pulse"]),
                    sent(122.0, &["hiccups"]),
                ],
            )
            .await
            .unwrap();
        assert_eq!(batch.counts(), (1, 0, 2));
        let FromCuff::Refused(first) = &batch.results[0] else {
            panic!("{:?}", batch.results[0])
        };
        assert_eq!(
            first.get("systolic"),
            Some("Systolic must be less than 250")
        );
        assert!(matches!(batch.results[1], FromCuff::Saved(_)));
        let FromCuff::Refused(last) = &batch.results[2] else {
            panic!("{:?}", batch.results[2])
        };
        assert_eq!(last.get("flags"), Some(rules::MSG_CUFF_FLAG_UNKNOWN));
    }

    #[tokio::test]
    async fn a_batch_holds_1_to_200_readings() {
        for n in [0, MAX_BATCH + 1] {
            let refused = service(MockReadingRepository::new())
                .add_from_cuff(UserId(1), cuff(), vec![sent(120.0, &[]); n])
                .await;
            let Err(ReadingError::Invalid { errors, .. }) = refused else {
                panic!("{n}: {refused:?}")
            };
            assert_eq!(errors.get("readings"), Some(rules::MSG_CUFF_READINGS_COUNT));
        }
    }
}
