//! Test support shared by the crates' integration tests. Never linked into the binary.

// Test code: a fixture that cannot be set up fails the test with a message, as in tests.
#![allow(clippy::expect_used)]

pub mod passkey;
pub mod paypal;
pub mod pg;
pub mod proxy;
pub mod smtp;

/// Both storage backends, for tests that must pass on each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A fresh, isolated database URL for one test, removed when the guard drops.
pub struct TestDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    _schema: Option<pg::Schema>,
}

impl TestDb {
    pub fn new(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("temp dir");
                let url = format!("sqlite://{}", dir.path().join("vitalog.db").display());
                Self {
                    url,
                    _dir: Some(dir),
                    _schema: None,
                }
            }
            Backend::Postgres => {
                let schema = pg::Schema::create();
                Self {
                    url: schema.url.clone(),
                    _dir: None,
                    _schema: Some(schema),
                }
            }
        }
    }
}

/// Declares `mod sqlite { #[tokio::test] fn name() }` and `mod postgres { ... }` running one
/// async test body (a function `async fn body(backend: Backend)`) on both backends.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::Backend::Sqlite).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::Backend::Postgres).await
                }
            )*
        }
    };
}
