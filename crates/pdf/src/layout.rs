//! The report's pages: title block, charts, analysis, table, then page footers.

use chrono::NaiveDate;
use printpdf::{Mm, PdfDocument, PdfPage, PdfSaveOptions};
use readings::units::{lbs_to_kg, mgdl_to_mmol, round_to};
use readings::{BpCategory, Reading};
use reports::analysis::{Direction, Stats, Trend};
use reports::{ReportDocument, ReportType};

use crate::canvas::*;
use crate::charts::{self, Series};
use crate::metrics::{printable, wrap};

const DISCLAIMER: &str = "Readings were entered by the patient in Vitalog. Blood pressure categories follow the 2017 ACC/AHA guideline and are information, not a diagnosis.";

/// Short enough to stand whole on every page.
const FOOTER: &str = "Entered by the patient. Blood pressure categories: 2017 ACC/AHA; information, not a diagnosis.";

struct Units {
    kg: bool,
    mmol: bool,
}

impl Units {
    fn weight_label(&self) -> &'static str {
        if self.kg { "kg" } else { "lbs" }
    }
    fn sugar_label(&self) -> &'static str {
        if self.mmol { "mmol/L" } else { "mg/dL" }
    }
    fn weight(&self, lbs: f64) -> f64 {
        if self.kg {
            round_to(lbs_to_kg(lbs), 1)
        } else {
            round_to(lbs, 1)
        }
    }
    fn sugar(&self, mgdl: f64) -> f64 {
        if self.mmol {
            round_to(mgdl_to_mmol(mgdl), 1)
        } else {
            round_to(mgdl, 0)
        }
    }
    fn fmt_weight(&self, lbs: f64) -> String {
        format!("{:.1}", self.weight(lbs))
    }
    fn fmt_sugar(&self, mgdl: f64) -> String {
        if self.mmol {
            format!("{:.1}", self.sugar(mgdl))
        } else {
            format!("{:.0}", self.sugar(mgdl))
        }
    }
}

fn section(c: &mut Canvas, title: &str) {
    c.ensure(48.0);
    c.y -= 10.0;
    c.text(MARGIN, c.y - 12.0, 13.0, true, TEAL, Align::Left, title);
    c.line(
        &[(MARGIN, c.y - 18.0), (PAGE_W - MARGIN, c.y - 18.0)],
        RULE,
        0.8,
    );
    c.y -= 30.0;
}

fn paragraph(c: &mut Canvas, text: &str, size: f32, col: Rgb3) {
    for line in wrap(text, size, PAGE_W - 2.0 * MARGIN) {
        c.ensure(size + 6.0);
        c.text(MARGIN, c.y - size, size, false, col, Align::Left, &line);
        c.y -= size + 4.0;
    }
}

fn title_block(c: &mut Canvas, doc: &ReportDocument) {
    let p = &doc.patient;
    c.text(
        MARGIN,
        c.y - 20.0,
        20.0,
        true,
        INK,
        Align::Left,
        doc.spec.report_type.title(),
    );
    // The user's own name for the report, if it adds anything to the title and the
    // period shown below (a default name is exactly those: issue 14.14).
    if let Some(own) = doc.spec.own_name() {
        c.text(MARGIN, c.y - 38.0, 10.5, false, MUTED, Align::Left, &own);
    }
    c.y -= 56.0;
    let box_top = c.y;
    c.rect(MARGIN, box_top - 74.0, PAGE_W - 2.0 * MARGIN, 74.0, TINT);
    let name = kernel::text::display_name(&p.full_name, &p.username);
    let rows = [
        ("Patient", name),
        (
            "Date of birth",
            p.date_of_birth
                .map_or_else(|| "Not given".to_owned(), kernel::display::date),
        ),
        (
            "Period",
            kernel::display::period(doc.spec.date_start, doc.spec.date_end),
        ),
        ("Generated", kernel::display::utc_moment(doc.generated_at)),
    ];
    for (i, (k, v)) in rows.iter().enumerate() {
        let y = box_top - 18.0 - i as f32 * 15.0;
        c.text(MARGIN + 12.0, y, 9.0, true, MUTED, Align::Left, k);
        c.text(MARGIN + 100.0, y, 10.0, false, INK, Align::Left, v);
    }
    c.text(
        PAGE_W - MARGIN - 12.0,
        box_top - 18.0,
        9.0,
        true,
        MUTED,
        Align::Right,
        "Readings in period",
    );
    c.text(
        PAGE_W - MARGIN - 12.0,
        box_top - 44.0,
        22.0,
        true,
        TEAL,
        Align::Right,
        &doc.readings.len().to_string(),
    );
    c.y = box_top - 90.0;
}

fn day_of(r: &Reading, start: NaiveDate) -> f64 {
    (r.date - start).num_days() as f64
        + f64::from(chrono::Timelike::num_seconds_from_midnight(&r.time)) / 86_400.0
}

fn charts_section(c: &mut Canvas, doc: &ReportDocument, u: &Units) {
    section(c, "Trends");
    let (s, e) = (doc.spec.date_start, doc.spec.date_end);
    let t = doc.spec.report_type;
    let rs = &doc.readings;
    let series = |f: &dyn Fn(&Reading) -> Option<f64>| -> Vec<(f64, f64)> {
        rs.iter()
            .filter_map(|r| f(r).map(|v| (day_of(r, s), v)))
            .collect()
    };
    if matches!(t, ReportType::Bp | ReportType::Comprehensive) {
        let both = |r: &Reading| r.values.systolic.is_some() && r.values.diastolic.is_some();
        let sys = series(&|r| {
            if both(r) {
                r.values.systolic.map(f64::from)
            } else {
                None
            }
        });
        let dia = series(&|r| {
            if both(r) {
                r.values.diastolic.map(f64::from)
            } else {
                None
            }
        });
        // Both points of a reading in the Hypertensive Crisis range (ACC/AHA 2017, the
        // category's one home: readings::BpCategory), as the app's chart marks them.
        let crisis: Vec<(f64, f64)> = doc
            .readings
            .iter()
            .filter_map(|r| match (r.values.systolic, r.values.diastolic) {
                (Some(sy), Some(di))
                    if BpCategory::classify(sy, di) == BpCategory::HypertensiveCrisis =>
                {
                    let d = day_of(r, s);
                    Some([(d, f64::from(sy)), (d, f64::from(di))])
                }
                _ => None,
            })
            .flatten()
            .collect();
        charts::draw(
            c,
            &charts::Chart {
                title: "Blood pressure",
                unit: "mmHg",
                series: &[
                    Series {
                        label: "Systolic",
                        color: RED,
                        points: sys,
                    },
                    Series {
                        label: "Diastolic",
                        color: TEAL,
                        points: dia,
                    },
                ],
                fixed: Some((60.0, 180.0)),
                start: s,
                end: e,
                empty_text: "No blood pressure readings in this period",
                marks: &crisis,
            },
        );
        let hr = series(&|r| r.values.heart_rate.map(f64::from));
        charts::draw(
            c,
            &charts::Chart {
                title: "Heart rate",
                unit: "bpm",
                series: &[Series {
                    label: "Heart rate",
                    color: AMBER,
                    points: hr,
                }],
                fixed: Some((40.0, 120.0)),
                start: s,
                end: e,
                empty_text: "No heart rate readings in this period",
                marks: &[],
            },
        );
    }
    if matches!(t, ReportType::Weight | ReportType::Comprehensive) {
        let w = series(&|r| r.values.weight.map(|v| u.weight(v)));
        charts::draw(
            c,
            &charts::Chart {
                title: "Weight",
                unit: u.weight_label(),
                series: &[Series {
                    label: "Weight",
                    color: TEAL,
                    points: w,
                }],
                fixed: None,
                start: s,
                end: e,
                empty_text: "No weight readings in this period",
                marks: &[],
            },
        );
    }
    if matches!(t, ReportType::Sugar | ReportType::Comprehensive) {
        let b = series(&|r| r.values.blood_sugar.map(|v| u.sugar(v)));
        let domain = if u.mmol {
            (
                round_to(mgdl_to_mmol(60.0), 1),
                round_to(mgdl_to_mmol(200.0), 1),
            )
        } else {
            (60.0, 200.0)
        };
        charts::draw(
            c,
            &charts::Chart {
                title: "Blood sugar",
                unit: u.sugar_label(),
                series: &[Series {
                    label: "Blood sugar",
                    color: RED,
                    points: b,
                }],
                fixed: Some(domain),
                start: s,
                end: e,
                empty_text: "No blood sugar readings in this period",
                marks: &[],
            },
        );
    }
}

fn trend_text(name: &str, unit: &str, t: Option<Trend>, scale: f64) -> Option<String> {
    let t = t?;
    let by = (t.over_period * scale).abs();
    let rate = t
        .per_30_days
        .map(|r| format!(" ({:.1} {unit} per 30 days)", (r * scale).abs()))
        .unwrap_or_default();
    Some(match t.direction {
        Direction::Stable => format!("{name}: stable over the period (change under 1 %)."),
        Direction::Rising => format!("{name}: rising by {by:.1} {unit} over the period{rate}."),
        Direction::Falling => format!("{name}: falling by {by:.1} {unit} over the period{rate}."),
    })
}

fn analysis_section(c: &mut Canvas, doc: &ReportDocument, u: &Units) {
    section(c, "Analysis");
    let a = &doc.analysis;
    let t = doc.spec.report_type;
    let cols = [
        MARGIN,
        MARGIN + 170.0,
        MARGIN + 250.0,
        MARGIN + 340.0,
        MARGIN + 430.0,
    ];
    let head = ["Measure", "Readings", "Average", "Minimum", "Maximum"];
    c.ensure(20.0);
    for (i, h) in head.iter().enumerate() {
        let align = if i == 0 { Align::Left } else { Align::Right };
        let x = if i == 0 { cols[0] } else { cols[i] + 60.0 };
        c.text(x, c.y - 10.0, 8.5, true, MUTED, align, h);
    }
    c.y -= 16.0;
    let weight = |v: f64| u.weight(v);
    let sugar = |v: f64| u.sugar(v);
    let ident = |v: f64| v;
    // (label, statistics, conversion to the user's unit, decimals)
    type Row<'a> = (String, Option<Stats>, &'a dyn Fn(f64) -> f64, usize);
    let mut rows: Vec<Row> = Vec::new();
    if matches!(t, ReportType::Bp | ReportType::Comprehensive) {
        rows.push(("Systolic (mmHg)".into(), a.systolic, &ident, 0));
        rows.push(("Diastolic (mmHg)".into(), a.diastolic, &ident, 0));
        rows.push(("Heart rate (bpm)".into(), a.heart_rate, &ident, 0));
    }
    if matches!(t, ReportType::Weight | ReportType::Comprehensive) {
        rows.push((
            format!("Weight ({})", u.weight_label()),
            a.weight,
            &weight,
            1,
        ));
    }
    if matches!(t, ReportType::Sugar | ReportType::Comprehensive) {
        rows.push((
            format!("Blood sugar ({})", u.sugar_label()),
            a.blood_sugar,
            &sugar,
            usize::from(u.mmol),
        ));
    }
    for (name, stats, conv, dp) in rows {
        c.ensure(16.0);
        c.line(&[(MARGIN, c.y), (PAGE_W - MARGIN, c.y)], RULE, 0.4);
        c.text(cols[0], c.y - 11.0, 9.5, false, INK, Align::Left, &name);
        match stats {
            None => c.text(
                cols[1] + 60.0,
                c.y - 11.0,
                9.5,
                false,
                MUTED,
                Align::Right,
                "0",
            ),
            Some(s) => {
                let f = |v: f64| format!("{:.*}", dp.max(if v.fract() == 0.0 { 0 } else { 1 }), v);
                c.text(
                    cols[1] + 60.0,
                    c.y - 11.0,
                    9.5,
                    false,
                    INK,
                    Align::Right,
                    &s.count.to_string(),
                );
                c.text(
                    cols[2] + 60.0,
                    c.y - 11.0,
                    9.5,
                    false,
                    INK,
                    Align::Right,
                    &format!("{:.1}", conv(s.average)),
                );
                c.text(
                    cols[3] + 60.0,
                    c.y - 11.0,
                    9.5,
                    false,
                    INK,
                    Align::Right,
                    &f(conv(s.min)),
                );
                c.text(
                    cols[4] + 60.0,
                    c.y - 11.0,
                    9.5,
                    false,
                    INK,
                    Align::Right,
                    &f(conv(s.max)),
                );
            }
        }
        c.y -= 16.0;
    }

    if matches!(t, ReportType::Bp | ReportType::Comprehensive) {
        c.y -= 10.0;
        c.ensure(26.0 + 16.0 * 6.0);
        c.text(
            MARGIN,
            c.y - 10.0,
            10.5,
            true,
            INK,
            Align::Left,
            "Blood pressure categories (2017 ACC/AHA)",
        );
        c.y -= 22.0;
        let total: usize = a.categories.iter().map(|(_, n)| n).sum();
        for (cat, n) in &a.categories {
            let share = if total == 0 {
                0.0
            } else {
                *n as f32 / total as f32
            };
            c.text(
                MARGIN,
                c.y - 10.0,
                9.5,
                false,
                INK,
                Align::Left,
                cat.label(),
            );
            c.text(
                MARGIN + 170.0,
                c.y - 10.0,
                9.5,
                false,
                MUTED,
                Align::Left,
                bound(*cat),
            );
            c.text(
                MARGIN + 360.0,
                c.y - 10.0,
                9.5,
                false,
                INK,
                Align::Right,
                &n.to_string(),
            );
            c.text(
                MARGIN + 405.0,
                c.y - 10.0,
                9.5,
                false,
                MUTED,
                Align::Right,
                &format!("{:.0} %", share * 100.0),
            );
            c.rect(MARGIN + 415.0, c.y - 10.0, 100.0, 7.0, TINT);
            c.rect(MARGIN + 415.0, c.y - 10.0, 100.0 * share, 7.0, TEAL);
            c.y -= 16.0;
        }

        c.y -= 10.0;
        c.ensure(70.0);
        c.text(
            MARGIN,
            c.y - 10.0,
            10.5,
            true,
            INK,
            Align::Left,
            "Morning and evening",
        );
        c.y -= 22.0;
        for (label, part) in [
            ("Morning (before 12:00)", a.morning),
            ("Evening (from 18:00)", a.evening),
        ] {
            let bp = match (part.systolic, part.diastolic) {
                (Some(s), Some(d)) => format!("{s:.0}/{d:.0} mmHg"),
                _ => "---".into(),
            };
            let hr = part
                .heart_rate
                .map_or_else(|| "---".into(), |h| format!("{h:.0} bpm"));
            c.text(MARGIN, c.y - 10.0, 9.5, false, INK, Align::Left, label);
            c.text(
                MARGIN + 170.0,
                c.y - 10.0,
                9.5,
                false,
                MUTED,
                Align::Left,
                &format!("{} readings", part.readings),
            );
            c.text(
                MARGIN + 270.0,
                c.y - 10.0,
                9.5,
                false,
                INK,
                Align::Left,
                &format!("average {bp}"),
            );
            c.text(
                MARGIN + 430.0,
                c.y - 10.0,
                9.5,
                false,
                INK,
                Align::Left,
                &hr,
            );
            c.y -= 16.0;
        }
    }

    c.y -= 10.0;
    c.ensure(40.0);
    c.text(
        MARGIN,
        c.y - 10.0,
        10.5,
        true,
        INK,
        Align::Left,
        "Trend of the period",
    );
    c.y -= 22.0;
    let wscale = if u.kg {
        readings::units::KG_PER_LB
    } else {
        1.0
    };
    let sscale = if u.mmol {
        1.0 / readings::units::MGDL_PER_MMOL
    } else {
        1.0
    };
    let mut lines = Vec::new();
    if matches!(t, ReportType::Bp | ReportType::Comprehensive) {
        lines.extend(trend_text("Systolic", "mmHg", a.systolic_trend, 1.0));
        lines.extend(trend_text("Diastolic", "mmHg", a.diastolic_trend, 1.0));
        lines.extend(trend_text("Heart rate", "bpm", a.heart_rate_trend, 1.0));
    }
    if matches!(t, ReportType::Weight | ReportType::Comprehensive) {
        lines.extend(trend_text(
            "Weight",
            u.weight_label(),
            a.weight_trend,
            wscale,
        ));
    }
    if matches!(t, ReportType::Sugar | ReportType::Comprehensive) {
        lines.extend(trend_text(
            "Blood sugar",
            u.sugar_label(),
            a.blood_sugar_trend,
            sscale,
        ));
    }
    if lines.is_empty() {
        lines.push("Not enough readings in the period to show a trend.".into());
    }
    for l in lines {
        paragraph(c, &l, 9.5, INK);
    }
}

fn bound(cat: BpCategory) -> &'static str {
    match cat {
        BpCategory::Normal => "below 120 and below 80",
        BpCategory::Elevated => "120-129 and below 80",
        BpCategory::Stage1 => "130-139 or 80-89",
        BpCategory::Stage2 => "140 or higher, or 90 or higher",
        BpCategory::HypertensiveCrisis => "above 180 and/or above 120",
    }
}

const TABLE_COLS: [(&str, f32, Align); 8] = [
    ("Date", 0.0, Align::Left),
    ("Time", 62.0, Align::Left),
    ("BP (mmHg)", 150.0, Align::Right),
    ("Category", 160.0, Align::Left),
    ("HR", 262.0, Align::Right),
    ("Weight", 312.0, Align::Right),
    ("Sugar", 362.0, Align::Right),
    ("Notes", 372.0, Align::Left),
];

/// Line pitch of a note's continuation lines in the table.
const NOTE_LINE: f32 = 10.5;

fn table_header(c: &mut Canvas, u: &Units) {
    c.rect(MARGIN, c.y - 16.0, PAGE_W - 2.0 * MARGIN, 16.0, TINT);
    for (name, x, align) in TABLE_COLS {
        let label = match name {
            "Weight" => format!("Weight ({})", u.weight_label()),
            "Sugar" => format!("Sugar ({})", u.sugar_label()),
            other => other.to_owned(),
        };
        let x = MARGIN + 4.0 + x;
        let label = if matches!(name, "Weight" | "Sugar") {
            label.replace(" (", "\n(")
        } else {
            label
        };
        let first = label.split('\n').next().unwrap_or_default().to_owned();
        c.text(x, c.y - 11.5, 8.0, true, MUTED, align, &first);
    }
    c.y -= 20.0;
}

fn table_section(c: &mut Canvas, doc: &ReportDocument, u: &Units) {
    section(c, "All readings");
    c.text(
        MARGIN,
        c.y - 8.0,
        8.5,
        false,
        MUTED,
        Align::Left,
        &format!(
            "Weight in {}, blood sugar in {}, heart rate in bpm. '---' means not measured.",
            u.weight_label(),
            u.sugar_label()
        ),
    );
    c.y -= 16.0;
    table_header(c, u);
    let dash = || "---".to_owned();
    for r in &doc.readings {
        // Notes are the patient's words: printed whole, wrapped inside their column.
        let notes = wrap(
            &printable(r.notes.as_deref().unwrap_or(""), false),
            8.5,
            PAGE_W - 2.0 * MARGIN - 380.0,
        );
        let extra = NOTE_LINE * notes.len().saturating_sub(1) as f32;
        if c.ensure(14.0 + extra) {
            table_header(c, u);
        }
        let v = r.values;
        let bp = match (v.systolic, v.diastolic) {
            (Some(s), Some(d)) => format!("{s}/{d}"),
            (Some(s), None) => format!("{s}/---"),
            (None, Some(d)) => format!("---/{d}"),
            _ => dash(),
        };
        let cells = [
            kernel::display::date(r.date),
            kernel::display::time(r.time),
            bp,
            v.bp_category()
                .map_or_else(String::new, |c| c.label().to_owned()),
            v.heart_rate.map_or_else(dash, |h| h.to_string()),
            v.weight.map_or_else(dash, |w| u.fmt_weight(w)),
            v.blood_sugar.map_or_else(dash, |s| u.fmt_sugar(s)),
            notes.first().cloned().unwrap_or_default(),
        ];
        for ((_, x, align), text) in TABLE_COLS.iter().zip(cells.iter()) {
            let col = if text == "Hypertensive Crisis" || text == "Stage 2" {
                RED
            } else {
                INK
            };
            c.text(MARGIN + 4.0 + x, c.y - 9.5, 8.5, false, col, *align, text);
        }
        let (_, notes_x, _) = TABLE_COLS[TABLE_COLS.len() - 1];
        for (i, line) in notes.iter().enumerate().skip(1) {
            let y = c.y - 9.5 - NOTE_LINE * i as f32;
            c.text(
                MARGIN + 4.0 + notes_x,
                y,
                8.5,
                false,
                INK,
                Align::Left,
                line,
            );
        }
        c.line(
            &[
                (MARGIN, c.y - 13.0 - extra),
                (PAGE_W - MARGIN, c.y - 13.0 - extra),
            ],
            RULE,
            0.3,
        );
        c.y -= 14.0 + extra;
    }
}

fn footers(c: &mut Canvas, doc: &ReportDocument) {
    let total = c.pages.len();
    let name = doc.spec.report_type.title();
    let pages = std::mem::take(&mut c.pages);
    for (i, ops) in pages.into_iter().enumerate() {
        c.pages.push(ops);
        c.text(
            MARGIN,
            PAGE_H - 34.0,
            12.0,
            true,
            TEAL,
            Align::Left,
            "Vitalog",
        );
        // The first page's heading says it right below (issue 14.14: not twice).
        if i > 0 {
            c.text(
                PAGE_W - MARGIN,
                PAGE_H - 34.0,
                9.0,
                false,
                MUTED,
                Align::Right,
                name,
            );
        }
        c.line(
            &[(MARGIN, PAGE_H - 44.0), (PAGE_W - MARGIN, PAGE_H - 44.0)],
            RULE,
            0.8,
        );
        c.line(&[(MARGIN, 44.0), (PAGE_W - MARGIN, 44.0)], RULE, 0.8);
        c.text(MARGIN, 32.0, 7.0, false, MUTED, Align::Left, FOOTER);
        c.text(
            PAGE_W - MARGIN,
            32.0,
            7.5,
            false,
            MUTED,
            Align::Right,
            &format!("Page {} of {total}", i + 1),
        );
    }
}

/// Renders the document to PDF bytes.
pub fn render(doc: &ReportDocument) -> anyhow::Result<Vec<u8>> {
    let u = Units {
        kg: doc.patient.weight_kg,
        mmol: doc.patient.sugar_mmol,
    };
    let mut c = Canvas::new();
    title_block(&mut c, doc);
    if doc.readings.is_empty() {
        section(&mut c, "Readings");
        paragraph(&mut c, "There were no readings in this period.", 11.0, INK);
    } else {
        if doc.spec.include_charts {
            charts_section(&mut c, doc, &u);
        }
        if doc.spec.include_analysis {
            analysis_section(&mut c, doc, &u);
        }
        if doc.spec.include_table {
            table_section(&mut c, doc, &u);
        }
    }
    c.y -= 8.0;
    paragraph(&mut c, DISCLAIMER, 8.5, MUTED);
    footers(&mut c, doc);

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
/// level, which cost more time than it saved bytes.
fn finish(mut doc: lopdf::Document) -> anyhow::Result<Vec<u8>> {
    use std::io::Write;
    for object in doc.objects.values_mut() {
        if let lopdf::Object::Stream(stream) = object {
            if !stream.allows_compression || stream.dict.get(b"Filter").is_ok() {
                continue;
            }
            let mut z =
                flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(LEVEL));
            z.write_all(&stream.content)?;
            let packed = z.finish()?;
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
