//! Turns `rules.json`, the reading rules' one source (the client imports the same file), into
//! Rust constants in `$OUT_DIR/rules.rs`, so the crate has no runtime parse and no parse
//! failure path: a malformed file fails the build.

use std::collections::BTreeMap;
use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;

use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Rules {
    messages: BTreeMap<String, String>,
    notes_max: usize,
    ranges: BTreeMap<String, Range>,
    bp_categories: Vec<Category>,
    guided: Guided,
    home_week: HomeWeek,
    severe: Severe,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Guided {
    min_readings: usize,
    max_readings: usize,
    rest_seconds: u32,
    between_seconds: u32,
    morning_from: String,
    evening_from: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct HomeWeek {
    days: i64,
    min_days: usize,
    min_readings: usize,
    source: String,
    note: String,
    levels: Vec<HomeLevel>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct HomeLevel {
    code: String,
    label: String,
    systolic_from: Option<i32>,
    diastolic_from: Option<i32>,
    text: String,
}

#[derive(Deserialize)]
struct Severe {
    title: String,
    summary: String,
    steps: Vec<String>,
    source: String,
}

#[derive(Deserialize)]
struct Range {
    name: String,
    unit: String,
    min: f64,
    max: f64,
    whole: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Category {
    code: String,
    label: String,
    systolic_from: Option<i32>,
    diastolic_from: Option<i32>,
}

/// The category codes in `BpCategory`'s order (lowest first), which the file must list.
const CATEGORY_CODES: [&str; 5] = [
    "normal",
    "elevated",
    "stage-1",
    "stage-2",
    "hypertensive-crisis",
];

/// `heartRate` -> `HEART_RATE`.
fn screaming(camel: &str) -> String {
    let mut out = String::new();
    for c in camel.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// "04:00" -> "(4, 0)"; anything else fails the build.
fn hour_minute(v: &str) -> Result<String, Box<dyn Error>> {
    let (h, m) = v.split_once(':').ok_or("rules.json: a time is HH:MM")?;
    let (h, m): (u32, u32) = (h.parse()?, m.parse()?);
    if h > 23 || m > 59 {
        return Err(format!("rules.json: {v} is not a time of day").into());
    }
    Ok(format!("({h}, {m})"))
}

fn float(v: f64) -> String {
    format!("{v:?}")
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=rules.json");
    let rules: Rules = serde_json::from_str(&std::fs::read_to_string("rules.json")?)?;
    let mut out = String::new();
    for (key, text) in &rules.messages {
        writeln!(out, "pub const MSG_{}: &str = {text:?};", screaming(key))?;
    }
    writeln!(out, "pub const NOTES_MAX: usize = {};", rules.notes_max)?;
    for (key, r) in &rules.ranges {
        writeln!(
            out,
            "/// {}, in {}.\npub const {}: Range = Range {{ field: {key:?}, name: {:?}, min: {}, max: {}, whole: {} }};",
            r.name,
            r.unit,
            screaming(key),
            r.name,
            float(r.min),
            float(r.max),
            r.whole,
        )?;
    }
    let codes: Vec<&str> = rules
        .bp_categories
        .iter()
        .map(|c| c.code.as_str())
        .collect();
    if codes != CATEGORY_CODES {
        return Err(
            format!("rules.json: bpCategories must be {CATEGORY_CODES:?}, lowest first").into(),
        );
    }
    let labels: Vec<&str> = rules
        .bp_categories
        .iter()
        .map(|c| c.label.as_str())
        .collect();
    writeln!(out, "pub const BP_LABELS: [&str; 5] = {labels:?};")?;
    let from: Vec<String> = rules
        .bp_categories
        .iter()
        .map(|c| format!("({:?}, {:?})", c.systolic_from, c.diastolic_from))
        .collect();
    writeln!(
        out,
        "pub const BP_FROM: [(Option<i32>, Option<i32>); 5] = [{}];",
        from.join(", ")
    )?;
    let g = &rules.guided;
    if g.min_readings < 2 || g.max_readings < g.min_readings {
        return Err("rules.json: guided needs 2 <= minReadings <= maxReadings".into());
    }
    writeln!(
        out,
        "pub const GUIDED_MIN_READINGS: usize = {};\npub const GUIDED_MAX_READINGS: usize = {};\npub const GUIDED_REST_SECONDS: u32 = {};\npub const GUIDED_BETWEEN_SECONDS: u32 = {};\npub const MORNING_FROM: (u32, u32) = {};\npub const EVENING_FROM: (u32, u32) = {};",
        g.min_readings,
        g.max_readings,
        g.rest_seconds,
        g.between_seconds,
        hour_minute(&g.morning_from)?,
        hour_minute(&g.evening_from)?,
    )?;
    let w = &rules.home_week;
    if w.days < 2
        || w.min_days < 1
        || w.min_days as i64 > w.days - 1
        || w.min_readings < w.min_days
        || w.levels.is_empty()
    {
        return Err(
            "rules.json: homeWeek needs days >= 2, 1 <= minDays < days, minReadings >= minDays and levels"
                .into(),
        );
    }
    let levels: Vec<String> = w
        .levels
        .iter()
        .map(|l| {
            format!(
                "HomeLevelRule {{ code: {:?}, label: {:?}, systolic_from: {:?}, diastolic_from: {:?}, text: {:?} }}",
                l.code, l.label, l.systolic_from, l.diastolic_from, l.text
            )
        })
        .collect();
    writeln!(
        out,
        "pub const HOME_WEEK_DAYS: i64 = {};\npub const HOME_WEEK_MIN_DAYS: usize = {};\npub const HOME_WEEK_MIN_READINGS: usize = {};\npub const HOME_SOURCE: &str = {:?};\npub const HOME_NOTE: &str = {:?};\npub const HOME_LEVELS: &[HomeLevelRule] = &[{}];",
        w.days,
        w.min_days,
        w.min_readings,
        w.source,
        w.note,
        levels.join(", ")
    )?;
    let sv = &rules.severe;
    writeln!(
        out,
        "pub const SEVERE_TITLE: &str = {:?};\npub const SEVERE_SUMMARY: &str = {:?};\npub const SEVERE_STEPS: &[&str] = &{:?};\npub const SEVERE_SOURCE: &str = {:?};",
        sv.title, sv.summary, sv.steps, sv.source
    )?;
    let dest = PathBuf::from(std::env::var("OUT_DIR")?).join("rules.rs");
    std::fs::write(dest, out)?;
    Ok(())
}
