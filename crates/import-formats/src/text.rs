//! What the CSV formats (OMRON connect, Withings, spreadsheets) share: a streaming CSV
//! reader over a file or a zip entry, and the dates, times and numbers people's apps write.
//!
//! The reader follows RFC 4180 as spreadsheets bend it: quoted fields, CRLF or LF, a UTF-8
//! byte order mark (Excel's "CSV UTF-8" writes one), rows of unequal length (`flexible`),
//! cells trimmed, blank rows (trailing ones included) skipped. The delimiter (`,`, `;` or
//! tab) is read off the header line unless the caller knows it. Text must be UTF-8: a file
//! saved in a legacy code page is refused with [`MSG_NOT_UTF8`] naming its first bad line,
//! rather than read with garbled notes.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Chain, Cursor, Read};
use std::path::Path;

use chrono::{NaiveDate, NaiveTime};
use readings::model::NumberField;

use super::{DateOrder, FileError, MSG_EMPTY, MSG_NOT_UTF8};

const BOM: &[u8] = b"\xEF\xBB\xBF";
/// The header is looked for within this many bytes of blank lines: a file of megabytes of
/// blank lines is not worth reading to the end for a header.
const HEAD_MAX: usize = 1 << 20;
/// Bytes read at a time from the file or zip entry.
const BUFFER: usize = 64 * 1024;
/// One row at most (notes are 1,000 characters: a real row is a few hundred bytes).
const MAX_ROW_BYTES: usize = 1 << 20;

pub(crate) const MSG_UNREADABLE: &str = "The file could not be read. Please try again.";

/// The header's bytes given back in front of the rest of the stream, lines counted.
type Source<R> = Lines<Chain<Cursor<Vec<u8>>, BufReader<R>>>;

/// A CSV file read row by row: never more than a buffer of it in memory.
pub(crate) struct Csv<R: Read> {
    reader: csv::Reader<Source<R>>,
    header: Vec<String>,
    header_line: u64,
    delimiter: u8,
    /// "bp.csv " in a zip, so a row's location says which entry it is in.
    prefix: String,
    /// The bytes before the header (a BOM, title lines), which the reader never sees but
    /// the progress counts.
    skipped: u64,
    /// The lines above the header, as text (blank ones too), at most [`MAX_TITLE_LINES`].
    lead: Vec<String>,
    /// A row read ahead while looking for the header, given out next.
    pending: Option<Row>,
}

/// One row that is not blank: its cells (trimmed) and the file's line it starts on.
pub(crate) struct Row {
    pub line: u64,
    pub cells: csv::StringRecord,
}

impl Row {
    /// The cell in `column`, or "" when the column is not mapped or the row is short.
    pub fn get(&self, column: Option<usize>) -> &str {
        column.and_then(|c| self.cells.get(c)).unwrap_or("")
    }
}

/// Opens `path` for reading; its size is the progress bar's total.
pub(crate) fn open(path: &Path) -> Result<(File, u64), FileError> {
    let file = File::open(path).map_err(|_| FileError::new(MSG_UNREADABLE))?;
    let len = file
        .metadata()
        .map_err(|_| FileError::new(MSG_UNREADABLE))?
        .len();
    Ok((file, len))
}

/// Which line of a file is its header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HeaderAt {
    /// The first line that looks like a header: two cells or more, none of them a number
    /// or a date, followed by a line that holds two. Lines above it (a title such as
    /// Beurer's `Weight`, a block of the person's details as Beurer's HealthManager Pro
    /// writes) are passed over, within the first [`MAX_LEAD_LINES`] lines. When no line
    /// looks so: the first line of two cells, else the first that is not blank.
    Auto,
    /// This 1-based line, as the person chose it: the lines above it are not read.
    Line(u64),
}

/// Lines looked at for a header, at most.
pub(crate) const MAX_LEAD_LINES: usize = 60;
/// Lines above the header kept to show the person.
pub(crate) const MAX_TITLE_LINES: usize = 10;

impl<R: Read> Csv<R> {
    /// Reads up to the header row (see [`HeaderAt::Auto`]). `delimiter`: as the user
    /// mapped it, else detected from the header line. `prefix`: put before "line N" in
    /// locations ("bp.csv ").
    pub fn new(inner: R, delimiter: Option<u8>, prefix: &str) -> Result<Self, FileError> {
        Self::at(inner, delimiter, prefix, HeaderAt::Auto)
    }

    /// [`Self::new`] with the header at `header`.
    pub fn at(
        inner: R,
        delimiter: Option<u8>,
        prefix: &str,
        header: HeaderAt,
    ) -> Result<Self, FileError> {
        let mut buf = BufReader::with_capacity(BUFFER, inner);
        // The bytes up to and including the header line, whose delimiter decides how the
        // rest is split; the lines above it are dropped, the header given back to the CSV
        // reader. `starts` holds each line's start, so the header's can be chosen.
        let mut head = Vec::new();
        let mut starts: Vec<usize> = Vec::new();
        let mut header_start = None;
        let mut first_filled = None;
        let mut first_wide = None;
        // A line that reads as a header, waiting for the next line to read as data.
        let mut candidate: Option<usize> = None;
        let mut filled_lines = 0usize;
        loop {
            let start = head.len();
            let n = (&mut buf)
                .take(HEAD_MAX as u64)
                .read_until(b'\n', &mut head)
                .map_err(io_error)?;
            if n == 0 {
                break;
            }
            starts.push(start);
            let number = starts.len() as u64;
            let line = &head[start..];
            let line = if start == 0 {
                line.strip_prefix(BOM).unwrap_or(line)
            } else {
                line
            };
            let blank = line.iter().all(u8::is_ascii_whitespace);
            match header {
                HeaderAt::Line(wanted) if number == wanted => {
                    if blank {
                        return Err(FileError::new(format!(
                            "Line {wanted} of the file is blank: choose the line that holds \
                             the column names."
                        )));
                    }
                    header_start = Some(start);
                    break;
                }
                HeaderAt::Line(_) => {}
                HeaderAt::Auto if blank => {}
                HeaderAt::Auto => {
                    first_filled.get_or_insert(start);
                    let cells = split_cells(line, delimiter.unwrap_or(detect_delimiter(line)));
                    let filled: Vec<&String> = cells.iter().filter(|c| !c.is_empty()).collect();
                    let values = filled.iter().filter(|c| data_like(c)).count();
                    let data = values > 0;
                    if filled.len() >= 2 {
                        first_wide.get_or_insert(start);
                    }
                    let candidate_before = candidate;
                    if let Some(at) = candidate.take() {
                        // Two values at least: "Geburtstag;01.01.1961" under
                        // "Nachname;Beispiel" is a detail, not a reading.
                        if values >= 2 {
                            header_start = Some(at);
                            break;
                        }
                    }
                    // A row of units under the header (`,,mmHg,mmHg,bpm,kg`) leaves the
                    // header above it the candidate.
                    let units_only = !filled.is_empty()
                        && filled.iter().all(|c| super::units::in_header(c).is_some());
                    if units_only {
                        candidate = candidate_before;
                    } else if filled.len() >= 2 && !data {
                        candidate = Some(start);
                    }
                    filled_lines += 1;
                    if filled_lines > MAX_LEAD_LINES {
                        break;
                    }
                }
            }
            if head.len() >= HEAD_MAX {
                break;
            }
        }
        // No header followed by data: a header alone, else the first line of two cells,
        // else the first that is not blank (a file of one column is refused later).
        let header_start = header_start.or(candidate).or(first_wide);
        let header_start = match (header, header_start.or(first_filled)) {
            (_, Some(at)) => at,
            (HeaderAt::Line(wanted), None) if !head.iter().all(u8::is_ascii_whitespace) => {
                return Err(FileError::new(format!(
                    "The file has fewer than {wanted} lines: choose the line that holds the \
                     column names."
                )));
            }
            _ => return Err(FileError::new(MSG_EMPTY)),
        };
        // The lines above the header: dropped, but counted in lines and bytes.
        let dropped_lines = starts.iter().filter(|s| **s < header_start).count() as u64;
        let lead: Vec<String> = starts
            .iter()
            .filter(|s| **s < header_start)
            .map(|&s| {
                let end = head[s..]
                    .iter()
                    .position(|b| *b == b'\n')
                    .map_or(head.len(), |e| s + e);
                let line = &head[s..end];
                let line = if s == 0 {
                    line.strip_prefix(BOM).unwrap_or(line)
                } else {
                    line
                };
                super::excerpt(&String::from_utf8_lossy(line))
            })
            .take(MAX_TITLE_LINES)
            .collect();
        let skipped = header_start as u64;
        let mut head = head.split_off(header_start);
        let mut skipped = skipped;
        if header_start == 0 && head.starts_with(BOM) {
            head.drain(..BOM.len());
            skipped += BOM.len() as u64;
        }
        let delimiter = delimiter.unwrap_or_else(|| {
            let end = head.iter().position(|b| *b == b'\n').unwrap_or(head.len());
            detect_delimiter(&head[..end])
        });
        let mut lines = Lines::new(Cursor::new(head).chain(buf), prefix);
        lines.counted = dropped_lines;
        let reader = csv::ReaderBuilder::new()
            .flexible(true)
            .delimiter(delimiter)
            .has_headers(false)
            .buffer_capacity(BUFFER)
            .from_reader(lines);
        let mut this = Self {
            reader,
            header: Vec::new(),
            header_line: 1,
            delimiter,
            prefix: prefix.to_owned(),
            skipped,
            lead,
            pending: None,
        };
        let Some(mut row) = this.next_row()? else {
            return Err(FileError::new(MSG_EMPTY));
        };
        // A title ended by a lone carriage return (old Mac line ends) is a row of its own
        // only to the CSV reader: passed over here, as a title line is above.
        if header == HeaderAt::Auto {
            while row.cells.iter().filter(|c| !c.is_empty()).count() == 1
                && this.lead.len() < MAX_TITLE_LINES
            {
                let title = row.cells.iter().find(|c| !c.is_empty()).unwrap_or("");
                let title = super::excerpt(title);
                match this.next_row()? {
                    Some(next) if next.cells.iter().filter(|c| !c.is_empty()).count() >= 2 => {
                        this.lead.push(title);
                        row = next;
                    }
                    other => {
                        this.pending = other;
                        break;
                    }
                }
            }
        }
        this.header_line = row.line;
        this.header = row.cells.iter().map(str::to_owned).collect();
        Ok(this)
    }

    /// The header row's cells, trimmed.
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// The lines above the header (titles, blank lines), each as an excerpt.
    pub fn lead(&self) -> &[String] {
        &self.lead
    }

    pub fn header_line(&self) -> u64 {
        self.header_line
    }

    pub fn delimiter(&self) -> u8 {
        self.delimiter
    }

    /// "line 12", or "bp.csv line 12" in a zip.
    pub fn location(&self, line: u64) -> String {
        format!("{}line {line}", self.prefix)
    }

    /// Bytes of the content read so far (for [`super::Collector::record`]).
    /// The next row and its location, counted in `out` as a record read `base` bytes
    /// before this file's start (an earlier entry of the same zip).
    pub fn next_record(
        &mut self,
        out: &mut super::Collector<'_>,
        base: u64,
    ) -> Result<Option<(Row, String)>, FileError> {
        let Some(row) = self.next_row()? else {
            return Ok(None);
        };
        out.record(base + self.done())?;
        let location = self.location(row.line);
        Ok(Some((row, location)))
    }

    pub fn done(&self) -> u64 {
        self.reader.position().byte() + self.skipped
    }

    /// The next row that is not blank, or `None` at the end.
    pub fn next_row(&mut self) -> Result<Option<Row>, FileError> {
        if let Some(row) = self.pending.take() {
            return Ok(Some(row));
        }
        let mut record = csv::ByteRecord::new();
        loop {
            if !self
                .reader
                .read_byte_record(&mut record)
                .map_err(csv_error)?
            {
                return Ok(None);
            }
            // The reader's own positions lag behind blank lines and CRLF, so the line is
            // counted back from the record's end: lines ended before it, less the ones
            // inside its quoted cells.
            let end = self.reader.position().byte();
            let inside: usize = record
                .iter()
                .map(|c| c.iter().filter(|b| **b == b'\n').count())
                .sum();
            let line = self.reader.get_mut().line_at_end(end) - inside as u64;
            record.trim();
            if record.iter().all(<[u8]>::is_empty) {
                continue;
            }
            let cells = csv::StringRecord::from_byte_record(record)
                .map_err(|_| not_utf8(&self.location(line)))?;
            return Ok(Some(Row { line, cells }));
        }
    }
}

/// Counts line feeds as the CSV reader pulls bytes, so a record's line can be told from
/// its end offset. Only the line feeds in the reader's read-ahead are kept.
///
/// It also bounds a row: the CSV reader's record grows with its row, and the line feeds
/// kept here with the lines before the next row ends, so a file that is one endless row (a
/// quote never closed, a line never ended) or megabytes of blank lines is refused once
/// [`MAX_ROW_BYTES`] past the last row's end.
struct Lines<R> {
    inner: R,
    /// Bytes passed through.
    offset: u64,
    /// Line feeds before the oldest one kept.
    counted: u64,
    /// Offsets of the line feeds not yet behind the reader's position.
    ahead: VecDeque<u64>,
    /// Where the last row read ended.
    row_start: u64,
    /// "bp.csv " in a zip, for the message.
    prefix: String,
}

impl<R> Lines<R> {
    fn new(inner: R, prefix: &str) -> Self {
        Self {
            inner,
            offset: 0,
            counted: 0,
            ahead: VecDeque::new(),
            row_start: 0,
            prefix: prefix.to_owned(),
        }
    }

    /// The 1-based line of the last byte before `end` that ends no line (the record's
    /// last line): 1 + the line feeds before `end`, less one if the last byte is one.
    fn line_at_end(&mut self, end: u64) -> u64 {
        let mut last_is_feed = false;
        while let Some(&at) = self.ahead.front() {
            if at >= end {
                break;
            }
            last_is_feed = at + 1 == end;
            self.counted += 1;
            self.ahead.pop_front();
        }
        self.row_start = self.row_start.max(end);
        1 + self.counted - u64::from(last_is_feed)
    }
}

impl<R: Read> Read for Lines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // The reader reads ahead a buffer at a time: the row is the bytes since the last
        // row's end, less that read-ahead.
        if self.offset - self.row_start > (MAX_ROW_BYTES + BUFFER) as u64 {
            // The line feeds before the last row's end are all counted.
            let line = 1 + self.counted;
            return Err(io::Error::other(FileError::new(format!(
                "This is not a CSV file: from {}line {line} on, more than {} MB holds no \
                 whole row (a quote never closed, a line never ended, or only blank lines). \
                 Check that it is the file the app exported.",
                self.prefix,
                MAX_ROW_BYTES >> 20
            ))));
        }
        let n = self.inner.read(buf)?;
        for (i, b) in buf.iter().take(n).enumerate() {
            if *b == b'\n' {
                self.ahead.push_back(self.offset + i as u64);
            }
        }
        self.offset += n as u64;
        Ok(n)
    }
}

/// [`MSG_NOT_UTF8`], saying where the text stops being UTF-8.
pub(crate) fn not_utf8(location: &str) -> FileError {
    FileError::new(format!(
        "{MSG_NOT_UTF8} (The first text that is not UTF-8 is on {location}.)"
    ))
}

/// An I/O error; a guard's refusal (a zip bomb) travels inside it as a [`FileError`].
pub(crate) fn io_error(e: io::Error) -> FileError {
    match e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<FileError>())
    {
        Some(file_error) => file_error.clone(),
        None => FileError::new(MSG_UNREADABLE),
    }
}

fn csv_error(e: csv::Error) -> FileError {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => io_error(e),
        _ => FileError::new(MSG_UNREADABLE),
    }
}

/// The delimiter of a header line: the most frequent of `,` `;` tab outside quotes (a
/// comma wins ties: it is the default, and a one-column file has none).
pub(crate) fn detect_delimiter(line: &[u8]) -> u8 {
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for &b in line {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let mut best = (b',', counts[0]);
    for (d, n) in [(b';', counts[1]), (b'\t', counts[2])] {
        if n > best.1 {
            best = (d, n);
        }
    }
    best.0
}

/// A line's cells, split by `delimiter` outside quotes, unquoted and trimmed.
fn split_cells(line: &[u8], delimiter: u8) -> Vec<String> {
    let mut cells = Vec::new();
    let mut current = Vec::new();
    let mut quoted = false;
    for &b in line {
        match b {
            b'"' => quoted = !quoted,
            _ if b == delimiter && !quoted => cells.push(std::mem::take(&mut current)),
            _ => current.push(b),
        }
    }
    cells.push(current);
    cells
        .into_iter()
        .map(|c| String::from_utf8_lossy(&c).trim().to_owned())
        .collect()
}

/// A cell that holds a value rather than a name: it starts with a digit (a number, a
/// date, a time), or a sign and a digit.
fn data_like(cell: &str) -> bool {
    let mut chars = cell.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('-' | '+') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        // `Jan 5, 2024`, `Jul 6 2023 10:43 am`.
        _ => month_name_date(&split_date_time(cell).0).is_some(),
    }
}

/// A clock time as apps write it: `10:43`, `9:05`, `22:15:00`, `10:43 am`, `12:05 AM`,
/// `7:30 p.m.` (12 am is 00:xx, 12 pm is 12:xx). Seconds are dropped: readings are kept to
/// the minute.
pub(crate) fn clock_time(raw: &str) -> Option<NaiveTime> {
    let lower = raw.trim().to_ascii_lowercase();
    // German clocks are written `6:04 Uhr` (Withings' older web export).
    let lower = lower
        .strip_suffix("uhr")
        .map_or(lower.as_str(), str::trim_end);
    // `08.30` (German, Finnish) and `8h30` (French) when no colon says otherwise.
    let dotted;
    let lower = match lower.split_once(['.', 'h']) {
        Some((h, m))
            if !lower.contains(':')
                && (1..=2).contains(&h.len())
                && h.bytes().all(|b| b.is_ascii_digit())
                && m.len() == 2
                && m.bytes().all(|b| b.is_ascii_digit()) =>
        {
            dotted = format!("{h}:{m}");
            dotted.as_str()
        }
        _ => lower,
    };
    let t = lower.trim_end_matches('.');
    let (clock, pm) = if let Some(c) = t.strip_suffix("am").or_else(|| t.strip_suffix("a.m")) {
        (c.trim_end(), Some(false))
    } else if let Some(c) = t.strip_suffix("pm").or_else(|| t.strip_suffix("p.m")) {
        (c.trim_end(), Some(true))
    } else {
        (t, None)
    };
    let mut parts = clock.split(':');
    let hour = number_of(parts.next()?, 1, 2)?;
    let minute = number_of(parts.next()?, 2, 2)?;
    if let Some(seconds) = parts.next() {
        // `22:15:00` or `22:15:00.000`: checked, then dropped.
        number_of(seconds.split('.').next()?, 2, 2).filter(|s| *s < 60)?;
    }
    if parts.next().is_some() {
        return None;
    }
    let hour = match pm {
        None => hour,
        Some(_) if !(1..=12).contains(&hour) => return None,
        Some(false) => hour % 12,
        Some(true) => hour % 12 + 12,
    };
    NaiveTime::from_hms_opt(hour, minute, 0)
}

/// `raw` of `min..=max` ASCII digits, as a number.
fn number_of(raw: &str, min: usize, max: usize) -> Option<u32> {
    let ok = (min..=max).contains(&raw.len()) && raw.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| raw.parse().ok()).flatten()
}

/// A date with the month's name: `Jul 6 2023`, `Jul 06 2023`, `July 6, 2023`, `6 Jul 2023`
/// (English names; a 4-digit year).
pub(crate) fn month_name_date(raw: &str) -> Option<NaiveDate> {
    let parts: Vec<&str> = raw
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|p| !p.is_empty())
        .collect();
    let [a, b, year] = parts.as_slice() else {
        return None;
    };
    let (month, day) = match (month_of(a), month_of(b)) {
        (Some(m), None) => (m, b),
        (None, Some(m)) => (m, a),
        _ => return None,
    };
    let day = number_of(day, 1, 2)?;
    let year = number_of(year, 4, 4)?;
    NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)
}

/// A month's name or its abbreviation (`Jul`, `July`, `Sept`, `juil.`, `Okt`, `maj`), in
/// the languages exports are written in, 1-based: OMRON connect writes the phone's month
/// names (a Swedish export: `21 nov. 2024`). An abbreviation two languages read as
/// different months (`jui`: juin or juillet) is no month.
fn month_of(raw: &str) -> Option<u32> {
    /// Each month's names: English, German, French, Spanish, Italian, Dutch, Portuguese,
    /// Swedish, Polish (nominative and genitive), Turkish.
    const MONTHS: [&[&str]; 12] = [
        &[
            "january", "januar", "janvier", "enero", "gennaio", "januari", "janeiro", "styczeń",
            "stycznia", "ocak",
        ],
        &[
            "february",
            "februar",
            "février",
            "fevrier",
            "febrero",
            "febbraio",
            "februari",
            "fevereiro",
            "luty",
            "lutego",
            "şubat",
            "subat",
        ],
        &[
            "march", "märz", "maerz", "mars", "marzo", "maart", "março", "marco", "mars", "marzec",
            "marca", "mart",
        ],
        &[
            "april",
            "avril",
            "abril",
            "aprile",
            "kwiecień",
            "kwietnia",
            "nisan",
        ],
        &[
            "may", "mai", "mayo", "maggio", "mei", "maio", "maj", "maja", "mayıs", "mayis",
        ],
        &[
            "june", "juni", "juin", "junio", "giugno", "junho", "czerwiec", "czerwca", "haziran",
        ],
        &[
            "july", "juli", "juillet", "julio", "luglio", "julho", "lipiec", "lipca", "temmuz",
        ],
        &[
            "august",
            "août",
            "aout",
            "agosto",
            "augustus",
            "augusti",
            "sierpień",
            "sierpnia",
            "ağustos",
            "agustos",
        ],
        &[
            "september",
            "septembre",
            "septiembre",
            "settembre",
            "setembro",
            "wrzesień",
            "września",
            "eylül",
            "eylul",
        ],
        &[
            "october",
            "oktober",
            "octobre",
            "octubre",
            "ottobre",
            "outubro",
            "październik",
            "października",
            "ekim",
        ],
        &[
            "november",
            "novembre",
            "noviembre",
            "novembro",
            "listopad",
            "listopada",
            "kasım",
            "kasim",
        ],
        &[
            "december",
            "dezember",
            "décembre",
            "decembre",
            "diciembre",
            "dicembre",
            "dezembro",
            "grudzień",
            "grudnia",
            "aralık",
            "aralik",
        ],
    ];
    let lower = raw.trim_end_matches('.').to_lowercase();
    if lower.chars().count() < 3 || !lower.chars().all(char::is_alphabetic) {
        return None;
    }
    let mut found = None;
    for (i, names) in MONTHS.iter().enumerate() {
        if names.iter().any(|n| n.starts_with(&lower)) {
            if found.is_some_and(|f| f != i) {
                return None;
            }
            found = Some(i);
        }
    }
    u32::try_from(found? + 1).ok()
}

/// A date of numbers: `2023-07-06` / `2023/07/06` (a 4-digit first number is always year,
/// month, day), else day, month and year in `order`, separated by `/`, `.` or `-`:
/// `07/06/2023`, `06.07.2023`, `7/6/23` (a 2-digit year is 20yy: spreadsheets' short dates
/// are of this century; a later one is then refused as in the future).
pub(crate) fn numeric_date(raw: &str, order: DateOrder) -> Option<NaiveDate> {
    let raw = raw.trim();
    let sep = raw.chars().find(|c| matches!(c, '/' | '.' | '-'))?;
    let parts: Vec<&str> = raw.split(sep).collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let (year, month, day) = if a.len() == 4 {
        (
            number_of(a, 4, 4)?,
            number_of(b, 1, 2)?,
            number_of(c, 1, 2)?,
        )
    } else {
        let year = match c.len() {
            4 => number_of(c, 4, 4)?,
            2 => 2000 + number_of(c, 2, 2)?,
            _ => return None,
        };
        let (a, b) = (number_of(a, 1, 2)?, number_of(b, 1, 2)?);
        match order {
            DateOrder::Mdy => (year, a, b),
            DateOrder::Dmy => (year, b, a),
            DateOrder::Ymd | DateOrder::Epoch => return None,
        }
    };
    NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)
}

/// A cell holding a date and maybe a time: `2023-07-06 10:43`, `2023-07-06T10:43:00`,
/// `7/6/2023 10:43 PM`, `Jul 6 2023 10:43 am`. The time starts at the first word with a
/// colon.
pub(crate) fn split_date_time(raw: &str) -> (String, Option<String>) {
    let raw = raw.trim();
    // ISO's `T` between date and time.
    let spaced;
    let raw = match raw.find('T') {
        Some(10) if raw.as_bytes().get(4) == Some(&b'-') => {
            spaced = raw.replacen('T', " ", 1);
            spaced.as_str()
        }
        _ => raw,
    };
    let words: Vec<&str> = raw.split_whitespace().collect();
    match words.iter().position(|w| w.contains(':')) {
        Some(at) => (
            words[..at].join(" "),
            Some(words[at..].join(" ")).filter(|t| !t.is_empty()),
        ),
        None => (words.join(" "), None),
    }
}

/// Unix time in seconds (10 digits) or milliseconds (13), as the wall-clock time of `zone`.
pub(crate) fn epoch(raw: &str, zone: chrono_tz::Tz) -> Option<chrono::NaiveDateTime> {
    let t = raw.trim();
    // 10 digits are seconds from 2001 to 2286, 13 milliseconds; `202401150730` (12) is a
    // date written without separators, not an instant.
    if !(t.len() == 10 || t.len() == 13) || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = t.parse().ok()?;
    let at = if t.len() == 13 {
        chrono::DateTime::from_timestamp_millis(n)?
    } else {
        chrono::DateTime::from_timestamp(n, 0)?
    };
    Some(at.with_timezone(&zone).naive_local())
}

/// A date and time written with its UTC offset or `Z` (`2024-01-15T06:30:00.000Z`,
/// `2024-01-15 06:30:00+01:00`): an instant, as the wall-clock time of `zone`.
pub(crate) fn instant(raw: &str, zone: chrono_tz::Tz) -> Option<chrono::NaiveDateTime> {
    let t = raw.trim();
    let at = chrono::DateTime::parse_from_rfc3339(t)
        .or_else(|_| chrono::DateTime::parse_from_str(t, "%Y-%m-%d %H:%M:%S%.f%:z"))
        .or_else(|_| chrono::DateTime::parse_from_str(t, "%Y-%m-%d %H:%M:%S%.f%z"))
        .ok()?;
    Some(at.with_timezone(&zone).naive_local())
}

/// Morning or evening, as a marker column says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Period {
    Morning,
    Evening,
}

/// A morning/evening marker in the languages Vitalog's people write: `m`/`e`, `AM`/`PM`,
/// `morning`/`evening`, `morgens`/`abends`, `matin`/`soir`, `mañana`/`noche`,
/// `mattina`/`sera`, `ochtend`/`avond`, `manhã`/`noite`, `rano`/`wieczór`, `sabah`/`akşam`,
/// `朝`/`夜`. An empty cell is none.
pub(crate) fn period(raw: &str) -> Option<Period> {
    const MORNING: &[&str] = &[
        "m", "am", "a.m.", "a.m", "morning", "morn", "mo", "morgens", "morgen", "früh", "matin",
        "mañana", "manana", "mattina", "ochtend", "manhã", "manha", "rano", "sabah", "朝", "午前",
    ];
    const EVENING: &[&str] = &[
        "e", "pm", "p.m.", "p.m", "evening", "eve", "night", "abends", "abend", "nacht", "soir",
        "noche", "tarde", "sera", "avond", "noite", "wieczór", "wieczor", "akşam", "aksam", "夜",
        "晩", "午後",
    ];
    let t = raw.trim().to_lowercase();
    if MORNING.contains(&t.as_str()) {
        Some(Period::Morning)
    } else if EVENING.contains(&t.as_str()) {
        Some(Period::Evening)
    } else {
        None
    }
}

/// A number cell: empty (or `-`, as OMRON writes an empty one), a number, or not a number.
/// `decimal_comma`: `72,5` is 72.5 (European sheets, whose delimiter is then `;`).
pub(crate) fn number(raw: &str, decimal_comma: bool) -> NumberField {
    let t = raw.trim();
    // `-` is OMRON's empty cell, `null` blood-pressure-monitor-fl's, and -2147483648 (the
    // smallest 32-bit integer) OMRON connect's "no value" in some exports: none is a number
    // a person measured.
    if t.is_empty() || t == "-" || t.eq_ignore_ascii_case("null") || t == "-2147483648" {
        return NumberField::Empty;
    }
    // A comma with one or two digits after it is a decimal mark whatever the delimiter
    // (a quoted "80,5" in a comma file: Google Sheets in a European locale); no measure
    // is written with a thousands separator.
    let comma_decimal = decimal_comma || {
        let (whole, frac) = t.split_once(',').unwrap_or((t, "x"));
        !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && (1..=2).contains(&frac.len())
            && frac.bytes().all(|b| b.is_ascii_digit())
    };
    let parsed = if comma_decimal && t.contains(',') {
        t.replacen(',', ".", 1).parse::<f64>()
    } else {
        t.parse::<f64>()
    };
    match parsed.ok().filter(|v| v.is_finite()) {
        // Apps write 0 for "not measured" (blood-pressure-monitor-fl's `0.0` weight, Samsung
        // Health's `0.0,0.0` for a failed reading): no measure is ever 0.
        Some(0.0) => NumberField::Empty,
        Some(v) => NumberField::Number(v),
        None => NumberField::NotANumber,
    }
}

/// Why a date or time cell was not read: missing, or not as the format writes it.
pub(crate) fn unreadable(what: &str, raw: &str, example: &str) -> String {
    if raw.trim().is_empty() {
        format!("The {what} is missing.")
    } else {
        format!(
            "The {what} \"{}\" cannot be read (expected like \"{example}\").",
            super::excerpt(raw)
        )
    }
}

/// A text cell: `-` (OMRON's empty) is empty.
pub(crate) fn text_cell(raw: &str) -> &str {
    let t = raw.trim();
    if t == "-" || t.eq_ignore_ascii_case("null") {
        ""
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Rows = (Vec<String>, u8, Vec<(u64, Vec<String>)>);

    fn rows(bytes: &[u8]) -> Result<Rows, FileError> {
        let mut csv = Csv::new(bytes, None, "")?;
        let mut out = Vec::new();
        while let Some(row) = csv.next_row()? {
            out.push((row.line, row.cells.iter().map(str::to_owned).collect()));
        }
        assert_eq!(csv.done(), bytes.len() as u64, "progress reaches the end");
        Ok((csv.header().to_vec(), csv.delimiter(), out))
    }

    #[test]
    fn bom_crlf_blank_and_trailing_rows() {
        let (header, delimiter, out) =
            rows(b"\xEF\xBB\xBF\"Date\" , Time\r\n\r\nJul 6 2023, 10:43 am \r\n,\r\n\r\n\r\n")
                .unwrap();
        assert_eq!(header, ["Date", "Time"]);
        assert_eq!(delimiter, b',');
        assert_eq!(
            out,
            [(3, vec!["Jul 6 2023".to_owned(), "10:43 am".to_owned()])]
        );
        // Lines are the file's, past blank lines and notes spanning lines, CRLF or LF.
        for end in ["\n", "\r\n"] {
            let text = "h,n\n\nb,\"x\ny\"\nc,\nd,\"\nz\n\"".replace('\n', end);
            let (_, _, out) = rows(text.as_bytes()).unwrap();
            let lines: Vec<u64> = out.iter().map(|r| r.0).collect();
            assert_eq!(lines, [3, 5, 6], "{end:?}");
            assert_eq!(out[0].1[1], format!("x{end}y"));
        }
    }

    #[test]
    fn delimiters_from_the_header_line() {
        assert_eq!(detect_delimiter(b"a;b;c"), b';');
        assert_eq!(detect_delimiter(b"a\tb\tc,d"), b'\t');
        assert_eq!(detect_delimiter(b"\"a;b\",c"), b',');
        assert_eq!(detect_delimiter(b"date"), b',');
        let (header, delimiter, out) = rows(b"Datum;Gewicht\n06.07.2023;72,5\n").unwrap();
        assert_eq!((header.len(), delimiter), (2, b';'));
        assert_eq!(out[0].1, ["06.07.2023", "72,5"]);
    }

    #[test]
    fn empty_and_non_utf8_files_are_refused() {
        for empty in [&b""[..], b"\xEF\xBB\xBF", b"\n\r\n  \n"] {
            assert_eq!(
                rows(empty).err(),
                Some(FileError::new(MSG_EMPTY)),
                "{empty:?}"
            );
        }
        let latin1 = b"Date,Notes\n2023-07-06,ok\n2023-07-07,caf\xE9\n";
        let err = rows(latin1).err().unwrap();
        assert!(err.0.starts_with(MSG_NOT_UTF8), "{err}");
        assert!(err.0.contains("line 3"), "{err}");
        let header = rows(b"D\xE9te\n1\n").err().unwrap();
        assert!(header.0.contains("line 1"), "{header}");
    }

    /// Counts the bytes a reader hands out.
    struct Counted<R> {
        inner: R,
        read: std::rc::Rc<std::cell::Cell<u64>>,
    }

    impl<R: Read> Read for Counted<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.read.set(self.read.get() + n as u64);
            Ok(n)
        }
    }

    #[test]
    fn a_row_longer_than_the_bound_is_refused_before_it_is_buffered() {
        // A 500 MB upload that is one row: a quoted cell never closed (every line feed in
        // it kept by the line counter) or a line never ended (the CSV reader's record
        // growing with it). Either is refused once the bound is passed, naming the line,
        // not read to its end into memory.
        let big = 3 * MAX_ROW_BYTES;
        let bodies: [(&[u8], u8, u64); 4] = [
            (b"Date,Notes\n2023-07-06,ok\n", b'\n', 3),
            (b"Date,Notes\n2023-07-06,ok\n2023-07-07,\"", b'\n', 3),
            (b"Date,Notes\n2023-07-06,ok\n2023-07-07,", b'x', 3),
            (b"\xEF\xBB\xBFDate,Notes,", b'x', 1),
        ];
        for (start, fill, line) in bodies {
            let read = std::rc::Rc::new(std::cell::Cell::new(0));
            let inner = Counted {
                inner: start.chain(io::repeat(fill).take(big as u64)),
                read: read.clone(),
            };
            let result = Csv::new(inner, None, "bp.csv ").and_then(|mut csv| {
                while csv.next_row()?.is_some() {}
                Ok(())
            });
            let err = result.err().unwrap_or_else(|| panic!("{fill} read whole"));
            assert!(
                err.0.contains(&format!("bp.csv line {line} on")) && err.0.contains("1 MB"),
                "{err}"
            );
            assert!(
                read.get() <= (MAX_ROW_BYTES + 4 * BUFFER) as u64,
                "{} bytes read for one row",
                read.get()
            );
        }
        // A row just under the bound is read.
        let mut ok = b"Date,Notes\n2023-07-06,\"".to_vec();
        ok.extend(std::iter::repeat_n(b'\n', MAX_ROW_BYTES - 1024));
        ok.extend(b"\"\n2023-07-07,after\n");
        let (_, _, out) = rows(&ok).unwrap();
        assert_eq!(out.len(), 2);
        assert_eq!(out[1].0, (MAX_ROW_BYTES - 1024) as u64 + 3);
    }

    #[test]
    fn times_in_12_and_24_hours() {
        let t = |raw: &str| clock_time(raw).map(|t| t.format("%H:%M").to_string());
        for (raw, want) in [
            ("10:43 am", "10:43"),
            ("12:05 AM", "00:05"),
            ("12:30 pm", "12:30"),
            ("11:58 pm", "23:58"),
            ("7:30 p.m.", "19:30"),
            ("7:30PM", "19:30"),
            ("9:05", "09:05"),
            ("22:15:00", "22:15"),
            ("22:15:59.250", "22:15"),
            ("00:00", "00:00"),
        ] {
            assert_eq!(t(raw).as_deref(), Some(want), "{raw}");
        }
        for bad in [
            "13:00 pm", "0:30 am", "24:00", "10:4", "10:43:61", "noon", "", "10:43 xm",
        ] {
            assert_eq!(t(bad), None, "{bad}");
        }
    }

    #[test]
    fn dates_with_names_and_numbers() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day);
        assert_eq!(month_name_date("Jul 6 2023"), d(2023, 7, 6));
        assert_eq!(month_name_date("Jul 06 2023"), d(2023, 7, 6));
        assert_eq!(month_name_date("July 6, 2023"), d(2023, 7, 6));
        assert_eq!(month_name_date("6 Sept 2023"), d(2023, 9, 6));
        assert_eq!(month_name_date("Feb 30 2023"), None);
        assert_eq!(month_name_date("Jul 6 23"), None);
        assert_eq!(month_name_date("Ju 6 2023"), None);
        // The phone's language (OMRON connect writes it): Swedish, German, French, Spanish.
        assert_eq!(month_name_date("21 nov. 2024"), d(2024, 11, 21));
        assert_eq!(month_name_date("3 okt. 2024"), d(2024, 10, 3));
        assert_eq!(month_name_date("3 maj 2024"), d(2024, 5, 3));
        assert_eq!(month_name_date("14 Dez 2024"), d(2024, 12, 14));
        assert_eq!(month_name_date("14 juil. 2024"), d(2024, 7, 14));
        assert_eq!(month_name_date("14 ene 2024"), d(2024, 1, 14));
        assert_eq!(month_name_date("14 märz 2024"), d(2024, 3, 14));
        // juin or juillet: not a month.
        assert_eq!(month_name_date("14 jui 2024"), None);
        use DateOrder::*;
        assert_eq!(numeric_date("07/06/2023", Mdy), d(2023, 7, 6));
        assert_eq!(numeric_date("07/06/2023", Dmy), d(2023, 6, 7));
        assert_eq!(numeric_date("7/6/23", Mdy), d(2023, 7, 6));
        assert_eq!(numeric_date("06.07.2023", Dmy), d(2023, 7, 6));
        assert_eq!(numeric_date("2023-07-06", Dmy), d(2023, 7, 6));
        assert_eq!(numeric_date("2023/07/06", Ymd), d(2023, 7, 6));
        assert_eq!(numeric_date("13/06/2023", Mdy), None);
        assert_eq!(numeric_date("7/6/2023", Ymd), None);
        assert_eq!(numeric_date("7/6-2023", Mdy), None);
        assert_eq!(numeric_date("7/6/123", Mdy), None);
    }

    #[test]
    fn date_cells_with_times() {
        let s = |raw: &str| split_date_time(raw);
        assert_eq!(
            s("2023-07-06 10:43"),
            ("2023-07-06".into(), Some("10:43".into()))
        );
        assert_eq!(
            s("2023-07-06T10:43:00"),
            ("2023-07-06".into(), Some("10:43:00".into()))
        );
        assert_eq!(
            s("7/6/2023 10:43 PM"),
            ("7/6/2023".into(), Some("10:43 PM".into()))
        );
        assert_eq!(
            s("Jul 6 2023 10:43 am"),
            ("Jul 6 2023".into(), Some("10:43 am".into()))
        );
        assert_eq!(s(" 06.07.2023 "), ("06.07.2023".into(), None));
    }

    #[test]
    fn numbers_and_decimal_commas() {
        assert_eq!(number("72,5", true), NumberField::Number(72.5));
        // A quoted "72,5" in a comma file is a decimal comma too; "1,200" is no measure.
        assert_eq!(number("72,5", false), NumberField::Number(72.5));
        assert_eq!(number("1,200", false), NumberField::NotANumber);
        // Not measured, as apps write it.
        assert_eq!(number("0.0", false), NumberField::Empty);
        assert_eq!(number("null", false), NumberField::Empty);
        assert_eq!(number("-2147483648", false), NumberField::Empty);
        assert_eq!(text_cell("null"), "");
        assert_eq!(number(" 120 ", false), NumberField::Number(120.0));
        assert_eq!(number("-", false), NumberField::Empty);
        assert_eq!(number("", true), NumberField::Empty);
        assert_eq!(number("NaN", false), NumberField::NotANumber);
        assert_eq!(number("abc", false), NumberField::NotANumber);
        assert_eq!(text_cell("-"), "");
    }
}
