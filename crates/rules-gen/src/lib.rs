//! Turns a context's `rules.json`, the one source of its limits and messages (the client
//! imports the same file), into Rust constants in `$OUT_DIR/rules.rs`, which the crate's
//! `rules` module includes. Called from each context's `build.rs`, so the crate has no
//! runtime parse and no parse failure path: a malformed file fails the build.
//!
//! The file is an object of sections, each an object of camelCase keys:
//! - `messages`: texts, each `pub const MSG_<KEY>: &str`;
//! - any other section (limits, the plan…): each key a constant named `<KEY>`: a string is
//!   `&str`, a whole number `usize`, a fraction `f64`, an array of whole numbers `[usize; N]`
//!   (the caller may give another type, [`generate`]).
//!
//! Keys starting with `$` are comments, except a section's `$docs`, whose texts (by key)
//! become the constants' doc comments, and the messages' `$limits`: a message key to the
//! limit (or limits) whose number the message says, which must stand in it as a whole
//! number, so a limit changed without its message fails the build (issue 37).

use std::collections::{BTreeMap, BTreeSet};
use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;

use serde_json::{Map, Value};

type BoxError = Box<dyn Error>;

/// `heartRate` -> `HEART_RATE`, `under18` -> `UNDER_18`.
pub fn screaming(camel: &str) -> String {
    let mut out = String::new();
    let mut after_letter = false;
    for c in camel.chars() {
        if c.is_ascii_uppercase() || (c.is_ascii_digit() && after_letter) {
            out.push('_');
        }
        after_letter = c.is_ascii_alphabetic();
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// Reads `rules.json` beside the calling crate's manifest and writes `$OUT_DIR/rules.rs`.
/// `types` gives a constant another Rust type than the default, by its key: an integer type
/// or `f64` for a number (`("maxPeriodDays", "i64")`), the element type for an array. A key
/// in `types` that the file does not have fails the build, so a renamed key is not missed.
pub fn generate(types: &[(&str, &str)]) -> Result<(), BoxError> {
    println!("cargo::rerun-if-changed=rules.json");
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let text = std::fs::read_to_string(dir.join("rules.json"))?;
    let code = constants(&text, types)?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("rules.rs");
    std::fs::write(out, code)?;
    Ok(())
}

/// The Rust source of the constants `json` declares (see the crate's doc).
pub fn constants(json: &str, types: &[(&str, &str)]) -> Result<String, BoxError> {
    let rules: Map<String, Value> = serde_json::from_str(json)?;
    let types: BTreeMap<&str, &str> = types.iter().copied().collect();
    let mut used = BTreeSet::new();
    let mut names = BTreeSet::new();
    check_named_limits(&rules)?;
    let mut out = String::from("// Generated from rules.json by rules-gen: edit that file.\n");
    for (section, body) in rules.iter().filter(|(k, _)| !k.starts_with('$')) {
        let Value::Object(entries) = body else {
            return Err(format!("rules.json: section {section} is not an object").into());
        };
        let docs = match entries.get("$docs") {
            None => Map::new(),
            Some(Value::Object(docs)) => docs.clone(),
            Some(_) => return Err(format!("rules.json: {section}.$docs is not an object").into()),
        };
        if let Some(key) = docs.keys().find(|k| !entries.contains_key(*k)) {
            return Err(format!("rules.json: {section}.$docs names no entry {key}").into());
        }
        for (key, value) in entries.iter().filter(|(k, _)| !k.starts_with('$')) {
            let name = if section == "messages" {
                format!("MSG_{}", screaming(key))
            } else {
                screaming(key)
            };
            if !names.insert(name.clone()) {
                return Err(format!("rules.json: two entries make the constant {name}").into());
            }
            let wanted = types.get(key.as_str()).copied();
            if wanted.is_some() {
                used.insert(key.as_str());
            }
            let (ty, literal) = typed(section, key, value, wanted)?;
            if let Some(Value::String(doc)) = docs.get(key) {
                for line in doc.lines() {
                    writeln!(out, "/// {line}")?;
                }
            }
            writeln!(out, "pub const {name}: {ty} = {literal};")?;
        }
    }
    if let Some(key) = types.keys().find(|k| !used.contains(*k)) {
        return Err(format!("rules.json has no entry {key} to give a type").into());
    }
    Ok(out)
}

/// Every message of `messages.$limits` says the numbers of the limits it names.
fn check_named_limits(rules: &Map<String, Value>) -> Result<(), BoxError> {
    let Some(Value::Object(messages)) = rules.get("messages") else {
        return Ok(());
    };
    let named = match messages.get("$limits") {
        None => return Ok(()),
        Some(Value::Object(named)) => named,
        Some(_) => return Err("rules.json: messages.$limits is not an object".into()),
    };
    for (key, limits) in named {
        let at = format!("rules.json: messages.$limits.{key}");
        let Some(Value::String(text)) = messages.get(key) else {
            return Err(format!("{at}: there is no message {key}").into());
        };
        let limits: Vec<&Value> = match limits {
            Value::Array(all) => all.iter().collect(),
            one => vec![one],
        };
        for limit in limits {
            let Value::String(limit) = limit else {
                return Err(format!("{at}: a limit's key, or a list of them").into());
            };
            let value = rules
                .iter()
                .filter(|(section, _)| *section != "messages" && !section.starts_with('$'))
                .find_map(|(_, body)| body.get(limit.as_str()).and_then(Value::as_i64))
                .ok_or_else(|| format!("{at}: no whole-number limit {limit}"))?;
            if !whole_numbers(text).contains(&value) {
                return Err(format!(
                    "{at}: the message \"{text}\" does not say {limit} ({value}): change both together"
                )
                .into());
            }
        }
    }
    Ok(())
}

/// The whole numbers a text says in digits ("3,660 days" says 3660; "1.5" says none).
fn whole_numbers(text: &str) -> Vec<i64> {
    let chars: Vec<char> = text.chars().collect();
    let mut numbers = Vec::new();
    let mut digits = String::new();
    let mut fraction = false;
    for (i, &c) in chars.iter().enumerate() {
        let between_digits =
            !digits.is_empty() && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() {
            digits.push(c);
        } else if c == ',' && between_digits {
            // A thousands separator: the number goes on.
        } else if c == '.' && between_digits {
            // A decimal point: neither side is a whole number.
            fraction = true;
        } else if !digits.is_empty() {
            if !fraction {
                numbers.extend(digits.parse::<i64>().ok());
            }
            digits.clear();
            fraction = false;
        }
    }
    if !fraction {
        numbers.extend(digits.parse::<i64>().ok());
    }
    numbers
}

const INTEGERS: [&str; 6] = ["usize", "u32", "u64", "i32", "i64", "u8"];

/// A value's Rust type and literal: its default type, or `wanted`.
fn typed(
    section: &str,
    key: &str,
    value: &Value,
    wanted: Option<&str>,
) -> Result<(String, String), BoxError> {
    let at = format!("rules.json: {section}.{key}");
    match value {
        Value::String(s) if wanted.is_none() => Ok(("&str".to_owned(), format!("{s:?}"))),
        _ if section == "messages" => Err(format!("{at}: a message is a text").into()),
        Value::Number(n) => {
            let default = if n.is_f64() { "f64" } else { "usize" };
            number(&at, value, wanted.unwrap_or(default))
        }
        Value::Array(items) => {
            let element = wanted.unwrap_or("usize");
            let literals = items
                .iter()
                .map(|item| number(&at, item, element).map(|(_, l)| l))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((
                format!("[{element}; {}]", items.len()),
                format!("[{}]", literals.join(", ")),
            ))
        }
        _ => Err(format!("{at}: a text, a number or an array of numbers").into()),
    }
}

fn number(at: &str, value: &Value, ty: &str) -> Result<(String, String), BoxError> {
    let literal = if ty == "f64" {
        value.as_f64().map(|f| format!("{f:?}"))
    } else if INTEGERS.contains(&ty) {
        // Whole numbers only; the compiler refuses one out of the type's range.
        value.as_i64().map(|i| i.to_string())
    } else {
        return Err(format!("{at}: {ty} is not a number type rules-gen writes").into());
    };
    let literal = literal.ok_or_else(|| format!("{at}: not a {ty}"))?;
    Ok((ty.to_owned(), literal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_limits_and_types() {
        let json = r#"{
            "$comment": "ignored",
            "messages": { "nameRequired": "Name is \"required\"" },
            "limits": {
                "$docs": { "nameMax": "Characters.\nCounted as chars." },
                "nameMax": 100, "strengthMax": 100000, "strengthMin": 0.000001,
                "lastDays": [30, 90], "currency": "USD"
            }
        }"#;
        let code = constants(json, &[("strengthMax", "f64"), ("lastDays", "i64")]).unwrap();
        assert!(code.contains("pub const MSG_NAME_REQUIRED: &str = \"Name is \\\"required\\\"\";"));
        assert!(
            code.contains(
                "/// Characters.\n/// Counted as chars.\npub const NAME_MAX: usize = 100;"
            )
        );
        assert!(code.contains("pub const STRENGTH_MAX: f64 = 100000.0;"));
        assert!(code.contains("pub const STRENGTH_MIN: f64 = 1e-6;"));
        assert!(code.contains("pub const LAST_DAYS: [i64; 2] = [30, 90];"));
        assert!(code.contains("pub const CURRENCY: &str = \"USD\";"));
        assert!(!code.contains("ignored"));
        assert_eq!(screaming("under18"), "UNDER_18");
    }

    #[test]
    fn a_message_naming_a_limit_must_say_its_number() {
        let with = |message: &str, limits: &str| {
            format!(
                r#"{{"messages": {{"$limits": {limits}, "labelLong": "{message}"}},
                    "limits": {{"labelMax": 100, "codeMin": 6, "periodDays": 3660}}}}"#
            )
        };
        let ok = [
            ("At most 100 characters", r#"{"labelLong": "labelMax"}"#),
            (
                "6 to 100 characters",
                r#"{"labelLong": ["codeMin", "labelMax"]}"#,
            ),
            ("At most 3,660 days", r#"{"labelLong": "periodDays"}"#),
        ];
        for (message, limits) in ok {
            assert!(constants(&with(message, limits), &[]).is_ok(), "{message}");
        }
        let refused = [
            // The limit changed, the message did not.
            ("At most 120 characters", r#"{"labelLong": "labelMax"}"#),
            // 1000 holds 100's digits, but is another number.
            ("At most 1000 characters", r#"{"labelLong": "labelMax"}"#),
            ("6 characters", r#"{"labelLong": ["codeMin", "labelMax"]}"#),
            ("At most 100", r#"{"nameLong": "labelMax"}"#),
            ("At most 100", r#"{"labelLong": "nameMax"}"#),
        ];
        for (message, limits) in refused {
            let err = constants(&with(message, limits), &[]).err();
            assert!(err.is_some(), "{message} with {limits} was accepted");
        }
        assert_eq!(
            whole_numbers("1, 2 or 3,660; 20:00"),
            vec![1, 2, 3660, 20, 0]
        );
    }

    #[test]
    fn refuses_what_would_be_wrong() {
        let cases = [
            (r#"{"limits": {"a": 1.5}}"#, &[("a", "u32")][..]),
            (r#"{"limits": {"a": true}}"#, &[][..]),
            (r#"{"messages": {"a": 1}}"#, &[][..]),
            (r#"{"limits": {"a": 1}}"#, &[("b", "u32")][..]),
            (r#"{"limits": {"a": 1}, "more": {"a": 2}}"#, &[][..]),
            (r#"{"limits": {"a": -1}}"#, &[("a", "String")][..]),
            (r#"{"limits": {"$docs": {"b": "x"}, "a": 1}}"#, &[][..]),
            (r#"{"limits": [1]}"#, &[][..]),
        ];
        for (json, types) in cases {
            assert!(constants(json, types).is_err(), "{json} was accepted");
        }
    }
}
