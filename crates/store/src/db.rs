//! Connections, pool, migrations and the read/write helpers every repository uses.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use diesel::connection::{InstrumentationEvent, SimpleConnection};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::watchdog::{Generation, Socket};

mod process_lock;
pub use process_lock::ProcessLock;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Takes SQLite's write lock at the start of a write transaction, waiting for it as long as
/// `busy_timeout`. Left to the first write, a transaction that read first fails at once with
/// "database is locked" when another connection (a `vitalog` command beside the server, whose
/// writes the server's own write lock does not order) committed in between: SQLite cannot
/// wait for a snapshot that is already stale. PostgreSQL has nothing to take.
fn take_write_lock(conn: &mut AnyConnection) -> QueryResult<()> {
    if let AnyConnection::Sqlite(_) = conn {
        // A write statement that changes nothing still begins the write transaction.
        diesel::sql_query("UPDATE app_secrets SET name = name WHERE 0").execute(conn)?;
    }
    Ok(())
}

/// One connection type for both backends; queries are written once against it.
#[derive(diesel::MultiConnection)]
pub enum AnyConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("unsupported database URL (expected sqlite://PATH or postgres://...): {0}")]
    BadUrl(String),
    #[error("cannot open the database: {0}")]
    Connect(String),
    #[error("{0}")]
    InUse(String),
    #[error("cannot apply database migrations: {0}")]
    Migrate(String),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

#[derive(Debug, Clone)]
pub struct DbOptions {
    pub url: String,
    pub max_connections: u32,
    /// Longest wait for a pooled connection, and for PostgreSQL to accept a new one.
    pub connect_timeout: Duration,
    /// Longest one statement may run or wait for a lock: PostgreSQL's
    /// `statement_timeout` (plus a grace, the client-side deadline of [`Socket`]),
    /// SQLite's `busy_timeout`.
    pub statement_timeout: Duration,
    /// How long an unanswered PostgreSQL connection is trusted (TCP keepalive,
    /// `tcp_user_timeout`).
    pub tcp_timeout: Duration,
    /// Keep one connection open and ready in the background (a server). A one-shot command
    /// (migrate, backup, copy) must not: the pool's thread could be opening one, inside
    /// libpq and OpenSSL, while the process exits and tears them down, and it crashed so
    /// (a segfault in `r2d2-worker-0` as `vitalog migrate` ended, seen by `make bench`).
    pub keep_idle: bool,
}

impl DbOptions {
    pub fn new(url: &str) -> Self {
        Self {
            url: url.to_owned(),
            max_connections: 8,
            connect_timeout: Duration::from_secs(5),
            statement_timeout: Duration::from_secs(5),
            tcp_timeout: Duration::from_secs(10),
            keep_idle: true,
        }
    }

    /// For a command that opens the database, does one thing and exits.
    pub fn one_shot(mut self) -> Self {
        self.keep_idle = false;
        self
    }
}

/// Time for the answer to a statement PostgreSQL cancelled at `statement_timeout` to
/// arrive before the client gives up on the connection.
const ANSWER_GRACE: Duration = Duration::from_secs(2);

/// The PostgreSQL URL with the limits as libpq parameters, unless the URL sets them.
fn pg_url(url: &str, o: &DbOptions) -> String {
    let Ok(mut u) = url::Url::parse(url) else {
        return url.to_owned();
    };
    let pairs: Vec<(String, String)> = u.query_pairs().into_owned().collect();
    let has = |k: &str| pairs.iter().any(|(name, _)| name == k);
    let secs = |d: Duration| d.as_secs().max(1).to_string();
    let tcp = o.tcp_timeout;
    let mut add: Vec<(&str, String)> = vec![
        // libpq's minimum is 2 seconds.
        (
            "connect_timeout",
            o.connect_timeout.as_secs().max(2).to_string(),
        ),
        ("keepalives", "1".into()),
        ("keepalives_idle", secs(tcp / 2)),
        ("keepalives_interval", secs(tcp / 6)),
        ("keepalives_count", "3".into()),
        ("tcp_user_timeout", tcp.as_millis().to_string()),
    ];
    add.retain(|(k, _)| !has(k));
    let statement = format!("-c statement_timeout={}", o.statement_timeout.as_millis());
    let mut all: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| match k.as_str() {
            "options" if !v.contains("statement_timeout") => {
                (k.clone(), format!("{v} {statement}"))
            }
            _ => (k.clone(), v.clone()),
        })
        .collect();
    if !has("options") {
        all.push(("options".into(), statement));
    }
    all.extend(add.into_iter().map(|(k, v)| (k.to_owned(), v)));
    // libpq decodes `%20`, not form encoding's `+`, as a space.
    let enc = |t: &str| {
        url::form_urlencoded::byte_serialize(t.as_bytes())
            .collect::<String>()
            .replace('+', "%20")
    };
    let query = all
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect::<Vec<_>>()
        .join("&");
    u.set_query(Some(&query));
    u.to_string()
}

/// The port a PostgreSQL URL connects to over TCP; `None` for a Unix socket.
fn pg_port(url: &str) -> Option<u16> {
    let u = url::Url::parse(url).ok()?;
    let host = u.host_str().filter(|h| !h.is_empty())?;
    if host.starts_with('%') || host.starts_with('/') {
        return None;
    }
    Some(u.port().unwrap_or(5432))
}

#[derive(Debug, Clone)]
enum Target {
    Sqlite(PathBuf),
    Postgres(String),
}

/// Creates the folder a SQLite file (or its lock file) lives in, so a fresh data directory
/// works without a manual `mkdir`.
fn create_parent_dir(path: &Path) -> Result<(), DbError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| DbError::Connect(format!("{}: {e}", dir.display())))?;
    }
    Ok(())
}

fn parse_url(url: &str) -> Result<Target, DbError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok(Target::Postgres(url.to_owned()));
    }
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .ok_or_else(|| DbError::BadUrl(redact(url)))?;
    if path.is_empty() {
        return Err(DbError::BadUrl(redact(url)));
    }
    Ok(Target::Sqlite(PathBuf::from(path)))
}

/// Hides a password in a URL before it reaches a log or an error message.
pub fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_owned(),
    }
}

/// Opens connections the way each backend needs, reporting the real error (diesel's own
/// multi-backend `establish` hides it and leaves the pool to time out).
#[derive(Debug, Clone)]
struct Manager {
    target: Target,
    options: DbOptions,
    /// Advanced whenever the watchdog closes one of this pool's connections.
    generation: Arc<Generation>,
}

/// A pooled connection and, on PostgreSQL over TCP, its socket under the watchdog. The
/// socket comes first so it is dropped (forgotten by the watchdog) before the connection
/// closes the descriptor.
pub struct Pooled {
    socket: Option<Arc<Socket>>,
    conn: AnyConnection,
    /// The pool's generation when this connection began to open.
    born: u64,
}

impl std::ops::Deref for Pooled {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}

impl Pooled {
    /// Ends the operation: no statement of it is watched any more. An operation whose
    /// connection the watchdog closed fails as [`kernel::health::Unavailable`].
    fn finish(&self) -> Result<(), kernel::health::Unavailable> {
        match &self.socket {
            Some(s) => {
                s.disarm();
                if s.tripped() {
                    return Err(kernel::health::Unavailable(
                        "PostgreSQL did not answer in time".into(),
                    ));
                }
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Runs `f` without statement limits (migrations, copies: long statements are
    /// expected), then restores them.
    fn unbounded<R>(&mut self, f: impl FnOnce(&mut AnyConnection) -> R) -> anyhow::Result<R> {
        if let Some(s) = &self.socket {
            s.set_unbounded(true);
        }
        let is_pg = matches!(self.conn, AnyConnection::Postgresql(_));
        if is_pg {
            self.conn.batch_execute("SET statement_timeout = 0")?;
        }
        let out = f(&mut self.conn);
        if is_pg {
            self.conn.batch_execute("RESET statement_timeout")?;
        }
        if let Some(s) = &self.socket {
            s.set_unbounded(false);
        }
        Ok(out)
    }
}

impl Manager {
    fn new(target: Target, options: DbOptions) -> Self {
        Self {
            target,
            options,
            generation: Arc::default(),
        }
    }

    /// The watchdog closed a connection since this one began to open: the server stopped
    /// answering, and this connection most likely runs over the same dead path (a lost
    /// firewall or NAT flow never comes back). It is replaced, not pinged: a ping on a
    /// dead path costs a whole statement deadline, once per pooled connection.
    fn suspect(&self, conn: &Pooled) -> bool {
        conn.born != self.generation.current() || conn.socket.as_ref().is_some_and(|s| s.tripped())
    }

    fn open(&self) -> Result<Pooled, String> {
        // Read before connecting: a connection still opening when another is closed is
        // suspect too.
        let born = self.generation.current();
        match &self.target {
            Target::Postgres(url) => {
                let url = pg_url(url, &self.options);
                let limit = self.options.statement_timeout + ANSWER_GRACE;
                // libpq's connect_timeout (at least 2 s), then diesel's setup statements.
                let open_limit = self.options.connect_timeout.max(Duration::from_secs(2)) + limit;
                let (conn, socket) = match pg_port(&url) {
                    Some(port) => Socket::find(port, limit, open_limit, &self.generation, || {
                        PgConnection::establish(&url)
                    }),
                    None => (PgConnection::establish(&url), None),
                };
                let mut conn = conn.map_err(|e| e.to_string())?;
                if let Some(socket) = &socket {
                    let watched = Arc::downgrade(socket);
                    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
                        let Some(socket) = watched.upgrade() else {
                            return;
                        };
                        match event {
                            InstrumentationEvent::StartQuery { .. } => socket.arm(),
                            InstrumentationEvent::FinishQuery { .. } => socket.disarm(),
                            _ => {}
                        }
                    });
                }
                Ok(Pooled {
                    socket,
                    conn: AnyConnection::Postgresql(conn),
                    born,
                })
            }
            Target::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(&path.to_string_lossy())
                    .map_err(|e| e.to_string())?;
                // WAL lets readers work while one writer writes; synchronous=FULL makes an
                // acknowledged reading survive power loss, not only a killed process.
                conn.batch_execute(&format!(
                    // busy_timeout first: switching to WAL itself needs the lock.
                    "PRAGMA busy_timeout = {};
                     PRAGMA journal_mode = WAL;
                     PRAGMA synchronous = FULL;
                     PRAGMA foreign_keys = ON;",
                    self.options.statement_timeout.as_millis()
                ))
                .map_err(|e| e.to_string())?;
                Ok(Pooled {
                    socket: None,
                    conn: AnyConnection::Sqlite(conn),
                    born,
                })
            }
        }
    }
}

#[derive(Debug)]
struct ConnectError(String);
impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for ConnectError {}

impl r2d2::ManageConnection for Manager {
    type Connection = Pooled;
    type Error = ConnectError;

    fn connect(&self) -> Result<Pooled, ConnectError> {
        self.open().map_err(ConnectError)
    }

    fn is_valid(&self, conn: &mut Pooled) -> Result<(), ConnectError> {
        if self.suspect(conn) {
            return Err(ConnectError(
                "connection opened before PostgreSQL stopped answering; replacing it".into(),
            ));
        }
        let ok = conn.conn.batch_execute("SELECT 1");
        conn.finish().map_err(|e| ConnectError(e.to_string()))?;
        ok.map_err(|e| ConnectError(e.to_string()))
    }

    fn has_broken(&self, conn: &mut Pooled) -> bool {
        self.suspect(conn)
    }
}

/// A pool that gave no connection in time: the database is away or overloaded.
fn unavailable(e: r2d2::Error) -> anyhow::Error {
    anyhow::Error::new(kernel::health::Unavailable(e.to_string()))
}

/// The database: a connection pool plus, on SQLite, one in-process writer lock so write
/// transactions never fail on SQLite's lock upgrade (SQLITE_BUSY_SNAPSHOT).
#[derive(Clone)]
pub struct Db {
    pool: r2d2::Pool<Manager>,
    backend: Backend,
    write_lock: Arc<Mutex<()>>,
    /// The one source of "now" for the times the stores stamp (`created_at`, `sent_at`, ...):
    /// the services' clock, so a stamp and a window computed by a service agree.
    clock: Arc<dyn kernel::Clock>,
}

impl Db {
    /// Connects once directly (so a wrong URL, password or a down server is reported at
    /// once and clearly), then builds the pool.
    pub fn connect(options: &DbOptions) -> Result<Self, DbError> {
        let target = parse_url(&options.url)?;
        if let Target::Sqlite(path) = &target {
            create_parent_dir(path)?;
        }
        let backend = match target {
            Target::Sqlite(_) => Backend::Sqlite,
            Target::Postgres(_) => Backend::Postgres,
        };
        let manager = Manager::new(target, options.clone());
        let first = manager
            .open()
            .map_err(|e| DbError::Connect(format!("{} ({})", e.trim(), redact(&options.url))))?;
        let pool = r2d2::Pool::builder()
            .max_size(options.max_connections)
            .min_idle(Some(u32::from(options.keep_idle)))
            .connection_timeout(options.connect_timeout)
            // A PostgreSQL restart leaves pooled connections dead; checking each one out
            // with `SELECT 1` (tens of microseconds on a LAN) lets the pool replace them,
            // so Vitalog recovers without a restart. SQLite files cannot go away.
            .test_on_check_out(backend == Backend::Postgres)
            .build_unchecked(manager);
        drop(first);
        Ok(Self {
            pool,
            backend,
            write_lock: Arc::new(Mutex::new(())),
            clock: Arc::new(kernel::SystemClock),
        })
    }

    /// Stamps times from `clock` (the system clock until told otherwise).
    pub fn with_clock(mut self, clock: Arc<dyn kernel::Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// Now, by the clock the services read.
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.clock.now()
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Connections the pool keeps open in the background ([`DbOptions::keep_idle`]).
    #[cfg(test)]
    pub(crate) fn kept_idle(&self) -> u32 {
        self.pool.min_idle().unwrap_or(0)
    }

    /// Applies pending migrations; returns how many ran.
    pub fn migrate(&self) -> Result<usize, DbError> {
        let mut conn = self
            .pool
            .get()
            .map_err(|e| DbError::Connect(e.to_string()))?;
        let _guard = self.lock_writes();
        let ran = conn.unbounded(|conn| match conn {
            AnyConnection::Sqlite(c) => {
                c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len())
            }
            AnyConnection::Postgresql(c) => c
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|v| v.len()),
        })?;
        ran.map_err(|e| DbError::Migrate(e.to_string()))
    }

    pub(crate) fn lock_writes(&self) -> Option<std::sync::MutexGuard<'_, ()>> {
        match self.backend {
            // A poisoned lock only means another writer panicked; the database itself is
            // consistent (its transaction rolled back), so carry on.
            Backend::Sqlite => Some(self.write_lock.lock().unwrap_or_else(|p| p.into_inner())),
            Backend::Postgres => None,
        }
    }

    /// Runs `f` on a pooled connection on the blocking thread pool.
    pub async fn read<T, F>(&self, f: F) -> anyhow::Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut AnyConnection) -> QueryResult<T> + Send + 'static,
    {
        let db = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = db.pool.get().map_err(unavailable)?;
            let out = f(&mut conn);
            conn.finish()?;
            Ok(out?)
        })
        .await?
    }

    /// Runs `f` in one write transaction: everything it does commits together or not at all.
    pub async fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<diesel::result::Error> + From<anyhow::Error> + Send + 'static,
        F: FnOnce(&mut AnyConnection) -> Result<T, E> + Send + 'static,
    {
        let db = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut pooled = db.pool.get().map_err(unavailable)?;
            let _guard = db.lock_writes();
            let conn: &mut AnyConnection = &mut pooled;
            let out = conn.transaction(|conn| {
                take_write_lock(conn)?;
                f(conn)
            });
            pooled.finish().map_err(anyhow::Error::from)?;
            out
        })
        .await
        .map_err(anyhow::Error::from)?
    }

    /// Deletes what `delete` selects (a row of one owner, by id) in a write transaction;
    /// true when exactly one row went, so a missing or foreign id answers "not found".
    pub async fn delete_one<F>(&self, delete: F) -> anyhow::Result<bool>
    where
        F: FnOnce(&mut AnyConnection) -> QueryResult<usize> + Send + 'static,
    {
        self.write(move |conn| -> anyhow::Result<bool> { Ok(delete(conn)? == 1) })
            .await
    }

    /// Runs `f` (blocking) with a connection to this database and one to `target`, holding
    /// the target's write lock.
    pub(crate) fn with_target<R>(
        &self,
        target: &Db,
        f: impl FnOnce(&mut AnyConnection, &mut AnyConnection) -> anyhow::Result<R>,
    ) -> anyhow::Result<R> {
        let mut from = self.pool.get().map_err(unavailable)?;
        let mut to = target.pool.get().map_err(unavailable)?;
        let _guard = target.lock_writes();
        from.unbounded(|from| to.unbounded(|to| f(from, to)))??
    }

    /// A consistent copy of a live SQLite database (`VACUUM INTO`), safe while the server
    /// writes. PostgreSQL deployments use `pg_dump` instead.
    pub async fn backup_to(&self, dest: &Path) -> anyhow::Result<()> {
        if self.backend != Backend::Sqlite {
            anyhow::bail!(
                "vitalog backup copies SQLite databases; for PostgreSQL use pg_dump (e.g. `pg_dump --format=custom --file=vitalog.dump \"$VITALOG_DATABASE_URL\"`)"
            );
        }
        if dest.exists() {
            anyhow::bail!("{} already exists; choose a new file name", dest.display());
        }
        let dest = dest.to_string_lossy().replace('\'', "''");
        self.read(move |conn| conn.batch_execute(&format!("VACUUM INTO '{dest}'")))
            .await
    }

    /// Answers whether the database responds now (for `/health/ready`).
    pub async fn ping(&self) -> Result<(), String> {
        let db = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = db
                .pool
                .get_timeout(Duration::from_secs(2))
                .map_err(|e| e.to_string())?;
            let ok = conn.batch_execute("SELECT 1");
            conn.finish().map_err(|e| e.to_string())?;
            ok.map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| e.to_string())?
    }
}

#[async_trait::async_trait]
impl kernel::health::HealthCheck for Db {
    async fn check(&self) -> Result<(), String> {
        self.ping().await
    }
}

impl Db {
    /// The named secret, created on first use. Several servers racing to create it all end
    /// up with the one that was stored first.
    pub async fn shared_secret(&self, name: &str) -> anyhow::Result<String> {
        use crate::schema::app_secrets;
        let name = name.to_owned();
        let fresh = kernel::secret::generate()?;
        let now = self.now().naive_utc();
        self.write(move |conn| -> anyhow::Result<String> {
            let existing = app_secrets::table
                .find(&name)
                .select(app_secrets::value)
                .first::<String>(conn)
                .optional()?;
            if let Some(v) = existing {
                return Ok(v);
            }
            diesel::insert_into(app_secrets::table)
                .values((
                    app_secrets::name.eq(&name),
                    app_secrets::value.eq(&fresh),
                    app_secrets::created_at.eq(now),
                ))
                .execute(conn)?;
            Ok(fresh)
        })
        .await
    }
}

/// Serialises one kind of per-user write (e.g. a cap check and its insert) until the end of
/// the current transaction. PostgreSQL takes a transaction-scoped advisory lock; SQLite
/// writes are already serialised by the write lock and `BEGIN IMMEDIATE`.
pub(crate) fn lock_user_for(
    conn: &mut AnyConnection,
    backend: Backend,
    namespace: i32,
    user: kernel::UserId,
) -> anyhow::Result<()> {
    if backend == Backend::Postgres {
        let key = i32::try_from(user.0.rem_euclid(i64::from(i32::MAX)))?;
        diesel::sql_query("SELECT pg_advisory_xact_lock($1, $2)")
            .bind::<diesel::sql_types::Integer, _>(namespace)
            .bind::<diesel::sql_types::Integer, _>(key)
            .execute(conn)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
