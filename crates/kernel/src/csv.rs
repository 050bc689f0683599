//! CSV as every export writes it: spreadsheet-safe cells and CRLF line ends.

/// The first characters that make a spreadsheet run a cell as a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) gets a
/// leading apostrophe, so opening the export can never execute anything.
pub fn neutralise(cell: &str) -> String {
    if cell.starts_with(FORMULA_STARTS) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

/// Undoes [`neutralise`] on import.
pub fn unneutralise(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest,
        _ => cell,
    }
}

/// A CSV writer as every export writes one (CRLF line ends, which spreadsheets expect),
/// with the header `columns` written.
pub fn writer(columns: &[&str]) -> anyhow::Result<::csv::Writer<Vec<u8>>> {
    let mut w = ::csv::WriterBuilder::new()
        .terminator(::csv::Terminator::CRLF)
        .from_writer(Vec::new());
    w.write_record(columns)?;
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_cells_round_trip_and_plain_text_is_untouched() {
        for cell in ["=1+1", "+33", "-2", "@SUM(A1)", "\tx", "\rx"] {
            let safe = neutralise(cell);
            assert!(safe.starts_with('\''), "{cell:?}");
            assert_eq!(unneutralise(&safe), cell);
        }
        assert_eq!(neutralise("fine = ok"), "fine = ok");
        assert_eq!(unneutralise("'quoted"), "'quoted");
    }
}
