//! Session lifetime rules, tested on the web layer alone with mocked domain ports and a
//! clock the test moves.

#![allow(clippy::expect_used)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::test;
use chrono::{DateTime, TimeZone, Utc};
use identity::ports::{MockPasswordHasher, MockUserRepository, SessionRepository};
use identity::{AccountService, AccountSettings, Gender, User};
use kernel::health::HealthCheck;
use kernel::{Clock, Email, UserId};
use web::rate_limit::{RateLimits, RateSettings};
use web::{AppState, WebSettings, build_app};

/// A clock the test moves forward.
#[derive(Default)]
struct TestClock(AtomicI64);

impl TestClock {
    fn advance_hours(&self, h: i64) {
        self.advance_secs(h * 3600);
    }
    fn advance_secs(&self, s: i64) {
        self.0.fetch_add(s, Ordering::SeqCst);
    }
}

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        let base = Utc
            .with_ymd_and_hms(2026, 11, 22, 8, 0, 0)
            .single()
            .expect("t");
        base + chrono::Duration::seconds(self.0.load(Ordering::SeqCst))
    }
}

/// A session: its state, when it expires, and whose it is.
type Row = (String, DateTime<Utc>, Option<UserId>);

/// Sessions in memory with the same expiry semantics as the store.
#[derive(Default)]
struct MemSessions(Mutex<HashMap<String, Row>>);

#[async_trait::async_trait]
impl SessionRepository for MemSessions {
    async fn load(&self, k: &str, now: DateTime<Utc>) -> anyhow::Result<Option<String>> {
        let m = self.0.lock().expect("lock");
        Ok(m.get(k)
            .filter(|(_, exp, _)| *exp > now)
            .map(|(s, _, _)| s.clone()))
    }
    async fn insert(
        &self,
        k: &str,
        user: Option<UserId>,
        s: &str,
        exp: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        self.0
            .lock()
            .expect("lock")
            .insert(k.into(), (s.into(), exp, user));
        Ok(())
    }
    async fn update(
        &self,
        k: &str,
        user: Option<UserId>,
        s: &str,
        exp: DateTime<Utc>,
    ) -> anyhow::Result<bool> {
        let mut m = self.0.lock().expect("lock");
        Ok(match m.get_mut(k) {
            Some(v) => {
                *v = (s.into(), exp, user);
                true
            }
            None => false,
        })
    }
    async fn touch(&self, k: &str, exp: DateTime<Utc>) -> anyhow::Result<()> {
        if let Some(v) = self.0.lock().expect("lock").get_mut(k) {
            v.1 = exp;
        }
        Ok(())
    }
    async fn delete(&self, k: &str) -> anyhow::Result<()> {
        self.0.lock().expect("lock").remove(k);
        Ok(())
    }
    async fn delete_for_user(&self, id: UserId) -> anyhow::Result<()> {
        self.0
            .lock()
            .expect("lock")
            .retain(|_, (_, _, user)| *user != Some(id));
        Ok(())
    }
    async fn of_user(
        &self,
        id: UserId,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<identity::ports::StoredSession>> {
        let m = self.0.lock().expect("lock");
        Ok(m.iter()
            .filter(|(_, (_, exp, user))| *user == Some(id) && *exp > now)
            .map(|(k, (s, _, _))| identity::ports::StoredSession {
                key_hash: k.clone(),
                state: s.clone(),
                created_at: now,
            })
            .collect())
    }
    async fn delete_of_user(&self, id: UserId, k: &str) -> anyhow::Result<bool> {
        let mut m = self.0.lock().expect("lock");
        let theirs = m.get(k).is_some_and(|(_, _, user)| *user == Some(id));
        Ok(theirs && m.remove(k).is_some())
    }
    async fn purge_expired(&self, _: DateTime<Utc>) -> anyhow::Result<u64> {
        Ok(0)
    }
}

struct Up;
#[async_trait::async_trait]
impl HealthCheck for Up {
    async fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

fn user() -> User {
    User {
        id: UserId(1),
        username: "ann".into(),
        email: Email::parse("ann@example.com").expect("email"),
        password_hash: "h".into(),
        first_name: String::new(),
        last_name: String::new(),
        date_of_birth: None,
        gender: Gender::Other,
        email_verified: true,
        created_at: Utc::now(),
        login_secret: "s".into(),
    }
}

fn state(public_url: &str, clock: Arc<TestClock>) -> AppState {
    let mut users = MockUserRepository::new();
    users.expect_by_login().returning(|_| Ok(Some(user())));
    users.expect_by_id().returning(|_| Ok(Some(user())));
    // Sign-ins are noted; these tests' browsers are new, so a notice may be composed.
    users
        .expect_preferences()
        .returning(|_| Ok(identity::Preferences::default()));
    users.expect_record_sign_in().returning(|_, _, _| Ok(false));
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_verify().returning(|p, _| Ok(p == "Abcdef1!"));
    // Sign-ins and failures are noted in the security log.
    let mut security_log = identity::security_log::MockSecurityLog::new();
    security_log.expect_record().returning(|_| Ok(true));
    let (users, hasher): (Arc<MockUserRepository>, Arc<MockPasswordHasher>) =
        (Arc::new(users), Arc::new(hasher));
    // These accounts have no second step.
    let mut two_step = identity::ports::MockTwoStepRepository::new();
    two_step.expect_get().returning(|_| Ok(None));
    let mut settings = WebSettings::new(url::Url::parse(public_url).expect("url"));
    settings.rate = RateSettings {
        multiplier: 100.0,
        ..RateSettings::default()
    };
    let accounts = AccountService::new(
        users.clone(),
        hasher.clone(),
        clock.clone(),
        AccountSettings::new(public_url),
    );
    AppState {
        billing: billing::BillingService::new(
            Arc::new(billing::ports::MockSubscriptionRepository::new()),
            Arc::new(billing::ports::MockPaymentGateway::new()),
            clock.clone(),
        ),
        readings: readings::ReadingService::new(
            Arc::new(readings::ports::MockReadingRepository::new()),
            Arc::new(readings::ports::MockHomeWeekRepository::new()),
            Arc::new(kernel::entitlements::MockEntitlements::new()),
            Arc::new(kernel::calendar::MockTimeZones::new()),
            clock.clone(),
        ),
        cuffs: readings::cuffs::CuffService::new(Arc::new(
            readings::cuffs::MockCuffRepository::new(),
        )),
        imports: imports::ImportService::new(
            Arc::new(imports::ports::MockRecord::new()),
            Arc::new(imports::ports::MockFormatReader::new()),
            Arc::new(kernel::entitlements::MockEntitlements::new()),
            Arc::new(imports::ports::MockImportStore::new()),
            clock.clone(),
            Arc::new(kernel::pool::BoundedPool::new("import", 1, 1, || {})),
            1,
        ),
        reports: reports::ReportService::new(
            Arc::new(reports::ports::MockReportRepository::new()),
            Arc::new(reports::ports::MockReadingSource::new()),
            Arc::new(reports::ports::MockPatientSource::new()),
            Arc::new(reports::ports::MockPdfRenderer::new()),
            clock.clone(),
            Arc::new(kernel::entitlements::MockEntitlements::new()),
            reports::ReportLimits::default(),
        ),
        shares: sharing::ShareService::new(
            Arc::new(sharing::ports::MockShareRepository::new()),
            Arc::new(sharing::ports::MockCodeHasher::new()),
            kernel::UserCalendar::new(
                Arc::new(kernel::calendar::MockTimeZones::new()),
                clock.clone(),
            ),
            Arc::new(kernel::entitlements::MockEntitlements::new()),
            sharing::RecordSources {
                readings: Arc::new(reports::ports::MockReadingSource::new()),
                patients: Arc::new(reports::ports::MockPatientSource::new()),
                medications: Arc::new(reports::ports::MockMedicationSource::new()),
                pdfs: Arc::new(reports::ReportService::new(
                    Arc::new(reports::ports::MockReportRepository::new()),
                    Arc::new(reports::ports::MockReadingSource::new()),
                    Arc::new(reports::ports::MockPatientSource::new()),
                    Arc::new(reports::ports::MockPdfRenderer::new()),
                    clock.clone(),
                    Arc::new(kernel::entitlements::MockEntitlements::new()),
                    reports::ReportLimits::default(),
                )),
            },
            public_url,
            sharing::ShareLimits::default(),
        ),
        medications: medications::MedicationService::new(
            Arc::new(medications::ports::MockMedicationRepository::new()),
            Arc::new(medications::ports::MockBloodPressureHistory::new()),
            Arc::new(kernel::entitlements::MockEntitlements::new()),
        ),
        notifications: Arc::new(notifications::NotificationService::new(
            Arc::new(notifications::ports::MockNotificationStore::new()),
            Arc::new(notifications::ports::MockWeeklyDigest::new()),
            clock.clone(),
            Arc::new(notifications::UnsubscribeSigner::new(b"test")),
            public_url,
        )),
        two_step: identity::TwoStepService::new(
            Arc::new(two_step),
            users,
            hasher,
            clock.clone(),
            public_url,
        ),
        accounts: accounts.clone(),
        passkeys: identity::PasskeyService::new(
            Arc::new(identity::passkeys::ports::MockPasskeyRepository::new()),
            None,
            accounts,
            clock.clone(),
        ),
        sessions: Arc::new(MemSessions::default()),
        security_log: Arc::new(security_log),
        health: Arc::new(Up),
        calendar: kernel::UserCalendar::new(
            Arc::new(kernel::calendar::MockTimeZones::new()),
            clock.clone(),
        ),
        clock,
        limits: Arc::new(RateLimits::new(&settings.rate)),
        settings: Arc::new(settings),
        cookie_key: actix_web::cookie::Key::generate(),
        drain: Default::default(),
    }
}

fn session_cookie<B>(
    res: &actix_web::dev::ServiceResponse<B>,
) -> actix_web::cookie::Cookie<'static> {
    res.response()
        .cookies()
        .find(|c| c.name() == "vitalog_session")
        .expect("session cookie")
        .into_owned()
}

#[actix_web::test]
async fn idle_sessions_end_and_activity_keeps_them_until_the_absolute_limit() {
    let clock = Arc::new(TestClock::default());
    let app = test::init_service(build_app(state("http://localhost:8080", clock.clone()))).await;
    let login = test::TestRequest::post()
        .uri("/api/login")
        .set_json(serde_json::json!({"username": "ann", "password": "Abcdef1!"}))
        .to_request();
    let res = test::call_service(&app, login).await;
    assert_eq!(res.status(), StatusCode::OK);
    let mut cookie = session_cookie(&res);

    let get_user = |c: actix_web::cookie::Cookie<'static>| {
        test::TestRequest::get()
            .uri("/api/user")
            .cookie(c)
            .to_request()
    };

    // Active every 20 hours: the idle limit (24 h) never hits, but the absolute limit of
    // 30 days (720 h) does, at the 37th request (740 h).
    let mut ended_at = None;
    for i in 1..=40 {
        clock.advance_hours(20);
        let res = test::call_service(&app, get_user(cookie.clone())).await;
        if res.status() != StatusCode::OK {
            ended_at = Some(i);
            break;
        }
        if let Some(c) = res
            .response()
            .cookies()
            .find(|c| c.name() == "vitalog_session")
        {
            cookie = c.into_owned();
        }
    }
    assert_eq!(ended_at, Some(37));
    let res = test::call_service(&app, get_user(cookie.clone())).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    // A fresh login, then 25 idle hours: over.
    let login = test::TestRequest::post()
        .uri("/api/login")
        .set_json(serde_json::json!({"username": "ann", "password": "Abcdef1!"}))
        .to_request();
    let res = test::call_service(&app, login).await;
    let cookie = session_cookie(&res);
    clock.advance_hours(23);
    let res = test::call_service(&app, get_user(cookie.clone())).await;
    assert_eq!(res.status(), StatusCode::OK, "within the idle limit");
    let cookie = res
        .response()
        .cookies()
        .find(|c| c.name() == "vitalog_session")
        .map_or(cookie, |c| c.into_owned());
    clock.advance_hours(25);
    let res = test::call_service(&app, get_user(cookie)).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "idle limit");
}

#[actix_web::test]
async fn activity_keeps_a_short_idle_session_alive() {
    let clock = Arc::new(TestClock::default());
    let mut st = state("http://localhost:8080", clock.clone());
    let mut settings = (*st.settings).clone();
    settings.session_idle = Duration::from_secs(3);
    st.settings = Arc::new(settings);
    let app = test::init_service(build_app(st)).await;
    let login = test::TestRequest::post()
        .uri("/api/login")
        .set_json(serde_json::json!({"username": "ann", "password": "Abcdef1!"}))
        .to_request();
    let res = test::call_service(&app, login).await;
    assert_eq!(res.status(), StatusCode::OK);
    let mut cookie = session_cookie(&res);
    // The client's route guard trusts the presence cookie: it must not run out while
    // the session is in use.
    let presence = res
        .response()
        .cookies()
        .find(|c| c.name() == "vitalog_auth")
        .expect("presence")
        .into_owned();
    assert_eq!(
        presence.max_age(),
        Some(actix_web::cookie::time::Duration::seconds(30 * 24 * 3600))
    );

    // A request every second for 8 s, with a 3 s idle limit: still signed in.
    for second in 1..=8 {
        clock.advance_secs(1);
        let req = test::TestRequest::get()
            .uri("/api/user")
            .cookie(cookie.clone())
            .to_request();
        let res = test::call_service(&app, req).await;
        assert_eq!(res.status(), StatusCode::OK, "after {second} s");
        if let Some(c) = res
            .response()
            .cookies()
            .find(|c| c.name() == "vitalog_session")
        {
            cookie = c.into_owned();
        }
    }
    // Then 4 s without a request: over.
    clock.advance_secs(4);
    let req = test::TestRequest::get()
        .uri("/api/user")
        .cookie(cookie)
        .to_request();
    assert_eq!(
        test::call_service(&app, req).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[actix_web::test]
async fn https_public_url_makes_cookies_secure() {
    let clock = Arc::new(TestClock::default());
    let app = test::init_service(build_app(state("https://vitalog.example", clock))).await;
    let login = test::TestRequest::post()
        .uri("/api/login")
        .insert_header(("origin", "https://vitalog.example"))
        .set_json(serde_json::json!({"username": "ann", "password": "Abcdef1!"}))
        .to_request();
    let res = test::call_service(&app, login).await;
    assert_eq!(res.status(), StatusCode::OK);
    let c = session_cookie(&res);
    assert_eq!(c.secure(), Some(true));
    assert_eq!(c.http_only(), Some(true));
    assert_eq!(c.same_site(), Some(actix_web::cookie::SameSite::Lax));
    let presence = res
        .response()
        .cookies()
        .find(|c| c.name() == "vitalog_auth")
        .expect("presence");
    assert_eq!(presence.secure(), Some(true));
    assert!(res.headers().contains_key("strict-transport-security"));
}
