//! A zip's index (central directory) is read whole into memory by the zip library before
//! any entry is: its size is checked first, from the end record, so a crafted zip of a
//! million tiny entries cannot take the server's memory. The exports people upload list a
//! few hundred files (Apple's ECGs and workout routes) in a few hundred KiB.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

use super::FileError;

/// The largest index read: ~150,000 entries with their names.
const MAX_DIRECTORY_BYTES: u64 = 16 * 1024 * 1024;
const EOCD: [u8; 4] = *b"PK\x05\x06";
const ZIP64_LOCATOR: [u8; 4] = *b"PK\x06\x07";
const ZIP64_EOCD: [u8; 4] = *b"PK\x06\x06";

pub const MSG_TOO_MANY_FILES: &str =
    "This zip lists far more files than an export does. Choose the zip the app made.";

fn u32_at(b: &[u8], at: usize) -> u64 {
    b.get(at..at + 4)
        .and_then(|s| <[u8; 4]>::try_from(s).ok())
        .map_or(0, |s| u64::from(u32::from_le_bytes(s)))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    b.get(at..at + 8)
        .and_then(|s| <[u8; 8]>::try_from(s).ok())
        .map_or(u64::MAX, u64::from_le_bytes)
}

/// Refuses a zip whose index is larger than [`MAX_DIRECTORY_BYTES`]; leaves `file` at its
/// start. A zip without an end record is left to the zip library to refuse.
pub(crate) fn check(file: &mut File) -> Result<(), FileError> {
    let io = |_| FileError::new("The file could not be read. Please try again.");
    let len = file.seek(SeekFrom::End(0)).map_err(io)?;
    // The end record is 22 bytes plus a comment of at most 64 KiB, after a zip64 locator.
    let tail_len = len.min(22 + 65_535 + 20);
    file.seek(SeekFrom::Start(len - tail_len)).map_err(io)?;
    let mut tail = Vec::new();
    file.by_ref()
        .take(tail_len)
        .read_to_end(&mut tail)
        .map_err(io)?;
    file.seek(SeekFrom::Start(0)).map_err(io)?;
    let Some(end) = tail.windows(4).rposition(|w| w == EOCD) else {
        return Ok(());
    };
    let mut size = u32_at(&tail, end + 12);
    if size == u64::from(u32::MAX) && end >= 20 && tail[end - 20..end - 16] == ZIP64_LOCATOR {
        // Zip64: the real size is in the zip64 end record the locator points at.
        let at = u64_at(&tail, end - 20 + 8);
        let mut record = [0u8; 56];
        if at.checked_add(56).is_some_and(|e| e <= len) {
            file.seek(SeekFrom::Start(at)).map_err(io)?;
            file.read_exact(&mut record).map_err(io)?;
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            size = if record[..4] == ZIP64_EOCD {
                u64_at(&record, 40)
            } else {
                u64::MAX
            };
        }
    }
    if size > MAX_DIRECTORY_BYTES {
        return Err(FileError::new(MSG_TOO_MANY_FILES));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;
    use crate::formats::testing;

    fn zip_of(entries: usize) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        for i in 0..entries {
            w.start_file(format!("apple_health_export/{i:0>200}.gpx"), opts)
                .unwrap();
            w.write_all(b"").unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    #[test]
    fn an_index_too_large_is_refused_before_it_is_read() {
        let (_d, small) = testing::file("export.zip", &zip_of(3));
        assert_eq!(check(&mut File::open(&small).unwrap()), Ok(()));
        // ~250 bytes of index per entry: 70,000 entries pass 16 MiB.
        let (_d, big) = testing::file("export.zip", &zip_of(70_000));
        let mut f = File::open(&big).unwrap();
        assert_eq!(check(&mut f), Err(FileError::new(MSG_TOO_MANY_FILES)));
        assert_eq!(f.stream_position().unwrap(), 0);
        let (_d, not_zip) = testing::file("x.zip", b"PK\x03\x04 cut short");
        assert_eq!(check(&mut File::open(&not_zip).unwrap()), Ok(()));
    }
}
