//! Spawns the real application on port 0 with a fresh database and a real SMTP server.

#![allow(dead_code)]

pub mod binary;
pub mod guided;
pub mod sharing;

use std::io::Write;
use std::net::TcpListener;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use reqwest::{Client, Response, StatusCode};
use serde_json::{Value, json};
use server::{Application, Config};
use testkit::smtp::{Received, SmtpSink};
use testkit::{Backend, TestDb};

pub const PASSWORD: &str = "Vital1ty!Log";
pub const NEW_PASSWORD: &str = "N3w&Better!pw";
pub const MAIL_WAIT: Duration = Duration::from_secs(10);

/// Everything the app logged in this test process, to check no secret is ever written.
pub fn captured_logs() -> String {
    String::from_utf8_lossy(&log_buffer().lock().expect("logs")).into_owned()
}

fn log_buffer() -> &'static Arc<Mutex<Vec<u8>>> {
    static BUF: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    BUF.get_or_init(|| Arc::new(Mutex::new(Vec::new())))
}

#[derive(Clone)]
struct BufWriter(Arc<Mutex<Vec<u8>>>);

impl Write for BufWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("logs").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn init_logs() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let buf = log_buffer().clone();
        let _ = tracing_subscriber::fmt()
            .with_env_filter("debug,actix_server=warn,h2=warn,hyper=warn,rustls=warn")
            .with_ansi(false)
            .with_writer(move || BufWriter(buf.clone()))
            .try_init();
    });
}

/// The real time, unless a test sets it.
#[derive(Default)]
pub struct ManualClock(Mutex<Option<chrono::DateTime<chrono::Utc>>>);

impl ManualClock {
    pub fn set(&self, t: chrono::DateTime<chrono::Utc>) {
        *self.0.lock().expect("clock") = Some(t);
    }
    pub fn release(&self) {
        *self.0.lock().expect("clock") = None;
    }
}

impl kernel::Clock for ManualClock {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.0
            .lock()
            .expect("clock")
            .unwrap_or_else(|| kernel::clock::truncate_micros(chrono::Utc::now()))
    }
}

pub struct TestApp {
    pub base: String,
    pub clock: Arc<ManualClock>,
    pub notifications: Arc<notifications::NotificationService>,
    pub smtp: SmtpSink,
    pub client: Client,
    pub db_url: String,
    pub handle: actix_web::dev::ServerHandle,
    pub _db: TestDb,
    pub _data: tempfile::TempDir,
}

/// Another `vitalog` server on a test app's database (and SMTP server), sharing its clock.
pub struct OtherServer {
    pub base: String,
    pub notifications: Arc<notifications::NotificationService>,
    pub handle: actix_web::dev::ServerHandle,
}

impl OtherServer {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

/// Starts another server on `app`'s database with `tweak` applied to its configuration.
/// On SQLite there is none: one SQLite file serves one process, and a second is refused
/// (so multi-server checks are PostgreSQL's; the code under them is the same).
pub async fn second_server(
    app: &TestApp,
    b: Backend,
    data: &tempfile::TempDir,
    tweak: impl FnOnce(&mut Config),
) -> Option<OtherServer> {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let mut config = Config {
        env: "test".into(),
        bind: format!("127.0.0.1:{port}"),
        public_url: app.base.clone(),
        data_dir: data.path().to_owned(),
        database_url: Some(app.db_url.clone()),
        smtp_url: Some(app.smtp.url()),
        workers: 1,
        outbox_poll_ms: 50,
        password_hash_concurrency: 1,
        scheduler_seconds: 0,
        ..Config::default()
    };
    tweak(&mut config);
    let built = Application::build_with_clock(config, listener, app.clock.clone()).await;
    if b == Backend::Sqlite {
        let refused = built
            .err()
            .expect("a second server on one SQLite file is refused");
        assert!(refused.to_string().contains("in use"), "{refused}");
        return None;
    }
    let server = built.expect("second server");
    let other = OtherServer {
        base: format!("http://127.0.0.1:{port}"),
        notifications: server.notifications(),
        handle: server.handle(),
    };
    tokio::spawn(server.run_until_stopped());
    Some(other)
}

pub fn client() -> Client {
    Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

impl TestApp {
    /// Waits until the workers have sent every queued email (and marked it sent), so that
    /// moving the test clock on cannot expire the lease of an email still being sent and
    /// let another server's worker send it again.
    pub async fn outbox_drained(&self) {
        use kernel::outbox::OutboxQueue;
        let db = store::Db::connect(&store::DbOptions::new(&self.db_url)).expect("db");
        let outbox = store::OutboxStore::new(db);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while outbox.pending_count().await.expect("pending") > 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the outbox did not drain"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub async fn spawn(backend: Backend) -> Self {
        Self::spawn_with(backend, |_| {}).await
    }

    pub async fn spawn_with(backend: Backend, tweak: impl FnOnce(&mut Config)) -> Self {
        init_logs();
        let smtp = SmtpSink::start().await;
        let db = TestDb::new(backend);
        let data = tempfile::tempdir().expect("data dir");
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let base = format!("http://127.0.0.1:{port}");
        let mut config = Config {
            env: "test".into(),
            bind: format!("127.0.0.1:{port}"),
            public_url: base.clone(),
            data_dir: data.path().to_owned(),
            database_url: Some(db.url.clone()),
            smtp_url: Some(smtp.url()),
            static_dir: None,
            workers: 1,
            outbox_poll_ms: 50,
            password_hash_concurrency: 2,
            // Scheduler tests run it by hand with a controlled clock.
            scheduler_seconds: 0,
            ..Config::default()
        };
        tweak(&mut config);
        // A test may serve under another name for this address (passkeys need
        // http://localhost): its requests and emailed links use it.
        let base = config.public_url.trim_end_matches('/').to_owned();
        let clock = Arc::new(ManualClock::default());
        let app = Application::build_with_clock(config, listener, clock.clone())
            .await
            .expect("app builds");
        let notifications = app.notifications();
        let handle = app.handle();
        tokio::spawn(app.run_until_stopped());
        Self {
            base,
            clock,
            notifications,
            smtp,
            client: client(),
            db_url: db.url.clone(),
            handle,
            _db: db,
            _data: data,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        post_with(&self.client, &self.url(path), body).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Response {
        let req = self.client.put(self.url(path)).json(&body);
        req.send().await.expect("request")
    }

    pub async fn patch(&self, path: &str, body: Value) -> Response {
        let req = self.client.patch(self.url(path)).json(&body);
        req.send().await.expect("request")
    }

    pub async fn delete(&self, path: &str) -> Response {
        self.client
            .delete(self.url(path))
            .send()
            .await
            .expect("request")
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
    }

    /// Sets the signed-in user's time zone (their preferences).
    pub async fn set_time_zone(&self, zone: &str) {
        let res = self
            .client
            .patch(self.url("/api/user/preferences"))
            .json(&json!({ "timeZone": zone }))
            .send()
            .await
            .expect("preferences");
        assert_eq!(res.status(), reqwest::StatusCode::OK, "{zone}");
    }

    pub async fn register(&self, username: &str, email: &str) -> Response {
        self.post(
            "/api/register",
            json!({"username": username, "email": email, "password": PASSWORD,
                   "firstName": "", "lastName": "", "redirect": "/"}),
        )
        .await
    }

    /// The newest email to `to` whose subject contains `subject`.
    pub async fn email(&self, to: &str, subject: &str) -> Received {
        let subject = subject.to_owned();
        self.smtp
            .wait_for(to, move |m| m.subject().contains(&subject), MAIL_WAIT)
            .await
    }

    /// The token at the end of the link in the newest matching email.
    pub async fn token_from_email(&self, to: &str, subject: &str, route: &str) -> String {
        let mail = self.email(to, subject).await;
        let prefix = format!("{}/{route}/", self.base);
        let link = mail
            .link(&prefix)
            .unwrap_or_else(|| panic!("no {prefix} link in {}", mail.decoded()));
        link[prefix.len()..].to_owned()
    }

    /// Asks for a password reset of `email`, follows the emailed link and sets `password`.
    pub async fn reset_password(&self, email: &str, password: &str) {
        let res = self
            .post("/api/password-reset/request", json!({ "email": email }))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let token = self
            .token_from_email(email, "Reset your Vitalog password", "reset-password")
            .await;
        let res = self
            .post(
                "/api/password-reset/reset",
                json!({"token": token, "password": password}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }

    /// Registers, follows the emailed verification link and logs in with `self.client`.
    pub async fn signed_up(&self, username: &str, email: &str) {
        assert_eq!(
            self.register(username, email).await.status(),
            StatusCode::CREATED
        );
        let token = self
            .token_from_email(email, "Verify your email", "verify-email")
            .await;
        let res = self
            .post("/api/verify-email", json!({ "token": token }))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let res = self.login(&self.client, username, PASSWORD).await;
        assert_eq!(res.status(), StatusCode::OK);
    }

    pub async fn login(&self, client: &Client, username: &str, password: &str) -> Response {
        post_with(
            client,
            &self.url("/api/login"),
            json!({"username": username, "password": password, "redirect": "/"}),
        )
        .await
    }

    /// Pays in test mode through the real server path (orders, then activate).
    pub async fn subscribe(&self) {
        let order = json_of(self.post("/api/subscription/orders", json!({})).await).await["id"]
            .as_str()
            .expect("order")
            .to_owned();
        let res = self
            .post(
                "/api/subscription/activate",
                json!({"paymentMethod": "paypal", "amount": "5.00", "transactionId": order, "paymentDetails": {}}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }

    /// Imports `csv` (Vitalog's CSV) through the preview and its commit: [`import_csv_with`].
    pub async fn import_csv(&self, csv: &str) -> Response {
        import_csv_with(&self.client, &self.base, csv).await
    }

    /// The preview of `csv` read as Vitalog's CSV: [`preview_csv_with`].
    pub async fn preview_csv(&self, csv: &str) -> Value {
        preview_csv_with(&self.client, &self.base, csv).await
    }

    pub async fn stop(&self) {
        self.handle.stop(true).await;
    }
}

/// Uploads `csv` to be read as Vitalog's CSV (`POST /api/data/imports`), as the client does.
pub async fn upload_csv_with(client: &Client, base: &str, csv: &str) -> Response {
    client
        .post(format!(
            "{base}/api/data/imports?format=vitalog&name=readings.csv"
        ))
        .header("content-type", "application/octet-stream")
        .body(csv.to_owned())
        .send()
        .await
        .expect("upload")
}

/// The last NDJSON line of an upload's answer: `{"type": "preview", ...}` or
/// `{"type": "error", ...}`.
pub async fn last_event(res: Response) -> Value {
    assert_eq!(res.status(), StatusCode::OK, "upload refused");
    let text = res.text().await.expect("upload body");
    text.lines()
        .last()
        .and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or_else(|| panic!("no JSON line in {text}"))
}

/// Reads `csv` into a preview, as [`upload_csv_with`]; panics when it is not one.
pub async fn preview_csv_with(client: &Client, base: &str, csv: &str) -> Value {
    let last = last_event(upload_csv_with(client, base, csv).await).await;
    assert_eq!(last["type"], "preview", "{last}");
    last["preview"].clone()
}

/// Imports `csv` (Vitalog's CSV) as a person does: read into a preview, then committed.
/// Returns the commit's answer.
pub async fn import_csv_with(client: &Client, base: &str, csv: &str) -> Response {
    let preview = preview_csv_with(client, base, csv).await;
    let id = preview["id"].as_str().expect("the preview's id");
    post_with(
        client,
        &format!("{base}/api/data/imports/{id}/commit"),
        json!({}),
    )
    .await
}

pub async fn post_with(client: &Client, url: &str, body: Value) -> Response {
    client.post(url).json(&body).send().await.expect("request")
}

pub async fn json_of(res: Response) -> Value {
    res.json().await.expect("json body")
}

/// A zip of `entries` (name, text), deflated as the apps' exports are.
pub fn zip_of(entries: &[(&str, &str)]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, text) in entries {
        w.start_file(*name, opts).expect("entry");
        w.write_all(text.as_bytes()).expect("write");
    }
    w.finish().expect("zip").into_inner()
}

/// Runs `sql` on the test's database directly: for states no endpoint makes (an email no
/// longer verified, a passkey on a server that cannot register one).
pub async fn execute_sql(db_url: &str, sql: &'static str) {
    let url = db_url.to_owned();
    tokio::task::spawn_blocking(move || {
        use diesel::{Connection, RunQueryDsl};
        if let Some(path) = url.strip_prefix("sqlite://") {
            let mut c = diesel::SqliteConnection::establish(path).expect("sqlite");
            diesel::sql_query(sql).execute(&mut c).expect("sql");
        } else {
            let mut c = diesel::PgConnection::establish(&url).expect("pg");
            diesel::sql_query(sql).execute(&mut c).expect("sql");
        }
    })
    .await
    .expect("sql");
}
