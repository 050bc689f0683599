//! Argon2id password hashing, run on the blocking thread pool and bounded by a semaphore:
//! each hash takes ~19 MiB and tens of milliseconds of CPU, so a burst of logins must
//! neither stall the async workers nor allocate memory without limit.

use std::sync::{Arc, OnceLock};

use argon2::{Argon2, PasswordHasher as _, PasswordVerifier as _};
use tokio::sync::Semaphore;

use crate::ports::PasswordHasher;

pub struct Argon2Hasher {
    permits: Arc<Semaphore>,
}

impl Argon2Hasher {
    /// `max_concurrent` hashes run at once; the rest wait their turn.
    pub fn new(max_concurrent: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(max_concurrent.max(1))),
        }
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let _permit = self.permits.clone().acquire_owned().await?;
        tokio::task::spawn_blocking(work).await?
    }
}

/// Argon2 with the OWASP parameters (argon2id, m=19456 KiB, t=2, p=1): the crate's defaults.
fn argon2() -> Argon2<'static> {
    Argon2::default()
}

#[async_trait::async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let password = password.to_owned();
        self.run(move || {
            argon2()
                .hash_password(password.as_bytes())
                .map(|h| h.to_string())
                .map_err(|e| anyhow::anyhow!("argon2 hash failed: {e}"))
        })
        .await
    }

    async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool> {
        let password = password.to_owned();
        let hash = hash.to_owned();
        self.run(
            move || match argon2().verify_password(password.as_bytes(), hash.as_str()) {
                Ok(()) => Ok(true),
                Err(argon2::password_hash::Error::PasswordInvalid) => Ok(false),
                Err(e) => Err(anyhow::anyhow!("argon2 verify failed: {e}")),
            },
        )
        .await
    }
}

/// A valid hash of a random secret, verified against when the user does not exist so that
/// "unknown user" and "wrong password" take the same time.
pub fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let secret = kernel::secret::generate().unwrap_or_else(|_| "vitalog-dummy".to_owned());
        argon2()
            .hash_password(secret.as_bytes())
            .map(|h| h.to_string())
            // The fallback is a syntactically valid argon2id hash of an unknown password.
            .unwrap_or_else(|_| {
                "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$ZWf1dXD+UqhAQzk6A2iXKX1WBcDNH3hfuEHtU8zP0ps".to_owned()
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hash_then_verify() {
        let h = Argon2Hasher::new(2);
        let hash = h.hash("Abcdef1!").await.expect("hash");
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(h.verify("Abcdef1!", &hash).await.expect("verify"));
        assert!(!h.verify("Abcdef1?", &hash).await.expect("verify"));
        assert!(h.verify("x", "not a hash").await.is_err());
    }

    #[tokio::test]
    async fn dummy_hash_is_verifiable() {
        let h = Argon2Hasher::new(1);
        assert!(!h.verify("Abcdef1!", dummy_hash()).await.expect("verify"));
    }
}
