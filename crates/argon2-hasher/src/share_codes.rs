//! Access codes of shared links (sharing's [`CodeHasher`] port): the same Argon2id as
//! passwords, on a small pool of their own (`kernel::pool::BoundedPool`: a few threads, a
//! bounded queue, `Busy` beyond). Making or trying codes, however many at once, never takes
//! a hashing thread from the logins nor queues without bound (issue 33: one account making
//! shares in a loop made other users' logins 4.4 times slower).

use kernel::pool::BoundedPool;
use sharing::ports::CodeHasher;

use crate::{hash_phc, verify_phc};

pub struct ShareCodeHasher {
    pool: BoundedPool,
}

impl ShareCodeHasher {
    /// `threads` codes are hashed at once and `queue` more wait; the rest are refused
    /// with `kernel::pool::PoolError::Busy` (in the `anyhow::Error`). `on_thread_start`
    /// runs first on each thread (the server lowers their priority).
    pub fn new(
        threads: usize,
        queue: usize,
        on_thread_start: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        Self {
            pool: BoundedPool::new("share-code", threads, queue, on_thread_start),
        }
    }
}

#[async_trait::async_trait]
impl CodeHasher for ShareCodeHasher {
    async fn hash(&self, code: &str) -> anyhow::Result<String> {
        let code = code.to_owned();
        self.pool.run(move || hash_phc(code.as_bytes())).await?
    }

    async fn verify(&self, code: &str, hash: &str) -> anyhow::Result<bool> {
        let (code, hash) = (code.to_owned(), hash.to_owned());
        self.pool
            .run(move || verify_phc(code.as_bytes(), &hash))
            .await?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Argon2Hasher;
    use identity::ports::PasswordHasher;
    use kernel::pool::PoolError;
    use std::sync::{Arc, mpsc};
    use std::time::Duration;

    const WAIT: Duration = Duration::from_secs(20);

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn codes_are_hashed_while_every_login_thread_is_busy() {
        let logins = Arc::new(Argon2Hasher::new(1).expect("threads"));
        // The login hasher's one thread is held until the end of the test.
        let (release, held) = mpsc::channel::<()>();
        let (started, is_held) = tokio::sync::oneshot::channel();
        let holding = {
            let logins = logins.clone();
            tokio::spawn(async move {
                logins
                    .run(move || {
                        let _ = started.send(());
                        let _ = held.recv();
                        Ok(())
                    })
                    .await
            })
        };
        is_held.await.expect("the login thread is held");
        let codes = ShareCodeHasher::new(1, 1, || {});
        let hash = tokio::time::timeout(WAIT, codes.hash("Patel-2026"))
            .await
            .expect("not waiting for a login thread")
            .expect("hash");
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        let right = tokio::time::timeout(WAIT, codes.verify("Patel-2026", &hash))
            .await
            .expect("not waiting for a login thread")
            .expect("verify");
        assert!(right);
        release.send(()).expect("release");
        holding.await.expect("join").expect("ran");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_pool_is_busy_at_once_and_logins_are_not_held_up() {
        // One thread and no queue: one code at a time, the next refused at once.
        let codes = Arc::new(ShareCodeHasher::new(1, 0, || {}));
        let (release, held) = mpsc::channel::<()>();
        let (started, is_held) = tokio::sync::oneshot::channel();
        let running = {
            let codes = codes.clone();
            tokio::spawn(async move {
                codes
                    .pool
                    .run(move || {
                        let _ = started.send(());
                        let _ = held.recv();
                    })
                    .await
            })
        };
        is_held.await.expect("the code thread is held");
        let err = codes.hash("Patel-2026").await.expect_err("full");
        assert_eq!(
            err.downcast_ref::<PoolError>(),
            Some(&PoolError::Busy("share-code"))
        );
        // Logins hash on their own threads meanwhile.
        let logins = Argon2Hasher::new(1).expect("threads");
        tokio::time::timeout(WAIT, logins.hash("Abcdef1!"))
            .await
            .expect("not waiting for the code pool")
            .expect("hash");
        release.send(()).expect("release");
        running.await.expect("join").expect("ran");
        codes.hash("Patel-2026").await.expect("free again");
    }
}
