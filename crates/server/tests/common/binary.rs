//! The real `vitalog` binary as a child process, for tests of signals, kills and
//! processes sharing a database.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::smtp::SmtpSink;

use super::{MAIL_WAIT, PASSWORD, client};

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub struct Binary {
    pub child: Child,
    pub base: String,
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port()
}

pub async fn start(data: &Path, port: u16, smtp: &SmtpSink) -> Binary {
    start_with(data, port, smtp, &[]).await
}

/// As [`start`], with extra `VITALOG_*` settings.
pub async fn start_with(data: &Path, port: u16, smtp: &SmtpSink, env: &[(&str, &str)]) -> Binary {
    let base = format!("http://127.0.0.1:{port}");
    let log = std::fs::File::create(data.join(format!(
        "server-{}.log",
        Instant::now().elapsed().as_nanos()
    )))
    .expect("log");
    let child = Command::new(env!("CARGO_BIN_EXE_vitalog"))
        .arg("serve")
        .current_dir(repo_root())
        .env("VITALOG_ENV", "test")
        .env("VITALOG_BIND", format!("127.0.0.1:{port}"))
        .env("VITALOG_PUBLIC_URL", &base)
        .env("VITALOG_DATA_DIR", data)
        .env_remove("VITALOG_DATABASE_URL")
        .env("VITALOG_SMTP_URL", smtp.url())
        .env("VITALOG_RATE_LIMIT_MULTIPLIER", "1000")
        .env("VITALOG_SCHEDULER_SECONDS", "0")
        .env("VITALOG_OUTBOX_POLL_MS", "100")
        .env("VITALOG_PASSWORD_HASH_CONCURRENCY", "2")
        .env("VITALOG_WORKERS", "2")
        .env("VITALOG_LOG", "warn")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("spawn vitalog");
    let c = Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(r) = c.get(format!("{base}/health/ready")).send().await
            && r.status() == StatusCode::OK
        {
            break;
        }
        assert!(Instant::now() < deadline, "vitalog did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Binary { child, base }
}

/// Registers, verifies by the emailed link, logs in and subscribes (test mode).
pub async fn ready_user(base: &str, smtp: &SmtpSink) -> Client {
    let c = client();
    let post = |path: &str, body: Value| c.post(format!("{base}{path}")).json(&body).send();
    let res = post(
        "/api/register",
        json!({"username": "ann", "email": "ann@example.com", "password": PASSWORD,
               "firstName": "", "lastName": "", "redirect": "/"}),
    )
    .await
    .expect("register");
    assert_eq!(res.status(), StatusCode::CREATED);
    let mail = smtp
        .wait_for(
            "ann@example.com",
            |m| m.subject().contains("Verify"),
            MAIL_WAIT,
        )
        .await;
    let prefix = format!("{base}/verify-email/");
    let token = mail.link(&prefix).expect("link")[prefix.len()..].to_owned();
    let res = post("/api/verify-email", json!({ "token": token }))
        .await
        .expect("verify");
    assert_eq!(res.status(), StatusCode::OK);
    let res = post(
        "/api/login",
        json!({"username": "ann", "password": PASSWORD, "redirect": "/"}),
    )
    .await
    .expect("login");
    assert_eq!(res.status(), StatusCode::OK);
    let order: Value = post("/api/subscription/orders", json!({}))
        .await
        .expect("order")
        .json()
        .await
        .expect("json");
    let res = post(
        "/api/subscription/activate",
        json!({"paymentMethod": "paypal", "amount": "5.00", "transactionId": order["id"], "paymentDetails": {}}),
    )
    .await
    .expect("activate");
    assert_eq!(res.status(), StatusCode::OK);
    c
}
