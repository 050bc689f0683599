//! Vitalog's own CSV, read as it always was (`readings::transfer::parse_csv`: the form's
//! rules and messages, 50,000 rows at most).

use std::io::Read;
use std::path::Path;

use super::{Collector, Context, FileError, Format, MSG_EMPTY, MSG_NOT_UTF8, Parsed, TimeBasis};

/// Vitalog's CSV is at most 50,000 rows (~4 MB); a larger file is refused unread.
const MAX_BYTES: u64 = 16 * 1024 * 1024;
/// Said by size, not rows: a file past it may hold one line (issue 33 found a one-line
/// 100 MB file told it had "more than 50,000 rows").
pub const MSG_TOO_LARGE: &str = "The file is larger than 16 MB, more than a Vitalog CSV of \
     50,000 rows holds. Split it and import each part.";

pub fn parse(path: &Path, ctx: &Context<'_>) -> Result<Parsed, FileError> {
    let unreadable = |_| FileError::new("The file could not be read. Please try again.");
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(FileError::new(MSG_TOO_LARGE));
    }
    // A byte-order mark alone is empty too (it was said "empty" twice, in two ways).
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    if body.iter().all(u8::is_ascii_whitespace) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing;

    #[test]
    fn an_empty_file_is_said_empty_as_in_every_format_even_with_a_byte_order_mark() {
        for bytes in [&b""[..], b" \r\n", b"\xEF\xBB\xBF", b"\xEF\xBB\xBF\n\n"] {
            let (_dir, path) = testing::file("empty.csv", bytes);
            let ctx = testing::context(chrono_tz::UTC, None);
            assert_eq!(
                parse(&path, &ctx).err(),
                Some(FileError::new(MSG_EMPTY)),
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn a_file_past_the_size_bound_is_refused_by_its_size_not_its_rows() {
        let mut one_line = b"date,time,systolic,diastolic,notes\n2023-07-06,07:00,120,80,".to_vec();
        one_line.resize(usize::try_from(MAX_BYTES).unwrap_or(usize::MAX) + 10, b'x');
        let (_dir, path) = testing::file("vitalog.csv", &one_line);
        let ctx = testing::context(chrono_tz::UTC, None);
        assert_eq!(parse(&path, &ctx), Err(FileError::new(MSG_TOO_LARGE)));
    }
}
