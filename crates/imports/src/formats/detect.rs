//! Which format a file is: from its first bytes (the sniff the page shows before upload)
//! and, for "automatic", from the whole file on disk (a zip's list of entries).

use std::path::Path;

use super::{FileError, Format, Mapping};

/// What the file is wrapped in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Container {
    Csv,
    Zip,
    Xml,
    Unknown,
}

/// What the first bytes of a file tell.
#[derive(Debug, Clone, PartialEq)]
pub struct Sniff {
    /// `None`: not recognised (a spreadsheet needs a mapping; a zip is resolved on upload).
    pub format: Option<Format>,
    pub container: Container,
    /// CSV only: `,`, `;` or tab.
    pub delimiter: Option<char>,
    /// CSV only: the header row's cells.
    pub columns: Vec<String>,
    /// CSV only: the first data rows (at most 5), as text.
    pub rows: Vec<Vec<String>>,
    /// CSV not in a known format: the columns guessed from their names.
    pub suggested: Option<Mapping>,
}

/// What the first bytes (at most 64 KiB) of `file_name` are.
pub fn sniff(_head: &[u8], _file_name: &str) -> Sniff {
    Sniff {
        format: None,
        container: Container::Unknown,
        delimiter: None,
        columns: Vec::new(),
        rows: Vec::new(),
        suggested: None,
    }
}

/// The format of the whole file at `path` ("automatic" on upload).
pub fn resolve(_path: &Path, _file_name: &str) -> Result<Format, FileError> {
    Err(FileError::new("not yet readable"))
}

/// The key a spreadsheet's mapping is remembered under: the SHA-256 (hex) of its header's
/// cells, trimmed and lower-cased.
pub fn header_key(_columns: &[String]) -> String {
    String::new()
}
