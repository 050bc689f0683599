//! Vitalog's own CSV, read as it always was (`readings::transfer::parse_csv`: the form's
//! rules and messages, 50,000 rows at most).

use std::io::Read;
use std::path::Path;

use super::{Collector, Context, FileError, Format, MSG_EMPTY, MSG_NOT_UTF8, Parsed, TimeBasis};

/// Vitalog's CSV is at most 50,000 rows (~4 MB); a larger file is refused unread.
const MAX_BYTES: u64 = 16 * 1024 * 1024;

pub fn parse(path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    let unreadable = |_| FileError::new("The file could not be read. Please try again.");
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(FileError::new(readings::transfer::MSG_CSV_TOO_MANY));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(FileError::new(MSG_EMPTY));
    }
    let text = String::from_utf8(bytes).map_err(|_| FileError::new(MSG_NOT_UTF8))?;
    let rows = readings::transfer::parse_csv(&text, ctx.latest)
        .map_err(|e| FileError::new(format!("{} (expected: {})", e.0, Format::Vitalog.label())))?;
    let mut out = Collector::new(Format::Vitalog, ctx, TimeBasis::AsWritten);
    out.add_total(text.len() as u64);
    for row in rows {
        out.record(0)?;
        let location = format!("line {}", row.line);
        match row.values {
            Some(values) => out.push(location, values)?,
            None => {
                let mut errors = kernel::FieldErrors::new();
                for (field, message) in &row.errors {
                    errors.add(field, message.clone());
                }
                let (reason, message) = super::skip_of(&errors);
                out.skip(location, reason, message);
            }
        }
    }
    Ok(out.finish())
}
