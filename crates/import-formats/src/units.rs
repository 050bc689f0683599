//! The units a file writes its weights and blood sugars in: read from a column's header
//! (`Gewicht (kg)`, `Weight [lbs]`, `weight_kg`, a column named just `kg`) or from a record
//! (Apple Health's `unit` attribute), never guessed. Where nothing in the file says the
//! unit, the person chooses it: a weight read in the wrong unit is a plausible number 2.2
//! times off, the worst kind of error in a health record (issue 34).
//!
//! The conversions themselves are `kernel::units`' (one home); a stone is 14 lb, exactly.

use kernel::units::BloodSugarUnit;

pub use imports::formats::units::WeightIn;

/// A unit named in a header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderUnit {
    Weight(WeightIn),
    BloodSugar(BloodSugarUnit),
    /// `mmHg` (blood pressure).
    MmHg,
    /// `bpm`, `/min` (pulse).
    PerMinute,
}

/// The unit a weight is written in, by its name as apps write it (any case).
pub fn weight_unit(token: &str) -> Option<WeightIn> {
    match token.to_lowercase().as_str() {
        "kg" | "kgs" | "kilo" | "kilos" | "kilogram" | "kilograms" | "kilogramm" | "kilogramme"
        | "kilogrammes" | "kilogramo" | "kilogramos" | "chilogrammi" | "quilos" | "キロ" => {
            Some(WeightIn::Kg)
        }
        "lb" | "lbs" | "pound" | "pounds" | "pfund" | "livres" | "libras" | "ポンド" => {
            Some(WeightIn::Lbs)
        }
        "st" | "stone" | "stones" => Some(WeightIn::St),
        _ => None,
    }
}

/// The unit a blood sugar is written in (any case; `mg/dl`, `mg_dl`, `mgdl`).
pub fn blood_sugar_unit(token: &str) -> Option<BloodSugarUnit> {
    let squeezed: String = token
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect();
    match squeezed.as_str() {
        "mgdl" => Some(BloodSugarUnit::MgDl),
        "mmoll" | "mmol" => Some(BloodSugarUnit::MmolL),
        _ => None,
    }
}

/// The unit a header names: in brackets (`Weight (kg)`, `Gewicht [kg]`, `Glucose {mmol/L}`),
/// as its last word (`weight_kg`, `Weight lbs`, `Glucose mg/dL`) or as the whole header
/// (`kg`). `None` when it names none.
pub fn in_header(cell: &str) -> Option<HeaderUnit> {
    let lower = cell.trim().to_lowercase();
    // Words: runs of letters, digits and `/` (so `mmol/l` and `mg/dl` stay whole).
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '/'))
        .filter(|w| !w.is_empty())
        .collect();
    let bracketed = ['(', '[', '{']
        .iter()
        .filter_map(|open| {
            let start = lower.rfind(*open)?;
            let inner = &lower[start + 1..];
            let end = inner.find([')', ']', '}']).unwrap_or(inner.len());
            Some(inner[..end].trim().to_owned())
        })
        .next();
    let last_two = (words.len() >= 2).then(|| words[words.len() - 2..].join("/"));
    let candidates = bracketed
        .into_iter()
        .chain(words.last().map(|w| (*w).to_owned()))
        .chain(last_two)
        .chain(std::iter::once(lower.clone()));
    for c in candidates {
        if let Some(u) = unit_of(&c) {
            // `st` only in brackets or as a header of its own: "1st reading" is no stone.
            if u == HeaderUnit::Weight(WeightIn::St) && words.len() > 1 && !lower.contains('(') {
                continue;
            }
            return Some(u);
        }
    }
    None
}

fn unit_of(token: &str) -> Option<HeaderUnit> {
    let t = token.trim();
    if let Some(w) = weight_unit(t) {
        return Some(HeaderUnit::Weight(w));
    }
    if let Some(g) = blood_sugar_unit(t) {
        return Some(HeaderUnit::BloodSugar(g));
    }
    match t.to_lowercase().as_str() {
        "mmhg" | "mm hg" => Some(HeaderUnit::MmHg),
        "bpm" | "/min" | "1/min" | "beats/min" | "spm" => Some(HeaderUnit::PerMinute),
        _ => None,
    }
}

/// The weight unit a header names, if it names one.
pub fn weight_in_header(cell: &str) -> Option<WeightIn> {
    match in_header(cell)? {
        HeaderUnit::Weight(w) => Some(w),
        _ => None,
    }
}

/// The blood sugar unit a header names, if it names one.
pub fn blood_sugar_in_header(cell: &str) -> Option<BloodSugarUnit> {
    match in_header(cell)? {
        HeaderUnit::BloodSugar(g) => Some(g),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::units::BloodSugarUnit::{MgDl, MmolL};

    #[test]
    fn units_are_read_from_headers_in_any_language_and_bracket_style() {
        let weights = [
            ("Weight (kg)", WeightIn::Kg),
            ("Gewicht (kg)", WeightIn::Kg),
            ("Poids (kg)", WeightIn::Kg),
            ("体重 (kg)", WeightIn::Kg),
            ("kg", WeightIn::Kg),
            ("KG", WeightIn::Kg),
            ("weight_kg", WeightIn::Kg),
            ("Weight [lbs]", WeightIn::Lbs),
            ("Weight (lb)", WeightIn::Lbs),
            ("Weight lbs", WeightIn::Lbs),
            ("lb", WeightIn::Lbs),
            ("Weight (st)", WeightIn::St),
            ("st", WeightIn::St),
            ("Peso {kg}", WeightIn::Kg),
        ];
        for (cell, unit) in weights {
            assert_eq!(weight_in_header(cell), Some(unit), "{cell}");
        }
        let sugars = [
            ("Glucose (mmol/L)", MmolL),
            ("Blutzucker [mmol/l]", MmolL),
            ("Glucose mg/dL", MgDl),
            ("blood_sugar_mg_dl", MgDl),
            ("mg/dL", MgDl),
            ("Glycémie (mg/dl)", MgDl),
        ];
        for (cell, unit) in sugars {
            assert_eq!(blood_sugar_in_header(cell), Some(unit), "{cell}");
        }
        // Nothing says the unit: nothing is guessed.
        for cell in [
            "Weight",
            "Gewicht",
            "Glucose",
            "1st reading",
            "Stand",
            "Systolic",
        ] {
            assert_eq!(weight_in_header(cell), None, "{cell}");
            assert_eq!(blood_sugar_in_header(cell), None, "{cell}");
        }
        assert_eq!(in_header("SYS(mmHg)"), Some(HeaderUnit::MmHg));
        assert_eq!(in_header("Pulse(bpm)"), Some(HeaderUnit::PerMinute));
    }
}
