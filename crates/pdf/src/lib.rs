//! Renders a [`ReportDocument`] as a PDF a clinic would be glad to receive: header with the
//! patient and period, vector trend charts with axes and units, the analysis, and every
//! reading in a table that continues across pages with repeated headers.

mod canvas;
mod charts;
mod layout;
mod metrics;

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, mpsc};

use reports::ReportDocument;
use reports::ports::PdfRenderer;

type Job = Box<dyn FnOnce() + Send>;

/// The printpdf renderer. Documents are drawn on a few threads of its own, started once and
/// reused for life: a ten-year report allocates ~100 MiB while it is drawn, and glibc keeps
/// freed memory in per-thread arenas, so drawing on whichever thread is free (the blocking
/// pool grows to hundreds) left that memory scattered over many arenas after a burst (2.2 GiB
/// after 16 at once). On a fixed set of threads the same few arenas serve every report.
/// Callers bound how many documents wait (see `reports::gate`).
pub struct PrintPdfRenderer {
    jobs: mpsc::Sender<Job>,
}

impl PrintPdfRenderer {
    /// `threads` (at least one) documents are drawn at once; the rest wait their turn.
    /// `on_thread_start` runs first on each thread (e.g. to lower its priority). The threads
    /// end when the renderer is dropped.
    pub fn new(
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
                .name(format!("pdf-{i}"))
                .spawn(move || {
                    on_thread_start();
                    loop {
                        // The lock is held only while waiting for the next job.
                        let job = match queue.lock() {
                            Ok(q) => q.recv(),
                            Err(_) => return,
                        };
                        let Ok(job) = job else { return };
                        // A panicking render answers its caller with an error (its sender is
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
            .map_err(|_| anyhow::anyhow!("the report rendering threads have stopped"))?;
        rx.await
            .map_err(|_| anyhow::anyhow!("report rendering failed without an answer"))?
    }
}

#[async_trait::async_trait]
impl PdfRenderer for PrintPdfRenderer {
    async fn render(&self, doc: ReportDocument) -> anyhow::Result<Vec<u8>> {
        self.run(move || layout::render(&doc)).await
    }
}

pub use layout::render;

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Runs `n` jobs at once; returns the names of the threads that ran them.
    async fn thread_names(r: &PrintPdfRenderer, n: usize) -> Vec<String> {
        let pending: Vec<_> = (0..n)
            .map(|_| r.run(|| Ok(std::thread::current().name().unwrap_or_default().to_owned())))
            .collect();
        let mut out = Vec::new();
        for p in pending {
            out.push(p.await.expect("job"));
        }
        out
    }

    #[tokio::test]
    async fn renders_run_only_on_the_fixed_threads() {
        let started = Arc::new(AtomicUsize::new(0));
        let counter = started.clone();
        let r = PrintPdfRenderer::new(2, move || {
            counter.fetch_add(1, Ordering::SeqCst);
        })
        .expect("threads");
        let names = thread_names(&r, 12).await;
        // Each thread runs one job at a time, so at most two documents are drawn at once,
        // and no other thread ever draws one.
        assert!(
            names.iter().all(|n| n == "pdf-0" || n == "pdf-1"),
            "{names:?}"
        );
        assert!(started.load(Ordering::SeqCst) <= 2);
    }

    #[tokio::test]
    async fn a_panicking_render_is_an_error_and_the_thread_serves_the_next() {
        let r = PrintPdfRenderer::new(1, || {}).expect("threads");
        let failed = r.run(|| -> anyhow::Result<()> { panic!("boom") }).await;
        assert!(failed.is_err());
        assert_eq!(thread_names(&r, 1).await, vec!["pdf-0".to_owned()]);
    }
}
