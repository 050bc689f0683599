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
    let dest = PathBuf::from(std::env::var("OUT_DIR")?).join("rules.rs");
    std::fs::write(dest, out)?;
    Ok(())
}
