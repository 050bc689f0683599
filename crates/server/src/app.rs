//! Wiring: adapters behind the domain's ports, the HTTP server and the background jobs.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_web::HttpServer;
use actix_web::dev::{Server, ServerHandle};
use anyhow::Context;
use argon2_hasher::{Argon2Hasher, ShareCodeHasher};
use billing::BillingService;
use billing::ports::PaymentGateway;
use identity::{AccountService, AccountSettings};
use kernel::rate::RateStore;
use kernel::{Clock, SystemClock};
use mail::{EmailSender, Mailer, OutboxWorker, WorkerSettings};
use notifications::{NotificationService, UnsubscribeSigner};
use readings::ReadingService;
use readings::ports::RecordingAllowed;
use reports::ReportService;
use store::{
    Db, HomeWeekStore, NotificationStoreDb, OutboxStore, ReadingStore, ReportStore, SessionStore,
    ShareStore, SubscriptionStore, UserStore,
};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use web::rate_limit::RateLimits;
use web::{AppState, WebSettings};

use crate::config::Config;
use crate::medication_bridges::{DoseRemindersFromMedications, MedicationsForReports};
use crate::sharing_wiring::SharingOwners;
use sharing::{RecordSources, ShareLimits, ShareService};

/// Shared links' access codes are hashed on this many threads of their own, with this many
/// more waiting; beyond, `429` (creation is also limited per account).
const SHARE_CODE_THREADS: usize = 1;
const SHARE_CODE_QUEUE: usize = 8;

/// Opens the database named by the configuration and applies pending migrations.
pub fn open_database(config: &Config) -> anyhow::Result<Db> {
    connect_and_migrate(config.database_options())
}

/// As [`open_database`], for a command that exits when done ([`store::DbOptions::one_shot`]).
pub fn open_database_once(config: &Config) -> anyhow::Result<Db> {
    connect_and_migrate(config.database_options().one_shot())
}

fn connect_and_migrate(options: store::DbOptions) -> anyhow::Result<Db> {
    let db = Db::connect(&options)?;
    let ran = db.migrate()?;
    if ran > 0 {
        tracing::info!(migrations = ran, "database migrated");
    }
    Ok(db)
}

fn cpus() -> usize {
    std::thread::available_parallelism().map_or(2, usize::from)
}

pub struct Application {
    server: Server,
    port: u16,
    db: Db,
    shutdown: watch::Sender<bool>,
    jobs: Vec<JoinHandle<()>>,
    notifications: Arc<NotificationService>,
    drain: web::state::Drain,
    drain_period: Duration,
    /// Held while serving (SQLite): no other vitalog process may use the file.
    _process_lock: Option<store::ProcessLock>,
}

impl Application {
    /// Binds `config.bind` and builds everything.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(&config.bind)
            .with_context(|| format!("cannot listen on {}", config.bind))?;
        Self::build_with_listener(config, listener).await
    }

    /// Builds on an already bound listener (tests bind port 0 first to know the URL).
    pub async fn build_with_listener(
        config: Config,
        listener: TcpListener,
    ) -> anyhow::Result<Self> {
        Self::build_with_clock(config, listener, Arc::new(SystemClock)).await
    }

    /// As [`Application::build_with_listener`], with the given clock (tests move time to
    /// exercise expiry and the scheduler).
    pub async fn build_with_clock(
        config: Config,
        listener: TcpListener,
        clock: Arc<dyn Clock>,
    ) -> anyhow::Result<Self> {
        config.check()?;
        let public_url = config.public_url()?;
        // Before migrating: a second server on the same SQLite file stops here.
        let process_lock = store::ProcessLock::acquire(&config.database_url())?;
        let db = {
            let config = config.clone();
            tokio::task::spawn_blocking(move || open_database(&config)).await??
        };

        let sender: Arc<dyn EmailSender> = Arc::new(match &config.smtp_url {
            Some(url) => Mailer::smtp(url, &config.mail_from)?,
            None => Mailer::files(config.data_dir.join("mail"), &config.mail_from)?,
        });

        // One core is left to everything else: niceness alone does not protect requests
        // that wait on another process (PostgreSQL runs in its own scheduling group).
        let hash_slots = match config.password_hash_concurrency {
            0 => cpus().saturating_sub(1).max(1),
            n => n,
        };
        let hasher: Arc<dyn identity::ports::PasswordHasher> = Arc::new(
            Argon2Hasher::with_thread_start(hash_slots, lower_thread_priority)?,
        );
        let accounts = AccountService::new(
            Arc::new(UserStore::new(db.clone())),
            hasher,
            clock.clone(),
            AccountSettings::new(public_url.as_str()),
        );
        let sessions = Arc::new(SessionStore::new(db.clone()));
        let gateway: Arc<dyn PaymentGateway> =
            match (&config.paypal_client_id, &config.paypal_client_secret) {
                (Some(id), Some(secret)) => Arc::new(paypal::PayPalClient::new(
                    paypal::PayPalSettings::new(&config.paypal_api_base, id, secret),
                )?),
                _ => {
                    tracing::warn!(
                        "no PayPal credentials: payments run in TEST MODE (no money moves)"
                    );
                    Arc::new(paypal::TestGateway::new())
                }
            };
        let billing = BillingService::new(
            Arc::new(SubscriptionStore::new(db.clone())),
            gateway,
            clock.clone(),
        );

        let import_threads = match config.import_concurrency {
            0 => (cpus() / 2).max(1),
            n => n,
        };
        // CSV imports and other apps' exports share the import threads.
        let import_pool = Arc::new(kernel::pool::BoundedPool::new(
            "import",
            import_threads,
            2 * import_threads,
            idle_thread_priority,
        ));
        let readings = ReadingService::new(
            Arc::new(ReadingStore::new(db.clone())),
            Arc::new(HomeWeekStore::new(db.clone())),
            Arc::new(SubscriptionGate(billing.clone())),
            Arc::new(crate::zones::PreferredZones(accounts.clone())),
            clock.clone(),
        )
        .with_guidelines(Arc::new(crate::zones::PreferredZones(accounts.clone())))
        .with_import_pool(import_pool.clone());
        let imports = imports::ImportService::new(
            Arc::new(ReadingStore::new(db.clone())),
            Arc::new(SubscriptionGate(billing.clone())),
            Arc::new(store::ImportStoreDb::new(db.clone())),
            clock.clone(),
            import_pool,
            // Uploads in flight: a slow upload holds no thread, only its place.
            match config.import_uploads {
                0 => 4 * import_threads,
                n => n,
            },
        )
        .with_turns(Arc::new(store::ImportTurnStore::new(db.clone())));

        let medications = crate::medication_wiring::medication_service(
            &db,
            &readings,
            Arc::new(SubscriptionGate(billing.clone())),
        );
        // The clinic/home pattern asks whether a blood-pressure medication was taken; the
        // medications service reads the readings, so it is told after both exist.
        let readings = readings.with_treatment(Arc::new(crate::medication_wiring::BpTreatment(
            medications.clone(),
        )));

        let render_threads = match config.report_render_threads {
            0 => (cpus() / 2).max(1),
            n => n,
        };
        let report_readings: Arc<dyn reports::ports::ReadingSource> =
            Arc::new(ReadingsForReports(readings.clone()));
        let patients: Arc<dyn reports::ports::PatientSource> =
            Arc::new(PatientProfile(accounts.clone()));
        let report_medications: Arc<dyn reports::ports::MedicationSource> =
            Arc::new(MedicationsForReports {
                medications: medications.clone(),
                accounts: accounts.clone(),
            });
        let reports = ReportService::new(
            Arc::new(ReportStore::new(db.clone())),
            report_readings.clone(),
            patients.clone(),
            Arc::new(pdf::PrintPdfRenderer::new(
                render_threads,
                lower_thread_priority,
            )?),
            clock.clone(),
            Arc::new(SubscriptionGate(billing.clone())),
            config.report_limits(),
        )
        .with_home_weeks(Arc::new(HomeWeeksForReports(readings.clone())))
        .with_medications(report_medications.clone());
        let shares = ShareService::new(
            Arc::new(ShareStore::new(db.clone())),
            // Not the logins' hasher: one thread and a short queue of their own, so shares
            // made in a loop neither slow logins down nor queue without bound (issue 33).
            Arc::new(ShareCodeHasher::new(
                SHARE_CODE_THREADS,
                SHARE_CODE_QUEUE,
                lower_thread_priority,
            )),
            Arc::new(SharingOwners {
                accounts: accounts.clone(),
                billing: billing.clone(),
            }),
            RecordSources {
                readings: report_readings,
                patients,
                medications: report_medications,
                reports: reports.clone(),
            },
            clock.clone(),
            public_url.as_str(),
            ShareLimits::default(),
        );

        let mut settings = WebSettings::new(public_url.clone());
        settings.csp = web::settings::content_security_policy(config.paypal_enabled());
        settings.session_idle = Duration::from_secs(config.session_idle_minutes.max(1) * 60);
        settings.session_absolute =
            Duration::from_secs(config.session_absolute_hours.max(1) * 3600);
        settings.static_dir = config.static_dir.clone();
        settings.preloads = config
            .static_dir
            .as_deref()
            .map(web::spa::Preloads::read)
            .unwrap_or_default();
        settings.rate = config.rate_settings()?;
        settings.proxies = config.trusted_proxies()?;
        settings.upload_dir = config.data_dir.join("uploads");
        settings.upload_limit = config.import_max_mb.max(1) * 1024 * 1024;
        remove_abandoned_uploads(&settings.upload_dir);

        let unsubscribe_key = db.shared_secret("unsubscribe_link_key").await?;
        let notifications = Arc::new(
            NotificationService::new(
                Arc::new(NotificationStoreDb::new(db.clone())),
                Arc::new(WeeklyFromReports(reports.clone())),
                clock.clone(),
                Arc::new(UnsubscribeSigner::new(unsubscribe_key.as_bytes())),
                public_url.as_str(),
            )
            .with_dose_reminders(Arc::new(DoseRemindersFromMedications(medications.clone()))),
        );

        // Servers sharing PostgreSQL count rate limits in it; SQLite has one server, which
        // counts in memory.
        let rate_store: Option<Arc<dyn RateStore>> = (db.backend() == store::Backend::Postgres)
            .then(|| Arc::new(store::RateLimitStore::new(db.clone())) as Arc<dyn RateStore>);
        let drain = web::state::Drain::default();
        let billing_jobs = billing.clone();
        let secret = db.shared_secret("session_cookie_key").await?;
        let state = AppState {
            accounts,
            billing,
            readings,
            imports,
            reports,
            medications,
            shares,
            notifications: notifications.clone(),
            sessions: sessions.clone(),
            health: Arc::new(db.clone()),
            clock: clock.clone(),
            limits: Arc::new(match &rate_store {
                Some(store) => RateLimits::shared(&settings.rate, store.clone()),
                None => RateLimits::new(&settings.rate),
            }),
            settings: Arc::new(settings),
            cookie_key: actix_web::cookie::Key::derive_from(secret.as_bytes()),
            drain: drain.clone(),
        };

        let port = listener.local_addr()?.port();
        let workers = match config.workers {
            0 => cpus(),
            n => n,
        };
        let server = HttpServer::new(move || web::build_app(state.clone()))
            .workers(workers)
            // In-flight requests get this long to finish once it stops accepting.
            .shutdown_timeout(30)
            // SIGTERM first drains (`serve_until_signalled`); tests stop it by handle.
            .disable_signals()
            .listen(listener)?
            .run();

        let (shutdown, rx) = watch::channel(false);
        let worker = OutboxWorker::new(
            Arc::new(OutboxStore::new(db.clone())),
            sender,
            clock.clone(),
            WorkerSettings {
                poll_interval: Duration::from_millis(config.outbox_poll_ms.max(50)),
                ..WorkerSettings::default()
            },
        );
        let mut jobs = vec![tokio::spawn(worker.run(rx.clone()))];
        jobs.push(tokio::spawn(housekeeping(
            sessions,
            rate_store,
            clock,
            rx.clone(),
        )));
        jobs.push(tokio::spawn(reconcile_payments(
            billing_jobs,
            Duration::from_secs(config.payment_reconcile_seconds),
            rx.clone(),
        )));
        if config.scheduler_seconds > 0 {
            jobs.push(tokio::spawn(run_scheduler(
                notifications.clone(),
                Duration::from_secs(config.scheduler_seconds),
                rx,
            )));
        }

        Ok(Self {
            server,
            port,
            db,
            shutdown,
            jobs,
            notifications,
            drain,
            drain_period: config.drain(),
            _process_lock: process_lock,
        })
    }

    /// The scheduler's service (tests run it directly with a controlled clock).
    pub fn notifications(&self) -> Arc<NotificationService> {
        self.notifications.clone()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    /// Serves until SIGTERM or SIGINT, draining first: `/health/ready` answers 503 for the
    /// drain period (a second signal cuts it short) while requests are still served; then
    /// the server stops accepting, gives requests in flight up to 30 s and stops the jobs.
    pub async fn serve_until_signalled(self) -> anyhow::Result<()> {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate())?;
        let mut int = signal(SignalKind::interrupt())?;
        let (handle, drain, period) = (self.handle(), self.drain.clone(), self.drain_period);
        let stopper = tokio::spawn(async move {
            tokio::select! { _ = term.recv() => {}, _ = int.recv() => {} }
            drain.start();
            tracing::info!(
                seconds = period.as_secs(),
                "stopping: not ready while load balancers move traffic away"
            );
            tokio::select! {
                _ = tokio::time::sleep(period) => {}
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
            tracing::info!("stopping: no new connections; finishing requests in flight");
            handle.stop(true).await;
        });
        let result = self.run_until_stopped().await;
        stopper.abort();
        result
    }

    /// Serves until the server stops ([`ServerHandle::stop`]), then stops the background
    /// jobs.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let result = self.server.await;
        let _ = self.shutdown.send(true);
        for job in self.jobs {
            let _ = job.await;
        }
        result.map_err(Into::into)
    }
}

/// A use case's error handed to another context through that context's port, which speaks
/// `anyhow::Error`. An unexpected failure passes on as it is, so its whole cause chain is
/// logged and the types in it still count (`kernel::health::Unavailable` answers 503); a
/// refusal becomes the error itself.
pub(crate) trait IntoCause {
    fn into_cause(self) -> anyhow::Error;
}

macro_rules! into_cause {
    ($($error:ty),+) => {$(
        impl IntoCause for $error {
            fn into_cause(self) -> anyhow::Error {
                match self {
                    Self::Unexpected(cause) => cause,
                    refused => anyhow::Error::new(refused),
                }
            }
        }
    )+};
}

into_cause!(
    identity::IdentityError,
    readings::ReadingError,
    reports::ReportError,
    medications::MedicationError
);

/// Readings ask billing whether the user may record, through readings' own port.
struct SubscriptionGate(BillingService);

#[async_trait::async_trait]
impl RecordingAllowed for SubscriptionGate {
    async fn may_record(&self, user: kernel::UserId) -> anyhow::Result<bool> {
        use billing::ports::ActiveSubscription;
        self.0.is_active(user).await
    }
}

/// Emailing reports is for subscribers, asked through reports' own port.
#[async_trait::async_trait]
impl reports::ports::SubscriptionStatus for SubscriptionGate {
    async fn is_active(&self, user: kernel::UserId) -> anyhow::Result<bool> {
        use billing::ports::ActiveSubscription;
        self.0.is_active(user).await
    }
}

/// Reports read the period's readings through their own port.
struct ReadingsForReports(ReadingService);

#[async_trait::async_trait]
impl reports::ports::ReadingSource for ReadingsForReports {
    async fn in_period(
        &self,
        user: kernel::UserId,
        start: chrono::NaiveDate,
        end: chrono::NaiveDate,
        at_most: usize,
    ) -> anyhow::Result<Option<Vec<readings::Reading>>> {
        let query = readings::ReadingQuery {
            from: Some(start),
            to: Some(end),
            ..Default::default()
        };
        let list = |query| async {
            self.0
                .list(user, query)
                .await
                .map_err(IntoCause::into_cause)
        };
        // Count first (a page of one carries the total), so a period with too many readings
        // is refused without loading them.
        let probe = list(readings::ReadingQuery {
            limit: Some(1),
            ..query.clone()
        })
        .await?;
        let at_most = i64::try_from(at_most)?;
        if probe.total > at_most {
            return Ok(None);
        }
        let page = list(query).await?;
        // An import between the two queries may have added more: the bound still holds.
        if page.total > at_most {
            return Ok(None);
        }
        let mut all = page.readings;
        all.reverse(); // oldest first
        Ok(Some(all))
    }
}

/// Reports learn which home monitoring weeks the user started from the readings context.
struct HomeWeeksForReports(ReadingService);

#[async_trait::async_trait]
impl reports::ports::HomeWeekSource for HomeWeeksForReports {
    async fn started_between(
        &self,
        user: kernel::UserId,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> anyhow::Result<Vec<chrono::NaiveDate>> {
        self.0
            .home_week_starts(user, from, to)
            .await
            .map_err(IntoCause::into_cause)
    }
}

/// Reports learn who the patient is and which units they read from the accounts context.
struct PatientProfile(AccountService);

#[async_trait::async_trait]
impl reports::ports::PatientSource for PatientProfile {
    async fn patient(&self, user: kernel::UserId) -> anyhow::Result<reports::Patient> {
        let u = self.0.user(user).await.map_err(IntoCause::into_cause)?;
        let prefs = self
            .0
            .preferences(user)
            .await
            .map_err(IntoCause::into_cause)?;
        Ok(reports::Patient {
            full_name: format!("{} {}", u.first_name, u.last_name)
                .trim()
                .to_owned(),
            username: u.username,
            email: u.email.to_string(),
            date_of_birth: u.date_of_birth,
            units: prefs.units(),
            guideline: prefs.guideline,
        })
    }
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

/// The weekly email's digest comes from the reports context.
struct WeeklyFromReports(ReportService);

#[async_trait::async_trait]
impl notifications::WeeklyDigest for WeeklyFromReports {
    async fn digest(
        &self,
        user: kernel::UserId,
        start: chrono::NaiveDate,
        end: chrono::NaiveDate,
    ) -> anyhow::Result<notifications::Digest> {
        let d = self
            .0
            .weekly_digest(user, start, end)
            .await
            .map_err(|e| e.into_cause().context("weekly digest"))?;
        Ok(notifications::Digest {
            readings: d.readings,
            summary: d.summary,
            pdf: d.pdf,
        })
    }
}

/// Deletes expired sessions once an hour.
/// Hourly: forgets expired sessions and refilled shared rate-limit counters.
async fn housekeeping(
    sessions: Arc<SessionStore>,
    rate_store: Option<Arc<dyn RateStore>>,
    clock: Arc<dyn Clock>,
    mut shutdown: watch::Receiver<bool>,
) {
    use identity::ports::SessionRepository;
    loop {
        match sessions.purge_expired(clock.now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(removed = n, "expired sessions purged"),
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "session purge failed"),
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
fn remove_abandoned_uploads(dir: &std::path::Path) {
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

/// Runs on each import thread: reading a 500 MB export is seconds of bulk work nobody waits
/// on to the millisecond, so it runs only when a CPU has nothing else to do (SCHED_IDLE).
/// Niceness ranks threads within this process's scheduling group only; PostgreSQL's
/// backends, in their own group, would still wait behind a nice-19 parse (`make bench`
/// measured other users' p99 on PostgreSQL during an Apple Health import), while any
/// normal thread that wakes preempts a SCHED_IDLE one at once, whatever its group.
fn idle_thread_priority() {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::{
            NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
            set_thread_priority_and_policy, thread_native_id,
        };
        if let Err(e) = set_thread_priority_and_policy(
            thread_native_id(),
            ThreadPriority::Min,
            ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle),
        ) {
            tracing::warn!(error = ?e, "could not make the import thread idle-priority");
            lower_thread_priority();
        }
    }
}

/// Runs on each password-hashing and report-drawing thread. A login can wait a few milliseconds; the requests
/// of everyone else should not wait behind a burst of Argon2 work, so these threads take the
/// lowest CPU priority (nice 19) and the kernel runs this process's other threads first.
/// `make bench` checks that 20 concurrent logins leave other requests' p99 within 5 ms.
fn lower_thread_priority() {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::{
            NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
            set_thread_priority_and_policy, thread_native_id,
        };
        // On Linux the niceness set here is the calling thread's alone.
        if let Err(e) = set_thread_priority_and_policy(
            thread_native_id(),
            ThreadPriority::Min,
            ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Other),
        ) {
            tracing::warn!(error = ?e, "could not lower the password-hashing thread's priority");
        }
    }
}
