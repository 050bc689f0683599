//! The units a file writes its weights in, beyond Vitalog's own: the stone (UK scales and
//! apps). Which unit a file's column is in is read by the format readers, never guessed.
//!
//! The conversions themselves are `kernel::units`' (one home); a stone is 14 lb, exactly.

use kernel::units::WeightUnit;
use serde::{Deserialize, Serialize};

/// A weight's unit as files write it: Vitalog's two, and the stone (UK scales and apps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeightIn {
    #[serde(rename = "lbs")]
    Lbs,
    #[serde(rename = "kg")]
    Kg,
    #[serde(rename = "st")]
    St,
}

impl WeightIn {
    pub const ALL: [WeightIn; 3] = [WeightIn::Lbs, WeightIn::Kg, WeightIn::St];

    pub const fn as_str(self) -> &'static str {
        match self {
            WeightIn::Lbs => "lbs",
            WeightIn::Kg => "kg",
            WeightIn::St => "st",
        }
    }

    /// The exact wire name ([`Self::as_str`]).
    pub fn parse(v: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|u| u.as_str() == v)
    }

    /// A weight in this unit as stored (lbs).
    pub fn to_lbs(self, value: f64) -> f64 {
        match self {
            WeightIn::Lbs => WeightUnit::Lbs.to_lbs(value),
            WeightIn::Kg => WeightUnit::Kg.to_lbs(value),
            WeightIn::St => WeightUnit::Lbs.to_lbs(value * 14.0),
        }
    }
}

impl From<WeightUnit> for WeightIn {
    fn from(u: WeightUnit) -> Self {
        match u {
            WeightUnit::Lbs => WeightIn::Lbs,
            WeightUnit::Kg => WeightIn::Kg,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stone_is_fourteen_pounds() {
        assert_eq!(WeightIn::St.to_lbs(12.5), 175.0);
        assert!((WeightIn::Kg.to_lbs(83.0) - 182.983_631).abs() < 1e-3);
        assert_eq!(WeightIn::Lbs.to_lbs(83.0), 83.0);
    }
}
