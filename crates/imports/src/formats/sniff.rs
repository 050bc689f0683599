//! What the first bytes of a file tell (the sniff the page shows before upload), and the
//! key a spreadsheet's confirmed mapping is remembered under. The format readers make it.

use sha2::{Digest, Sha256};

use super::{Format, Mapping};

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
    /// `Some(Spreadsheet)`: a CSV of no app Vitalog knows, read with a mapping (see
    /// `suggested`). `None`: not recognised (a zip is resolved on upload from its directory).
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
    /// CSV: the 1-based line of the header (1 for anything else).
    pub header_row: u64,
    /// CSV: the lines above the header (titles), as text.
    pub lead: Vec<String>,
    /// A spreadsheet whose layout is a known app's (its columns mapped for it).
    pub app: Option<&'static str>,
}

impl Sniff {
    /// A file of `container` and `format`, with nothing more read from it.
    pub fn of(container: Container, format: Option<Format>) -> Self {
        Self {
            format,
            container,
            delimiter: None,
            columns: Vec::new(),
            rows: Vec::new(),
            suggested: None,
            header_row: 1,
            lead: Vec::new(),
            app: None,
        }
    }
}

/// The key a spreadsheet's mapping is remembered under: the SHA-256 (hex) of its header's
/// cells, trimmed and lower-cased.
pub fn header_key(columns: &[String]) -> String {
    let joined = columns
        .iter()
        .map(|c| c.trim().to_lowercase())
        .collect::<Vec<_>>()
        .join("\u{1f}");
    Sha256::digest(joined.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(s: &str) -> Vec<String> {
        s.split(',').map(str::to_owned).collect()
    }

    #[test]
    fn header_keys_ignore_case_and_spaces() {
        let a = header_key(&cells("Date, Time ,SYS"));
        assert_eq!(a, header_key(&cells("date,time,sys")));
        assert_ne!(a, header_key(&cells("date,time,dia")));
        assert_ne!(header_key(&cells("a,b")), header_key(&cells("a b")));
        assert_eq!(a.len(), 64);
        // SHA-256 of "date\u{1f}time\u{1f}sys".
        let expected: String = Sha256::digest("date\u{1f}time\u{1f}sys".as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(a, expected);
        assert_eq!(
            header_key(&[]),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
