//! The units a person reads weights and blood sugars in, and how stored values become
//! them. Readings are stored in canonical units (lbs, mg/dL); preferences, exports, the
//! PDF, the history search and emails convert at the edges with these functions. The
//! client's counterpart is frontend/src/lib/units.ts.
//!
//! Wire names are the serde names and [`WeightUnit::as_str`] / [`BloodSugarUnit::as_str`]:
//! `lbs`, `kg`, `mg/dL`, `mmol/L` (JSON, CSV and the database all use them).

use serde::{Deserialize, Serialize};

/// 1 lb in kg, exactly (international avoirdupois pound).
pub const KG_PER_LB: f64 = 0.453_592_37;
/// 1 mmol/L of glucose in mg/dL.
pub const MGDL_PER_MMOL: f64 = 18.016;

pub fn lbs_to_kg(lbs: f64) -> f64 {
    lbs * KG_PER_LB
}

pub fn kg_to_lbs(kg: f64) -> f64 {
    kg / KG_PER_LB
}

pub fn mgdl_to_mmol(mgdl: f64) -> f64 {
    mgdl / MGDL_PER_MMOL
}

pub fn mmol_to_mgdl(mmol: f64) -> f64 {
    mmol * MGDL_PER_MMOL
}

/// Rounds to `decimals` places (half away from zero), for display and storage.
pub fn round_to(value: f64, decimals: i32) -> f64 {
    let f = 10f64.powi(decimals);
    (value * f).round() / f
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum WeightUnit {
    /// Canonical: weights are stored in lbs.
    #[default]
    #[serde(rename = "lbs")]
    Lbs,
    #[serde(rename = "kg")]
    Kg,
}

impl WeightUnit {
    pub const ALL: [WeightUnit; 2] = [WeightUnit::Lbs, WeightUnit::Kg];

    pub const fn as_str(self) -> &'static str {
        match self {
            WeightUnit::Lbs => "lbs",
            WeightUnit::Kg => "kg",
        }
    }

    /// The exact name ([`Self::as_str`]); anything else is `None`.
    pub fn parse(v: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|u| u.as_str() == v)
    }

    /// A name as people type it in a spreadsheet: any case, and `lb` for pounds.
    pub fn parse_lenient(v: &str) -> Option<Self> {
        if v.eq_ignore_ascii_case("lb") {
            return Some(WeightUnit::Lbs);
        }
        Self::ALL
            .into_iter()
            .find(|u| u.as_str().eq_ignore_ascii_case(v))
    }

    /// A stored weight (lbs) in this unit, unrounded.
    pub fn from_lbs(self, lbs: f64) -> f64 {
        match self {
            WeightUnit::Lbs => lbs,
            WeightUnit::Kg => lbs_to_kg(lbs),
        }
    }

    /// A weight in this unit as stored (lbs).
    pub fn to_lbs(self, value: f64) -> f64 {
        match self {
            WeightUnit::Lbs => value,
            WeightUnit::Kg => kg_to_lbs(value),
        }
    }

    /// Decimal places a person is shown (the client's `weightDecimals`): 1 in both units.
    pub const fn decimals(self) -> u32 {
        1
    }

    /// A stored weight as a person is shown it: in this unit, rounded to [`Self::decimals`].
    pub fn shown(self, lbs: f64) -> f64 {
        round_to(self.from_lbs(lbs), self.decimals() as i32)
    }

    /// [`Self::shown`] as text, without the unit: `77.2`.
    pub fn format(self, lbs: f64) -> String {
        format!("{:.*}", self.decimals() as usize, self.shown(lbs))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum BloodSugarUnit {
    /// Canonical: blood sugars are stored in mg/dL.
    #[default]
    #[serde(rename = "mg/dL")]
    MgDl,
    #[serde(rename = "mmol/L")]
    MmolL,
}

impl BloodSugarUnit {
    pub const ALL: [BloodSugarUnit; 2] = [BloodSugarUnit::MgDl, BloodSugarUnit::MmolL];

    pub const fn as_str(self) -> &'static str {
        match self {
            BloodSugarUnit::MgDl => "mg/dL",
            BloodSugarUnit::MmolL => "mmol/L",
        }
    }

    /// The exact name ([`Self::as_str`]); anything else is `None`.
    pub fn parse(v: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|u| u.as_str() == v)
    }

    /// A name as people type it in a spreadsheet: any case.
    pub fn parse_lenient(v: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|u| u.as_str().eq_ignore_ascii_case(v))
    }

    /// A stored blood sugar (mg/dL) in this unit, unrounded.
    pub fn from_mgdl(self, mgdl: f64) -> f64 {
        match self {
            BloodSugarUnit::MgDl => mgdl,
            BloodSugarUnit::MmolL => mgdl_to_mmol(mgdl),
        }
    }

    /// A blood sugar in this unit as stored (mg/dL).
    pub fn to_mgdl(self, value: f64) -> f64 {
        match self {
            BloodSugarUnit::MgDl => value,
            BloodSugarUnit::MmolL => mmol_to_mgdl(value),
        }
    }

    /// Decimal places a person is shown (the client's `bloodSugarDecimals`): 0 in mg/dL,
    /// 1 in mmol/L.
    pub const fn decimals(self) -> u32 {
        match self {
            BloodSugarUnit::MgDl => 0,
            BloodSugarUnit::MmolL => 1,
        }
    }

    /// A stored blood sugar as a person is shown it: in this unit, rounded to
    /// [`Self::decimals`].
    pub fn shown(self, mgdl: f64) -> f64 {
        round_to(self.from_mgdl(mgdl), self.decimals() as i32)
    }

    /// [`Self::shown`] as text, without the unit: `5.4`, `98`.
    pub fn format(self, mgdl: f64) -> String {
        format!("{:.*}", self.decimals() as usize, self.shown(mgdl))
    }
}

/// The units one person reads values in (their preferences), or an export is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Units {
    pub weight: WeightUnit,
    pub sugar: BloodSugarUnit,
}

impl Units {
    /// Vitalog's storage units: lbs and mg/dL.
    pub const CANONICAL: Units = Units {
        weight: WeightUnit::Lbs,
        sugar: BloodSugarUnit::MgDl,
    };
}

/// The mean rounded to a whole number (halves away from zero), or `None` for no values.
pub fn rounded_mean(values: impl IntoIterator<Item = i32>) -> Option<i32> {
    let (sum, n) = values
        .into_iter()
        .fold((0i64, 0i64), |(s, n), v| (s + i64::from(v), n + 1));
    if n == 0 {
        return None;
    }
    // Exact in integers: round(sum / n) with halves away from zero.
    let rounded = (2 * sum + n * sum.signum()) / (2 * n);
    i32::try_from(rounded).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_without_drift_at_display_precision() {
        for tenth in 500..=5000 {
            let lbs = f64::from(tenth) / 10.0;
            let shown_kg = round_to(lbs_to_kg(lbs), 1);
            // Saving the shown kg and showing it again gives the same kg.
            let again = round_to(lbs_to_kg(kg_to_lbs(shown_kg)), 1);
            assert!((again - shown_kg).abs() < 1e-9, "{lbs} lbs");
        }
        for mgdl in 40..=400 {
            let shown = round_to(mgdl_to_mmol(f64::from(mgdl)), 1);
            let again = round_to(mgdl_to_mmol(mmol_to_mgdl(shown)), 1);
            assert!((again - shown).abs() < 1e-9, "{mgdl} mg/dL");
        }
    }

    #[test]
    fn known_values() {
        assert!((lbs_to_kg(100.0) - 45.359_237).abs() < 1e-9);
        assert!((kg_to_lbs(70.0) - 154.323_583_5).abs() < 1e-6);
        assert!((mmol_to_mgdl(5.5) - 99.088).abs() < 1e-9);
        assert!((mgdl_to_mmol(180.16) - 10.0).abs() < 1e-9);
        assert_eq!(round_to(2.25, 1), 2.3);
        assert_eq!(round_to(99.088, 0), 99.0);
    }

    #[test]
    fn wire_names_are_unchanged() {
        for (u, name) in [(WeightUnit::Lbs, "lbs"), (WeightUnit::Kg, "kg")] {
            assert_eq!(u.as_str(), name);
            assert_eq!(WeightUnit::parse(name), Some(u));
            assert_eq!(serde_json::to_value(u).ok(), Some(serde_json::json!(name)));
        }
        for (u, name) in [
            (BloodSugarUnit::MgDl, "mg/dL"),
            (BloodSugarUnit::MmolL, "mmol/L"),
        ] {
            assert_eq!(u.as_str(), name);
            assert_eq!(BloodSugarUnit::parse(name), Some(u));
            assert_eq!(serde_json::to_value(u).ok(), Some(serde_json::json!(name)));
        }
        assert_eq!(WeightUnit::parse("KG"), None);
        assert_eq!(Units::default(), Units::CANONICAL);
    }

    #[test]
    fn shown_values_use_the_clients_precision() {
        assert_eq!(WeightUnit::Lbs.format(170.2), "170.2");
        assert_eq!(WeightUnit::Kg.format(170.2), "77.2");
        assert_eq!(BloodSugarUnit::MgDl.format(97.0), "97");
        assert_eq!(BloodSugarUnit::MmolL.format(97.0), "5.4");
        assert_eq!(BloodSugarUnit::MmolL.to_mgdl(5.5), mmol_to_mgdl(5.5));
        assert_eq!(WeightUnit::Kg.to_lbs(70.0), kg_to_lbs(70.0));
    }

    #[test]
    fn spreadsheet_spellings_are_read_leniently_and_nothing_else() {
        for (typed, unit) in [
            ("lbs", WeightUnit::Lbs),
            ("LBS", WeightUnit::Lbs),
            ("lb", WeightUnit::Lbs),
            ("Lb", WeightUnit::Lbs),
            ("KG", WeightUnit::Kg),
        ] {
            assert_eq!(WeightUnit::parse_lenient(typed), Some(unit), "{typed}");
        }
        assert_eq!(WeightUnit::parse_lenient("pounds"), None);
        assert_eq!(WeightUnit::parse("LBS"), None, "the API stays exact");
        assert_eq!(
            BloodSugarUnit::parse_lenient("MMOL/L"),
            Some(BloodSugarUnit::MmolL)
        );
        assert_eq!(
            BloodSugarUnit::parse_lenient("mg/dl"),
            Some(BloodSugarUnit::MgDl)
        );
        assert_eq!(BloodSugarUnit::parse_lenient("mmol"), None);
    }
}
