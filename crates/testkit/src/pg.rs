//! One PostgreSQL schema per test, so tests run in parallel against one server without
//! seeing each other's rows. PostgreSQL is required: an unreachable server fails the test
//! with instructions, never skips it.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

pub const DEFAULT_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

pub fn server_url() -> String {
    std::env::var("VITALOG_TEST_POSTGRES_URL").unwrap_or_else(|_| DEFAULT_URL.to_owned())
}

pub struct Schema {
    pub name: String,
    pub url: String,
    base: String,
}

impl Schema {
    pub fn create() -> Self {
        let base = server_url();
        let mut conn = PgConnection::establish(&base).unwrap_or_else(|e| {
            panic!(
                "PostgreSQL is required for the storage tests and is not reachable at {base}: {e}\n\
                 Start it (`scripts/ensure-postgres.sh`) or set VITALOG_TEST_POSTGRES_URL."
            )
        });
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).expect("random");
        let name = format!(
            "t_{}",
            bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()
        );
        conn.batch_execute(&format!("CREATE SCHEMA {name}"))
            .expect("create test schema");
        let sep = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{sep}options=-csearch_path%3D{name}");
        Self { name, url, base }
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        if let Ok(mut conn) = PgConnection::establish(&self.base) {
            let _ = conn.batch_execute(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name));
        }
    }
}
