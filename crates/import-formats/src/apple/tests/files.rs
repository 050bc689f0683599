//! Files as a whole: zips, bombs, malformed XML, progress and cancelling.

use super::*;

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        out.start_file(*name, options).unwrap();
        out.write_all(bytes).unwrap();
    }
    out.finish().unwrap().into_inner()
}

fn parse_zip(bytes: &[u8], limits: Limits) -> Result<Parsed, FileError> {
    let (_dir, path) = file("export.zip", bytes);
    parse_with(&path, &context(New_York, None), limits)
}

#[test]
fn the_zip_the_health_app_makes() {
    let xml = export(
        &[
            bp("2023-07-06 08:15:00 -0400", "128", "82"),
            rec("HeartRate", "count/min", "2023-07-06 08:15:20 -0400", "64"),
        ]
        .concat(),
    );
    let cda = b"<?xml version=\"1.0\"?><ClinicalDocument/>";
    let bytes = zip_of(&[
        ("apple_health_export/export_cda.xml", cda),
        (
            "apple_health_export/workout-routes/route_2023-07-06.gpx",
            b"<gpx/>",
        ),
        (
            "apple_health_export/electrocardiograms/ecg_2023-07-06.csv",
            b"Name,Ann",
        ),
        ("apple_health_export/export.xml", xml.as_bytes()),
    ]);
    let p = parse_zip(&bytes, LIMITS).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rows(&p), [bp_row("2023-07-06 08:15", 128, 82, Some(64))]);
    // Any entry named export.xml will do.
    let bytes = zip_of(&[("Export/export.xml", xml.as_bytes())]);
    assert_eq!(rows(&parse_zip(&bytes, LIMITS).unwrap()).len(), 1);
}

#[test]
fn every_layout_the_health_app_has_written_since_2015() {
    // iOS 8 to 11 named the entry `Export.xml` (capital E) beside `Export_cda.xml`; later
    // versions `export.xml`; an export unpacked and zipped again may have it at the root,
    // in another case, or with Windows' separators.
    let xml = export(&bp("2023-07-06 08:15:00 -0400", "128", "82"));
    let cda: &[u8] = b"<?xml version=\"1.0\"?><ClinicalDocument/>";
    for layout in [
        &[
            ("apple_health_export/Export_cda.xml", cda),
            ("apple_health_export/Export.xml", xml.as_bytes()),
        ][..],
        &[("apple_health_export/export.xml", xml.as_bytes())],
        &[("export.xml", xml.as_bytes())],
        &[("APPLE_HEALTH_EXPORT/EXPORT.XML", xml.as_bytes())],
        &[(
            "Health Export\\apple_health_export\\Export.xml",
            xml.as_bytes(),
        )],
    ] {
        let bytes = zip_of(layout);
        let p = parse_zip(&bytes, LIMITS)
            .unwrap_or_else(|e| panic!("{:?}: {e}", layout.last().map(|l| l.0)));
        assert_eq!(rows(&p), [bp_row("2023-07-06 08:15", 128, 82, None)]);
        let (_dir, path) = file("export.zip", &bytes);
        assert_eq!(
            crate::detect::resolve(&path, "export.zip"),
            Ok(crate::Format::AppleHealth)
        );
    }
}

#[test]
fn a_zip_without_export_xml() {
    let bytes = zip_of(&[("apple_health_export/export_cda.xml", b"<ClinicalDocument/>")]);
    assert_eq!(
        parse_zip(&bytes, LIMITS),
        Err(FileError::new(source::MSG_NO_EXPORT_XML))
    );
    let bytes = zip_of(&[]);
    assert_eq!(
        parse_zip(&bytes, LIMITS),
        Err(FileError::new(source::MSG_NO_EXPORT_XML))
    );
}

#[test]
fn a_zip_bomb_is_refused_by_the_bytes_it_expands_to() {
    // 8 MB of spaces deflate ~1000 times: past 50 times the compressed size.
    let xml = format!("{HEAD}{}</HealthData>", " ".repeat(8 << 20));
    let bytes = zip_of(&[("apple_health_export/export.xml", xml.as_bytes())]);
    assert!(bytes.len() < 100_000, "{}", bytes.len());
    let started = Instant::now();
    let e = parse_zip(&bytes, LIMITS).unwrap_err();
    assert!(
        e.0.starts_with("The zip file expands far beyond its size"),
        "{e}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // The absolute bound, made small: a well-behaved zip past it is refused too.
    let xml = export(&rec(
        "RestingHeartRate",
        "count/min",
        "2023-07-06 00:00:00 -0400",
        "60",
    ));
    let bytes = zip_of(&[("apple_health_export/export.xml", xml.as_bytes())]);
    let small = Limits {
        bytes: 256,
        ratio: MAX_RATIO,
        floor: 0,
    };
    let e = parse_zip(&bytes, small).unwrap_err();
    assert!(e.0.contains("passed 256 bytes"), "{e}");
    assert_eq!(rows(&parse_zip(&bytes, LIMITS).unwrap()).len(), 1);
}

#[test]
fn an_xml_bomb_is_refused_and_no_entity_is_ever_expanded() {
    let mut lol =
        String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n");
    for i in 1..10 {
        let prev = if i == 1 {
            "lol".to_owned()
        } else {
            format!("lol{}", i - 1)
        };
        lol.push_str(&format!(
            " <!ENTITY lol{i} \"{}\">\n",
            format!("&{prev};").repeat(10)
        ));
    }
    lol.push_str("]>\n<HealthData locale=\"en_US\">&lol9;</HealthData>\n");
    let started = Instant::now();
    let e = parse_text(&lol, New_York).unwrap_err();
    assert_eq!(
        e.0,
        "This is not an Apple Health export: its DOCTYPE (line 2) declares XML entities, which \
         the Health app never writes and Vitalog does not expand."
    );
    assert!(started.elapsed() < Duration::from_secs(1));
    // Without a DOCTYPE, an entity used in a value leaves it unreadable, and one in text is
    // passed over: nothing grows.
    let body = [
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-07-06 00:00:00 -0400",
            "&lol9;",
        ),
        rec("RestingHeartRate", "count/min", "&lol9;", "60"),
        " <Note>&lol9;&lol9;</Note>\n".to_owned(),
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-07-06 00:01:00 -0400",
            "&#54;&#48;",
        ),
    ]
    .concat();
    let p = ok(&export(&body), New_York);
    let messages: Vec<&str> = p.skipped.iter().map(|s| s.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "Heart rate must be a number",
            "The date \"&lol9;\" cannot be read (expected e.g. 2023-07-06 10:43:12 -0700)."
        ]
    );
    // Character references are plain text, read as such.
    assert_eq!(rows(&p), [hr_row("2023-07-06 00:01", 60)]);
}

#[test]
fn malformed_xml_names_the_line() {
    let body = [
        rec(
            "RestingHeartRate",
            "count/min",
            "2023-07-06 00:00:00 -0400",
            "60",
        ),
        " <Record type=\"x\">\n </Correlation>\n".to_owned(),
    ]
    .concat();
    let e = parse_text(&export(&body), New_York).unwrap_err();
    let line = first_body_line() + 2;
    assert_eq!(
        e.0,
        format!(
            "This is not an Apple Health export: the XML is malformed near line {line} \
             (expected `</Record>`, but `</Correlation>` was found; the \
             element open is the one at line {}).",
            line - 1
        )
    );
    // An element left open is found where its parent ends: the message names both lines.
    let body = [
        " <Record type=\"x\">\n".to_owned(),
        rec("StepCount", "count", "2023-07-06 00:00:00 -0400", "5"),
    ]
    .concat();
    let e = parse_text(&export(&body), New_York).unwrap_err();
    assert!(
        e.0.ends_with(&format!(
            "but `</HealthData>` was found; the element open is the one at line {}).",
            first_body_line()
        )),
        "{e}"
    );
    let e = parse_text(&export(" <Record type=\"x\" value=\"1/>\n"), New_York).unwrap_err();
    assert!(e.0.contains("the XML is malformed near line"), "{e}");
    let cut = &export(&rec("StepCount", "count", "2023-07-06 00:00:00 -0400", "5"));
    let e = parse_text(&cut[..cut.len() - 14], New_York).unwrap_err();
    assert!(
        e.0.starts_with("This Apple Health export ends early"),
        "{e}"
    );
    // One element past the bound is refused before it is all in memory.
    let huge = format!(" <Record type=\"x\" value=\"{}\"/>\n", "9".repeat(17 << 20));
    let e = parse_text(&export(&huge), New_York).unwrap_err();
    let line = first_body_line();
    assert_eq!(
        e.0,
        format!(
            "This is not an Apple Health export: near line {line} one element is larger than 16 MB."
        )
    );
    let deep = format!("{}{}", "<a>".repeat(40), "</a>".repeat(40));
    let e = parse_text(&export(&deep), New_York).unwrap_err();
    assert!(e.0.contains("nested more than 16 deep"), "{e}");
}

#[test]
fn empty_not_utf8_and_other_xml_files() {
    assert_eq!(parse_text("", New_York), Err(FileError::new(MSG_EMPTY)));
    assert_eq!(
        parse_text(" \n\t\n", New_York),
        Err(FileError::new(MSG_EMPTY))
    );
    let latin1 = export(&rec(
        "RestingHeartRate",
        "count/min",
        "2023-07-06 00:00:00 -0400",
        "60",
    ))
    .replace("Ann&apos;s", "Ren\u{e9}e's");
    let latin1: Vec<u8> = latin1.chars().map(|c| c as u32 as u8).collect();
    let (_dir, path) = file("export.xml", &latin1);
    assert_eq!(
        parse(&path, &context(New_York, None)),
        Err(FileError::new(MSG_XML_NOT_UTF8))
    );
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(
            "<?xml version=\"1.0\"?>\n<HealthData/>\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        )
        .collect();
    let (_dir16, path) = file("export.xml", &utf16);
    assert_eq!(
        parse(&path, &context(New_York, None)),
        Err(FileError::new(MSG_XML_NOT_UTF8))
    );
    let e = parse_text("<?xml version=\"1.0\"?>\n<ClinicalDocument/>\n", New_York).unwrap_err();
    assert_eq!(
        e.0,
        "This is not an Apple Health export: its first element (line 2) is <ClinicalDocument>, \
         not <HealthData>. Choose export.zip, or the export.xml inside it."
    );
    let e = parse_text("Date,Time\n", New_York).unwrap_err();
    assert_eq!(
        e.0,
        "This is not an Apple Health export: it has no <HealthData> element."
    );
}

/// Cancels once it has seen `after` reports; keeps every snapshot.
struct Recorder {
    after: usize,
    seen: Mutex<Vec<Snapshot>>,
}

impl Progress for Recorder {
    fn report(&self, at: Snapshot) {
        self.seen.lock().unwrap().push(at);
    }
    fn cancelled(&self) -> bool {
        self.seen.lock().unwrap().len() >= self.after
    }
}

fn many(n: usize) -> String {
    let body: String = (0..n)
        .map(|i| {
            let at = format!("2023-07-06 {:02}:{:02}:00 -0400", i / 60 % 24, i % 60);
            if i % 1000 == 0 {
                bp(&at, "120", "80")
            } else {
                rec("HeartRate", "count/min", &at, "70")
            }
        })
        .collect();
    export(&body)
}

#[test]
fn progress_covers_both_passes_and_cancelling_stops() {
    let xml = many(10_000);
    let (_dir, path) = file("export.xml", xml.as_bytes());
    let recorder = Recorder {
        after: usize::MAX,
        seen: Mutex::new(Vec::new()),
    };
    let ctx = Context {
        progress: &recorder,
        ..context(New_York, None)
    };
    let p = parse(&path, &ctx).unwrap();
    assert_eq!(p.candidates.len(), 10);
    let seen = recorder.seen.lock().unwrap().clone();
    let size = xml.len() as u64;
    assert!(
        seen.iter()
            .all(|s| s.total == 2 * size && s.done <= s.total)
    );
    assert!(seen.windows(2).all(|w| w[0].done <= w[1].done));
    assert!(
        seen.iter().any(|s| s.done > size && s.done < 2 * size),
        "the second pass reports"
    );
    assert_eq!(seen.last().map(|s| (s.done, s.found)), Some((2 * size, 10)));

    let cancelling = Recorder {
        after: 1,
        seen: Mutex::new(Vec::new()),
    };
    let ctx = Context {
        progress: &cancelling,
        ..context(New_York, None)
    };
    assert_eq!(parse(&path, &ctx), Err(FileError::new(MSG_CANCELLED)));
}

/// The generator's file, timed: `APPLE_EXPORT=/tmp/export.zip cargo test --release -p imports
/// -- --ignored --nocapture apple_export_from_env`.
#[test]
#[ignore = "reads a generated export named by APPLE_EXPORT"]
fn apple_export_from_env() {
    let Ok(path) = std::env::var("APPLE_EXPORT") else {
        return;
    };
    let started = Instant::now();
    let p = parse(std::path::Path::new(&path), &context(New_York, None)).unwrap();
    let kinds = |f: fn(&readings::model::Measurements) -> bool| {
        p.candidates.iter().filter(|c| f(&c.values.values)).count()
    };
    println!(
        "{{\"seconds\": {:.2}, \"records\": {}, \"bloodPressure\": {}, \"bpWithHeartRate\": {}, \
         \"restingHeartRate\": {}, \"weight\": {}, \"bloodSugar\": {}, \"skipped\": {}}}",
        started.elapsed().as_secs_f64(),
        p.records,
        kinds(|v| v.systolic.is_some()),
        kinds(|v| v.systolic.is_some() && v.heart_rate.is_some()),
        kinds(|v| v.systolic.is_none() && v.heart_rate.is_some()),
        kinds(|v| v.weight.is_some()),
        kinds(|v| v.blood_sugar.is_some()),
        p.skipped_counts.values().sum::<u64>(),
    );
}
