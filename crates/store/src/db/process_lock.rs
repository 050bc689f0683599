//! One process per SQLite database.

use std::path::PathBuf;

use super::{DbError, Target, create_parent_dir, parse_url};

/// Proof that this process alone uses a SQLite database: an exclusive lock on a file next
/// to it (`vitalog.db.lock`), released when dropped or when the process dies, however it
/// dies. SQLite's own locks only serialise single statements; two servers on one file
/// interleave write transactions and fail each other's with `database is locked`.
#[derive(Debug)]
pub struct ProcessLock {
    _file: std::fs::File,
}

impl ProcessLock {
    /// Takes the lock for the database at `url`; `None` for PostgreSQL, which serves many
    /// processes. Fails at once, naming the file, if another process holds it.
    pub fn acquire(url: &str) -> Result<Option<Self>, DbError> {
        let Target::Sqlite(db_path) = parse_url(url)? else {
            return Ok(None);
        };
        let mut name = db_path.clone().into_os_string();
        name.push(".lock");
        let lock_path = PathBuf::from(name);
        create_parent_dir(&lock_path)?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| DbError::Connect(format!("{}: {e}", lock_path.display())))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(Self { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => Err(DbError::InUse(format!(
                "{} is in use by another vitalog process (it holds {}); stop it first: \
                 one SQLite database serves one process",
                db_path.display(),
                lock_path.display()
            ))),
            Err(std::fs::TryLockError::Error(e)) => Err(DbError::Connect(format!(
                "cannot lock {}: {e}",
                lock_path.display()
            ))),
        }
    }
}
