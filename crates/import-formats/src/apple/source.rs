//! Where the XML comes from: the file itself, or the `export.xml` entry of a zip, read
//! through [`Metered`] (the bytes actually read, bounded) for each pass.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use zip::ZipArchive;

use super::{Limits, MAX_ELEMENT_BYTES, grouped};
use crate::zip_guard::{self, Expanding};
use crate::{FileError, MSG_EMPTY, MSG_XML_NOT_UTF8};

/// The XML reader a pass reads: quick-xml over the metered bytes.
pub(super) type XmlReader<'a> = quick_xml::Reader<BufReader<Metered<Box<dyn Read + 'a>>>>;

/// Read-ahead of the XML: large enough that the (dyn) reads are few.
const BUFFER: usize = 64 * 1024;
const MSG_UNREADABLE: &str = "The file could not be read. Please try again.";
pub(super) const MSG_NO_EXPORT_XML: &str = "This zip has no export.xml: choose the export.zip the Health app made \
     (Health > your picture > Export All Health Data), or the export.xml inside it.";

/// Reads `inner` through the zip guard (its bytes decompressed, for a zip, refused past
/// the entry's limit) and refuses more than [`MAX_ELEMENT_BYTES`] since the last
/// [`Metered::mark`] (one element). Which bound tripped is kept: quick-xml only passes the
/// I/O error on.
pub(super) struct Metered<R> {
    inner: Expanding<R>,
    since_mark: u64,
    element: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Trip {
    /// The zip entry expanded past its bound.
    Expanded,
    /// One element larger than [`MAX_ELEMENT_BYTES`].
    Element,
}

impl<R> Metered<R> {
    pub(super) fn new(inner: R, limit: u64) -> Self {
        Self {
            inner: Expanding::new(inner, limit),
            since_mark: 0,
            element: false,
        }
    }

    /// An element ended: the next one starts counting.
    pub(super) fn mark(&mut self) {
        self.since_mark = 0;
    }

    pub(super) fn tripped(&self) -> Option<Trip> {
        if self.inner.passed() {
            Some(Trip::Expanded)
        } else {
            self.element.then_some(Trip::Element)
        }
    }

    /// What the XML may expand to.
    pub(super) fn limit(&self) -> u64 {
        self.inner.limit()
    }
}

impl<R: Read> Read for Metered<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.element {
            return Err(io::Error::other("bound passed"));
        }
        let n = self.inner.read(buf)?;
        self.since_mark += n as u64;
        if self.since_mark > MAX_ELEMENT_BYTES {
            self.element = true;
            return Err(io::Error::other("bound passed"));
        }
        Ok(n)
    }
}

/// The export, opened once and read once per pass.
pub(super) enum Source {
    Xml {
        file: File,
        size: u64,
    },
    Zip {
        archive: ZipArchive<BufReader<File>>,
        index: usize,
        /// Declared: only for the progress bar.
        size: u64,
        limit: u64,
    },
}

impl Source {
    pub(super) fn open(path: &Path, limits: Limits) -> Result<Self, FileError> {
        let unreadable = |_| FileError::new(MSG_UNREADABLE);
        let mut file = File::open(path).map_err(unreadable)?;
        let file_len = file.metadata().map_err(unreadable)?.len();
        if file_len == 0 {
            return Err(FileError::new(MSG_EMPTY));
        }
        let mut magic = [0u8; 4];
        let is_zip = file.read_exact(&mut magic).is_ok()
            && matches!(&magic, b"PK\x03\x04" | b"PK\x05\x06" | b"PK\x07\x08");
        file.seek(SeekFrom::Start(0)).map_err(unreadable)?;
        // The XML reader would stop at the first NUL as "malformed": say the encoding.
        if crate::detect::is_utf16(&magic) {
            return Err(FileError::new(MSG_XML_NOT_UTF8));
        }
        if !is_zip {
            return Ok(Source::Xml {
                file,
                size: file_len,
            });
        }
        let mut archive = zip_guard::open(file, |e| {
            FileError::new(format!(
                "This zip cannot be read ({e}): choose the export.zip the Health app made."
            ))
        })?;
        let index = export_xml_index(&archive).ok_or_else(|| FileError::new(MSG_NO_EXPORT_XML))?;
        let entry = archive.by_index(index).map_err(|e| zip_damaged(&e))?;
        // The compressed size is declared too: it counts at most what the file holds.
        let compressed = entry.compressed_size().min(file_len);
        let (limit, _) = limits.limit(compressed);
        let size = entry.size();
        drop(entry);
        Ok(Source::Zip {
            archive,
            index,
            size,
            limit,
        })
    }

    /// The XML's length in bytes (a zip entry's declared one: progress only).
    pub(super) fn size(&self) -> u64 {
        match self {
            Source::Xml { size, .. } | Source::Zip { size, .. } => *size,
        }
    }

    /// One pass: `pass` reads the XML from its start.
    pub(super) fn read(
        &mut self,
        pass: impl FnOnce(&mut XmlReader<'_>) -> Result<(), FileError>,
    ) -> Result<(), FileError> {
        let (inner, limit): (Box<dyn Read + '_>, u64) = match self {
            Source::Xml { file, .. } => {
                file.seek(SeekFrom::Start(0))
                    .map_err(|_| FileError::new(MSG_UNREADABLE))?;
                (Box::new(file), u64::MAX)
            }
            Source::Zip {
                archive,
                index,
                limit,
                ..
            } => {
                let entry = archive.by_index(*index).map_err(|e| zip_damaged(&e))?;
                (Box::new(entry), *limit)
            }
        };
        let metered = Metered::new(inner, limit);
        let mut reader = quick_xml::Reader::from_reader(BufReader::with_capacity(BUFFER, metered));
        pass(&mut reader)
    }
}

/// `apple_health_export/export.xml`, else the first other entry named `export.xml`
/// (`export_cda.xml`, workout routes and ECGs are not read). Names are matched in any
/// case: iOS 11 and earlier wrote `apple_health_export/Export.xml`, and a zip made again
/// on Windows may have any case or `\` separators.
fn export_xml_index<R: Read + Seek>(archive: &ZipArchive<R>) -> Option<usize> {
    let names: Vec<(usize, String)> = (0..archive.len())
        .filter_map(|i| Some((i, archive.name_for_index(i)?.ok()?.to_lowercase())))
        .map(|(i, name)| (i, name.replace('\\', "/")))
        .filter(|(_, name)| !name.starts_with("__macosx/"))
        .collect();
    names
        .iter()
        .find(|(_, name)| name == "apple_health_export/export.xml")
        .or_else(|| {
            names
                .iter()
                .find(|(_, name)| name.rsplit('/').next() == Some("export.xml"))
        })
        .map(|(i, _)| *i)
}

fn zip_damaged(e: &dyn std::fmt::Display) -> FileError {
    FileError::new(format!(
        "This zip is damaged: its export.xml cannot be read ({e}). Export it again from the Health app."
    ))
}

/// The message of a pass that failed at `line`: the bound that tripped, the file not UTF-8,
/// a zip that does not decompress, or the XML malformed. `opened`: the line the innermost
/// open element started on (an element left unclosed is found only where its parent ends).
pub(super) fn xml_error(
    err: &quick_xml::Error,
    reader: &XmlReader<'_>,
    line: u64,
    opened: Option<u64>,
) -> FileError {
    let metered = reader.get_ref().get_ref();
    match (metered.tripped(), err) {
        (Some(Trip::Expanded), _) => FileError::new(format!(
            "The zip file expands far beyond its size: its export.xml passed {} bytes when \
             decompressed and was not read further (an export.xml is about ten times its \
             zipped size). Choose the export.zip the Health app made.",
            grouped(metered.limit()),
        )),
        (Some(Trip::Element), _) => FileError::new(format!(
            "This is not an Apple Health export: near line {} one element is larger than {} MB.",
            grouped(line),
            MAX_ELEMENT_BYTES >> 20
        )),
        (None, quick_xml::Error::Encoding(_)) => FileError::new(MSG_XML_NOT_UTF8),
        (None, quick_xml::Error::Io(e)) => match e.kind() {
            // A deflate stream that does not decode, or a CRC that does not match.
            io::ErrorKind::InvalidData | io::ErrorKind::InvalidInput => zip_damaged(e),
            _ => FileError::new(MSG_UNREADABLE),
        },
        (None, quick_xml::Error::IllFormed(e)) if let Some(opened) = opened => malformed(
            line,
            &format!(
                "{e}; the element open is the one at line {}",
                grouped(opened)
            ),
        ),
        (None, e) => malformed(line, e),
    }
}

pub(super) fn malformed(line: u64, e: &dyn std::fmt::Display) -> FileError {
    FileError::new(format!(
        "This is not an Apple Health export: the XML is malformed near line {} ({e}).",
        grouped(line)
    ))
}
