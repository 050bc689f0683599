//! The readers of other apps' exports: OMRON connect, Withings Health Mate, Apple Health,
//! any spreadsheet, and Vitalog's own CSV. Every reader reads a file on disk as a stream (an
//! Apple Health export is hundreds of MB), zips through the one guard ([`zip_guard`]), and
//! hands each reading to the imports context's `Collector`, which applies the reading
//! form's rules and the bounds of one file and reports progress. [`Readers`] answers the
//! imports context's `FormatReader` port.
//!
//! What each format is, and the rules chosen for it, is written in `docs/import.md`.

use std::io::Read;
use std::path::Path;

use imports::formats::Sniff;
// What the readers' tests name beside the readers' own vocabulary.
pub(crate) use imports::formats::{
    AsRead, Candidate, Collector, Context, DateOrder, FileError, Format, MSG_PERIOD_TIMES, Mapping,
    Parsed, SkipReason, TimeBasis, excerpt, skip_of,
};
#[cfg(test)]
pub(crate) use imports::formats::{MSG_CANCELLED, Progress, Skipped, Snapshot};
use imports::ports::FormatReader;

pub mod apple;
pub mod detect;
mod layouts;
pub mod omron;
pub mod spreadsheet;
mod text;
pub mod units;
pub mod vitalog;
pub mod withings;
pub mod words;
mod zip_guard;

pub const MSG_EMPTY: &str = "The file is empty.";
pub const MSG_NOT_UTF8: &str =
    "The file is not UTF-8 text. Save it again as \"CSV UTF-8\" and import that file.";
/// An XML export is written in UTF-8 by the app that made it: another encoding means
/// another file.
pub const MSG_XML_NOT_UTF8: &str = "This XML file is not UTF-8 text, as the Health app writes it: choose the export.zip the Health app made.";

/// Reads `path` as `format` (already resolved: see [`detect::resolve`] for "automatic").
pub fn parse(format: Format, path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    match format {
        Format::Vitalog => vitalog::parse(path, ctx),
        Format::Omron => omron::parse(path, ctx),
        Format::Withings => withings::parse(path, ctx),
        Format::AppleHealth => apple::parse(path, ctx),
        Format::Spreadsheet => spreadsheet::parse(path, ctx),
    }
}

/// The bytes of a file's head that a sniff reads.
const HEAD_BYTES: u64 = 64 * 1024;

/// Every reader, as the import use cases ask for them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Readers;

impl FormatReader for Readers {
    fn sniff(&self, head: &[u8], file_name: &str, header_row: Option<u64>) -> Sniff {
        detect::sniff_at(head, file_name, header_row)
    }

    fn resolve(&self, path: &Path, file_name: &str) -> Result<Format, FileError> {
        detect::resolve(path, file_name)
    }

    fn parse(&self, format: Format, path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
        parse(format, path, ctx)
    }

    fn columns(&self, path: &Path, header_row: Option<u64>) -> Vec<String> {
        let mut head = Vec::with_capacity(HEAD_BYTES as usize);
        let read =
            std::fs::File::open(path).and_then(|file| file.take(HEAD_BYTES).read_to_end(&mut head));
        match read {
            Ok(_) => detect::sniff_at(&head, "", header_row).columns,
            Err(_) => Vec::new(),
        }
    }
}

#[cfg(test)]
#[allow(dead_code)] // each reader's tests use their part
pub(crate) mod testing {
    //! What the readers' tests share: a context at a fixed "now", files written to a temp
    //! dir.

    pub use imports::formats::testing::context;

    use super::*;

    /// Each skipped row as (location, reason, message), to compare with what a test expects.
    pub fn why(p: &Parsed) -> Vec<(&str, SkipReason, &str)> {
        p.skipped
            .iter()
            .map(|s| (s.location.as_str(), s.reason, s.message.as_str()))
            .collect()
    }

    /// A number or `-`.
    pub fn n<T: ToString>(x: Option<T>) -> String {
        x.map_or("-".to_owned(), |x| x.to_string())
    }

    /// A file holding `bytes`, removed when the returned value is dropped.
    pub fn file(name: &str, bytes: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("write: {e}"));
        (dir, path)
    }
}

#[cfg(test)]
mod tests {
    //! The collector's bounds with a reader's messages.

    use imports::formats::{MAX_SKIPPED_LISTED, MAX_SKIPPED_LISTED_BYTES};

    use super::*;

    #[test]
    fn skipped_rows_quote_an_excerpt_and_their_list_is_bounded_in_bytes() {
        // The attack: 499 rows each with a ~1 MB junk date. Each message quoted the whole
        // cell, 500 were kept and sent as one 519 MB line of the preview.
        let ctx = testing::context(chrono_tz::UTC, None);
        let mut out = Collector::new(Format::Withings, &ctx, TimeBasis::AsWritten);
        let junk = "9".repeat(1 << 20);
        for i in 0..MAX_SKIPPED_LISTED + 10 {
            let message = text::unreadable("date", &junk, "2023-07-06 10:43:12");
            out.skip(
                format!("bp.csv line {i}"),
                SkipReason::UnreadableDate,
                message,
            );
        }
        let parsed = out.finish();
        let listed: usize = parsed
            .skipped
            .iter()
            .map(|s| s.location.len() + s.message.len())
            .sum();
        assert!(listed <= MAX_SKIPPED_LISTED_BYTES, "{listed} bytes listed");
        assert!(
            parsed.skipped.iter().all(|s| s.message.len() < 200),
            "{:?}",
            parsed.skipped.first()
        );
        assert_eq!(
            parsed.skipped_counts[&SkipReason::UnreadableDate],
            (MAX_SKIPPED_LISTED + 10) as u64
        );
        let first = &parsed.skipped[0].message;
        assert!(first.starts_with("The date \"9999"), "{first}");
        assert!(first.contains("…\" cannot be read"), "{first}");
    }
}
