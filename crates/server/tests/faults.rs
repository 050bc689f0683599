//! Faults against the real `vitalog` binary and a real database: `kill -9` during a stream
//! of acknowledged writes, SIGTERM during requests, a backup under write load, and
//! PostgreSQL going away under load. Each takes seconds.

#![allow(clippy::expect_used)]

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::binary::*;
use common::*;
use diesel::prelude::*;
use diesel::sql_types::Text;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::smtp::SmtpSink;
use testkit::{Backend, TestDb};

/// Writers posting readings until stopped; every 201 is remembered with its id.
fn writers(
    c: &Client,
    base: &str,
    n: usize,
    acked: Arc<Mutex<Vec<i64>>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> Vec<tokio::task::JoinHandle<()>> {
    (0..n)
        .map(|w| {
            let (c, base, acked, stop) = (c.clone(), base.to_owned(), acked.clone(), stop.clone());
            tokio::spawn(async move {
                let mut i = 0u32;
                while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                    i += 1;
                    let body = json!({"date": "2026-11-20", "time": format!("{:02}:{:02}", i / 60 % 24, i % 60),
                                      "heartRate": 60 + (i % 50), "notes": format!("writer {w} #{i}")});
                    match c.post(format!("{base}/api/readings")).json(&body).send().await {
                        Ok(r) if r.status() == StatusCode::CREATED => {
                            if let Ok(v) = r.json::<Value>().await
                                && let Some(id) = v["id"].as_i64()
                            {
                                acked.lock().expect("acked").push(id);
                            }
                        }
                        Ok(_) => {}
                        Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
                    }
                }
            })
        })
        .collect()
}

async fn all_ids(c: &Client, base: &str) -> Vec<i64> {
    let list: Value = c
        .get(format!("{base}/api/readings"))
        .send()
        .await
        .expect("list")
        .json()
        .await
        .expect("json");
    list.as_array()
        .expect("array")
        .iter()
        .map(|r| r["id"].as_i64().expect("id"))
        .collect()
}

#[derive(QueryableByName)]
struct Check {
    #[diesel(sql_type = Text)]
    integrity_check: String,
}

fn integrity(db_file: &Path) -> String {
    let mut conn = SqliteConnection::establish(&db_file.to_string_lossy()).expect("open");
    diesel::sql_query("PRAGMA integrity_check")
        .get_result::<Check>(&mut conn)
        .expect("check")
        .integrity_check
}

fn count_ids(db_file: &Path, ids: &[i64]) -> usize {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        id: i64,
    }
    let mut conn = SqliteConnection::establish(&db_file.to_string_lossy()).expect("open");
    let stored: std::collections::HashSet<i64> = diesel::sql_query("SELECT id FROM readings")
        .load::<Id>(&mut conn)
        .expect("ids")
        .into_iter()
        .map(|r| r.id)
        .collect();
    ids.iter().filter(|id| stored.contains(id)).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_loses_no_acknowledged_reading() {
    let smtp = SmtpSink::start().await;
    let data = tempfile::tempdir().expect("dir");
    let port = free_port();
    let mut server = start(data.path(), port, &smtp).await;
    let c = ready_user(&server.base, &smtp).await;

    let acked = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let tasks = writers(&c, &server.base, 6, acked.clone(), stop.clone());
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.child.kill().expect("SIGKILL"); // kill -9, mid-stream
    server.child.wait().expect("reaped");
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    for t in tasks {
        t.await.expect("writer");
    }
    let acked = acked.lock().expect("acked").clone();
    assert!(
        acked.len() > 20,
        "the stream was running: {} acknowledged",
        acked.len()
    );

    let db_file = data.path().join("vitalog.db");
    assert_eq!(integrity(&db_file), "ok");
    let mut server = start(data.path(), port, &smtp).await;
    // The session lives in the database: the same cookie works after the restart.
    let stored = all_ids(&c, &server.base).await;
    let missing: Vec<_> = acked.iter().filter(|id| !stored.contains(id)).collect();
    assert!(missing.is_empty(), "acknowledged but lost: {missing:?}");
    server.child.kill().expect("stop");
    let _ = server.child.wait();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_lets_in_flight_requests_finish_and_exits_0() {
    let smtp = SmtpSink::start().await;
    let data = tempfile::tempdir().expect("dir");
    let mut server = start(data.path(), free_port(), &smtp).await;
    let c = ready_user(&server.base, &smtp).await;
    // Two years of readings through the import, so each request below does real work.
    let mut csv = String::from("date,time,systolic,diastolic,heart_rate\n");
    for d in 0..730 {
        let day =
            chrono::NaiveDate::from_ymd_opt(2024, 11, 1).expect("d") + chrono::Duration::days(d);
        for (t, s) in [("07:00", 118), ("13:00", 124), ("21:00", 131)] {
            csv.push_str(&format!("{day},{t},{s},{},{}\n", s - 40, 60 + d % 30));
        }
    }
    let res = import_csv_with(&c, &server.base, &csv).await;
    assert_eq!(res.status(), StatusCode::OK);

    // The in-flight requests open new connections: a pooled one left idle since the import
    // may be closed by the server's keep-alive timer just as it is reused, which fails the
    // request with IncompleteMessage whatever SIGTERM does (seen under load).
    let fresh = Client::builder()
        .cookie_provider(Arc::new(reqwest::cookie::Jar::default()))
        .pool_max_idle_per_host(0)
        .build()
        .expect("client");
    let res = fresh
        .post(format!("{}/api/login", server.base))
        .json(&json!({"username": "ann", "password": PASSWORD, "redirect": "/"}))
        .send()
        .await
        .expect("login");
    assert_eq!(res.status(), StatusCode::OK);
    let cookie = res
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("vitalog_session="))
        .and_then(|v| v.split(';').next())
        .expect("session cookie")
        .to_owned();

    // One report (a user's reports are drawn one at a time; more would get 429), written
    // whole on its own connection before any list request connects: the server accepts
    // connections in order, so once the lists below are answered the report's connection
    // is the server's too, and SIGTERM must let it finish.
    let body = r#"{"type":"bp","dateStart":"2024-11-01","dateEnd":"2026-10-31"}"#;
    let addr = server.base.trim_start_matches("http://").to_owned();
    let mut report = std::net::TcpStream::connect(&addr).expect("connect");
    std::io::Write::write_all(
        &mut report,
        format!(
            "POST /api/reports HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
    .expect("send the report request");
    let report = std::thread::spawn(move || {
        let mut answer = String::new();
        std::io::Read::read_to_string(&mut report, &mut answer).map(|_| answer)
    });

    // Whole-list reads streamed from the database. SIGTERM goes once every list has its
    // headers, so those are in flight for certain (not merely sent), mid-body.
    let (started, mut heard) = tokio::sync::mpsc::channel::<()>(16);
    let mut inflight = tokio::task::JoinSet::new();
    for _ in 0..11 {
        let (c, base, started) = (fresh.clone(), server.base.clone(), started.clone());
        inflight.spawn(async move {
            let r = c.get(format!("{base}/api/readings")).send().await?;
            let _ = started.send(()).await;
            let status = r.status();
            let list: Value = r.json().await?;
            Ok::<_, reqwest::Error>((status, list.as_array().map(Vec::len)))
        });
    }
    drop(started);
    for _ in 0..11 {
        heard
            .recv()
            .await
            .expect("every list request got its headers");
    }
    let pid = server.child.id().to_string();
    let term = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    assert!(term.success());
    for a in inflight.join_all().await {
        let (status, len) = a.expect("every in-flight list got its answer");
        assert!(status.is_success(), "{status}");
        assert_eq!(
            len,
            Some(730 * 3),
            "a list streamed across SIGTERM arrives whole"
        );
    }
    let answer = report
        .join()
        .expect("reader thread")
        .expect("the in-flight report got its answer");
    assert!(
        answer.starts_with("HTTP/1.1 201"),
        "the report drawn across SIGTERM is created: {}",
        answer.lines().next().unwrap_or("")
    );
    let exit = server.child.wait().expect("exit");
    assert_eq!(exit.code(), Some(0), "clean exit after SIGTERM");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn backup_under_write_load_holds_every_earlier_acknowledged_reading() {
    let smtp = SmtpSink::start().await;
    let data = tempfile::tempdir().expect("dir");
    let mut server = start(data.path(), free_port(), &smtp).await;
    let c = ready_user(&server.base, &smtp).await;
    let acked = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let tasks = writers(&c, &server.base, 4, acked.clone(), stop.clone());
    tokio::time::sleep(Duration::from_millis(800)).await;

    let before_backup = acked.lock().expect("acked").clone();
    let copy = data.path().join("backup.db");
    let out = Command::new(env!("CARGO_BIN_EXE_vitalog"))
        .args(["backup", &copy.to_string_lossy()])
        .current_dir(repo_root())
        .env("VITALOG_ENV", "test")
        .env("VITALOG_DATA_DIR", data.path())
        .env_remove("VITALOG_DATABASE_URL")
        .env("VITALOG_LOG", "warn")
        .output()
        .expect("backup");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    for t in tasks {
        t.await.expect("writer");
    }
    assert!(
        before_backup.len() > 10,
        "writes were flowing: {}",
        before_backup.len()
    );
    assert!(
        acked.lock().expect("acked").len() > before_backup.len(),
        "writes continued during the backup"
    );
    assert_eq!(integrity(&copy), "ok");
    assert_eq!(
        count_ids(&copy, &before_backup),
        before_backup.len(),
        "every reading acknowledged before the backup began is in the copy"
    );
    server.child.kill().expect("stop");
    let _ = server.child.wait();
}

/// PostgreSQL taken away (every connection cut, new ones refused) while requests run:
/// they fail with a clear 5xx, `/health/ready` says so, and service returns by itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_outage_fails_cleanly_and_recovers_without_restart() {
    let db = TestDb::new(Backend::Postgres);
    let proxy = testkit::proxy::TcpProxy::start("127.0.0.1:5432").await;
    let proxied = db
        .url
        .replacen("127.0.0.1:5432", &format!("127.0.0.1:{}", proxy.port), 1);
    assert_ne!(proxied, db.url, "the test URL goes through the proxy");
    let app = TestApp::spawn_with(Backend::Postgres, |c| c.database_url = Some(proxied)).await;
    app.signed_up("ann", "ann@example.com").await;
    assert_eq!(
        app.post(
            "/api/readings",
            json!({"date": "2026-11-20", "time": "07:00", "heartRate": 61})
        )
        .await
        .status(),
        StatusCode::FORBIDDEN,
        "no subscription yet (the database answers)"
    );

    proxy.cut();
    let started = Instant::now();
    let res = app.get("/api/readings").await;
    let status = res.status();
    let text = res.text().await.expect("body");
    assert!(status.is_server_error(), "{status}");
    let body: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{status}: {text:?}"));
    assert!(body["message"].is_string(), "a JSON error: {body}");
    assert!(
        !body.to_string().contains("postgres"),
        "no internals leak: {body}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(12),
        "fails within the pool timeout"
    );
    // Probes send no cookie.
    let probe = |path: &str| client().get(app.url(path)).send();
    assert_eq!(
        probe("/health/ready").await.expect("probe").status(),
        StatusCode::SERVICE_UNAVAILABLE
    );
    assert_eq!(
        probe("/health/live").await.expect("probe").status(),
        StatusCode::OK
    );

    proxy.restore();
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let ready = probe("/health/ready").await.expect("probe").status() == StatusCode::OK;
        let listed = app.get("/api/readings").await.status() == StatusCode::OK;
        if ready && listed {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "did not recover after PostgreSQL returned"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Writes work again too.
    let res = app.post("/api/subscription/orders", json!({})).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    drop(db);
}

/// Two servers on one SQLite file interleave write transactions and fail each other's
/// with `database is locked` (payments taken and not recorded): the second refuses to
/// start, naming the file, and so does `vitalog migrate`; the first serves on.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_second_server_on_one_sqlite_file_refuses_to_start() {
    let smtp = SmtpSink::start().await;
    let data = tempfile::tempdir().expect("dir");
    let mut first = start(data.path(), free_port(), &smtp).await;

    let port = free_port();
    let mut second = Command::new(env!("CARGO_BIN_EXE_vitalog"))
        .arg("serve")
        .current_dir(repo_root())
        .env("VITALOG_ENV", "test")
        .env("VITALOG_BIND", format!("127.0.0.1:{port}"))
        .env("VITALOG_PUBLIC_URL", format!("http://127.0.0.1:{port}"))
        .env("VITALOG_DATA_DIR", data.path())
        .env_remove("VITALOG_DATABASE_URL")
        .env("VITALOG_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn second");
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(s) = second.try_wait().expect("wait") {
            break s;
        }
        if Instant::now() > deadline {
            let _ = second.kill();
            panic!("a second server started on the same SQLite file");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut second.stderr.take().expect("stderr"), &mut stderr)
        .expect("read");
    assert!(!status.success(), "exits non-zero");
    let db_file = data.path().join("vitalog.db");
    assert!(
        stderr.contains(&db_file.display().to_string()) && stderr.contains("another vitalog"),
        "names the file: {stderr}"
    );

    let migrate = Command::new(env!("CARGO_BIN_EXE_vitalog"))
        .arg("migrate")
        .current_dir(repo_root())
        .env("VITALOG_ENV", "test")
        .env("VITALOG_DATA_DIR", data.path())
        .env_remove("VITALOG_DATABASE_URL")
        .env("VITALOG_LOG", "warn")
        .output()
        .expect("migrate");
    assert!(!migrate.status.success(), "migrate refuses under a server");

    let ready = Client::new()
        .get(format!("{}/health/ready", first.base))
        .send()
        .await
        .expect("ready");
    assert_eq!(ready.status(), StatusCode::OK, "the first server serves on");
    first.child.kill().expect("stop");
    let _ = first.child.wait();
}

/// PostgreSQL black-holed (connections stay open, bytes vanish, no RST or FIN) under the
/// real binary: requests answer a JSON 503 within the statement deadline instead of
/// hanging, `/health/ready` says not ready while `/health/live` stays up (restarting the
/// process would not bring the database back), and once new connections get through
/// again every pooled connection is replaced within seconds, although the black-holed
/// ones never answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn black_holed_postgres_fails_fast_and_the_pool_recovers() {
    let db = TestDb::new(Backend::Postgres);
    let proxy = testkit::proxy::TcpProxy::start("127.0.0.1:5432").await;
    let proxied = db
        .url
        .replacen("127.0.0.1:5432", &format!("127.0.0.1:{}", proxy.port), 1);
    assert_ne!(proxied, db.url, "the test URL goes through the proxy");
    let smtp = SmtpSink::start().await;
    let data = tempfile::tempdir().expect("dir");
    let mut server = start_with(
        data.path(),
        free_port(),
        &smtp,
        &[
            ("VITALOG_DATABASE_URL", &proxied),
            ("VITALOG_DATABASE_STATEMENT_TIMEOUT_MS", "1000"),
            ("VITALOG_DATABASE_CONNECT_TIMEOUT_MS", "2000"),
        ],
    )
    .await;
    let base = server.base.clone();
    let c = ready_user(&base, &smtp).await;
    // Fill the pool (8 connections) with live connections, all about to be black-holed.
    let burst = |n: usize| {
        let mut set = tokio::task::JoinSet::new();
        for _ in 0..n {
            let (c, url) = (c.clone(), format!("{base}/api/readings"));
            set.spawn(async move {
                let started = Instant::now();
                let res = c
                    .get(url)
                    .send()
                    .await
                    .expect("an answer, not a dropped request");
                let status = res.status();
                let body = res.text().await.expect("body");
                (status, body, started.elapsed())
            });
        }
        set.join_all()
    };
    for (status, _, _) in burst(16).await {
        assert_eq!(status, StatusCode::OK);
    }

    proxy.black_hole();
    let answers = burst(16).await;
    let slowest = answers.iter().map(|a| a.2).max().expect("answers");
    for (status, body, _) in &answers {
        assert_eq!(*status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        let v: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON: {body}"));
        assert!(v["message"].is_string(), "{v}");
        assert!(!body.contains("postgres"), "no internals leak: {body}");
    }
    // Statement deadline 1 s + 2 s grace, or the pool's 2 s wait, plus queueing on 2
    // workers: seconds, not the minutes a black-holed socket would otherwise hang.
    assert!(
        slowest < Duration::from_secs(12),
        "slowest answer {slowest:?}"
    );
    let probe = |path: &str| Client::new().get(format!("{base}{path}")).send();
    let started = Instant::now();
    assert_eq!(
        probe("/health/ready").await.expect("probe").status(),
        StatusCode::SERVICE_UNAVAILABLE
    );
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "readiness answers promptly"
    );
    assert_eq!(
        probe("/health/live").await.expect("probe").status(),
        StatusCode::OK
    );

    proxy.restore();
    let restored = Instant::now();
    // Recovery must not depend on how many black-holed connections the pool still holds
    // (one watchdog deadline of 3 s each, 24 s for 8), nor wait on an open that was
    // black-holed mid-setup: at most one open's limit (2 s connect + 3 s) and a retry.
    let bound = Duration::from_secs(12);
    loop {
        let ready = probe("/health/ready").await.expect("probe").status() == StatusCode::OK;
        if ready && burst(16).await.iter().all(|a| a.0 == StatusCode::OK) {
            break;
        }
        assert!(
            restored.elapsed() < bound,
            "did not recover within {bound:?} after PostgreSQL answered again"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!(
        "recovered {:?} after restore; slowest 503 {slowest:?}",
        restored.elapsed()
    );
    // Writes work again too.
    let res = c
        .post(format!("{base}/api/subscription/orders"))
        .json(&json!({}))
        .send()
        .await
        .expect("order");
    assert_eq!(res.status(), StatusCode::CREATED);
    server.child.kill().expect("stop");
    let _ = server.child.wait();
    drop(db);
}
