//! Password hashing adapter: Argon2id on a few dedicated threads, behind identity's
//! [`PasswordHasher`] port. Each hash takes ~19 MiB and tens
//! of milliseconds of CPU, so a burst of logins must neither stall the async workers, nor
//! take memory without bound, nor take the CPU from everyone else's requests: the jobs queue
//! for a fixed number of threads, each thread keeps one Argon2 working memory for its
//! lifetime, and the server lowers those threads' priority through `on_thread_start`.
//! Shared links' access codes are hashed alike on a pool of their own ([`ShareCodeHasher`]).

use std::cell::RefCell;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, mpsc};

use argon2::password_hash::phc::{Output, ParamsString, Salt};
use argon2::{Algorithm, Argon2, Block, Params, PasswordHash, Version};

use identity::ports::PasswordHasher;

mod share_codes;
pub use share_codes::ShareCodeHasher;

type Job = Box<dyn FnOnce() + Send>;

pub struct Argon2Hasher {
    jobs: mpsc::Sender<Job>,
}

impl Argon2Hasher {
    /// `threads` hashes run at once; the rest wait their turn.
    pub fn new(threads: usize) -> anyhow::Result<Self> {
        Self::with_thread_start(threads, || {})
    }

    /// As `new`, running `on_thread_start` first on each hashing thread (e.g. to lower its
    /// scheduling priority). The threads end when the hasher is dropped.
    pub fn with_thread_start(
        threads: usize,
        on_thread_start: impl Fn() + Send + Sync + 'static,
    ) -> anyhow::Result<Self> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        let on_thread_start = Arc::new(on_thread_start);
        for i in 0..threads.max(1) {
            let queue = queue.clone();
            let on_thread_start = on_thread_start.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{i}"))
                .spawn(move || {
                    on_thread_start();
                    loop {
                        // The lock is held only while waiting for the next job.
                        let job = match queue.lock() {
                            Ok(q) => q.recv(),
                            Err(_) => return,
                        };
                        let Ok(job) = job else { return };
                        // A panicking job answers its caller with an error (its sender is
                        // dropped); the thread stays for the next one.
                        let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
                    }
                })?;
        }
        Ok(Self { jobs })
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move || {
                let _ = tx.send(work());
            }))
            .map_err(|_| anyhow::anyhow!("password hashing threads have stopped"))?;
        rx.await
            .map_err(|_| anyhow::anyhow!("password hashing failed without an answer"))?
    }
}

/// Argon2 with the OWASP parameters (argon2id, m=19456 KiB, t=2, p=1): the crate's defaults.
fn argon2() -> Argon2<'static> {
    Argon2::default()
}

thread_local! {
    /// The working memory of this thread's hashes, allocated once. Allocating ~19 MiB per
    /// hash let glibc keep ~175 MiB in its per-thread arenas after a burst of 20 logins
    /// (measured with `make bench`); reusing one buffer per hashing thread bounds it.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

fn with_memory<T>(blocks: usize, f: impl FnOnce(&mut [Block]) -> T) -> T {
    MEMORY.with_borrow_mut(|memory| {
        if memory.len() < blocks {
            *memory = vec![Block::default(); blocks];
        }
        f(memory)
    })
}

/// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) of `password` with a new salt.
fn hash_phc(password: &[u8]) -> anyhow::Result<String> {
    let hasher = argon2();
    let params = hasher.params().clone();
    let mut salt = [0u8; Salt::RECOMMENDED_LENGTH];
    getrandom::fill(&mut salt).map_err(|e| anyhow::anyhow!("no randomness for a salt: {e}"))?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    with_memory(params.block_count(), |memory| {
        hasher.hash_password_into_with_memory(password, &salt, &mut out, memory)
    })
    .map_err(|e| anyhow::anyhow!("argon2 hash failed: {e}"))?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params)
            .map_err(|e| anyhow::anyhow!("argon2 params: {e}"))?,
        salt: Some(Salt::new(&salt).map_err(|e| anyhow::anyhow!("argon2 salt: {e}"))?),
        hash: Some(Output::new(&out).map_err(|e| anyhow::anyhow!("argon2 output: {e}"))?),
    };
    Ok(phc.to_string())
}

/// Whether `password` matches the PHC string `hash`, with the algorithm, version and
/// parameters the string names (so hashes made with other parameters keep working).
fn verify_phc(password: &[u8], hash: &str) -> anyhow::Result<bool> {
    let bad = |e: &dyn std::fmt::Display| anyhow::anyhow!("argon2 verify failed: {e}");
    let phc = PasswordHash::new(hash).map_err(|e| bad(&e))?;
    let (Some(salt), Some(expected)) = (&phc.salt, &phc.hash) else {
        return Err(bad(&"the stored hash has no salt or no output"));
    };
    let algorithm = Algorithm::try_from(phc.algorithm.as_str()).map_err(|e| bad(&e))?;
    let version = match phc.version {
        Some(v) => Version::try_from(v).map_err(|e| bad(&e))?,
        None => Version::default(),
    };
    let params = Params::try_from(&phc).map_err(|e| bad(&e))?;
    let mut out = vec![0u8; expected.len()];
    with_memory(params.block_count(), |memory| {
        Argon2::new(algorithm, version, params.clone())
            .hash_password_into_with_memory(password, salt, &mut out, memory)
    })
    .map_err(|e| bad(&e))?;
    // Output's equality is constant-time.
    Ok(Output::new(&out).map_err(|e| bad(&e))? == *expected)
}

#[async_trait::async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let password = password.to_owned();
        self.run(move || hash_phc(password.as_bytes())).await
    }

    async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool> {
        let password = password.to_owned();
        let hash = hash.to_owned();
        self.run(move || verify_phc(password.as_bytes(), &hash))
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordHasher as _;
    use identity::ports::dummy_hash;

    #[tokio::test]
    async fn hash_then_verify() {
        let h = Argon2Hasher::new(2).expect("threads");
        let hash = h.hash("Abcdef1!").await.expect("hash");
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(h.verify("Abcdef1!", &hash).await.expect("verify"));
        assert!(!h.verify("Abcdef1?", &hash).await.expect("verify"));
        assert!(h.verify("x", "not a hash").await.is_err());
    }

    #[test]
    fn hashes_are_interchangeable_with_the_argon2_crates_own() {
        use argon2::PasswordVerifier as _;
        // Stored by an earlier version (the crate's own hash_password), verified here...
        let theirs = argon2()
            .hash_password(b"Abcdef1!")
            .expect("hash")
            .to_string();
        assert!(verify_phc(b"Abcdef1!", &theirs).expect("verify"));
        assert!(!verify_phc(b"abcdef1!", &theirs).expect("verify"));
        // ...and made here, verified by the crate.
        let ours = hash_phc(b"Abcdef1!").expect("hash");
        assert!(argon2().verify_password(b"Abcdef1!", ours.as_str()).is_ok());
        assert!(
            argon2()
                .verify_password(b"Abcdef1?", ours.as_str())
                .is_err()
        );
        // Two hashes of one password differ by their salt.
        assert_ne!(ours, hash_phc(b"Abcdef1!").expect("hash"));
    }

    #[test]
    fn hashes_with_other_parameters_still_verify() {
        let params = Params::new(8192, 3, 1, None).expect("params");
        let weaker = Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password(b"Abcdef1!")
            .expect("hash")
            .to_string();
        assert!(weaker.contains("m=8192,t=3,p=1"), "{weaker}");
        // After a bigger buffer was made on this thread, a smaller hash still verifies.
        hash_phc(b"warm up").expect("hash");
        assert!(verify_phc(b"Abcdef1!", &weaker).expect("verify"));
        assert!(!verify_phc(b"Abcdef1", &weaker).expect("verify"));
    }

    #[tokio::test]
    async fn dummy_hash_is_verifiable() {
        let h = Argon2Hasher::new(1).expect("threads");
        assert!(!h.verify("Abcdef1!", dummy_hash()).await.expect("verify"));
    }

    #[tokio::test]
    async fn hashes_run_only_on_the_pool_threads_after_their_start_hook() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let started = Arc::new(AtomicUsize::new(0));
        let counter = started.clone();
        let h = Argon2Hasher::with_thread_start(2, move || {
            counter.fetch_add(1, Ordering::SeqCst);
        })
        .expect("threads");
        let names: Vec<String> = thread_names(&h, 6).await;
        // Both threads start at construction, whether or not they have had a job yet.
        for _ in 0..100 {
            if started.load(Ordering::SeqCst) == 2 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert_eq!(started.load(Ordering::SeqCst), 2);
        assert!(names.iter().all(|n| n.starts_with("argon2-")), "{names:?}");
    }

    /// Runs `n` jobs at once and returns the names of the threads that ran them.
    async fn thread_names(h: &Argon2Hasher, n: usize) -> Vec<String> {
        let mut out = Vec::new();
        let mut pending = Vec::new();
        for _ in 0..n {
            pending
                .push(h.run(|| Ok(std::thread::current().name().unwrap_or_default().to_owned())));
        }
        for p in pending {
            out.push(p.await.expect("job"));
        }
        out
    }

    #[tokio::test]
    async fn a_panicking_job_is_an_error_and_the_thread_serves_the_next() {
        let h = Argon2Hasher::new(1).expect("threads");
        let failed = h.run(|| -> anyhow::Result<()> { panic!("boom") }).await;
        assert!(failed.is_err());
        assert!(h.verify("Abcdef1!", dummy_hash()).await.is_ok());
    }
}
