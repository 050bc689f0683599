//! Sharing use cases: the owner's (create, list, log, revoke, delete) and the visitor's
//! (unlock, view, PDF), which know the link's token and nothing else.

use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::email_caps::{Cap, EmailCaps};
use kernel::pool::PoolError;
use kernel::{Entitlement, Entitlements, UserCalendar, UserId, secret};
use readings::Reading;
use reports::SharedRecord;
use reports::ports::{MedicationSource, PatientSource, ReadingSource};

use crate::emails;
use crate::error::ShareError;
use crate::model::*;
use crate::ports::*;
use crate::rules::{CODE_MAX, MSG_CODES_BUSY};
use crate::validate;
use crate::view::SharedView;

/// The bounds on shares (docs/security.md, "Shared links"; the rates that guard them are
/// settings, docs/configuration.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShareLimits {
    /// Active shares one user may have at once.
    pub active_per_user: i64,
    /// Links one user may email per 24 hours.
    pub emails_per_user_per_day: i64,
    /// Links one address may receive per 24 hours, from all users together.
    pub emails_per_recipient_per_day: i64,
    /// Lines of a share's access log kept: the first ones and the newest.
    pub log_kept: Kept,
    /// Days an ended share stays in the owner's list, with its log.
    pub ended_kept_days: i64,
}

impl Default for ShareLimits {
    fn default() -> Self {
        Self {
            active_per_user: 20,
            emails_per_user_per_day: 10,
            emails_per_recipient_per_day: 3,
            log_kept: Kept {
                first: 10,
                newest: 90,
            },
            ended_kept_days: 30,
        }
    }
}

/// Where the owner's record is read from.
#[derive(Clone)]
pub struct RecordSources {
    pub readings: Arc<dyn ReadingSource>,
    pub patients: Arc<dyn PatientSource>,
    pub medications: Arc<dyn MedicationSource>,
    /// Draws the PDF (admitted as the user's own reports are).
    pub pdfs: Arc<dyn SharedPdfs>,
}

#[derive(Clone)]
pub struct ShareService {
    repo: Arc<dyn ShareRepository>,
    hasher: Arc<dyn CodeHasher>,
    /// The owner's calendar: a share's period is in their days.
    calendar: UserCalendar,
    entitlements: Arc<dyn Entitlements>,
    record: RecordSources,
    public_url: String,
    limits: ShareLimits,
}

/// A hashing failure as the caller reads it: codes are hashed on a small bounded pool, which
/// refuses work beyond its queue (`429`, try again) rather than queue without bound.
fn code_error(e: anyhow::Error) -> ShareError {
    match e.downcast_ref::<PoolError>() {
        Some(PoolError::Busy(_)) => ShareError::Busy(MSG_CODES_BUSY.into()),
        _ => ShareError::Unexpected(e),
    }
}

/// A share that answers its link and that this visitor may open (gave its code, if it
/// has one): only [`ShareService::open`] makes one.
#[derive(Debug, Clone)]
pub struct Opened(Share);

impl Opened {
    /// Whose record it opens (their budget pays for anonymous visits).
    pub fn owner(&self) -> UserId {
        self.0.user_id
    }
}

/// A visitor of a link: whether this browser gave the code of a share, and how its
/// browser is described in the access log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Visitor {
    /// The share this browser unlocked with its code, if any.
    pub unlocked: Option<i64>,
    /// Coarse ("Chrome on Android").
    pub browser: String,
}

impl ShareService {
    /// `calendar` is the owners' calendar and its clock every "now" of sharing.
    pub fn new(
        repo: Arc<dyn ShareRepository>,
        hasher: Arc<dyn CodeHasher>,
        calendar: UserCalendar,
        entitlements: Arc<dyn Entitlements>,
        record: RecordSources,
        public_url: &str,
        limits: ShareLimits,
    ) -> Self {
        Self {
            repo,
            hasher,
            calendar,
            entitlements,
            record,
            public_url: public_url.trim_end_matches('/').to_owned(),
            limits,
        }
    }

    /// The page a link opens.
    pub fn link(&self, token: &str) -> String {
        format!("{}/s/{token}", self.public_url)
    }

    /// Makes a share and its link; emails the link when asked (subscribers only, within
    /// the caps per user and per recipient).
    pub async fn create(&self, user: UserId, input: ShareInput) -> Result<Created, ShareError> {
        let owners_now = self.calendar.now(user).await?;
        let (now, today) = (owners_now.instant, owners_now.today());
        let checked = validate::check(&input, today).map_err(ShareError::Invalid)?;
        if checked.email.is_some() {
            self.entitlements
                .require::<ShareError>(user, Entitlement::EmailLink)
                .await?;
        }
        let token = secret::generate().map_err(anyhow::Error::from)?;
        let code_hash = match &checked.access_code {
            Some(code) => Some(self.hasher.hash(code).await.map_err(code_error)?),
            None => None,
        };
        let expires_at = now + Duration::days(checked.lifetime_days);
        let email = checked.email.as_ref().map(|to| {
            emails::link_email(
                user,
                to,
                &emails::LinkLetter {
                    shown_name: &checked.shown_name,
                    period: checked.period,
                    link: &self.link(&token),
                    lifetime_days: checked.lifetime_days,
                    until: today + Duration::days(checked.lifetime_days),
                    has_code: checked.access_code.is_some(),
                },
            )
        });
        let share = NewShare {
            token_hash: secret::hash(&token),
            label: checked.label,
            shown_name: checked.shown_name,
            period: checked.period,
            includes: input.includes,
            code_hash,
            created_at: now,
            expires_at,
            emailed_to: checked.email,
        };
        let caps = InsertCaps {
            active: self.limits.active_per_user,
            now,
            purge_ended_before: now - Duration::days(self.limits.ended_kept_days),
            email: EmailCaps::daily(
                now,
                self.limits.emails_per_user_per_day,
                self.limits.emails_per_recipient_per_day,
            ),
        };
        match self.repo.insert(user, share, email, caps).await? {
            InsertOutcome::Created(share) => Ok(Created { share, token }),
            InsertOutcome::TooMany => Err(ShareError::TooMany(self.limits.active_per_user)),
            InsertOutcome::EmailCapped(Cap::Sender) => Err(ShareError::TooManyEmails(
                self.limits.emails_per_user_per_day,
            )),
            // No hourly cap is set on links; were one set, its refusal reads as the recipient's.
            InsertOutcome::EmailCapped(Cap::Recipient | Cap::Hourly) => {
                Err(ShareError::RecipientCapped)
            }
        }
    }

    /// The user's shares, newest first: the active ones and those that ended in the last
    /// [`ShareLimits::ended_kept_days`] days.
    pub async fn list(&self, user: UserId) -> Result<Vec<Share>, ShareError> {
        let now = self.now();
        let oldest = now - Duration::days(self.limits.ended_kept_days);
        let mut all = self.repo.list(user).await?;
        all.retain(|s| s.ended_at(now).is_none_or(|ended| ended >= oldest));
        Ok(all)
    }

    /// Who opened the share, newest first.
    pub async fn accesses(&self, user: UserId, id: i64) -> Result<Vec<Access>, ShareError> {
        self.repo
            .accesses(
                user,
                id,
                self.limits.log_kept.first + self.limits.log_kept.newest,
            )
            .await?
            .ok_or(ShareError::NotFound)
    }

    /// Stops the link at once (the share stays in the list, with its log).
    pub async fn revoke(&self, user: UserId, id: i64) -> Result<Share, ShareError> {
        self.repo
            .revoke(user, id, self.now())
            .await?
            .ok_or(ShareError::NotFound)
    }

    /// Stops the link and forgets the share and its log.
    pub async fn delete(&self, user: UserId, id: i64) -> Result<(), ShareError> {
        if self.repo.delete(user, id).await? {
            Ok(())
        } else {
            Err(ShareError::NotFound)
        }
    }

    /// Now, by the calendar's clock (the only source of "now").
    pub fn now(&self) -> DateTime<Utc> {
        self.calendar.clock().now()
    }

    /// The active share a token opens. Unknown, expired and revoked links are alike
    /// ([`ShareError::Gone`]); a token of the wrong shape is refused without a look-up.
    async fn live(&self, token: &str) -> Result<Share, ShareError> {
        if !secret::looks_valid(token) {
            return Err(ShareError::Gone);
        }
        let share = self
            .repo
            .find_by_token(&secret::hash(token))
            .await?
            .ok_or(ShareError::Gone)?;
        match share.status(self.now()) {
            Status::Active => Ok(share),
            Status::Expired | Status::Revoked => Err(ShareError::Gone),
        }
    }

    /// The live share, once this browser gave its code (if it has one). The caller may
    /// charge what opening costs (a PDF's budget) between this and [`Self::pdf`], so a
    /// browser that may not open the share spends nothing.
    pub async fn open(&self, token: &str, visitor: &Visitor) -> Result<Opened, ShareError> {
        let share = self.live(token).await?;
        if share.code_hash.is_some() && visitor.unlocked != Some(share.id) {
            return Err(ShareError::CodeRequired);
        }
        Ok(Opened(share))
    }

    /// Checks an access code: the share it unlocks (a share without a code needs none).
    /// The caller rate limits wrong codes per link and per address.
    pub async fn unlock(&self, token: &str, code: &str) -> Result<Share, ShareError> {
        let share = self.live(token).await?;
        let Some(hash) = share.code_hash.as_deref() else {
            return Ok(share);
        };
        if code.is_empty() || code.chars().count() > CODE_MAX {
            return Err(ShareError::WrongCode);
        }
        if self.hasher.verify(code, hash).await.map_err(code_error)? {
            Ok(share)
        } else {
            Err(ShareError::WrongCode)
        }
    }

    /// Logs the visit, last before answering: the share is checked again as it is logged,
    /// so a link withdrawn (or expired, or deleted) while its view was read or its PDF
    /// drawn answers [`ShareError::Gone`], not the record.
    async fn log(
        &self,
        share: &Share,
        kind: AccessKind,
        visitor: &Visitor,
    ) -> Result<(), ShareError> {
        let access = Access {
            at: self.now(),
            kind,
            browser: visitor.browser.clone(),
        };
        if self
            .repo
            .record_access(share.id, access, self.limits.log_kept)
            .await?
        {
            Ok(())
        } else {
            Err(ShareError::Gone)
        }
    }

    /// What the share shows of the record now, and over which days: the one reading of it
    /// behind both the view and the PDF, so the PDF shows nothing the view does not. The
    /// owner (their units, guideline and zone) is read once, and their today from it.
    async fn record(
        &self,
        share: &Share,
    ) -> Result<((NaiveDate, NaiveDate), DateTime<Utc>, SharedRecord), ShareError> {
        let user = share.user_id;
        let patient = self.record.patients.patient(user).await?;
        let at = self.now();
        let now = kernel::UsersNow::at(at, patient.time_zone);
        let (from, to) = share.period.dates(now.today());
        let readings: Vec<Reading> = self
            .record
            .readings
            .in_period(user, from, to, reports::rules::MAX_READINGS)
            .await?
            .ok_or(ShareError::TooManyReadings)?
            .into_iter()
            .filter_map(|r| share.includes.keep(r))
            .collect();
        let medications = if share.includes.medications {
            // Without the averages around each change, which a share leaves out.
            let report = self
                .record
                .medications
                .during(user, from, to, now, false)
                .await?;
            Some(crate::view::shared_medications(report))
        } else {
            None
        };
        Ok((
            (from, to),
            at,
            SharedRecord {
                patient,
                readings,
                medications,
            },
        ))
    }

    /// The view behind a link [`Self::open`] opened for this visitor, read from the record
    /// as it is now; one line in the owner's access log. The log is written before the
    /// answer: a visit that cannot be logged is not shown.
    pub async fn view(
        &self,
        Opened(share): Opened,
        visitor: &Visitor,
    ) -> Result<SharedView, ShareError> {
        let (dates, generated_at, shown) = self.record(&share).await?;
        self.log(&share, AccessKind::View, visitor).await?;
        Ok(SharedView::new(share, dates, generated_at, shown))
    }

    /// The PDF of the same period and measures of a share [`Self::open`] opened for this
    /// visitor, drawn now from what its view shows and not kept; one line in the owner's
    /// access log. Returns its file name and bytes.
    pub async fn pdf(
        &self,
        Opened(share): Opened,
        visitor: &Visitor,
    ) -> Result<(String, Vec<u8>), ShareError> {
        // Taken before the record is read, so waiting PDFs hold no memory.
        let turn = self
            .record
            .pdfs
            .admit(share.user_id)
            .map_err(crate::view::report_error)?;
        let ((from, to), _, shown) = self.record(&share).await?;
        let spec = crate::view::report_spec(&share, from, to);
        let pdf = self
            .record
            .pdfs
            .draw(
                turn,
                spec.clone(),
                shown,
                &share.shown_name,
                share.includes.omitted(),
            )
            .await
            .map_err(crate::view::report_error)?;
        self.log(&share, AccessKind::Pdf, visitor).await?;
        Ok((spec.file_name(), pdf))
    }
}

#[cfg(test)]
mod tests;
