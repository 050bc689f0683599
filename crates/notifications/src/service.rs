//! The scheduler's use cases. `run_due` is called every minute or so by each server; the
//! claims make it safe to call from many servers at once and after restarts.

use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveTime, Utc};
use kernel::{Clock, Email, UserId};

use crate::emails;
use crate::ports::{NotificationStore, Subscriber, Topic, WeeklyDigest};
use crate::unsubscribe::{UnsubscribeError, UnsubscribeSigner};

pub const JOB_REMINDER: &str = "reminder";
pub const JOB_WEEKLY: &str = "weekly-report";

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
}

pub struct NotificationService {
    store: Arc<dyn NotificationStore>,
    digests: Arc<dyn WeeklyDigest>,
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
            clock,
            signer,
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
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
        if summary != RunSummary::default() {
            tracing::info!(
                reminders = summary.reminders,
                weekly = summary.weekly_reports,
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

#[derive(Debug, thiserror::Error)]
pub enum UnsubscribeOutcome {
    #[error(transparent)]
    Refused(UnsubscribeError),
    #[error(transparent)]
    Failed(anyhow::Error),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{Digest, MockNotificationStore, MockWeeklyDigest};
    use chrono::{NaiveDate, TimeZone};
    use kernel::clock::MockClock;
    use std::sync::Mutex;

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .expect("time")
    }

    fn clock(now: DateTime<Utc>) -> Arc<MockClock> {
        let mut c = MockClock::new();
        c.expect_now().returning(move || now);
        Arc::new(c)
    }

    fn ann() -> Subscriber {
        Subscriber {
            user: UserId(5),
            username: "ann".into(),
            email: "ann@example.com".into(),
            time_zone: "America/New_York".parse().expect("tz"),
            reminder_time: NaiveTime::from_hms_opt(20, 0, 0).expect("t"),
        }
    }

    fn service(
        store: MockNotificationStore,
        digests: MockWeeklyDigest,
        now: DateTime<Utc>,
    ) -> NotificationService {
        NotificationService::new(
            Arc::new(store),
            Arc::new(digests),
            clock(now),
            Arc::new(UnsubscribeSigner::new(b"k")),
            "https://vitalog.example/",
        )
    }

    /// A store with Ann subscribed to `topic`, an in-memory claim set, and `has_reading`.
    fn store(
        topic: Topic,
        has_reading: bool,
        queued: Arc<Mutex<Vec<(String, String, String)>>>,
    ) -> MockNotificationStore {
        let mut s = MockNotificationStore::new();
        s.expect_subscribers()
            .returning(move |t| Ok(if t == topic { vec![ann()] } else { vec![] }));
        s.expect_has_reading_on()
            .returning(move |_, _| Ok(has_reading));
        let q = queued.clone();
        s.expect_is_claimed().returning(move |job, key| {
            Ok(q.lock()
                .expect("lock")
                .iter()
                .any(|(j, k, _)| j == job && k == key))
        });
        s.expect_claim_and_queue()
            .returning(move |job, key, _, email| {
                let mut q = queued.lock().expect("lock");
                if q.iter().any(|(j, k, _)| j == job && k == key) {
                    return Ok(false);
                }
                q.push((job.to_owned(), key.to_owned(), email.subject.clone()));
                Ok(true)
            });
        s
    }

    #[tokio::test]
    async fn reminder_waits_for_the_local_reminder_time_and_goes_once() {
        let queued = Arc::new(Mutex::new(Vec::new()));
        // 19:59 in New York (EST, UTC-5) is 00:59 UTC the next day: not yet.
        let early = service(
            store(Topic::Reminders, false, queued.clone()),
            MockWeeklyDigest::new(),
            at(2026, 11, 21, 0, 59),
        );
        assert_eq!(early.run_due().await.expect("run").reminders, 0);
        // 20:01 local: due, once.
        let due = service(
            store(Topic::Reminders, false, queued.clone()),
            MockWeeklyDigest::new(),
            at(2026, 11, 21, 1, 1),
        );
        assert_eq!(due.run_due().await.expect("run").reminders, 1);
        assert_eq!(
            due.run_due().await.expect("run").reminders,
            0,
            "not twice the same day"
        );
        let q = queued.lock().expect("lock").clone();
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].1, "5:2026-11-20", "keyed by the local date");
        assert_eq!(q[0].2, "Reminder: record today's vitals in Vitalog");
    }

    #[tokio::test]
    async fn no_reminder_when_a_reading_exists_today() {
        let queued = Arc::new(Mutex::new(Vec::new()));
        let s = service(
            store(Topic::Reminders, true, queued.clone()),
            MockWeeklyDigest::new(),
            at(2026, 11, 21, 3, 0),
        );
        assert_eq!(s.run_due().await.expect("run").reminders, 0);
        assert!(queued.lock().expect("lock").is_empty());
    }

    #[tokio::test]
    async fn weekly_report_goes_from_monday_8am_local_once_per_week() {
        let queued = Arc::new(Mutex::new(Vec::new()));
        let digests = || {
            let mut d = MockWeeklyDigest::new();
            d.expect_digest()
                .withf(|_, start, end| {
                    *start == NaiveDate::from_ymd_opt(2026, 11, 16).expect("d")
                        && *end == NaiveDate::from_ymd_opt(2026, 11, 22).expect("d")
                })
                .returning(|_, _, _| {
                    Ok(Digest {
                        readings: 14,
                        summary: vec!["Average blood pressure 128/82 mmHg.".into()],
                        pdf: None,
                    })
                });
            d
        };
        // Monday 2026-11-23 07:59 in New York = 12:59 UTC: not yet.
        let early = service(
            store(Topic::WeeklyReports, false, queued.clone()),
            MockWeeklyDigest::new(),
            at(2026, 11, 23, 12, 59),
        );
        assert_eq!(early.run_due().await.expect("run").weekly_reports, 0);
        let due = service(
            store(Topic::WeeklyReports, false, queued.clone()),
            digests(),
            at(2026, 11, 23, 13, 1),
        );
        assert_eq!(due.run_due().await.expect("run").weekly_reports, 1);
        // Wednesday, after a restart: same week, nothing more.
        let later = service(
            store(Topic::WeeklyReports, false, queued.clone()),
            MockWeeklyDigest::new(),
            at(2026, 11, 25, 15, 0),
        );
        assert_eq!(later.run_due().await.expect("run").weekly_reports, 0);
        let q = queued.lock().expect("lock").clone();
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].1, "5:2026-W47");
        assert_eq!(
            q[0].2,
            "Your Vitalog weekly report, 11/16/2026 to 11/22/2026"
        );
    }

    #[tokio::test]
    async fn unsubscribe_turns_the_topic_off_and_refuses_forgeries() {
        let now = at(2026, 11, 21, 1, 0);
        let signer = UnsubscribeSigner::new(b"k");
        let token = signer.sign(UserId(5), Topic::WeeklyReports, now);
        let mut store = MockNotificationStore::new();
        store
            .expect_turn_off()
            .withf(|u, t| *u == UserId(5) && *t == Topic::WeeklyReports)
            .times(1)
            .returning(|_, _| Ok(true));
        let s = service(store, MockWeeklyDigest::new(), now);
        assert_eq!(
            s.unsubscribe(&token).await.expect("ok"),
            Topic::WeeklyReports
        );
        let forged = token.replacen("5.", "6.", 1);
        assert!(matches!(
            s.unsubscribe(&forged).await,
            Err(UnsubscribeOutcome::Refused(UnsubscribeError::Invalid))
        ));
    }
}
