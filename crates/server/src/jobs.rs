//! The background jobs every server runs beside the HTTP server, each until shutdown: the
//! outbox worker (`mail`), the scheduler, payment reconciliation and housekeeping.

use std::sync::Arc;
use std::time::Duration;

use billing::BillingService;
use kernel::Clock;
use kernel::rate::RateStore;
use mail::{EmailSender, OutboxWorker, WorkerSettings};
use notifications::NotificationService;
use store::{Db, OutboxStore, SecurityLogStore, SessionStore};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::config::Config;

/// What the jobs work with.
pub(crate) struct JobParts {
    pub(crate) db: Db,
    pub(crate) sender: Arc<dyn EmailSender>,
    pub(crate) billing: BillingService,
    pub(crate) notifications: Arc<NotificationService>,
    pub(crate) sessions: Arc<SessionStore>,
    pub(crate) passkeys: identity::PasskeyService,
    pub(crate) rate_store: Option<Arc<dyn RateStore>>,
    pub(crate) clock: Arc<dyn Clock>,
}

/// Starts every job; each stops when `shutdown` turns true.
pub(crate) fn start(
    config: &Config,
    parts: JobParts,
    shutdown: &watch::Receiver<bool>,
) -> Vec<JoinHandle<()>> {
    let worker = OutboxWorker::new(
        Arc::new(OutboxStore::new(parts.db.clone())),
        parts.sender,
        parts.clock.clone(),
        WorkerSettings {
            poll_interval: Duration::from_millis(config.outbox_poll_ms.max(50)),
            ..WorkerSettings::default()
        },
    );
    let mut jobs = vec![tokio::spawn(worker.run(shutdown.clone()))];
    jobs.push(tokio::spawn(housekeeping(
        parts.sessions,
        SecurityLogStore::new(parts.db.clone()),
        parts.passkeys,
        parts.rate_store,
        parts.clock,
        shutdown.clone(),
    )));
    jobs.push(tokio::spawn(reconcile_payments(
        parts.billing,
        Duration::from_secs(config.payment_reconcile_seconds),
        shutdown.clone(),
    )));
    if config.scheduler_seconds > 0 {
        jobs.push(tokio::spawn(run_scheduler(
            parts.notifications,
            Duration::from_secs(config.scheduler_seconds),
            shutdown.clone(),
        )));
    }
    jobs
}

/// Records payments captured at the provider but not in the database (which failed, or
/// the process died, in between): once at start, then every `every` (0: never again).
async fn reconcile_payments(
    billing: BillingService,
    every: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        match billing.reconcile().await {
            Ok(r) if r == billing::Reconciled::default() => {}
            Ok(r) => tracing::info!(
                recorded = r.recorded,
                dropped = r.dropped,
                waiting = r.waiting,
                "pending payments reconciled"
            ),
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "payment reconciliation failed"),
        }
        if every.is_zero() {
            return;
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// Reminders and weekly reports: every server runs this; claims in the database make
/// each email go out once.
async fn run_scheduler(
    notifications: Arc<NotificationService>,
    every: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        if let Err(e) = notifications.run_due().await {
            tracing::warn!(error = %format!("{e:#}"), "scheduler run failed");
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// Hourly: forgets expired sessions, security log entries past their year, passkey
/// ceremonies never finished, and refilled shared rate-limit counters.
async fn housekeeping(
    sessions: Arc<SessionStore>,
    security_log: SecurityLogStore,
    passkeys: identity::PasskeyService,
    rate_store: Option<Arc<dyn RateStore>>,
    clock: Arc<dyn Clock>,
    mut shutdown: watch::Receiver<bool>,
) {
    use identity::ports::SessionRepository;
    use identity::security_log::{SecurityLog, retention_cutoff};
    loop {
        match sessions.purge_expired(clock.now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(removed = n, "expired sessions purged"),
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "session purge failed"),
        }
        match security_log
            .purge_before(retention_cutoff(clock.now()))
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::info!(removed = n, "security log entries past a year purged"),
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "security log purge failed"),
        }
        match passkeys.purge_expired().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(removed = n, "expired passkey ceremonies purged"),
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "passkey ceremony purge failed"),
        }
        if let Some(store) = &rate_store
            && let Err(e) = store.sweep().await
        {
            tracing::warn!(error = %format!("{e:#}"), "rate-limit sweep failed");
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(3600)) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// Removes upload files left by a process killed while reading them: those older than any
/// upload and reading can last (another server sharing the folder may be reading newer ones).
pub(crate) fn remove_abandoned_uploads(dir: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let old = std::time::SystemTime::now() - Duration::from_secs(3 * 3600);
    for entry in entries.flatten() {
        let abandoned = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t < old);
        if abandoned && let Err(e) = std::fs::remove_file(entry.path()) {
            tracing::warn!(error = %e, file = %entry.path().display(), "could not remove an abandoned upload");
        }
    }
}
