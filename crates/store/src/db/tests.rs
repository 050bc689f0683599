use super::*;

#[test]
fn url_selects_backend() {
    assert!(
        matches!(parse_url("sqlite://data/v.db"), Ok(Target::Sqlite(p)) if p == Path::new("data/v.db"))
    );
    assert!(
        matches!(parse_url("sqlite:/abs/v.db"), Ok(Target::Sqlite(p)) if p == Path::new("/abs/v.db"))
    );
    assert!(matches!(
        parse_url("postgres://u@h/db"),
        Ok(Target::Postgres(_))
    ));
    assert!(matches!(
        parse_url("mysql://u@h/db"),
        Err(DbError::BadUrl(_))
    ));
    assert!(matches!(parse_url("sqlite://"), Err(DbError::BadUrl(_))));
}

#[test]
fn one_process_per_sqlite_file() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("v.db").display());
    let held = ProcessLock::acquire(&url).expect("free").expect("a lock");
    let err = ProcessLock::acquire(&url).expect_err("held").to_string();
    assert!(err.contains("v.db") && err.contains("v.db.lock"), "{err}");
    drop(held);
    assert!(ProcessLock::acquire(&url).expect("released").is_some());
    assert!(
        ProcessLock::acquire("postgres://u@h/db")
            .expect("pg")
            .is_none()
    );
}

#[test]
fn postgres_urls_get_the_limits_unless_they_set_them() {
    let o = DbOptions::new("x");
    let url = pg_url(
        "postgres://u@h:6543/db?options=-csearch_path%3Dt_1&keepalives_idle=99",
        &o,
    );
    let u = url::Url::parse(&url).expect("url");
    let q: std::collections::HashMap<_, _> = u.query_pairs().into_owned().collect();
    assert_eq!(q["options"], "-csearch_path=t_1 -c statement_timeout=5000");
    assert!(url.contains("options=-csearch_path%3Dt_1%20-c%20"), "{url}");
    assert_eq!(q["keepalives_idle"], "99", "the URL's own value wins");
    assert_eq!(q["connect_timeout"], "5");
    assert_eq!(q["tcp_user_timeout"], "10000");
    assert_eq!(q["keepalives"], "1");
    assert_eq!(pg_port(&url), Some(6543));
    assert_eq!(pg_port("postgres://u@%2Fvar%2Frun/db"), None);
}

#[test]
fn connections_opened_before_the_watchdog_closed_one_are_replaced_unpinged() {
    use r2d2::ManageConnection;
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("v.db").display());
    let manager = Manager::new(parse_url(&url).expect("url"), DbOptions::new(&url));
    let mut old = manager.connect().expect("open");
    assert!(manager.is_valid(&mut old).is_ok());
    assert!(!manager.has_broken(&mut old));
    // What the watchdog does when it closes a connection of this pool.
    manager.generation.advance_for_test();
    assert!(manager.is_valid(&mut old).is_err(), "checkout discards it");
    assert!(manager.has_broken(&mut old), "check-in discards it");
    let mut new = manager.connect().expect("open");
    assert!(
        manager.is_valid(&mut new).is_ok(),
        "newer connections are kept"
    );
    assert!(!manager.has_broken(&mut new));
}

#[test]
fn redacts_passwords() {
    assert_eq!(
        redact("postgres://app:s3cret@db:5432/vitalog"),
        "postgres://app:***@db:5432/vitalog"
    );
    assert_eq!(redact("sqlite://x.db"), "sqlite://x.db");
}

#[test]
fn a_one_shot_command_keeps_no_connection_opening_in_the_background() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("v.db").display());
    let server = Db::connect(&DbOptions::new(&url)).expect("server");
    assert_eq!(server.kept_idle(), 1);
    let once = Db::connect(&DbOptions::new(&url).one_shot()).expect("one shot");
    assert_eq!(once.kept_idle(), 0);
    once.migrate().expect("migrate");
}

/// Two processes on one SQLite file (the server, and a `vitalog` command): a write that reads
/// first, while the other commits a write, waits for it instead of failing "database is
/// locked" (seen as a flaky `two_step` test when `vitalog reset-two-step` ran beside the server).
#[test]
fn a_write_that_reads_first_waits_for_another_processs_writer() {
    use diesel::sql_types::{BigInt, Text};
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("v.db").display());
    let server = Db::connect(&DbOptions::new(&url)).expect("server");
    server.migrate().expect("migrate");
    let command = Db::connect(&DbOptions::new(&url).one_shot()).expect("command");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let insert = |name: &'static str| {
        diesel::sql_query(
            "INSERT INTO app_secrets (name, value, created_at) VALUES (?, 'v', CURRENT_TIMESTAMP)",
        )
        .bind::<Text, _>(name)
    };
    let result: anyhow::Result<std::sync::mpsc::Receiver<anyhow::Result<()>>> =
        runtime.block_on(async {
            let other = server.clone();
            command
                .write(move |conn| -> anyhow::Result<_> {
                    // Read first: this transaction now holds a snapshot.
                    diesel::sql_query("SELECT COUNT(*) AS n FROM app_secrets")
                        .get_result::<N>(conn)?;
                    // The server writes meanwhile. It must wait for this transaction (which
                    // holds the write lock) rather than commit underneath it: with the lock
                    // taken at the start it cannot finish before this one does.
                    let (tx, rx) = std::sync::mpsc::channel();
                    std::thread::spawn(move || {
                        let done = tokio::runtime::Builder::new_current_thread()
                            .build()
                            .expect("runtime")
                            .block_on(other.write(move |c| -> anyhow::Result<()> {
                                diesel::sql_query(
                                    "INSERT INTO app_secrets (name, value, created_at) \
                                 VALUES ('server', 'v', CURRENT_TIMESTAMP)",
                                )
                                .execute(c)?;
                                Ok(())
                            }));
                        let _ = tx.send(done);
                    });
                    let finished_meanwhile = rx.recv_timeout(std::time::Duration::from_millis(300));
                    assert!(
                        finished_meanwhile.is_err(),
                        "the other writer committed inside this write transaction"
                    );
                    insert("command").execute(conn)?;
                    Ok(rx)
                })
                .await
        });
    let server_write = result.expect("the command's write");
    server_write
        .recv()
        .expect("the server's write ends")
        .expect("and succeeds once the command committed");
    let n: i64 = runtime
        .block_on(server.read(|c| {
            diesel::sql_query("SELECT COUNT(*) AS n FROM app_secrets").get_result::<N>(c)
        }))
        .expect("count")
        .n;
    assert_eq!(n, 2, "both writes kept");
}
