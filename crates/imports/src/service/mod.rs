//! Import use cases: what a file is (sniff), reading it into a preview kept as a draft,
//! and storing the draft's new readings in one transaction. The owner is always the
//! signed-in user; reading and storing need a subscription, like recording.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use chrono::NaiveDate;
use kernel::gate::{Refusal, UserGate};
use kernel::pool::{BoundedPool, PoolError};
use kernel::{Clock, Entitlement, Entitlements, SubscriptionRequired, UserId};
use readings::model::ReadingValues;
use readings::transfer::KnownReadings;

use crate::formats::{
    self, Candidate, Context, FileError, Format, Mapping, Parsed, Progress, SkipReason, Skipped,
    Sniff, TimeBasis,
};
use crate::ports::{FormatReader, ImportStore, ImportTurns, Record};

mod draft;
mod turn;

pub use draft::Draft;
pub use turn::ImportTurn;

pub const MSG_IMPORT_RUNNING: &str =
    "Another import of yours is still under way. Please wait for it to finish, or cancel it.";
pub const MSG_IMPORTS_BUSY: &str = "Imports are busy right now. Please try again in a minute.";
pub const MSG_DRAFT_GONE: &str =
    "This preview has expired or was already imported. Choose the file again.";
/// How long a preview waits for "Import".
pub const DRAFT_LIFETIME: Duration = Duration::from_secs(3600);
/// New readings a preview shows as they will be stored.
pub const PREVIEW_ROWS: usize = 20;
/// Spreadsheet mappings remembered per user.
pub const MAPPINGS_KEPT: usize = 20;

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{}", MSG_DRAFT_GONE)]
    NotFound,
    #[error(transparent)]
    SubscriptionRequired(#[from] SubscriptionRequired),
    /// Too much under way: nothing was done, try again shortly.
    #[error("{0}")]
    Busy(&'static str),
    /// The file cannot be read as the format: nothing stored.
    #[error("{0}")]
    File(String),
    /// Storing would take the record past a bound of `readings::quota`: nothing stored.
    #[error(transparent)]
    Full(readings::quota::Full),
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl From<anyhow::Error> for ImportError {
    fn from(e: anyhow::Error) -> Self {
        if let Some(full) = readings::quota::Full::of(&e) {
            return ImportError::Full(full);
        }
        match e
            .chain()
            .find_map(|c| c.downcast_ref::<SubscriptionRequired>())
        {
            Some(refused) => ImportError::SubscriptionRequired(*refused),
            None => ImportError::Unexpected(e),
        }
    }
}

impl From<FileError> for ImportError {
    fn from(e: FileError) -> Self {
        ImportError::File(e.0)
    }
}

fn pool_error(e: PoolError) -> ImportError {
    match e {
        PoolError::Busy(_) => ImportError::Busy(MSG_IMPORTS_BUSY),
        PoolError::Failed(_) => ImportError::Unexpected(e.into()),
    }
}

/// A file on disk to read, as the person described it.
#[derive(Debug, Clone)]
pub struct Upload {
    pub path: PathBuf,
    pub file_name: String,
    /// `None`: automatic.
    pub format: Option<Format>,
    /// Spreadsheet only.
    pub mapping: Option<Mapping>,
    /// The user's time zone (their preferences).
    pub zone: chrono_tz::Tz,
}

/// A sniff, and the mapping to offer for a spreadsheet: the one confirmed before for the
/// same header, else the guess from the column names.
#[derive(Debug, Clone, PartialEq)]
pub struct SniffResult {
    pub sniff: Sniff,
    pub remembered: bool,
}

/// New readings per kind (a reading with a blood pressure and a heart rate counts in both).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KindCounts {
    pub blood_pressure: usize,
    pub heart_rate: usize,
    pub weight: usize,
    pub blood_sugar: usize,
}

/// What importing the file would do; its new readings wait as the draft `id`.
#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    pub id: String,
    pub format: Format,
    pub file_name: String,
    pub time_basis: TimeBasis,
    pub zone: chrono_tz::Tz,
    pub records: u64,
    pub counts: KindCounts,
    pub new: usize,
    pub duplicates: u64,
    /// Skipped for a reason other than being a duplicate.
    pub skipped: u64,
    /// Every skipped row by reason, duplicates included.
    pub skipped_by_reason: BTreeMap<SkipReason, u64>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// The first [`PREVIEW_ROWS`] new readings, oldest first.
    pub rows: Vec<Candidate>,
    /// The first skipped rows (duplicates included), in the file's order.
    pub skipped_rows: Vec<Skipped>,
    /// Where the units of weights and blood sugars were read from.
    pub units: Vec<formats::UnitSource>,
    /// Records left out by a rule, counted by the rule's sentence.
    pub left_out: BTreeMap<&'static str, u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommitSummary {
    pub imported: usize,
    /// Stored meanwhile (another import, a reading entered by hand): skipped.
    pub duplicates: usize,
    /// Rows of the file skipped (not duplicates).
    pub invalid: usize,
}

#[derive(Clone)]
pub struct ImportService {
    /// The readings context: what is stored already, and where the new readings go.
    record: Arc<dyn Record>,
    /// What a file is and what it holds.
    reader: Arc<dyn FormatReader>,
    entitlements: Arc<dyn Entitlements>,
    store: Arc<dyn ImportStore>,
    clock: Arc<dyn Clock>,
    /// Parsing, comparing and serialising: CPU work kept off the async workers. An import
    /// admitted by `gate` waits its turn for a thread, first come first served (one import
    /// per account, so no account jumps the queue), and is never refused there: "busy" is
    /// answered at admission, as a real `429`, before the upload and its `200` begin.
    pool: Arc<BoundedPool>,
    /// Imports under way on this server (upload, reading, storing): one per user, a
    /// bounded number in all.
    gate: Arc<UserGate>,
    /// Where each account's one turn is held across servers (the database); `None`: this
    /// server's gate alone.
    turns: Option<Arc<dyn ImportTurns>>,
}

impl ImportService {
    pub fn new(
        record: Arc<dyn Record>,
        reader: Arc<dyn FormatReader>,
        entitlements: Arc<dyn Entitlements>,
        store: Arc<dyn ImportStore>,
        clock: Arc<dyn Clock>,
        pool: Arc<BoundedPool>,
        in_flight: usize,
    ) -> Self {
        Self {
            record,
            reader,
            entitlements,
            store,
            clock,
            pool,
            gate: UserGate::new(in_flight),
            turns: None,
        }
    }

    /// Keeps each account's turn in `turns`, so servers sharing it give an account one
    /// import at a time between them.
    pub fn with_turns(mut self, turns: Arc<dyn ImportTurns>) -> Self {
        self.turns = Some(turns);
        self
    }

    async fn require_subscription(&self, user: UserId) -> Result<(), ImportError> {
        self.entitlements.require(user, Entitlement::Record).await
    }

    /// What the first bytes of a file are, with the mapping to offer. Stores nothing.
    pub async fn sniff(
        &self,
        user: UserId,
        head: Vec<u8>,
        file_name: String,
        header_row: Option<u64>,
    ) -> Result<SniffResult, ImportError> {
        // At most 64 KiB: cheap enough for the async worker, and admission-free so the
        // page can say what a file is before anything heavy starts.
        let mut sniff = self.reader.sniff(&head, &file_name, header_row);
        let mut remembered = false;
        if sniff.format == Some(Format::Spreadsheet) && !sniff.columns.is_empty() {
            let key = formats::header_key(&sniff.columns);
            if let Some(json) = self.store.mapping(user, &key).await?
                && let Ok(mut mapping) = serde_json::from_str::<Mapping>(&json)
            {
                // The header's line is this file's, whatever it was in the last one.
                mapping.header_row = Some(sniff.header_row);
                sniff.suggested = Some(mapping);
                remembered = true;
            }
        }
        Ok(SniffResult { sniff, remembered })
    }

    /// The user's turn for an import, taken before the upload is read: one import per
    /// user and a bounded number in all, and only for subscribers.
    pub async fn begin(&self, user: UserId) -> Result<ImportTurn, ImportError> {
        self.require_subscription(user).await?;
        self.turn(user).await
    }

    async fn turn(&self, user: UserId) -> Result<ImportTurn, ImportError> {
        let local = self.gate.admit(user).map_err(|r| match r {
            Refusal::UserBusy => ImportError::Busy(MSG_IMPORT_RUNNING),
            Refusal::Full => ImportError::Busy(MSG_IMPORTS_BUSY),
        })?;
        let lease = match &self.turns {
            Some(turns) => Some(
                turn::Lease::take(turns, user)
                    .await?
                    .ok_or(ImportError::Busy(MSG_IMPORT_RUNNING))?,
            ),
            None => None,
        };
        Ok(ImportTurn::new(local, lease))
    }

    /// Reads the uploaded file in the user's `turn` and keeps its new readings as a draft.
    /// Stores no reading.
    pub async fn read(
        &self,
        user: UserId,
        turn: ImportTurn,
        upload: Upload,
        progress: Arc<dyn Progress + Send + Sync>,
    ) -> Result<Preview, ImportError> {
        let out = self.read_in_turn(user, upload, progress).await;
        turn.release().await;
        out
    }

    async fn read_in_turn(
        &self,
        user: UserId,
        upload: Upload,
        progress: Arc<dyn Progress + Send + Sync>,
    ) -> Result<Preview, ImportError> {
        if upload.format == Some(Format::Spreadsheet) && upload.mapping.is_none() {
            return Err(ImportError::File(MSG_MAPPING_REQUIRED.to_owned()));
        }
        let latest = kernel::calendar::latest_allowed(self.clock.now(), upload.zone);
        let job = upload.clone();
        let reader = self.reader.clone();
        let (parsed, header) = self
            .pool
            .run_in_turn(move || -> Result<(Parsed, Option<String>), FileError> {
                let format = match job.format {
                    Some(f) => f,
                    None => reader.resolve(&job.path, &job.file_name)?,
                };
                let ctx = Context {
                    zone: job.zone,
                    latest,
                    mapping: job.mapping.as_ref(),
                    progress: progress.as_ref(),
                };
                let parsed = reader.parse(format, &job.path, &ctx)?;
                let header_row = job.mapping.as_ref().and_then(|m| m.header_row);
                // The remembering key of the spreadsheet's header.
                let header = (format == Format::Spreadsheet)
                    .then(|| reader.columns(&job.path, header_row))
                    .filter(|columns| !columns.is_empty())
                    .map(|columns| formats::header_key(&columns));
                Ok((parsed, header))
            })
            .await
            .map_err(pool_error)??;

        // Only stored readings within the file's dates can be the same as one of its own.
        let span = (
            parsed.candidates.iter().map(|c| c.values.date).min(),
            parsed.candidates.iter().map(|c| c.values.date).max(),
        );
        let existing: Vec<ReadingValues> = match span {
            (Some(from), Some(to)) => self.record.between(user, from, to).await?,
            _ => Vec::new(),
        };
        let id = kernel::secret::generate().map_err(anyhow::Error::from)?;
        let (id_for_job, file_name, zone) = (id.clone(), upload.file_name.clone(), upload.zone);
        let (preview, payload) = self
            .pool
            .run_in_turn(move || classify(parsed, existing, id_for_job, file_name, zone))
            .await
            .map_err(pool_error)??;
        let now = self.clock.now();
        let expired = now - chrono::Duration::from_std(DRAFT_LIFETIME).unwrap_or_default();
        self.store
            .save_draft(user, &id, payload, now, expired)
            .await?;
        if let (Some(key), Some(mapping)) = (header, upload.mapping.as_ref()) {
            let json = serde_json::to_string(mapping).map_err(anyhow::Error::from)?;
            self.store
                .remember_mapping(user, &key, json, now, MAPPINGS_KEPT)
                .await?;
        }
        Ok(preview)
    }

    /// Stores the draft's readings not already stored, in one transaction, and forgets
    /// the draft.
    pub async fn commit(&self, user: UserId, id: &str) -> Result<CommitSummary, ImportError> {
        self.require_subscription(user).await?;
        let turn = self.turn(user).await?;
        let out = self.commit_in_turn(user, id).await;
        turn.release().await;
        out
    }

    async fn commit_in_turn(&self, user: UserId, id: &str) -> Result<CommitSummary, ImportError> {
        let not_before =
            self.clock.now() - chrono::Duration::from_std(DRAFT_LIFETIME).unwrap_or_default();
        let payload = self
            .store
            .draft(user, id, not_before)
            .await?
            .ok_or(ImportError::NotFound)?;
        let draft = self
            .pool
            .run_in_turn(move || Draft::decode(&payload))
            .await
            .map_err(pool_error)??;
        let candidates = draft.readings.len();
        // Imported readings name the app they came from (issue 39).
        let origin = readings::Origin::import(draft.format.app());
        let readings = draft
            .readings
            .into_iter()
            .map(|v| readings::ReadingValues {
                origin: origin.clone(),
                ..v
            })
            .collect();
        let imported = self.record.add(user, readings).await?;
        self.store.delete_draft(user, id).await?;
        Ok(CommitSummary {
            imported,
            duplicates: candidates - imported,
            invalid: usize::try_from(draft.skipped).unwrap_or(usize::MAX),
        })
    }

    /// Forgets a draft without storing anything.
    pub async fn discard(&self, user: UserId, id: &str) -> Result<(), ImportError> {
        if self.store.delete_draft(user, id).await? {
            Ok(())
        } else {
            Err(ImportError::NotFound)
        }
    }
}

/// New or duplicate (of a stored reading or an earlier one in the file), the preview, and
/// the draft's serialisation: on the pool, since a file may hold 100,000 readings.
fn classify(
    parsed: Parsed,
    existing: Vec<ReadingValues>,
    id: String,
    file_name: String,
    zone: chrono_tz::Tz,
) -> Result<(Preview, String), anyhow::Error> {
    let mut known = KnownReadings::new(existing);
    let mut fresh: Vec<Candidate> = Vec::with_capacity(parsed.candidates.len());
    let mut skipped_rows = parsed.skipped;
    let mut by_reason = parsed.skipped_counts;
    let skipped: u64 = by_reason.values().sum();
    let mut duplicates = 0u64;
    for c in parsed.candidates {
        if known.add_if_new(&c.values) {
            fresh.push(c);
        } else {
            duplicates += 1;
            if skipped_rows.len() < formats::MAX_SKIPPED_LISTED {
                skipped_rows.push(Skipped {
                    location: c.location,
                    reason: SkipReason::Duplicate,
                    message: MSG_DUPLICATE.to_owned(),
                });
            }
        }
    }
    if duplicates > 0 {
        *by_reason.entry(SkipReason::Duplicate).or_default() += duplicates;
    }
    let mut counts = KindCounts::default();
    for c in &fresh {
        let v = &c.values.values;
        counts.blood_pressure += usize::from(v.systolic.is_some() && v.diastolic.is_some());
        counts.heart_rate += usize::from(v.heart_rate.is_some());
        counts.weight += usize::from(v.weight.is_some());
        counts.blood_sugar += usize::from(v.blood_sugar.is_some());
    }
    let from = fresh.iter().map(|c| c.values.date).min();
    let to = fresh.iter().map(|c| c.values.date).max();
    let mut first: Vec<&Candidate> = fresh.iter().collect();
    first.sort_by_key(|c| (c.values.date, c.values.time));
    let rows = first.into_iter().take(PREVIEW_ROWS).cloned().collect();
    let new = fresh.len();
    let payload = Draft {
        format: parsed.format,
        skipped,
        readings: fresh.into_iter().map(|c| c.values).collect(),
    }
    .encode()?;
    Ok((
        Preview {
            id,
            format: parsed.format,
            file_name,
            time_basis: parsed.time_basis,
            zone,
            records: parsed.records,
            counts,
            new,
            duplicates,
            skipped,
            skipped_by_reason: by_reason,
            from,
            to,
            rows,
            skipped_rows,
            units: parsed.units,
            left_out: parsed.left_out,
        },
        payload,
    ))
}

pub const MSG_MAPPING_REQUIRED: &str =
    "Say which column holds what before importing a spreadsheet.";
pub const MSG_DUPLICATE: &str =
    "The same reading is already in your record, or earlier in this file.";

#[cfg(any(test, feature = "mocks"))]
pub mod testing;
#[cfg(test)]
mod tests;
