//! The document: its sections in order ([`crate::sections`]), the PDF's metadata and
//! fonts, and the compressed file.

use printpdf::{Mm, PdfDocument, PdfPage, PdfSaveOptions};
use reports::ReportDocument;

use crate::canvas::*;
use crate::sections::{
    analysis, footer, home_week, medications, monthly, paragraph, section, table, title, trends,
};

/// Who entered the readings and whose categories these are: the owner's guideline.
fn disclaimer(doc: &ReportDocument) -> String {
    format!(
        "Readings were entered by the patient in Vitalog. Blood pressure categories follow the {} and are information, not a diagnosis.",
        readings::GuidelineRules::of(doc.patient.guideline).title
    )
}

/// Renders the document to PDF bytes.
pub fn render(doc: &ReportDocument) -> anyhow::Result<Vec<u8>> {
    let u = doc.patient.units;
    let mut c = Canvas::new();
    title::title_block(&mut c, doc);
    if doc.readings.is_empty() {
        section(&mut c, "Readings");
        paragraph(&mut c, "There were no readings in this period.", 11.0, INK);
    } else {
        if doc.spec.include_charts {
            trends::charts_section(&mut c, doc, &u);
        }
        if doc.spec.include_analysis {
            analysis::analysis_section(&mut c, doc, &u);
        }
        // The reports service gives weeks only to a report with its analysis.
        if !doc.home_weeks.is_empty() {
            home_week::home_week_section(&mut c, doc);
        }
    }
    // The reports service gives medications only to a report with its analysis; doses
    // taken are worth showing in a period without readings too.
    if let Some(meds) = &doc.medications {
        medications::medications_section(&mut c, meds);
    }
    if !doc.readings.is_empty() && doc.spec.include_table {
        monthly::monthly_section(&mut c, doc, &u);
        table::table_section(&mut c, doc, &u);
    }
    c.y -= 8.0;
    paragraph(&mut c, &disclaimer(doc), 8.5, MUTED);
    footer::footers(&mut c, doc);

    let mut pdf = PdfDocument::new(doc.spec.report_type.title());
    let info = &mut pdf.metadata.info;
    let title = doc.spec.report_type.title();
    info.document_title = match doc.spec.own_name() {
        Some(own) => format!("{title} - {own}"),
        None => format!(
            "{title} {}",
            kernel::display::period(doc.spec.date_start, doc.spec.date_end)
        ),
    };
    info.author = "Vitalog".into();
    info.creator = "Vitalog".into();
    info.producer = "Vitalog".into();
    if let Ok(t) = printpdf::OffsetDateTime::from_unix_timestamp(doc.generated_at.timestamp()) {
        info.creation_date = t;
        info.modification_date = t;
        info.metadata_date = t;
    }
    for (bold, used) in [(false, &c.used[0]), (true, &c.used[1])] {
        if !used.is_empty() {
            let font = crate::metrics::face(bold).subset(used)?;
            pdf.resources
                .fonts
                .map
                .insert(font_id(bold), printpdf::PdfFont::new(font));
        }
    }
    let pages = c
        .pages
        .into_iter()
        .map(|ops| PdfPage::new(Mm(210.0), Mm(297.0), ops))
        .collect();
    let mut warnings = Vec::new();
    let raw = PdfSaveOptions {
        optimize: false,
        ..PdfSaveOptions::default()
    };
    finish(pdf.with_pages(pages).to_lopdf_document(&raw, &mut warnings))
}

/// zlib's default: at 9 (lopdf's choice) a year's report took ~15 % longer for 1 % less size.
const LEVEL: u32 = 6;

/// Compresses every stream and writes the file. lopdf's own pass uses deflate's slowest
/// level, which cost more time than it saved bytes. One encoder serves every stream (reset
/// between them): a new one per stream allocated deflate's window and tables (~300 KB) again
/// for each of a year's ~30 streams.
fn finish(mut doc: lopdf::Document) -> anyhow::Result<Vec<u8>> {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(LEVEL));
    for object in doc.objects.values_mut() {
        if let lopdf::Object::Stream(stream) = object {
            if !stream.allows_compression || stream.dict.get(b"Filter").is_ok() {
                continue;
            }
            z.write_all(&stream.content)?;
            // Ends this stream's deflate data and starts the next one afresh.
            let packed = z.reset(Vec::new())?;
            if packed.len() < stream.content.len() {
                stream.dict.set("Filter", "FlateDecode");
                stream.set_content(packed);
            }
        }
    }
    let mut out = Vec::new();
    doc.save_to(&mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::{Dictionary, Object, Stream};

    #[test]
    fn each_stream_is_compressed_on_its_own_and_reads_back_whole() {
        // Streams compressed one after another by the same encoder: each must be a complete
        // zlib stream of its own content only.
        let contents: Vec<Vec<u8>> = (0..3)
            .map(|i| format!("BT /FR 8.5 Tf {i} 0 Td (row {i}) Tj ET\n").repeat(200 + i))
            .map(String::into_bytes)
            .chain([b"q".to_vec()])
            .collect();
        let mut doc = lopdf::Document::with_version("1.7");
        let ids: Vec<_> = contents
            .iter()
            .map(|c| doc.add_object(Stream::new(Dictionary::new(), c.clone())))
            .collect();
        let bytes = finish(doc).expect("finish");
        let read = lopdf::Document::load_mem(&bytes).expect("a valid file");
        for (id, content) in ids.iter().zip(&contents) {
            let Ok(Object::Stream(stream)) = read.get_object(*id) else {
                panic!("stream {id:?} is missing");
            };
            let compressed = stream.dict.get(b"Filter").is_ok();
            // A stream that deflate would not shrink (the one-byte one) is kept as it is.
            assert_eq!(compressed, content.len() > 1, "{id:?}");
            let plain = if compressed {
                assert!(stream.content.len() < content.len() / 10);
                stream.decompressed_content().expect("inflates")
            } else {
                stream.content.clone()
            };
            assert_eq!(&plain, content, "{id:?}");
        }
    }
}
