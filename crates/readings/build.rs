//! Turns `rules.json`, the reading rules' one source (the client imports the same file), into
//! Rust constants in `$OUT_DIR/rules.rs`, so the crate has no runtime parse and no parse
//! failure path: a malformed file fails the build.

use std::collections::BTreeMap;
use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;

use rules_gen::screaming;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Rules {
    messages: BTreeMap<String, String>,
    notes_max: usize,
    ranges: BTreeMap<String, Range>,
    guided: Guided,
    home_week: HomeWeek,
    profile: Profile,
    severe: SevereSteps,
    guidelines: Vec<Guideline>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Guideline {
    code: String,
    name: String,
    title: String,
    source: String,
    categories: Vec<Category>,
    severe: Severe,
    home: Home,
    patterns: Patterns,
}

#[derive(Deserialize)]
struct Home {
    source: String,
    levels: Vec<HomeLevel>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Patterns {
    office_from: (i32, i32),
    home_from: (i32, i32),
    source: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Profile {
    time_in_range: TimeInRange,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TimeInRange {
    systolic_from: i32,
    systolic_to: i32,
    source: String,
}

#[derive(Deserialize)]
struct SevereSteps {
    steps: Vec<String>,
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
#[serde(rename_all = "camelCase")]
struct Severe {
    systolic_from: i32,
    diastolic_from: i32,
    title: String,
    summary: String,
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
    short: String,
    rule: String,
    systolic_from: Option<i32>,
    diastolic_from: Option<i32>,
    diastolic_below: Option<i32>,
    tone: u8,
    alert: bool,
}

/// The guidelines' codes in `kernel::Guideline::ALL`'s order, which the file must list.
const GUIDELINE_CODES: [&str; 3] = ["acc-aha-2025", "esh-2023", "esc-2024"];
/// The `kernel::Guideline` variant of each, in the same order.
const VARIANTS: [&str; 3] = ["AccAha2025", "Esh2023", "Esc2024"];

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
    if w.days < 2 || w.min_days < 1 || w.min_days as i64 > w.days - 1 || w.min_readings < w.min_days
    {
        return Err(
            "rules.json: homeWeek needs days >= 2, 1 <= minDays < days and minReadings >= minDays"
                .into(),
        );
    }
    writeln!(
        out,
        "pub const HOME_WEEK_DAYS: i64 = {};\npub const HOME_WEEK_MIN_DAYS: usize = {};\npub const HOME_WEEK_MIN_READINGS: usize = {};\npub const HOME_SOURCE: &str = {:?};\npub const HOME_NOTE: &str = {:?};",
        w.days, w.min_days, w.min_readings, w.source, w.note,
    )?;
    let ttr = &rules.profile.time_in_range;
    if ttr.systolic_from >= ttr.systolic_to {
        return Err("rules.json: profile.timeInRange needs systolicFrom < systolicTo".into());
    }
    writeln!(
        out,
        "/// The time in target range's systolic range, mmHg, both ends included.\npub const TTR_SYSTOLIC: (i32, i32) = ({}, {});\npub const TTR_SOURCE: &str = {:?};",
        ttr.systolic_from, ttr.systolic_to, ttr.source,
    )?;
    writeln!(
        out,
        "pub const SEVERE_STEPS: &[&str] = &{:?};",
        rules.severe.steps
    )?;
    let codes: Vec<&str> = rules.guidelines.iter().map(|g| g.code.as_str()).collect();
    if codes != GUIDELINE_CODES {
        return Err(format!("rules.json: guidelines must be {GUIDELINE_CODES:?}").into());
    }
    let mut guidelines = Vec::new();
    for (i, g) in rules.guidelines.iter().enumerate() {
        let graded = |c: &Category| c.diastolic_below.is_none();
        if g.categories.is_empty()
            || !graded(&g.categories[0])
            || g.categories[0].systolic_from.is_some()
            || g.categories[0].diastolic_from.is_some()
            || g.home.levels.is_empty()
            || g.home.levels[0].systolic_from.is_some()
            || g.home.levels[0].diastolic_from.is_some()
        {
            return Err(format!(
                "rules.json: {} needs categories and home levels, the first of each with no thresholds",
                g.code
            )
            .into());
        }
        if g.categories
            .iter()
            .any(|c| c.diastolic_below.is_some() && c.systolic_from.is_none())
        {
            return Err(format!("rules.json: {}: a combination needs systolicFrom", g.code).into());
        }
        let categories: Vec<String> = g
            .categories
            .iter()
            .enumerate()
            .map(|(rank, c)| {
                format!(
                    "CategoryRule {{ guideline: Guideline::{variant}, rank: {rank}, code: {:?}, label: {:?}, short: {:?}, rule: {:?}, systolic_from: {:?}, diastolic_from: {:?}, diastolic_below: {:?}, tone: {}, alert: {} }}",
                    c.code,
                    c.label,
                    c.short,
                    c.rule,
                    c.systolic_from,
                    c.diastolic_from,
                    c.diastolic_below,
                    c.tone,
                    c.alert,
                    variant = VARIANTS[i],
                )
            })
            .collect();
        let levels: Vec<String> = g
            .home
            .levels
            .iter()
            .map(|l| {
                format!(
                    "HomeLevelRule {{ code: {:?}, label: {:?}, systolic_from: {:?}, diastolic_from: {:?}, text: {:?} }}",
                    l.code, l.label, l.systolic_from, l.diastolic_from, l.text
                )
            })
            .collect();
        let sv = &g.severe;
        let p = &g.patterns;
        guidelines.push(format!(
            "GuidelineRules {{ guideline: Guideline::{variant}, name: {:?}, title: {:?}, source: {:?}, categories: &[{}], severe: SevereRule {{ systolic_from: {}, diastolic_from: {}, title: {:?}, summary: {:?}, source: {:?} }}, home_source: {:?}, home_levels: &[{}], office_high_from: {:?}, home_high_from: {:?}, patterns_source: {:?} }}",
            g.name,
            g.title,
            g.source,
            categories.join(", "),
            sv.systolic_from,
            sv.diastolic_from,
            sv.title,
            sv.summary,
            sv.source,
            g.home.source,
            levels.join(", "),
            p.office_from,
            p.home_from,
            p.source,
            variant = VARIANTS[i],
        ));
    }
    writeln!(
        out,
        "pub const GUIDELINES: [GuidelineRules; 3] = [{}];",
        guidelines.join(", ")
    )?;
    let dest = PathBuf::from(std::env::var("OUT_DIR")?).join("rules.rs");
    std::fs::write(dest, out)?;
    Ok(())
}
