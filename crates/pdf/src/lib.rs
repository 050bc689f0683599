//! Renders a [`ReportDocument`] as a PDF a clinic would be glad to receive: header with the
//! patient and period, vector trend charts with axes and units, the analysis, and every
//! reading in a table that continues across pages with repeated headers.

mod canvas;
mod charts;
mod layout;
mod metrics;

use reports::ReportDocument;
use reports::ports::PdfRenderer;

/// The printpdf renderer; runs on the blocking thread pool.
#[derive(Debug, Default, Clone, Copy)]
pub struct PrintPdfRenderer;

#[async_trait::async_trait]
impl PdfRenderer for PrintPdfRenderer {
    async fn render(&self, doc: ReportDocument) -> anyhow::Result<Vec<u8>> {
        tokio::task::spawn_blocking(move || layout::render(&doc)).await?
    }
}

pub use layout::render;
