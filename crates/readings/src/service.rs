//! Reading use cases: the owner is always the signed-in user.

use std::sync::Arc;

use kernel::calendar::TimeZones;
use kernel::{
    Clock, Entitlement, Entitlements, FieldErrors, Guideline, SubscriptionRequired, UserCalendar,
    UserId,
};

use crate::model::*;
use crate::ports::{
    DefaultGuideline, Guidelines, HomeWeekRepository, NoTreatmentKnown, ReadingRepository,
    Treatment,
};
use crate::rules;
use crate::setting::Setting;

pub const MSG_KEY_REUSED: &str = "This Idempotency-Key was already used for a different reading";
pub const MSG_KEY_GONE: &str = "This reading was saved and has since been deleted";
pub const MAX_PAGE: i64 = 1000;
/// Readings per database read when a whole list is streamed.
pub const LIST_BATCH: i64 = 500;

#[derive(Debug, thiserror::Error)]
pub enum ReadingError {
    #[error("Reading not found")]
    NotFound,
    #[error(transparent)]
    SubscriptionRequired(#[from] SubscriptionRequired),
    /// An idempotency key sent again with a different reading.
    #[error("{}", MSG_KEY_REUSED)]
    KeyReused,
    /// An idempotency key whose reading was stored and has since been deleted.
    #[error("{}", MSG_KEY_GONE)]
    KeyGone,
    #[error("{message}")]
    Invalid {
        message: String,
        errors: FieldErrors,
    },
    /// A new cuff when the person remembers [`crate::cuffs::MAX_CUFFS`] already.
    #[error("{}", rules::MSG_CUFFS_FULL)]
    CuffsFull,
    /// No remembered cuff of the person has this id.
    #[error("{}", rules::MSG_CUFF_NOT_FOUND)]
    CuffNotFound,
    /// The record would pass a bound of [`crate::quota`]: nothing was stored.
    #[error(transparent)]
    Full(crate::quota::Full),
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl From<anyhow::Error> for ReadingError {
    fn from(e: anyhow::Error) -> Self {
        match crate::quota::Full::of(&e) {
            Some(full) => ReadingError::Full(full),
            None => ReadingError::Unexpected(e),
        }
    }
}

impl ReadingError {
    pub(crate) fn invalid(errors: FieldErrors) -> Self {
        let message = errors.summary().to_owned();
        ReadingError::Invalid { message, errors }
    }
}

#[derive(Clone)]
pub struct ReadingService {
    repo: Arc<dyn ReadingRepository>,
    weeks: Arc<dyn HomeWeekRepository>,
    entitlements: Arc<dyn Entitlements>,
    /// The user's wall clock: a reading's date and time are theirs.
    calendar: UserCalendar,
    guidelines: Arc<dyn Guidelines>,
    treatment: Arc<dyn Treatment>,
}

/// Paging within bounds and search text trimmed to 100 characters.
fn bounded(mut query: ReadingQuery) -> ReadingQuery {
    query.limit = query.limit.map(|l| l.clamp(1, MAX_PAGE));
    query.offset = query.offset.max(0);
    query.text = query
        .text
        .map(|t| t.trim().chars().take(100).collect::<String>())
        .filter(|t| !t.is_empty());
    query
}

impl ReadingService {
    pub fn new(
        repo: Arc<dyn ReadingRepository>,
        weeks: Arc<dyn HomeWeekRepository>,
        entitlements: Arc<dyn Entitlements>,
        zones: Arc<dyn TimeZones>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            repo,
            weeks,
            entitlements,
            calendar: UserCalendar::new(zones, clock),
            guidelines: Arc::new(DefaultGuideline),
            treatment: Arc::new(NoTreatmentKnown),
        }
    }

    /// States categories, severe readings and home levels in each user's guideline (the
    /// default: everyone's is ACC/AHA 2025).
    #[must_use]
    pub fn with_guidelines(mut self, guidelines: Arc<dyn Guidelines>) -> Self {
        self.guidelines = guidelines;
        self
    }

    /// Tells whether a user took a blood-pressure medication (the default: nobody known).
    #[must_use]
    pub fn with_treatment(mut self, treatment: Arc<dyn Treatment>) -> Self {
        self.treatment = treatment;
        self
    }

    /// The guideline `user` reads their numbers by.
    pub async fn guideline(&self, user: UserId) -> Result<Guideline, ReadingError> {
        Ok(self.guidelines.guideline(user).await?)
    }

    /// The latest moment a reading of `user` may carry ([`kernel::calendar::latest_allowed`]).
    pub(crate) async fn latest(&self, user: UserId) -> Result<chrono::NaiveDateTime, ReadingError> {
        Ok(self.calendar.now(user).await?.latest)
    }

    pub async fn list(
        &self,
        user: UserId,
        query: ReadingQuery,
    ) -> Result<ReadingPage, ReadingError> {
        Ok(self.repo.list(user, bounded(query)).await?)
    }

    /// How many readings match the filters.
    pub async fn count(&self, user: UserId, query: ReadingQuery) -> Result<i64, ReadingError> {
        Ok(self.repo.count(user, bounded(query)).await?)
    }

    /// A walk over the whole list of `query` (newest first), one batch at a time: see
    /// [`ListWalk`].
    pub fn walk(&self, user: UserId, query: ReadingQuery) -> ListWalk {
        ListWalk {
            readings: self.clone(),
            user,
            query: bounded(query),
            after: None,
            over: false,
        }
    }

    pub async fn get(&self, user: UserId, id: i64) -> Result<Reading, ReadingError> {
        self.repo.get(user, id).await?.ok_or(ReadingError::NotFound)
    }

    pub(crate) async fn require_subscription(&self, user: UserId) -> Result<(), ReadingError> {
        self.entitlements.require(user, Entitlement::Record).await
    }

    pub async fn create(&self, user: UserId, input: ReadingInput) -> Result<Reading, ReadingError> {
        self.require_subscription(user).await?;
        let values =
            rules::validate(&input, self.latest(user).await?).map_err(ReadingError::invalid)?;
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
        if current.session.is_some() {
            session_values_unchanged(&input, &current.values)?;
        }
        let base = ReadingValues::from(&current);
        let mut values = rules::validate_over(&input, Some(&base), self.latest(user).await?)
            .map_err(ReadingError::invalid)?;
        values.origin = current.origin.edited(&base, &values);
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

    pub async fn delete(&self, user: UserId, id: i64) -> Result<(), ReadingError> {
        if self.repo.delete(user, id).await? {
            Ok(())
        } else {
            Err(ReadingError::NotFound)
        }
    }
}

/// A whole list read in constant memory: each [`ListWalk::next`] reads the next
/// [`LIST_BATCH`] readings after the last one it gave (a keyset: no offset to count past,
/// and no reading twice or missed when the list is long). The one walk the streamed list
/// and the medications' blood pressure history both take.
pub struct ListWalk {
    readings: ReadingService,
    user: UserId,
    query: ReadingQuery,
    after: Option<ListPosition>,
    over: bool,
}

/// One batch of a [`ListWalk`].
#[derive(Debug)]
pub struct Batch {
    pub readings: Vec<Reading>,
    /// The first batch of the walk.
    pub first: bool,
    /// The walk's last batch: nothing comes after it.
    pub last: bool,
}

impl ListWalk {
    /// The next batch (the first one even when the list is empty); `None` once the last
    /// was given.
    pub async fn next(&mut self) -> Result<Option<Batch>, ReadingError> {
        if self.over {
            return Ok(None);
        }
        let readings = self
            .readings
            .repo
            .list_after(self.user, self.query.clone(), self.after, LIST_BATCH)
            .await?;
        let first = self.after.is_none();
        let last = usize::try_from(LIST_BATCH).map_or(true, |full| readings.len() < full);
        self.over = last;
        if let Some(r) = readings.last() {
            self.after = Some(ListPosition::from(r));
        }
        Ok(Some(Batch {
            readings,
            first,
            last,
        }))
    }
}

/// A guided measurement's reading holds its averages: its blood pressure and heart rate
/// change only with its readings, so an edit may not set them to anything else.
fn session_values_unchanged(input: &ReadingInput, v: &Measurements) -> Result<(), ReadingError> {
    let mut errors = FieldErrors::new();
    let same = |sent: Option<NumberField>, stored: Option<i32>| match sent {
        None => true,
        Some(NumberField::Empty) => stored.is_none(),
        Some(NumberField::Number(n)) => stored.is_some_and(|s| f64::from(s) == n),
        Some(NumberField::NotANumber) => false,
    };
    // The guided measurement is the home protocol: its reading stays a home one.
    if input
        .setting
        .as_deref()
        .map(str::trim)
        .and_then(Setting::parse)
        == Some(Setting::Office)
    {
        errors.add(crate::setting::FIELD, rules::MSG_SESSION_LOCKED);
    }
    for (field, sent, stored) in [
        (rules::SYSTOLIC.field, input.systolic, v.systolic),
        (rules::DIASTOLIC.field, input.diastolic, v.diastolic),
        (rules::HEART_RATE.field, input.heart_rate, v.heart_rate),
    ] {
        if !same(sent, stored) {
            errors.add(field, rules::MSG_SESSION_LOCKED);
        }
    }
    errors.into_result().map_err(ReadingError::invalid)
}

mod checked;
mod daily;
mod device;
mod guided;
mod once;

pub use device::{CuffBatch, DeviceReading, FromCuff, MAX_BATCH};
pub use once::{KEY_FIELD, Recorded, fingerprint};

#[cfg(test)]
mod tests;
