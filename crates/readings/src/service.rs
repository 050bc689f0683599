//! Reading use cases: the owner is always the signed-in user.

use std::sync::Arc;

use chrono::Duration;
use kernel::{Clock, FieldErrors, UserId};

use crate::model::*;
use crate::ports::{ReadingRepository, RecordingAllowed};
use crate::rules;
use crate::transfer::{self, ImportFileError, ImportRow};

fn file_error(e: ImportFileError) -> ReadingError {
    let mut errors = FieldErrors::new();
    errors.add("file", e.0);
    ReadingError::invalid(errors)
}

/// What importing a row would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportStatus {
    New,
    /// The same reading is already stored (or earlier in the file): skipped.
    Duplicate,
    Invalid,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PreviewRow {
    pub row: ImportRow,
    pub status: ImportStatus,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ImportPreview {
    pub rows: Vec<PreviewRow>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportSummary {
    pub imported: usize,
    pub duplicates: usize,
    pub invalid: usize,
}

pub const MSG_SUBSCRIPTION_REQUIRED: &str = "Subscription Required";
pub const MAX_PAGE: i64 = 1000;

#[derive(Debug, thiserror::Error)]
pub enum ReadingError {
    #[error("Reading not found")]
    NotFound,
    #[error("{}", MSG_SUBSCRIPTION_REQUIRED)]
    SubscriptionRequired,
    #[error("{message}")]
    Invalid {
        message: String,
        errors: FieldErrors,
    },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ReadingError {
    fn invalid(errors: FieldErrors) -> Self {
        let message = errors
            .first_message()
            .unwrap_or("Please check the highlighted fields.")
            .to_owned();
        ReadingError::Invalid { message, errors }
    }
}

#[derive(Clone)]
pub struct ReadingService {
    repo: Arc<dyn ReadingRepository>,
    allowed: Arc<dyn RecordingAllowed>,
    clock: Arc<dyn Clock>,
}

fn to_field(v: Option<f64>) -> NumberField {
    v.map_or(NumberField::Empty, NumberField::Number)
}

impl ReadingService {
    pub fn new(
        repo: Arc<dyn ReadingRepository>,
        allowed: Arc<dyn RecordingAllowed>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            repo,
            allowed,
            clock,
        }
    }

    fn latest_date(&self) -> chrono::NaiveDate {
        (self.clock.now() + Duration::days(1)).date_naive()
    }

    pub async fn list(
        &self,
        user: UserId,
        mut query: ReadingQuery,
    ) -> Result<ReadingPage, ReadingError> {
        query.limit = query.limit.map(|l| l.clamp(1, MAX_PAGE));
        query.offset = query.offset.max(0);
        query.text = query
            .text
            .map(|t| t.trim().chars().take(100).collect::<String>())
            .filter(|t| !t.is_empty());
        Ok(self.repo.list(user, query).await?)
    }

    pub async fn get(&self, user: UserId, id: i64) -> Result<Reading, ReadingError> {
        self.repo.get(user, id).await?.ok_or(ReadingError::NotFound)
    }

    async fn require_subscription(&self, user: UserId) -> Result<(), ReadingError> {
        if self.allowed.may_record(user).await? {
            Ok(())
        } else {
            Err(ReadingError::SubscriptionRequired)
        }
    }

    pub async fn create(&self, user: UserId, input: ReadingInput) -> Result<Reading, ReadingError> {
        self.require_subscription(user).await?;
        let values = rules::validate(&input, self.latest_date()).map_err(ReadingError::invalid)?;
        Ok(self.repo.insert(user, values).await?)
    }

    /// Fields not sent keep their stored value.
    pub async fn update(
        &self,
        user: UserId,
        id: i64,
        input: ReadingInput,
    ) -> Result<Reading, ReadingError> {
        let current = self.get(user, id).await?;
        self.require_subscription(user).await?;
        let v = current.values;
        let merged = ReadingInput {
            date: input
                .date
                .or_else(|| Some(current.date.format("%Y-%m-%d").to_string())),
            time: input
                .time
                .or_else(|| Some(current.time.format("%H:%M").to_string())),
            systolic: input.systolic.or(Some(to_field(v.systolic.map(f64::from)))),
            diastolic: input
                .diastolic
                .or(Some(to_field(v.diastolic.map(f64::from)))),
            heart_rate: input
                .heart_rate
                .or(Some(to_field(v.heart_rate.map(f64::from)))),
            weight: input.weight.or(Some(to_field(v.weight))),
            blood_sugar: input.blood_sugar.or(Some(to_field(v.blood_sugar))),
            notes: input.notes.or(current.notes),
        };
        let values = rules::validate(&merged, self.latest_date()).map_err(ReadingError::invalid)?;
        self.repo
            .update(user, id, values)
            .await?
            .ok_or(ReadingError::NotFound)
    }

    /// Every reading of the user, oldest first (for exports).
    pub async fn all(&self, user: UserId) -> Result<Vec<Reading>, ReadingError> {
        let mut page = self.repo.list(user, ReadingQuery::default()).await?;
        page.readings.reverse();
        Ok(page.readings)
    }

    /// Checks an import file without storing anything: each row valid (new or already
    /// there) or invalid with the form's messages.
    pub async fn preview_import(
        &self,
        user: UserId,
        csv: &str,
    ) -> Result<ImportPreview, ReadingError> {
        let rows = transfer::parse_csv(csv, self.latest_date()).map_err(file_error)?;
        let existing: Vec<ReadingValues> = self
            .all(user)
            .await?
            .iter()
            .map(ReadingValues::from)
            .collect();
        let mut seen: Vec<ReadingValues> = Vec::new();
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let status = match &row.values {
                None => ImportStatus::Invalid,
                Some(v)
                    if existing.iter().any(|e| transfer::same_reading(e, v))
                        || seen.iter().any(|e| transfer::same_reading(e, v)) =>
                {
                    ImportStatus::Duplicate
                }
                Some(v) => {
                    seen.push(v.clone());
                    ImportStatus::New
                }
            };
            out.push(PreviewRow { row, status });
        }
        Ok(ImportPreview { rows: out })
    }

    /// Stores the file's valid rows that are not already there; needs a subscription,
    /// like recording.
    pub async fn import(&self, user: UserId, csv: &str) -> Result<ImportSummary, ReadingError> {
        self.require_subscription(user).await?;
        let rows = transfer::parse_csv(csv, self.latest_date()).map_err(file_error)?;
        let invalid = rows.iter().filter(|r| r.values.is_none()).count();
        let valid: Vec<ReadingValues> = rows.into_iter().filter_map(|r| r.values).collect();
        let candidates = valid.len();
        let imported = self.repo.import(user, valid).await?;
        Ok(ImportSummary {
            imported,
            duplicates: candidates - imported,
            invalid,
        })
    }

    pub async fn delete(&self, user: UserId, id: i64) -> Result<(), ReadingError> {
        if self.repo.delete(user, id).await? {
            Ok(())
        } else {
            Err(ReadingError::NotFound)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockReadingRepository, MockRecordingAllowed};
    use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
    use kernel::SystemClock;

    fn allowed(yes: bool) -> MockRecordingAllowed {
        let mut a = MockRecordingAllowed::new();
        a.expect_may_record().returning(move |_| Ok(yes));
        a
    }

    fn stored() -> Reading {
        Reading {
            id: 3,
            user_id: UserId(1),
            date: NaiveDate::from_ymd_opt(2026, 11, 20).expect("d"),
            time: NaiveTime::from_hms_opt(7, 15, 0).expect("t"),
            values: Measurements {
                systolic: Some(120),
                diastolic: Some(80),
                weight: Some(154.3236),
                ..Default::default()
            },
            notes: Some("morning".into()),
            created_at: Utc.timestamp_opt(0, 0).single().expect("t"),
            updated_at: Utc.timestamp_opt(0, 0).single().expect("t"),
        }
    }

    fn input() -> ReadingInput {
        ReadingInput {
            date: Some("2026-11-21".into()),
            time: Some("08:00".into()),
            systolic: Some(NumberField::Number(118.0)),
            diastolic: Some(NumberField::Number(76.0)),
            ..Default::default()
        }
    }

    #[tokio::test]
    async fn recording_without_subscription_stores_nothing() {
        let mut repo = MockReadingRepository::new();
        repo.expect_insert().never();
        let s = ReadingService::new(
            Arc::new(repo),
            Arc::new(allowed(false)),
            Arc::new(SystemClock),
        );
        assert!(matches!(
            s.create(UserId(1), input()).await,
            Err(ReadingError::SubscriptionRequired)
        ));
    }

    #[tokio::test]
    async fn invalid_reading_stores_nothing() {
        let mut repo = MockReadingRepository::new();
        repo.expect_insert().never();
        let s = ReadingService::new(
            Arc::new(repo),
            Arc::new(allowed(true)),
            Arc::new(SystemClock),
        );
        let mut bad = input();
        bad.systolic = Some(NumberField::Number(300.0));
        let Err(ReadingError::Invalid { errors, .. }) = s.create(UserId(1), bad).await else {
            panic!("expected Invalid")
        };
        assert_eq!(
            errors.get("systolic"),
            Some("Systolic must be less than 250")
        );
    }

    #[tokio::test]
    async fn update_keeps_unsent_fields_and_checks_ownership_first() {
        let mut repo = MockReadingRepository::new();
        repo.expect_get()
            .returning(|user, _| Ok((user == UserId(1)).then(stored)));
        repo.expect_update()
            .withf(|_, id, v| {
                *id == 3
                    && v.values.heart_rate == Some(64)
                    && v.values.weight == Some(154.3236)
                    && v.notes.as_deref() == Some("morning")
                    && v.date.to_string() == "2026-11-20"
            })
            .times(1)
            .returning(|_, _, _| Ok(Some(stored())));
        let mut never = MockRecordingAllowed::new();
        never.expect_may_record().returning(|u| Ok(u == UserId(1)));
        let s = ReadingService::new(Arc::new(repo), Arc::new(never), Arc::new(SystemClock));
        s.update(
            UserId(1),
            3,
            ReadingInput {
                heart_rate: Some(NumberField::Number(64.0)),
                ..Default::default()
            },
        )
        .await
        .expect("updated");
        // Another user: not found, before any subscription question.
        assert!(matches!(
            s.update(UserId(2), 3, input()).await,
            Err(ReadingError::NotFound)
        ));
    }

    #[tokio::test]
    async fn paging_is_bounded() {
        let mut repo = MockReadingRepository::new();
        repo.expect_list()
            .withf(|_, q| {
                q.limit == Some(MAX_PAGE) && q.offset == 0 && q.text.as_deref() == Some("tea")
            })
            .returning(|_, _| {
                Ok(ReadingPage {
                    readings: vec![],
                    total: 0,
                })
            });
        let s = ReadingService::new(
            Arc::new(repo),
            Arc::new(allowed(true)),
            Arc::new(SystemClock),
        );
        s.list(
            UserId(1),
            ReadingQuery {
                limit: Some(1_000_000),
                offset: -5,
                text: Some("  tea ".into()),
                ..Default::default()
            },
        )
        .await
        .expect("listed");
    }
}
