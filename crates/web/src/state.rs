use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use billing::BillingService;
use identity::AccountService;
use identity::ports::SessionRepository;
use identity::security_log::SecurityLog;
use kernel::Clock;
use kernel::health::HealthCheck;
use medications::MedicationService;
use readings::ReadingService;
use reports::ReportService;

use crate::rate_limit::RateLimits;
use crate::settings::WebSettings;

/// Everything the handlers reach, shared by all workers.
#[derive(Clone)]
pub struct AppState {
    pub accounts: AccountService,
    /// Two-step verification (issue 38).
    pub two_step: identity::TwoStepService,
    pub passkeys: identity::PasskeyService,
    pub billing: BillingService,
    pub readings: ReadingService,
    /// The Bluetooth cuffs each person paired (issue 39).
    pub cuffs: readings::cuffs::CuffService,
    pub imports: imports::ImportService,
    pub reports: ReportService,
    pub medications: MedicationService,
    pub shares: sharing::ShareService,
    pub notifications: Arc<notifications::NotificationService>,
    pub sessions: Arc<dyn SessionRepository>,
    pub security_log: Arc<dyn SecurityLog>,
    pub health: Arc<dyn HealthCheck>,
    /// Each user's wall clock: every "today" and "now" of a person is asked here.
    pub calendar: kernel::UserCalendar,
    pub clock: Arc<dyn Clock>,
    pub limits: Arc<RateLimits>,
    pub settings: Arc<WebSettings>,
    /// Key that protects the session cookie's content (shared by every server instance).
    pub cookie_key: actix_web::cookie::Key,
    pub drain: Drain,
}

/// Set once the server is asked to stop. Until it stops accepting, it keeps serving, but
/// `/health/ready` answers 503 so a load balancer sends new requests elsewhere, and every
/// answer closes its connection so none is left idle to be reused as it goes.
#[derive(Clone, Default)]
pub struct Drain(Arc<AtomicBool>);

impl Drain {
    pub fn start(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_draining(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}
