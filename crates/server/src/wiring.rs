//! Wiring, context by context: each context's adapters behind its ports, and the bridges
//! through which it asks the others (`bridges`). Billing answers "may this person do this?"
//! for every context through the one `kernel::Entitlements` port.

use std::sync::Arc;
use std::time::Duration;

use argon2_hasher::{Argon2Hasher, ShareCodeHasher};
use billing::BillingService;
use billing::ports::PaymentGateway;
use identity::{AccountService, AccountSettings, TwoStepService};
use kernel::pool::BoundedPool;
use kernel::{Clock, Entitlements};
use mail::{EmailSender, Mailer};
use medications::MedicationService;
use notifications::{NotificationService, UnsubscribeSigner};
use readings::ReadingService;
use reports::ReportService;
use reports::ports::{MedicationSource, PatientSource, ReadingSource};
use sharing::{RecordSources, ShareLimits, ShareService};
use store::{
    Db, HomeWeekStore, NotificationStoreDb, ReadingStore, ReportStore, ShareStore,
    SubscriptionStore, UserStore,
};
use web::WebSettings;

use crate::bridges::{
    BloodPressureForMedications, BpTreatment, DoseRemindersFromMedications, HomeWeeksForReports,
    MedicationsForReports, PatientProfile, PreferredZones, ReadingsForReports, RecordForImports,
    WeeklyFromReports,
};
use crate::config::Config;
use crate::threads::{cpus, idle_thread_priority, lower_thread_priority, or_default};

/// Shared links' access codes are hashed on this many threads of their own, with this many
/// more waiting; beyond, `429` (creation is also limited per account).
const SHARE_CODE_THREADS: usize = 1;
const SHARE_CODE_QUEUE: usize = 8;

/// Every context's service, wired.
pub(crate) struct Services {
    pub(crate) accounts: AccountService,
    pub(crate) two_step: TwoStepService,
    pub(crate) passkeys: identity::PasskeyService,
    pub(crate) calendar: kernel::UserCalendar,
    pub(crate) billing: BillingService,
    pub(crate) readings: ReadingService,
    pub(crate) imports: imports::ImportService,
    pub(crate) medications: MedicationService,
    pub(crate) reports: ReportService,
    pub(crate) shares: ShareService,
    pub(crate) notifications: Arc<NotificationService>,
    pub(crate) sender: Arc<dyn EmailSender>,
}

pub(crate) async fn services(
    config: &Config,
    db: &Db,
    clock: &Arc<dyn Clock>,
    public_url: &str,
) -> anyhow::Result<Services> {
    let sender: Arc<dyn EmailSender> = Arc::new(match &config.smtp_url {
        Some(url) => Mailer::smtp(url, &config.mail_from)?,
        None => Mailer::files(config.data_dir.join("mail"), &config.mail_from)?,
    });
    let (accounts, two_step) = accounts(config, db, clock, public_url).await?;
    let passkeys = passkeys(db, clock, &accounts, public_url)?;
    let billing = billing(config, db, clock)?;
    let entitlements: Arc<dyn Entitlements> = Arc::new(billing.clone());
    let calendar =
        kernel::UserCalendar::new(Arc::new(PreferredZones(accounts.clone())), clock.clone());
    let (readings, imports) = readings_and_imports(config, db, clock, &accounts, &entitlements);
    let medications = MedicationService::new(
        Arc::new(store::MedicationStore::new(db.clone())),
        Arc::new(BloodPressureForMedications(readings.clone())),
        entitlements.clone(),
    );
    // The clinic/home pattern asks whether a blood-pressure medication was taken; the
    // medications service reads the readings, so it is told after both exist.
    let readings = readings.with_treatment(Arc::new(BpTreatment(medications.clone())));
    let report_readings: Arc<dyn ReadingSource> = Arc::new(ReadingsForReports(readings.clone()));
    let patients: Arc<dyn PatientSource> = Arc::new(PatientProfile(accounts.clone()));
    let report_medications: Arc<dyn MedicationSource> =
        Arc::new(MedicationsForReports(medications.clone()));
    let reports = ReportService::new(
        Arc::new(ReportStore::new(db.clone())),
        report_readings.clone(),
        patients.clone(),
        Arc::new(pdf::PrintPdfRenderer::new(
            or_default(config.report_render_threads, (cpus() / 2).max(1)),
            lower_thread_priority,
        )?),
        clock.clone(),
        entitlements.clone(),
        config.report_limits(),
    )
    .with_home_weeks(Arc::new(HomeWeeksForReports(readings.clone())))
    .with_medications(report_medications.clone());
    // The clinician's view reads the record through the same sources as the reports.
    let sources = RecordSources {
        readings: report_readings,
        patients,
        medications: report_medications,
        pdfs: Arc::new(reports.clone()),
    };
    let shares = ShareService::new(
        Arc::new(ShareStore::new(db.clone())),
        // Not the logins' hasher: one thread and a short queue of their own, so shares
        // made in a loop neither slow logins down nor queue without bound (issue 33).
        Arc::new(ShareCodeHasher::new(
            SHARE_CODE_THREADS,
            SHARE_CODE_QUEUE,
            lower_thread_priority,
        )),
        calendar.clone(),
        entitlements,
        sources,
        public_url,
        ShareLimits::default(),
    );
    let unsubscribe_key = db.shared_secret("unsubscribe_link_key").await?;
    let notifications = Arc::new(
        NotificationService::new(
            Arc::new(NotificationStoreDb::new(db.clone())),
            Arc::new(WeeklyFromReports(reports.clone())),
            clock.clone(),
            Arc::new(UnsubscribeSigner::new(unsubscribe_key.as_bytes())),
            public_url,
        )
        .with_dose_reminders(Arc::new(DoseRemindersFromMedications(medications.clone()))),
    );
    Ok(Services {
        accounts,
        two_step,
        passkeys,
        calendar,
        billing,
        readings,
        imports,
        medications,
        reports,
        shares,
        notifications,
        sender,
    })
}

async fn accounts(
    config: &Config,
    db: &Db,
    clock: &Arc<dyn Clock>,
    public_url: &str,
) -> anyhow::Result<(AccountService, TwoStepService)> {
    // One core is left to everything else: niceness alone does not protect requests
    // that wait on another process (PostgreSQL runs in its own scheduling group).
    let hash_slots = or_default(
        config.password_hash_concurrency,
        cpus().saturating_sub(1).max(1),
    );
    let hasher: Arc<dyn identity::ports::PasswordHasher> = Arc::new(
        Argon2Hasher::with_thread_start(hash_slots, lower_thread_priority)?,
    );
    let users: Arc<dyn identity::ports::UserRepository> = Arc::new(UserStore::new(db.clone()));
    let two_step = two_step(db, users.clone(), hasher.clone(), clock, public_url).await?;
    let accounts = AccountService::new(
        users,
        hasher,
        clock.clone(),
        AccountSettings::new(public_url),
    );
    Ok((accounts, two_step))
}

/// Two-step verification, its secrets sealed with the database's `two_step_key`.
pub(crate) async fn two_step(
    db: &Db,
    users: Arc<dyn identity::ports::UserRepository>,
    hasher: Arc<dyn identity::ports::PasswordHasher>,
    clock: &Arc<dyn Clock>,
    public_url: &str,
) -> anyhow::Result<TwoStepService> {
    Ok(TwoStepService::new(
        Arc::new(store::TwoStepStore::open(db.clone()).await?),
        users,
        hasher,
        clock.clone(),
        public_url,
    ))
}

/// Passkeys, whose relying party is the public URL's host. Browsers refuse WebAuthn on an
/// IP-address origin: there passkeys are off (and said so at start), the rest works.
fn passkeys(
    db: &Db,
    clock: &Arc<dyn Clock>,
    accounts: &AccountService,
    public_url: &str,
) -> anyhow::Result<identity::PasskeyService> {
    let url = url::Url::parse(public_url)?;
    let rp = match webauthn_rp::WebauthnRp::new(&url) {
        Ok(rp) => Some(Arc::new(rp) as Arc<dyn identity::passkeys::ports::RelyingParty>),
        Err(e) => {
            tracing::warn!(public_url, "{e}");
            None
        }
    };
    Ok(identity::PasskeyService::new(
        Arc::new(store::PasskeyStore::new(db.clone())),
        rp,
        accounts.clone(),
        clock.clone(),
    ))
}

fn billing(config: &Config, db: &Db, clock: &Arc<dyn Clock>) -> anyhow::Result<BillingService> {
    let gateway: Arc<dyn PaymentGateway> =
        match (&config.paypal_client_id, &config.paypal_client_secret) {
            (Some(id), Some(secret)) => Arc::new(paypal::PayPalClient::new(
                paypal::PayPalSettings::new(&config.paypal_api_base, id, secret),
            )?),
            _ => {
                tracing::warn!("no PayPal credentials: payments run in TEST MODE (no money moves)");
                Arc::new(paypal::TestGateway::new())
            }
        };
    Ok(BillingService::new(
        Arc::new(SubscriptionStore::new(db.clone())),
        gateway,
        clock.clone(),
    ))
}

fn readings_and_imports(
    config: &Config,
    db: &Db,
    clock: &Arc<dyn Clock>,
    accounts: &AccountService,
    entitlements: &Arc<dyn Entitlements>,
) -> (ReadingService, imports::ImportService) {
    let import_threads = or_default(config.import_concurrency, (cpus() / 2).max(1));
    let import_pool = Arc::new(BoundedPool::new(
        "import",
        import_threads,
        2 * import_threads,
        idle_thread_priority,
    ));
    let readings = ReadingService::new(
        Arc::new(ReadingStore::new(db.clone())),
        Arc::new(HomeWeekStore::new(db.clone())),
        entitlements.clone(),
        Arc::new(PreferredZones(accounts.clone())),
        clock.clone(),
    )
    .with_guidelines(Arc::new(PreferredZones(accounts.clone())));
    let imports = imports::ImportService::new(
        Arc::new(RecordForImports(readings.clone())),
        Arc::new(import_formats::Readers),
        entitlements.clone(),
        Arc::new(store::ImportStoreDb::new(db.clone())),
        clock.clone(),
        import_pool,
        // Uploads in flight: a slow upload holds no thread, only its place.
        or_default(config.import_uploads, 4 * import_threads),
    )
    .with_turns(Arc::new(store::ImportTurnStore::new(db.clone())));
    (readings, imports)
}

/// The web layer's settings from the configuration.
pub(crate) fn web_settings(config: &Config, public_url: url::Url) -> anyhow::Result<WebSettings> {
    let mut settings = WebSettings::new(public_url);
    settings.csp = web::settings::content_security_policy(config.paypal_enabled());
    settings.session_idle = Duration::from_secs(config.session_idle_minutes.max(1) * 60);
    settings.session_absolute = Duration::from_secs(config.session_absolute_hours.max(1) * 3600);
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
    Ok(settings)
}
