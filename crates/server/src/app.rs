//! The application: the database, every context's service (`wiring`), the HTTP server and
//! the background jobs (`jobs`), started and stopped together.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_web::HttpServer;
use actix_web::dev::{Server, ServerHandle};
use anyhow::Context;
use kernel::rate::RateStore;
use kernel::{Clock, SystemClock};
use notifications::NotificationService;
use store::{Db, SessionStore};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use web::AppState;
use web::rate_limit::RateLimits;

use crate::config::Config;
use crate::jobs::{self, JobParts};
use crate::threads::{cpus, or_default};
use crate::wiring;

/// Opens the database named by the configuration and applies pending migrations.
pub fn open_database(config: &Config) -> anyhow::Result<Db> {
    connect_and_migrate(config.database_options())
}

/// As [`open_database`], for a command that exits when done ([`store::DbOptions::one_shot`]).
pub fn open_database_once(config: &Config) -> anyhow::Result<Db> {
    connect_and_migrate(config.database_options().one_shot())
}

/// The administrator's reset of an account's two-step verification (`vitalog
/// reset-two-step`), for someone who lost both their phone and their recovery codes.
pub async fn reset_two_step(
    config: &Config,
    login: &str,
) -> anyhow::Result<identity::two_step::AdminReset> {
    let db = {
        let config = config.clone();
        tokio::task::spawn_blocking(move || open_database_once(&config)).await??
    };
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let users = Arc::new(store::UserStore::new(db.clone()));
    let owner = {
        use identity::ports::UserRepository;
        users.by_login(login.trim()).await?.map(|u| u.id)
    };
    // The reset checks no password: one hashing thread is plenty.
    let hasher = Arc::new(argon2_hasher::Argon2Hasher::with_thread_start(1, || {})?);
    let service =
        crate::wiring::two_step(&db, users, hasher, &clock, config.public_url()?.as_str()).await?;
    let reset = service.reset_by_administrator(login).await?;
    if let (identity::two_step::AdminReset::Reset { .. }, Some(owner)) = (&reset, owner) {
        use identity::security_log::{NewSecurityEvent, SecurityEventKind, SecurityLog};
        // In the person's log, so the reset is never silent; no device: it was the server.
        let noted = store::SecurityLogStore::new(db.clone())
            .record(NewSecurityEvent {
                user_id: owner,
                at: clock.now(),
                kind: SecurityEventKind::TwoStepReset,
                detail: Some("administrator".into()),
                device: None,
                network: None,
            })
            .await;
        if let Err(e) = noted {
            tracing::error!(error = %format!("{e:#}"), "the reset could not be noted in the security log");
        }
    }
    Ok(reset)
}

fn connect_and_migrate(options: store::DbOptions) -> anyhow::Result<Db> {
    let db = Db::connect(&options)?;
    let ran = db.migrate()?;
    if ran > 0 {
        tracing::info!(migrations = ran, "database migrated");
    }
    Ok(db)
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
        }
        .with_clock(clock.clone());
        let services = wiring::services(&config, &db, &clock, public_url.as_str()).await?;
        let settings = wiring::web_settings(&config, public_url)?;
        jobs::remove_abandoned_uploads(&settings.upload_dir);

        // Servers sharing PostgreSQL count rate limits in it; SQLite has one server, which
        // counts in memory.
        let rate_store: Option<Arc<dyn RateStore>> = (db.backend() == store::Backend::Postgres)
            .then(|| Arc::new(store::RateLimitStore::new(db.clone())) as Arc<dyn RateStore>);
        let sessions = Arc::new(SessionStore::new(db.clone()));
        let drain = web::state::Drain::default();
        let secret = db.shared_secret("session_cookie_key").await?;
        let state = AppState {
            accounts: services.accounts,
            two_step: services.two_step,
            passkeys: services.passkeys.clone(),
            calendar: services.calendar,
            billing: services.billing.clone(),
            readings: services.readings,
            cuffs: readings::cuffs::CuffService::new(Arc::new(store::CuffStore::new(db.clone()))),
            imports: services.imports,
            reports: services.reports,
            medications: services.medications,
            shares: services.shares,
            notifications: services.notifications.clone(),
            sessions: sessions.clone(),
            security_log: Arc::new(store::SecurityLogStore::new(db.clone())),
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
        let server = HttpServer::new(move || web::build_app(state.clone()))
            .workers(or_default(config.workers, cpus()))
            // In-flight requests get this long to finish once it stops accepting.
            .shutdown_timeout(30)
            // SIGTERM first drains (`serve_until_signalled`); tests stop it by handle.
            .disable_signals()
            .listen(listener)?
            .run();

        let (shutdown, rx) = watch::channel(false);
        let jobs = jobs::start(
            &config,
            JobParts {
                db: db.clone(),
                sender: services.sender,
                billing: services.billing,
                notifications: services.notifications.clone(),
                sessions,
                passkeys: services.passkeys,
                rate_store,
                clock,
            },
            &rx,
        );

        Ok(Self {
            server,
            port,
            db,
            shutdown,
            jobs,
            notifications: services.notifications,
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
