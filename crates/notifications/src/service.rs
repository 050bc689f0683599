//! The scheduler's use cases. `run_due` is called every minute or so by each server; the
//! claims make it safe to call from many servers at once and after restarts.

use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveTime, Utc};
use kernel::{Clock, Email, UserId};

use crate::emails;
use crate::ports::{
    DoseReminder, DoseReminders, NotificationStore, Subscriber, Topic, WeeklyDigest,
};
use crate::unsubscribe::{UnsubscribeError, UnsubscribeSigner};

pub const JOB_REMINDER: &str = "reminder";
pub const JOB_WEEKLY: &str = "weekly-report";
pub const JOB_DOSE_REMINDER: &str = "dose-reminder";

/// Weekly reports go out from Monday at this local time, for the week that just ended.
pub const WEEKLY_SEND_TIME: NaiveTime = match NaiveTime::from_hms_opt(8, 0, 0) {
    Some(t) => t,
    None => NaiveTime::MIN,
};

/// How many emails one run queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RunSummary {
    pub reminders: usize,
    pub weekly_reports: usize,
    pub dose_reminders: usize,
}

pub struct NotificationService {
    store: Arc<dyn NotificationStore>,
    digests: Arc<dyn WeeklyDigest>,
    doses: Arc<dyn DoseReminders>,
    clock: Arc<dyn Clock>,
    signer: Arc<UnsubscribeSigner>,
    public_url: String,
}

impl NotificationService {
    pub fn new(
        store: Arc<dyn NotificationStore>,
        digests: Arc<dyn WeeklyDigest>,
        clock: Arc<dyn Clock>,
        signer: Arc<UnsubscribeSigner>,
        public_url: &str,
    ) -> Self {
        Self {
            store,
            digests,
            doses: Arc::new(NoDoseReminders),
            clock,
            signer,
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
    }

    /// Where dose reminders come from (without it, none are due).
    pub fn with_dose_reminders(mut self, doses: Arc<dyn DoseReminders>) -> Self {
        self.doses = doses;
        self
    }

    fn unsubscribe_link(&self, user: UserId, topic: Topic, now: DateTime<Utc>) -> String {
        format!(
            "{}/api/unsubscribe?token={}",
            self.public_url,
            self.signer.sign(user, topic, now)
        )
    }

    /// Queues every reminder and weekly report that is due now. One user's failure is
    /// logged and does not stop the others (their claim is not taken, so the next run
    /// tries again).
    pub async fn run_due(&self) -> anyhow::Result<RunSummary> {
        let now = self.clock.now();
        let mut summary = RunSummary::default();
        for s in self.store.subscribers(Topic::Reminders).await? {
            match self.remind(&s, now).await {
                Ok(true) => summary.reminders += 1,
                Ok(false) => {}
                Err(e) => {
                    tracing::error!(user = s.user.0, error = %format!("{e:#}"), "reminder failed")
                }
            }
        }
        for s in self.store.subscribers(Topic::WeeklyReports).await? {
            match self.weekly(&s, now).await {
                Ok(true) => summary.weekly_reports += 1,
                Ok(false) => {}
                Err(e) => {
                    tracing::error!(user = s.user.0, error = %format!("{e:#}"), "weekly report failed")
                }
            }
        }
        for s in self.store.subscribers(Topic::Medications).await? {
            match self.dose_reminders(&s, now).await {
                Ok(n) => summary.dose_reminders += n,
                Err(e) => {
                    tracing::error!(user = s.user.0, error = %format!("{e:#}"), "dose reminder failed")
                }
            }
        }
        if summary != RunSummary::default() {
            tracing::info!(
                reminders = summary.reminders,
                weekly = summary.weekly_reports,
                doses = summary.dose_reminders,
                "scheduled emails queued"
            );
        }
        Ok(summary)
    }

    /// A reminder once per local day, after the reminder time, when the day has no reading.
    async fn remind(&self, s: &Subscriber, now: DateTime<Utc>) -> anyhow::Result<bool> {
        let local = now.with_timezone(&s.time_zone);
        if local.time() < s.reminder_time {
            return Ok(false);
        }
        let today = local.date_naive();
        let key = format!("{}:{today}", s.user.0);
        if self.store.is_claimed(JOB_REMINDER, &key).await?
            || self.store.has_reading_on(s.user, today).await?
        {
            return Ok(false);
        }
        let to = Email::parse(&s.email)?;
        let email = emails::reminder(
            s.user,
            &s.username,
            &to,
            &format!("{}/vitals", self.public_url),
            &self.unsubscribe_link(s.user, Topic::Reminders, now),
        );
        self.store
            .claim_and_queue(JOB_REMINDER, &key, s.user, email)
            .await
    }

    /// Last week's report once per ISO week, from Monday at 08:00 local time (or later in
    /// the week if no server ran then).
    async fn weekly(&self, s: &Subscriber, now: DateTime<Utc>) -> anyhow::Result<bool> {
        let local = now.with_timezone(&s.time_zone);
        let today = local.date_naive();
        let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
        if today == monday && local.time() < WEEKLY_SEND_TIME {
            return Ok(false);
        }
        let start = monday - Duration::days(7);
        let end = monday - Duration::days(1);
        let week = start.iso_week();
        let key = format!("{}:{}-W{:02}", s.user.0, week.year(), week.week());
        if self.store.is_claimed(JOB_WEEKLY, &key).await? {
            return Ok(false);
        }
        let digest = self.digests.digest(s.user, start, end).await?;
        let to = Email::parse(&s.email)?;
        let mut summary = digest.summary;
        if digest.readings == 0 {
            summary = vec!["You recorded no readings last week. Recording a few each week makes your trends meaningful.".to_owned()];
        }
        let email = emails::weekly(
            s.user,
            &s.username,
            &to,
            start,
            end,
            &summary,
            digest.pdf,
            &format!("{}/", self.public_url),
            &self.unsubscribe_link(s.user, Topic::WeeklyReports, now),
        );
        self.store
            .claim_and_queue(JOB_WEEKLY, &key, s.user, email)
            .await
    }

    /// One email per dose time that has come with nothing recorded, once (claimed by user,
    /// local date and dose time). Returns how many were queued.
    async fn dose_reminders(&self, s: &Subscriber, now: DateTime<Utc>) -> anyhow::Result<usize> {
        let mut queued = 0;
        for DoseReminder { date, time, doses } in self.doses.due(s.user, s.time_zone, now).await? {
            if doses.is_empty() {
                continue;
            }
            let key = format!(
                "{}:{}:{}",
                s.user.0,
                kernel::date::format_date(date),
                kernel::date::format_time(time)
            );
            if self.store.is_claimed(JOB_DOSE_REMINDER, &key).await? {
                continue;
            }
            let to = Email::parse(&s.email)?;
            let email = emails::dose_reminder(
                s.user,
                &s.username,
                &to,
                date,
                time,
                &doses,
                &format!("{}/", self.public_url),
                &self.unsubscribe_link(s.user, Topic::Medications, now),
            );
            if self
                .store
                .claim_and_queue(JOB_DOSE_REMINDER, &key, s.user, email)
                .await?
            {
                queued += 1;
            }
        }
        Ok(queued)
    }

    /// Turns off what the link's token names, without a login.
    pub async fn unsubscribe(&self, token: &str) -> Result<Topic, UnsubscribeOutcome> {
        let (user, topic) = self
            .signer
            .verify(token, self.clock.now())
            .map_err(UnsubscribeOutcome::Refused)?;
        match self.store.turn_off(user, topic).await {
            Ok(true) => Ok(topic),
            Ok(false) => Err(UnsubscribeOutcome::Refused(UnsubscribeError::Invalid)),
            Err(e) => Err(UnsubscribeOutcome::Failed(e)),
        }
    }
}

/// Where no medications are known ([`NotificationService::with_dose_reminders`] not called).
struct NoDoseReminders;

#[async_trait::async_trait]
impl DoseReminders for NoDoseReminders {
    async fn due(
        &self,
        _: UserId,
        _: chrono_tz::Tz,
        _: DateTime<Utc>,
    ) -> anyhow::Result<Vec<DoseReminder>> {
        Ok(Vec::new())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum UnsubscribeOutcome {
    #[error(transparent)]
    Refused(UnsubscribeError),
    #[error(transparent)]
    Failed(anyhow::Error),
}

#[cfg(test)]
mod tests;
