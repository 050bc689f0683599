//! A few dedicated threads for CPU-heavy work (parsing, comparing, rendering), so that it
//! never runs on the async workers that answer everyone's requests, and a bounded queue in
//! front of them, so that a burst is refused at once instead of piling up memory and
//! latency. Same shape as the password hashing threads (`argon2_hasher`).

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, OnceLock};

type Job = Box<dyn FnOnce() + Send>;
type ThreadStart = Arc<dyn Fn() + Send + Sync>;

/// Why a job did not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// Every thread is working and the queue is full: try again shortly.
    #[error("the {0} pool is busy")]
    Busy(&'static str),
    /// The threads could not be started, or the job panicked.
    #[error("the {0} pool failed to run the job")]
    Failed(&'static str),
}

pub struct BoundedPool {
    name: &'static str,
    threads: usize,
    queue: usize,
    on_thread_start: ThreadStart,
    /// Jobs running or waiting; at most `threads + queue`.
    admitted: Arc<AtomicUsize>,
    /// Told each time a place is given back, for callers waiting in turn.
    freed: Arc<tokio::sync::Notify>,
    /// Started on first use, so building a service costs no threads.
    jobs: OnceLock<Option<Sender<Job>>>,
}

/// One admitted job's place; given back when the job ends, however it ends.
struct Place(Arc<AtomicUsize>, Arc<tokio::sync::Notify>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
        self.1.notify_one();
    }
}

impl BoundedPool {
    /// `threads` jobs run at once and at most `queue` more wait; the rest are refused with
    /// [`PoolError::Busy`]. `on_thread_start` runs first on each thread (e.g. to lower its
    /// scheduling priority). The threads end when the pool is dropped.
    pub fn new(
        name: &'static str,
        threads: usize,
        queue: usize,
        on_thread_start: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        Self {
            name,
            threads: threads.max(1),
            queue,
            on_thread_start: Arc::new(on_thread_start),
            admitted: Arc::default(),
            freed: Arc::default(),
            jobs: OnceLock::new(),
        }
    }

    /// How many jobs run at once.
    pub fn threads(&self) -> usize {
        self.threads
    }

    fn start(&self) -> Option<Sender<Job>> {
        // The channel itself is unbounded: admission (`admitted`) is the bound.
        let (jobs, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..self.threads {
            let receiver = receiver.clone();
            let on_thread_start = self.on_thread_start.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("{}-{i}", self.name))
                .spawn(move || {
                    on_thread_start();
                    loop {
                        let job = match receiver.lock() {
                            Ok(r) => r.recv(),
                            Err(_) => return,
                        };
                        let Ok(job) = job else { return };
                        // A panicking job answers its caller with an error (its sender is
                        // dropped); the thread stays for the next one.
                        let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
                    }
                });
            if let Err(e) = spawned {
                tracing_free_log(self.name, &e);
                return None;
            }
        }
        Some(jobs)
    }

    /// Runs `work` on one of the pool's threads and waits for its answer without holding
    /// the caller's thread.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let jobs = self.jobs()?;
        let place = self.admit().ok_or(PoolError::Busy(self.name))?;
        self.dispatch(jobs, place, work).await
    }

    /// As [`Self::run`], but waits for a place (first come, first served) instead of
    /// being refused: for work already admitted and bounded by its caller (an import holds
    /// an import turn), which must not fail as "busy" once its answer has begun.
    pub async fn run_in_turn<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let jobs = self.jobs()?;
        loop {
            // Registered before trying, so a place given back in between is not missed.
            let mut freed = std::pin::pin!(self.freed.notified());
            freed.as_mut().enable();
            if let Some(place) = self.admit() {
                return self.dispatch(jobs, place, work).await;
            }
            freed.await;
        }
    }

    /// The threads' queue, the threads started on first use.
    fn jobs(&self) -> Result<&Sender<Job>, PoolError> {
        self.jobs
            .get_or_init(|| self.start())
            .as_ref()
            .ok_or(PoolError::Failed(self.name))
    }

    fn admit(&self) -> Option<Place> {
        let capacity = self.threads + self.queue;
        self.admitted
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < capacity).then_some(n + 1)
            })
            .ok()?;
        Some(Place(self.admitted.clone(), self.freed.clone()))
    }

    async fn dispatch<T: Send + 'static>(
        &self,
        jobs: &Sender<Job>,
        place: Place,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let out = work();
            // The place is free before the caller hears back, so it may go again at once.
            drop(place);
            let _ = tx.send(out);
        });
        jobs.send(job).map_err(|_| PoolError::Failed(self.name))?;
        rx.await.map_err(|_| PoolError::Failed(self.name))
    }
}

/// The kernel has no logger; a failed thread start is rare enough for stderr.
fn tracing_free_log(name: &str, e: &std::io::Error) {
    eprintln!("could not start a {name} thread: {e}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn jobs_in_turn_wait_for_a_place_instead_of_being_refused() {
        // One thread, no queue: while it works, a second job is refused by `run`, but
        // waits with `run_in_turn` (polled once: pending, not refused), then runs.
        let pool = Arc::new(BoundedPool::new("test", 1, 0, || {}));
        let (release, held) = std::sync::mpsc::channel::<()>();
        let first = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(move || held.recv().is_ok()).await })
        };
        while pool.admitted.load(Ordering::Acquire) == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.run(|| ()).await, Err(PoolError::Busy("test")));
        let mut waiting: Vec<_> = (0..3)
            .map(|i| Box::pin(pool.run_in_turn(move || i)))
            .collect();
        for w in &mut waiting {
            let polled_once = tokio::time::timeout(std::time::Duration::ZERO, w.as_mut()).await;
            assert!(polled_once.is_err(), "waits while the thread works");
        }
        release.send(()).expect("release");
        assert_eq!(first.await.expect("join"), Ok(true));
        for (i, w) in waiting.into_iter().enumerate() {
            assert_eq!(w.await, Ok(i));
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn runs_jobs_and_refuses_beyond_threads_plus_queue() {
        let pool = Arc::new(BoundedPool::new("test", 2, 1, || {}));
        assert_eq!(pool.run(|| 6 * 7).await, Ok(42));
        // Hold both threads...
        let (release, gate) = channel::<()>();
        let gate = Arc::new(Mutex::new(gate));
        let (started_tx, started) = channel::<()>();
        let mut held = Vec::new();
        for _ in 0..2 {
            let (gate, started_tx, pool) = (gate.clone(), started_tx.clone(), pool.clone());
            held.push(tokio::spawn(async move {
                pool.run(move || {
                    let _ = started_tx.send(());
                    let _ = gate.lock().map(|g| g.recv());
                })
                .await
            }));
        }
        for _ in 0..2 {
            started.recv().expect("a thread took a job");
        }
        // ...then of two more jobs one waits in the queue of one and the other is refused.
        let more: Vec<_> = (0..2)
            .map(|i| {
                let pool = pool.clone();
                tokio::spawn(async move { pool.run(move || i).await })
            })
            .collect();
        let mut refused = None;
        while refused.is_none() {
            refused = more.iter().position(|h| h.is_finished());
            tokio::task::yield_now().await;
        }
        for _ in 0..2 {
            release.send(()).expect("release");
        }
        for h in held {
            assert_eq!(h.await.expect("join"), Ok(()));
        }
        let mut results = Vec::new();
        for h in more {
            results.push(h.await.expect("join"));
        }
        results.sort_by_key(|r| r.is_ok());
        assert!(
            matches!(results[..], [Err(PoolError::Busy("test")), Ok(_)]),
            "{results:?}"
        );
        assert_eq!(pool.run(|| 2).await, Ok(2), "usable again");
    }

    #[tokio::test]
    async fn a_panicking_job_fails_alone() {
        let pool = BoundedPool::new("test", 1, 0, || {});
        let r: Result<(), _> = pool.run(|| panic!("boom")).await;
        assert_eq!(r, Err(PoolError::Failed("test")));
        assert_eq!(pool.run(|| 3).await, Ok(3));
    }
}
