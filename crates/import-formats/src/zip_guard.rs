//! The one guard every zip reader goes through. A zip is untrusted twice over:
//! - its index (central directory) is read whole into memory by the zip library before any
//!   entry is: its size is checked first, from the end record ([`open`]), so a crafted zip
//!   of a million tiny entries cannot take the server's memory. The exports people upload
//!   list a few hundred files (Apple's ECGs and workout routes) in a few hundred KiB;
//! - an entry's declared sizes may lie: an entry is read through [`Expanding`], which counts
//!   the bytes it actually decompresses and refuses to read past the entry's [`Bounds`]
//!   (an absolute size and a ratio to its compressed size), so a zip bomb costs at most
//!   that much reading.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};

use zip::ZipArchive;

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

/// The zip `file`, its index checked first: refused with [`MSG_TOO_MANY_FILES`] when the
/// index is larger than [`MAX_DIRECTORY_BYTES`], with `unreadable`'s error when the zip
/// library cannot read it.
pub(crate) fn open(
    mut file: File,
    unreadable: impl FnOnce(zip::result::ZipError) -> FileError,
) -> Result<ZipArchive<BufReader<File>>, FileError> {
    check_index(&mut file)?;
    ZipArchive::new(BufReader::new(file)).map_err(unreadable)
}

/// Refuses a zip whose index is larger than [`MAX_DIRECTORY_BYTES`]; leaves `file` at its
/// start. A zip without an end record is left to the zip library to refuse.
fn check_index(file: &mut File) -> Result<(), FileError> {
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

/// What one entry may expand to: at most `bytes`, and at most `ratio` times its compressed
/// size, though never less than `floor` (a small, very repetitive file is no bomb). Each
/// format sets its own from the exports it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub bytes: u64,
    pub ratio: u64,
    pub floor: u64,
}

/// Which of an entry's [`Bounds`] limits it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    Bytes,
    Ratio,
}

impl Bounds {
    /// The bytes an entry of `packed` compressed bytes may expand to, and which bound says
    /// so. `packed` is declared: callers cap it at the file's length, which it cannot pass.
    pub(crate) fn limit(self, packed: u64) -> (u64, Bound) {
        let by_ratio = packed.saturating_mul(self.ratio).max(self.floor);
        if self.bytes <= by_ratio {
            (self.bytes, Bound::Bytes)
        } else {
            (by_ratio, Bound::Ratio)
        }
    }
}

/// An entry read through its bound: counts the bytes actually decompressed (the declared
/// sizes are never trusted) and fails every read once they pass `limit`.
pub(crate) struct Expanding<R> {
    inner: R,
    read: u64,
    limit: u64,
    passed: bool,
    /// What a read fails with once the bound is passed (inside the `io::Error`, where
    /// `text::io_error` finds it); `None`: a bare I/O error, the caller asking [`Self::passed`].
    refusal: Option<FileError>,
    /// What a read fails with when the entry does not decompress (bad deflate data, a
    /// wrong checksum); `None`: the zip library's own error.
    damaged: Option<FileError>,
}

impl<R> Expanding<R> {
    pub(crate) fn new(inner: R, limit: u64) -> Self {
        Self {
            inner,
            read: 0,
            limit,
            passed: false,
            refusal: None,
            damaged: None,
        }
    }

    /// Fails with `refusal` once the bound is passed, and with `damaged` when the entry
    /// does not decompress.
    pub(crate) fn saying(mut self, refusal: FileError, damaged: FileError) -> Self {
        self.refusal = Some(refusal);
        self.damaged = Some(damaged);
        self
    }

    /// Whether the entry expanded past its bound.
    pub(crate) fn passed(&self) -> bool {
        self.passed
    }

    pub(crate) fn limit(&self) -> u64 {
        self.limit
    }

    fn refused(&self) -> io::Error {
        match &self.refusal {
            Some(e) => io::Error::other(e.clone()),
            None => io::Error::other("zip entry over its bound"),
        }
    }
}

impl<R: Read> Read for Expanding<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.passed {
            return Err(self.refused());
        }
        // One byte past the limit is asked for, so reaching it exactly is not a refusal.
        let room = usize::try_from(self.limit.saturating_add(1).saturating_sub(self.read))
            .unwrap_or(usize::MAX)
            .min(buf.len());
        let n = match buf.get_mut(..room) {
            Some(part) => self.inner.read(part).map_err(|e| match &self.damaged {
                Some(damaged) => io::Error::other(damaged.clone()),
                None => e,
            })?,
            None => 0,
        };
        self.read += n as u64;
        if self.read > self.limit {
            self.passed = true;
            tracing::warn!(limit = self.limit, "zip entry over its bound");
            return Err(self.refused());
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;
    use crate::testing;

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
        assert_eq!(check_index(&mut File::open(&small).unwrap()), Ok(()));
        // ~250 bytes of index per entry: 70,000 entries pass 16 MiB.
        let (_d, big) = testing::file("export.zip", &zip_of(70_000));
        let mut f = File::open(&big).unwrap();
        assert_eq!(check_index(&mut f), Err(FileError::new(MSG_TOO_MANY_FILES)));
        assert_eq!(f.stream_position().unwrap(), 0);
        let (_d, not_zip) = testing::file("x.zip", b"PK\x03\x04 cut short");
        assert_eq!(check_index(&mut File::open(&not_zip).unwrap()), Ok(()));
    }

    #[test]
    fn an_entry_is_read_to_its_bound_and_refused_one_byte_past_it() {
        let bytes = vec![b'x'; 10_000];
        let mut exact = Vec::new();
        Expanding::new(&bytes[..], 10_000)
            .read_to_end(&mut exact)
            .unwrap();
        assert_eq!(exact.len(), 10_000);
        let mut over = Expanding::new(&bytes[..], 9_999);
        let err = over.read_to_end(&mut Vec::new()).unwrap_err();
        assert!(over.passed(), "{err}");
        assert!(over.read(&mut [0; 8]).is_err(), "refused for good");
        let refusal = FileError::new("refused");
        let mut said = Expanding::new(&bytes[..], 10).saying(refusal.clone(), FileError::new("-"));
        let err = said.read_to_end(&mut Vec::new()).unwrap_err();
        assert_eq!(
            err.get_ref().and_then(|e| e.downcast_ref::<FileError>()),
            Some(&refusal)
        );
    }

    #[test]
    fn the_tighter_bound_limits_an_entry_and_the_floor_keeps_small_ones() {
        let b = Bounds {
            bytes: 1000,
            ratio: 10,
            floor: 50,
        };
        assert_eq!(b.limit(20), (200, Bound::Ratio));
        assert_eq!(b.limit(2), (50, Bound::Ratio));
        assert_eq!(b.limit(100), (1000, Bound::Bytes));
        assert_eq!(b.limit(u64::MAX), (1000, Bound::Bytes));
    }
}
