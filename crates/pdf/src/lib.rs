//! Renders a [`ReportDocument`] as a PDF a clinic would be glad to receive: header with the
//! patient and period, vector trend charts with axes and units, the analysis, and every
//! reading in a table that continues across pages with repeated headers.

mod canvas;
mod charts;
mod layout;
mod metrics;
mod sections;

use kernel::pool::BoundedPool;
use reports::ReportDocument;
use reports::ports::PdfRenderer;

/// Documents waiting for a thread. Callers already bound how many are in flight
/// (`kernel::gate::UserGate` in the reports service), so this only guards against a caller that does not.
const QUEUE: usize = 64;

/// The printpdf renderer. Documents are drawn on a few threads of its own, started once and
/// reused for life: a ten-year report allocates ~100 MiB while it is drawn, and drawing on
/// whichever thread is free (the blocking pool grows to hundreds) left that memory scattered
/// over many allocator arenas after a burst (2.2 GiB after 16 at once). On a fixed set of
/// threads the same few arenas serve every report.
pub struct PrintPdfRenderer {
    pool: BoundedPool,
}

impl PrintPdfRenderer {
    /// `threads` (at least one) documents are drawn at once; the rest wait their turn.
    /// `on_thread_start` runs first on each thread (e.g. to lower its priority). The threads
    /// end when the renderer is dropped.
    pub fn new(
        threads: usize,
        on_thread_start: impl Fn() + Send + Sync + 'static,
    ) -> anyhow::Result<Self> {
        Ok(Self {
            pool: BoundedPool::new("pdf", threads, QUEUE, on_thread_start),
        })
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        self.pool.run(work).await?
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
    use std::sync::Arc;
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
