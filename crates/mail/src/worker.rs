//! Drains the outbox: claims due emails, sends them, and reschedules failures with
//! exponential back-off. Nothing is lost while SMTP is down; the emails wait in the table.

use std::sync::Arc;
use std::time::Duration;

use kernel::Clock;
use kernel::outbox::OutboxQueue;
use tokio::sync::watch;

use crate::sender::{EmailSender, SendError};

#[derive(Debug, Clone)]
pub struct WorkerSettings {
    /// How often to look for due emails when idle.
    pub poll_interval: Duration,
    /// How long a claimed email is reserved for this worker.
    pub lease: Duration,
    pub batch: i64,
    /// First retry delay; doubled per attempt up to `max_backoff`.
    pub base_backoff: Duration,
    pub max_backoff: Duration,
    /// After this many attempts an email is marked failed (about two days with defaults).
    pub max_attempts: i32,
}

impl Default for WorkerSettings {
    fn default() -> Self {
        Self {
            poll_interval: Duration::from_secs(2),
            lease: Duration::from_secs(120),
            batch: 20,
            base_backoff: Duration::from_secs(5),
            max_backoff: Duration::from_secs(3600),
            max_attempts: 60,
        }
    }
}

/// Delay before retry number `attempts + 1`.
pub fn backoff(settings: &WorkerSettings, attempts: i32) -> Duration {
    let exp = u32::try_from(attempts.clamp(0, 20)).unwrap_or(20);
    settings
        .base_backoff
        .saturating_mul(2u32.saturating_pow(exp))
        .min(settings.max_backoff)
}

pub struct OutboxWorker {
    queue: Arc<dyn OutboxQueue>,
    sender: Arc<dyn EmailSender>,
    clock: Arc<dyn Clock>,
    settings: WorkerSettings,
}

impl OutboxWorker {
    pub fn new(
        queue: Arc<dyn OutboxQueue>,
        sender: Arc<dyn EmailSender>,
        clock: Arc<dyn Clock>,
        settings: WorkerSettings,
    ) -> Self {
        Self {
            queue,
            sender,
            clock,
            settings,
        }
    }

    /// One pass: sends every due email it can claim; returns how many it handled.
    pub async fn run_once(&self) -> anyhow::Result<usize> {
        let now = self.clock.now();
        let lease = chrono::Duration::from_std(self.settings.lease)?;
        let batch = self
            .queue
            .claim_due(now, now + lease, self.settings.batch)
            .await?;
        let handled = batch.len();
        for item in batch {
            match self.sender.send(&item.email).await {
                Ok(()) => {
                    self.queue.mark_sent(item.id, self.clock.now()).await?;
                    tracing::info!(outbox_id = item.id, "email delivered");
                }
                Err(err) => {
                    let attempts = item.attempts + 1;
                    let give_up = matches!(err, SendError::Permanent(_))
                        || attempts >= self.settings.max_attempts;
                    let retry_at = if give_up {
                        None
                    } else {
                        Some(
                            self.clock.now()
                                + chrono::Duration::from_std(backoff(
                                    &self.settings,
                                    item.attempts,
                                ))?,
                        )
                    };
                    tracing::warn!(outbox_id = item.id, attempts, error = %err, giving_up = give_up, "email delivery failed");
                    self.queue
                        .mark_failed(item.id, &err.to_string(), retry_at)
                        .await?;
                }
            }
        }
        Ok(handled)
    }

    /// Runs until `shutdown` turns true.
    pub async fn run(self, mut shutdown: watch::Receiver<bool>) {
        loop {
            let busy = match self.run_once().await {
                Ok(n) => n > 0,
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"), "outbox pass failed");
                    false
                }
            };
            if *shutdown.borrow() {
                return;
            }
            if !busy {
                tokio::select! {
                    _ = tokio::time::sleep(self.settings.poll_interval) => {}
                    _ = shutdown.changed() => return,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::clock::MockClock;
    use kernel::outbox::{MockOutboxQueue, OutgoingEmail, QueuedEmail};
    use kernel::{Email, SystemClock};
    use std::sync::Mutex;

    struct ScriptedSender(Mutex<Vec<Result<(), SendError>>>);

    #[async_trait::async_trait]
    impl EmailSender for ScriptedSender {
        async fn send(&self, _: &OutgoingEmail) -> Result<(), SendError> {
            self.0.lock().expect("lock").remove(0)
        }
    }

    fn queued(id: i64, attempts: i32) -> QueuedEmail {
        let to = Email::parse("ann@example.com").expect("email");
        QueuedEmail {
            id,
            attempts,
            email: OutgoingEmail::new(None, &to, "Hi", "t".into(), "h".into()),
        }
    }

    #[test]
    fn backoff_doubles_and_caps() {
        let s = WorkerSettings::default();
        assert_eq!(backoff(&s, 0), Duration::from_secs(5));
        assert_eq!(backoff(&s, 1), Duration::from_secs(10));
        assert_eq!(backoff(&s, 3), Duration::from_secs(40));
        assert_eq!(backoff(&s, 30), Duration::from_secs(3600));
    }

    #[tokio::test]
    async fn transient_failure_is_rescheduled_permanent_is_dropped_success_is_marked() {
        let now = kernel::Clock::now(&kernel::SystemClock);
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || now);
        let mut queue = MockOutboxQueue::new();
        queue
            .expect_claim_due()
            .times(1)
            .returning(|_, _, _| Ok(vec![queued(1, 2), queued(2, 0), queued(3, 0)]));
        queue
            .expect_mark_failed()
            .withf(move |id, _, at| *id == 1 && *at == Some(now + chrono::Duration::seconds(20)))
            .times(1)
            .returning(|_, _, _| Ok(()));
        queue
            .expect_mark_failed()
            .withf(|id, _, at| *id == 2 && at.is_none())
            .times(1)
            .returning(|_, _, _| Ok(()));
        queue
            .expect_mark_sent()
            .withf(|id, _| *id == 3)
            .times(1)
            .returning(|_, _| Ok(()));
        let sender = ScriptedSender(Mutex::new(vec![
            Err(SendError::Transient("connection refused".into())),
            Err(SendError::Permanent("550 no such user".into())),
            Ok(()),
        ]));
        let worker = OutboxWorker::new(
            Arc::new(queue),
            Arc::new(sender),
            Arc::new(clock),
            WorkerSettings::default(),
        );
        assert_eq!(worker.run_once().await.expect("pass"), 3);
    }

    #[tokio::test]
    async fn gives_up_after_max_attempts() {
        let mut queue = MockOutboxQueue::new();
        queue
            .expect_claim_due()
            .returning(|_, _, _| Ok(vec![queued(9, 59)]));
        queue
            .expect_mark_failed()
            .withf(|id, _, at| *id == 9 && at.is_none())
            .times(1)
            .returning(|_, _, _| Ok(()));
        let sender = ScriptedSender(Mutex::new(vec![Err(SendError::Transient("down".into()))]));
        let worker = OutboxWorker::new(
            Arc::new(queue),
            Arc::new(sender),
            Arc::new(SystemClock),
            WorkerSettings::default(),
        );
        worker.run_once().await.expect("pass");
    }
}
