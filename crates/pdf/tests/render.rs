//! The PDF checked with real tools (poppler-utils: pdfinfo, pdftotext).

#![allow(clippy::expect_used)]

use std::process::Command;

use chrono::NaiveDate;
use reports::ReportType;
use reports::analysis::analyse;

mod fixture;
use fixture::doc;

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name).args(args).output().unwrap_or_else(|e| {
        panic!("{name} is required for the PDF tests (Debian package poppler-utils): {e}")
    });
    assert!(
        out.status.success(),
        "{name} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn write(bytes: &[u8]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, bytes).expect("write");
    let p = path.to_string_lossy().into_owned();
    (dir, p)
}

#[test]
fn a_year_with_three_readings_a_day_has_every_row() {
    let d = doc(ReportType::Comprehensive, 365, false);
    let bytes = pdf::render(&d).expect("render");
    if let Ok(keep) = std::env::var("VITALOG_KEEP_PDF") {
        std::fs::write(keep, &bytes).expect("keep a copy to look at");
    }
    // Streams are compressed: 1,095 rows in ~140 KB (uncompressed they are ~950 KB).
    assert!(bytes.len() < 250_000, "{} bytes", bytes.len());
    let (_dir, path) = write(&bytes);
    let info = tool("pdfinfo", &[&path]);
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .expect("pages")
        .trim()
        .parse()
        .expect("n");
    assert!(pages > 20, "{pages} pages");
    assert!(
        info.contains("Creator:") && info.contains("Vitalog"),
        "{info}"
    );
    assert!(info.contains("2026"), "creation date is set: {info}");
    let text = tool("pdftotext", &["-layout", &path, "-"]);
    for needle in [
        "Comprehensive Health Report",
        "Ann Lee",
        "03/14/1970",
        "11/23/2025 to 11/22/2026",
        "11/22/2026 9:30 AM UTC",
        "Blood pressure categories (ACC/AHA 2025)",
        "Categories of the ACC/AHA 2025 guideline",
        "Morning (4:00 AM to 11:59 AM)",
        "Evening (12:00 PM to 3:59 AM)",
        "Trend of the period",
        "Theil-Sen",
        "not a diagnosis",
        "For Dr. Müller",
        &format!("Page {pages} of {pages}"),
    ] {
        assert!(text.contains(needle), "missing {needle:?}");
    }
    // Every reading is a row: count the dates of the table (MM/DD/YYYY at line start; the
    // charts' ticks before it carry years too, as the period crosses one).
    let table = &text[text.find("All readings").expect("the table")..];
    let rows = table
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            t.len() > 10 && t.as_bytes()[2] == b'/' && t.as_bytes()[5] == b'/'
        })
        .count();
    assert_eq!(rows, 365 * 3);
    // Notes are printed whole, wrapped in their column: no row is cut short.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(flat.matches("goes on and on past the column").count(), 365);
    assert!(!flat.contains("..."), "nothing is cut off");
    // The header repeats on continuation pages.
    assert!(text.matches("BP (mmHg)").count() >= pages - 2);
    // Averages appear with the analysis, in whole mmHg (issue 36).
    let avg = kernel::display::mmhg(d.analysis.systolic.expect("s").average);
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("Systolic (mmHg)"))
        .expect("the systolic row");
    assert_eq!(row.split_whitespace().nth(3), Some(avg.as_str()), "{row}");
}

#[test]
fn units_follow_the_patients_preferences() {
    let bytes = pdf::render(&doc(ReportType::Weight, 30, true)).expect("render");
    let (_dir, path) = write(&bytes);
    let text = tool("pdftotext", &["-layout", &path, "-"]);
    assert!(text.contains("Weight (kg)"));
    assert!(!text.contains("Weight (lbs)"));
    assert!(text.contains("Weight Report"));
}

/// The words of the readings table's header row (the line naming its first columns).
fn table_header(text: &str) -> Vec<String> {
    let line = text
        .lines()
        .find(|l| l.contains("Date") && l.contains("BP (mmHg)"))
        .expect("the table's header");
    line.split_whitespace().map(str::to_owned).collect()
}

#[test]
fn a_shared_report_says_first_what_is_not_shared_and_has_no_column_for_it() {
    let full = doc(ReportType::Comprehensive, 10, false);
    let mut shared = full.clone();
    shared.omitted = reports::Omitted {
        heart_rate: true,
        weight: false,
        blood_sugar: true,
        notes: true,
        medications: true,
    };
    for r in &mut shared.readings {
        r.values.heart_rate = None;
        r.values.blood_sugar = None;
        r.notes = None;
    }
    let bytes = pdf::render(&full).expect("render");
    let (_dir, path) = write(&bytes);
    let whole = tool("pdftotext", &["-layout", &path, "-"]);
    assert!(whole.contains("Heart rate (bpm)"), "the full report has it");
    assert!(whole.contains("Blood sugar (mg/dL)"));
    assert!(!whole.contains("chose not to share"), "{whole}");
    assert_eq!(
        table_header(&whole),
        [
            "Date", "Time", "BP", "(mmHg)", "Category", "HR", "Weight", "Sugar", "Notes"
        ]
    );

    let bytes = pdf::render(&shared).expect("render");
    if let Ok(keep) = std::env::var("VITALOG_KEEP_PDF") {
        std::fs::write(keep, &bytes).expect("keep a copy to look at");
    }
    let (_dir, path) = write(&bytes);
    let text = tool("pdftotext", &["-layout", &path, "-"]);
    let sentence =
        "This person chose not to share their heart rate, blood sugar, notes and medications.";
    let said = text.find(sentence).unwrap_or_else(|| panic!("{text}"));
    // Near the top: under the title block, before the first section.
    let first_section = text.find("Trends").expect("charts");
    assert!(said < first_section, "{text}");
    assert_eq!(text.matches(sentence).count(), 1);
    for gone in [
        "Heart rate (bpm)",
        "Blood sugar (mg/dL)",
        "No heart rate readings",
        "No blood sugar readings",
        "heart rate in bpm",
        "blood sugar in",
    ] {
        assert!(!text.contains(gone), "{gone} is not shared: {text}");
    }
    // No empty column for what is not shared.
    assert_eq!(
        table_header(&text),
        ["Date", "Time", "BP", "(mmHg)", "Category", "Weight"]
    );
    assert!(text.contains("Weight in lbs. '---' means not measured."));
    assert!(text.contains("Weight (lbs)"), "weight is shared");
    assert!(text.contains("Systolic (mmHg)"));
}

#[test]
fn a_blood_pressure_report_has_no_columns_for_other_measures() {
    let bytes = pdf::render(&doc(ReportType::Bp, 3, false)).expect("render");
    let (_dir, path) = write(&bytes);
    let text = tool("pdftotext", &["-layout", &path, "-"]);
    assert_eq!(
        table_header(&text),
        ["Date", "Time", "BP", "(mmHg)", "Category", "HR", "Notes"]
    );
    assert!(text.contains("Heart rate in bpm. '---' means not measured."));
    assert!(
        !text.contains("chose not to share"),
        "the owner's own report"
    );
}

#[test]
fn an_empty_period_is_still_a_valid_pdf_that_says_so() {
    let mut d = doc(ReportType::Bp, 0, false);
    // The client's default name: the title and the period, which the PDF shows anyway.
    d.spec.name = "Blood Pressure Report 11/23/2025 – 11/23/2025".into();
    let bytes = pdf::render(&d).expect("render");
    let (_dir, path) = write(&bytes);
    let info = tool("pdfinfo", &[&path]);
    assert!(
        info.lines().any(|l| l.starts_with("Title:")
            && l.ends_with(" Blood Pressure Report 11/23/2025 to 11/23/2025")),
        "{info}"
    );
    let text = tool("pdftotext", &[&path, "-"]);
    assert!(text.contains("There were no readings in this period."));
    // Issue 14.14: the title once on the first page (no running header above the heading,
    // no default name under it).
    assert_eq!(text.matches("Blood Pressure Report").count(), 1, "{text}");
    assert!(
        !text.contains("–"),
        "the default name is not printed: {text}"
    );
    assert_eq!(
        text.matches("11/23/2025 to 11/23/2025").count(),
        1,
        "the period once: {text}"
    );
}

#[test]
fn half_a_blood_pressure_is_listed_with_the_half_recorded() {
    for report_type in [ReportType::Bp, ReportType::Comprehensive] {
        let mut d = doc(report_type, 2, false);
        d.readings[0].values = readings::Measurements {
            systolic: Some(133),
            ..Default::default()
        };
        d.readings[1].values = readings::Measurements {
            diastolic: Some(88),
            ..Default::default()
        };
        let bytes = pdf::render(&d).expect("render");
        let (_dir, path) = write(&bytes);
        let text = tool("pdftotext", &["-layout", &path, "-"]);
        assert!(
            text.contains("133/---"),
            "{report_type:?}: systolic only in\n{text}"
        );
        assert!(text.contains("---/88"), "{report_type:?}: diastolic only");
    }
}

#[test]
fn names_and_notes_in_any_european_script_print_as_typed() {
    let mut d = doc(ReportType::Comprehensive, 3, false);
    d.spec.name = "Für Dr. Dvořák".into();
    d.patient.full_name = "Łukasz Żółć".into();
    d.readings[0].notes = Some("Головная боль, παυσίπονο".into());
    d.readings[1].notes = Some("日本 note".into());
    // The longest note the form accepts (1,000 characters) is printed whole.
    d.readings[2].notes = Some(format!("{}end", "Łódź ".repeat(199)));
    let bytes = pdf::render(&d).expect("render");
    if let Ok(keep) = std::env::var("VITALOG_KEEP_PDF") {
        std::fs::write(keep, &bytes).expect("keep a copy to look at");
    }
    let (_dir, path) = write(&bytes);
    let text = tool("pdftotext", &["-layout", &path, "-"]);
    for needle in [
        "Für Dr. Dvořák",
        "Łukasz Żółć",
        "Головная боль, παυσίπονο",
        "\u{FFFD}\u{FFFD} note",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert_eq!(text.matches("Łódź").count(), 199);
    assert!(text.contains("end"));
    let info = tool("pdfinfo", &[&path]);
    assert!(info.contains("Für Dr. Dvořák"), "title: {info}");
    // Both faces embedded, each a subset with a Unicode map (so text can be copied).
    let fonts = tool("pdffonts", &[&path]);
    let rows: Vec<&str> = fonts.lines().filter(|l| l.contains("DejaVu")).collect();
    assert_eq!(rows.len(), 2, "{fonts}");
    for row in rows {
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert!(
            cols[0].starts_with("VTLG") && cols[0].contains('+'),
            "{row}"
        );
        assert_eq!(
            &cols[cols.len() - 5..cols.len() - 2],
            ["yes", "yes", "yes"],
            "{row}"
        );
    }
    // Subsetting keeps a report small enough to email: a few glyphs, not whole faces.
    assert!(bytes.len() < 60_000, "{} bytes", bytes.len());
}

#[test]
fn a_few_days_state_no_trend() {
    let bytes = pdf::render(&doc(ReportType::Comprehensive, 3, false)).expect("render");
    let (_dir, path) = write(&bytes);
    let text = tool("pdftotext", &[&path, "-"]);
    assert!(
        text.contains("Systolic: not enough days for a trend (3 of 7)."),
        "{text}"
    );
    assert!(!text.contains("rising by"), "{text}");
    assert!(!text.contains("per 30 days"), "{text}");
}

/// Issue 14.2, the same on paper: a reading in the Hypertensive Crisis range is marked on
/// the blood pressure chart, and the legend says what the mark means.
#[test]
fn crisis_readings_are_marked_on_the_blood_pressure_chart() {
    let mut d = doc(ReportType::Bp, 3, false);
    let plain = tool(
        "pdftotext",
        &[&write(&pdf::render(&d).expect("render")).1, "-"],
    );
    assert!(
        !plain.contains("Very high (above 180/120)"),
        "no crisis, no mark: {plain}"
    );
    d.readings[4].values.systolic = Some(210);
    d.readings[4].values.diastolic = Some(125);
    let bytes = pdf::render(&d).expect("render");
    if let Ok(keep) = std::env::var("VITALOG_KEEP_CRISIS_PDF") {
        std::fs::write(keep, &bytes).expect("keep a copy to look at");
    }
    let (_dir, path) = write(&bytes);
    let text = tool("pdftotext", &["-layout", &path, "-"]);
    assert!(text.contains("Very high (above 180/120)"), "{text}");
}

/// The text with its line breaks and layout spaces collapsed, to find wrapped sentences.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Issue 15: a completed home monitoring week of the period is a section of its own, with
/// the average, morning and evening, the level's words and their source.
#[test]
fn a_completed_home_week_has_its_section() {
    use readings::home_week::{Origin, summarize};
    use readings::rules::{HOME_NOTE, HOME_SOURCE};

    let mut d = doc(ReportType::Bp, 14, false);
    let plain = tool(
        "pdftotext",
        &[&write(&pdf::render(&d).expect("render")).1, "-"],
    );
    assert!(!plain.contains("Home monitoring"), "no week, no section");

    let start = d.spec.date_start;
    let week = summarize(
        start,
        Origin::Started,
        d.spec.date_end,
        &d.readings,
        d.patient.guideline,
    );
    let average = week.average.expect("a full week has an average");
    let level = week.level.expect("and a level");
    d.home_weeks = vec![week.clone()];
    let bytes = pdf::render(&d).expect("render");
    if let Ok(keep) = std::env::var("VITALOG_KEEP_HOME_PDF") {
        std::fs::write(keep, &bytes).expect("keep a copy to look at");
    }
    let (_dir, path) = write(&bytes);
    let text = flat(&tool("pdftotext", &["-layout", &path, "-"]));
    for needle in [
        "Home monitoring week".to_owned(),
        "11/23/2025 to 11/29/2025".to_owned(),
        "Day 1 (left out)".to_owned(),
        format!(
            "Average from day 2 {}/{} mmHg {} readings on 6 of 6 days",
            average.systolic, average.diastolic, average.count
        ),
        format!("Level {}", level.label),
        flat(level.text),
        {
            let (s, d) = week.compared.expect("compared with its average");
            format!("Compared with the thresholds unrounded: {s:.1}/{d:.1} mmHg.")
        },
        format!("Source: {HOME_SOURCE}."),
        flat(HOME_NOTE),
    ] {
        assert!(text.contains(&needle), "missing {needle:?} in\n{text}");
    }
    // Two readings a day from day 2 on count, in the morning and the evening (13:00 is
    // evening by the guided rule).
    assert_eq!(average.count, 18);
    for part in [week.morning, week.evening] {
        let p = part.expect("both parts");
        assert!(
            text.contains(&format!("{}/{} mmHg", p.systolic, p.diastolic)),
            "{p:?}"
        );
    }
}

/// Issue 35: a week that ended short of the AHA's minimum (12 readings on 3 days from day 2
/// on) is in the report without an average or a level, saying why.
#[test]
fn a_home_week_that_ended_short_says_so() {
    use readings::home_week::{Origin, summarize};

    let mut d = doc(ReportType::Bp, 14, false);
    let start = d.spec.date_start;
    // Days 1 to 4 only: 3 readings a day on days 2 to 4 are 9, short of 12.
    let first_days: Vec<readings::Reading> = d
        .readings
        .iter()
        .filter(|r| r.date < start + chrono::Duration::days(4))
        .cloned()
        .collect();
    let week = summarize(
        start,
        Origin::Started,
        d.spec.date_end,
        &first_days,
        d.patient.guideline,
    );
    assert_eq!((week.average, week.level), (None, None));
    assert_eq!((week.counted_readings, week.counted_days), (9, 3));
    d.home_weeks = vec![week];
    let (_dir, path) = write(&pdf::render(&d).expect("render"));
    let text = flat(&tool("pdftotext", &["-layout", &path, "-"]));
    let needle = "No home average: 9 readings from day 2 on, on 3 days. An average needs at least 12 readings on 3 days (AHA).";
    assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    assert!(!text.contains("Average from day 2"), "{text}");
    assert!(!text.contains("Compared with the thresholds"), "{text}");
}

/// Issue 15: a severe reading is marked in the table, with a legend, and the analysis gives
/// the guidance in `readings::rules`' words.
#[test]
fn severe_readings_are_marked_with_the_guidance() {
    use readings::rules::SEVERE_STEPS;
    let acc = &readings::GuidelineRules::of(readings::Guideline::AccAha2025).severe;
    let (severe_title, severe_source) = (acc.title, acc.source);

    let mut d = doc(ReportType::Bp, 3, false);
    let plain = tool(
        "pdftotext",
        &["-layout", &write(&pdf::render(&d).expect("render")).1, "-"],
    );
    assert!(
        !plain.contains(severe_title),
        "no severe reading, no legend"
    );
    assert!(!plain.contains('!'), "and no mark: {plain}");

    d.readings[4].values.systolic = Some(181);
    d.readings[4].values.diastolic = Some(90);
    // At the boundary: 180/120 is not severe.
    d.readings[5].values.systolic = Some(180);
    d.readings[5].values.diastolic = Some(120);
    d.analysis = analyse(&d.readings, d.patient.guideline);
    let bytes = pdf::render(&d).expect("render");
    if let Ok(keep) = std::env::var("VITALOG_KEEP_SEVERE_PDF") {
        std::fs::write(keep, &bytes).expect("keep a copy to look at");
    }
    let (_dir, path) = write(&bytes);
    let text = tool("pdftotext", &["-layout", &path, "-"]);
    let row = |bp: &str| {
        text.lines()
            .find(|l| l.contains(bp) && l.contains("/2025"))
            .unwrap_or_else(|| panic!("a row with {bp} in\n{text}"))
            .to_owned()
    };
    let marked = row("181/90");
    assert!(marked.replace(' ', "").contains("181/90!"), "{marked}");
    assert!(!row("180/120").contains('!'), "{}", row("180/120"));
    let flat = flat(&text);
    assert!(flat.contains(&format!("! = {severe_title}")), "the legend");
    assert!(
        flat.contains("Readings very high (above 180/120): 1"),
        "{flat}"
    );
    assert!(flat.contains("Marked ! in the table."), "{flat}");
    for step in SEVERE_STEPS {
        assert!(flat.contains(step), "missing {step:?}");
    }
    assert!(flat.contains(severe_source));

    // Without the table the analysis points at no mark.
    d.spec.include_table = false;
    let text = tool(
        "pdftotext",
        &[&write(&pdf::render(&d).expect("render")).1, "-"],
    );
    assert!(text.contains(severe_title), "{text}");
    assert!(!text.contains("Marked !"), "{text}");
}

/// Issue 16: the medications of the period, with their dose periods, adherence, and the
/// averages before and after each start or change (or why there are none).
#[test]
fn the_medications_taken_in_the_period_have_their_section() {
    use medications::analysis::{Adherence, NOTE, effects};
    use medications::service::{MedicationReport, ReportLine};
    use medications::{Dose, DosePeriod, DoseUnit, Form, Frequency, Medication};

    let mut d = doc(ReportType::Bp, 90, false);
    let plain = tool(
        "pdftotext",
        &[&write(&pdf::render(&d).expect("render")).1, "-"],
    );
    assert!(!plain.contains("Medications"), "none taken, no section");

    let date = |s: &str| -> NaiveDate { s.parse().expect("date") };
    let daily = |strength: f64, times: &[&str], frequency| Dose {
        strength,
        unit: DoseUnit::Mg,
        frequency,
        times: times
            .iter()
            .map(|t| kernel::date::parse_time(t).expect("time"))
            .collect(),
    };
    let period = |id, dose, start: &str, end: Option<&str>| DosePeriod {
        id,
        dose,
        start: date(start),
        end: end.map(date),
    };
    let med = |id, name: &str, reason: Option<&str>, periods| Medication {
        id,
        name: name.into(),
        form: Form::Tablet,
        reason: reason.map(Into::into),
        reminders: false,
        for_blood_pressure: false,
        added_at: None,
        added: None,
        periods,
    };
    let amlodipine = med(
        1,
        "Amlodipine",
        Some("High blood pressure"),
        vec![
            period(
                1,
                daily(5.0, &["08:00"], Frequency::OnceDaily),
                "2025-10-01",
                Some("2025-12-14"),
            ),
            period(
                2,
                daily(10.0, &["08:00"], Frequency::OnceDaily),
                "2025-12-15",
                None,
            ),
        ],
    );
    let ramipril = med(
        2,
        "Ramipril",
        None,
        vec![period(
            3,
            daily(2.5, &["08:00", "20:00"], Frequency::TwiceDaily),
            "2026-02-19",
            None,
        )],
    );
    let spray = med(
        3,
        "Glyceryl trinitrate spray",
        None,
        vec![period(
            4,
            daily(400.0, &[], Frequency::AsNeeded),
            "2025-11-01",
            None,
        )],
    );
    let points: Vec<medications::analysis::BpPoint> = d
        .readings
        .iter()
        .map(|r| medications::analysis::BpPoint {
            date: r.date,
            systolic: r.values.systolic.expect("bp"),
            diastolic: r.values.diastolic.expect("bp"),
        })
        .collect();
    let (from, to) = (d.spec.date_start, d.spec.date_end);
    let line = |m: &Medication, adherence| ReportLine {
        name: m.name.clone(),
        reason: m.reason.clone(),
        periods: m.periods.clone(),
        adherence,
        effects: effects(m, &points, to)
            .into_iter()
            .filter(|e| from <= e.date && e.date <= to)
            .collect(),
    };
    let report = MedicationReport {
        from,
        to,
        lines: vec![
            line(
                &amlodipine,
                Adherence {
                    from: Some(from),
                    to: Some(to),
                    due: 56,
                    taken: 52,
                    skipped: 2,
                    missed: 2,
                    as_needed: 0,
                    ..Adherence::default()
                },
            ),
            line(
                &spray,
                Adherence {
                    as_needed: 3,
                    ..Adherence::default()
                },
            ),
            line(
                &ramipril,
                Adherence {
                    due: 5,
                    taken: 5,
                    ..Adherence::default()
                },
            ),
        ],
        note: NOTE,
    };
    let change = report.lines[0].effects[0].clone();
    assert!(change.enough, "90 days of readings: {change:?}");
    let (before, after) = (change.before.expect("before"), change.after.expect("after"));
    let start = report.lines[2].effects[0].clone();
    assert!(!start.enough, "started the day before the end: {start:?}");
    d.medications = Some(report);

    let bytes = pdf::render(&d).expect("render");
    if let Ok(keep) = std::env::var("VITALOG_KEEP_MEDICATIONS_PDF") {
        std::fs::write(keep, &bytes).expect("keep a copy to look at");
    }
    let (_dir, path) = write(&bytes);
    let text = flat(&tool("pdftotext", &["-layout", &path, "-"]));
    for needle in [
        "Medications".to_owned(),
        "Amlodipine".to_owned(),
        "Reason: High blood pressure".to_owned(),
        "5 mg, once a day (08:00), from 10/01/2025 to 12/14/2025".to_owned(),
        "10 mg, once a day (08:00), from 12/15/2025 (ongoing)".to_owned(),
        "Taken 52 of 56 scheduled doses (93%); 2 skipped, 2 missed.".to_owned(),
        "Amlodipine 5 mg → 10 mg on 12/15/2025".to_owned(),
        format!(
            "Before (14 days) {}/{} mmHg {} readings",
            before.systolic, before.diastolic, before.count
        ),
        format!(
            "After (days 3 to 16) {}/{} mmHg {} readings",
            after.systolic, after.diastolic, after.count
        ),
        "400 mg, as needed, from 11/01/2025 (ongoing)".to_owned(),
        "3 doses taken as needed.".to_owned(),
        "2.5 mg, twice a day (08:00, 20:00), from 02/19/2026 (ongoing)".to_owned(),
        "Started Ramipril 2.5 mg on 02/19/2026".to_owned(),
        flat(&start.summary),
        flat(NOTE),
    ] {
        assert!(text.contains(&needle), "missing {needle:?} in\n{text}");
    }
    assert!(
        text.contains("Not enough readings to compare yet"),
        "the start without readings after it says so"
    );
}

/// Issue 35: a report is stated in the owner's guideline: its categories, its name beside
/// them, its severe rule; no other guideline's words.
#[test]
fn a_report_speaks_the_owners_guideline() {
    let mut d = doc(ReportType::Bp, 3, false);
    d.patient.guideline = readings::Guideline::Esh2023;
    d.readings[0].values.systolic = Some(185);
    d.readings[0].values.diastolic = Some(85);
    d.readings[1].values.systolic = Some(150);
    d.readings[1].values.diastolic = None;
    d.analysis = analyse(&d.readings, d.patient.guideline);
    let bytes = pdf::render(&d).expect("render");
    if let Ok(keep) = std::env::var("VITALOG_KEEP_ESH_PDF") {
        std::fs::write(keep, &bytes).expect("keep a copy to look at");
    }
    let text = flat(&tool("pdftotext", &["-layout", &write(&bytes).1, "-"]));
    for needle in [
        "Blood pressure categories (ESH 2023)",
        "Categories of the ESH 2023 guideline",
        "Isolated systolic hypertension",
        "140 or higher and below 90",
        "Grade 3 hypertension",
        "! = This reading is very high (180/110 or higher)",
        "Readings very high (180/110 or higher): 1",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    for absent in ["Stage 1", "Hypertensive Crisis", "ACC/AHA"] {
        assert!(!text.contains(absent), "{absent:?} in\n{text}");
    }
}
