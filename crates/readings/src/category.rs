//! Blood pressure categories of the 2017 ACC/AHA guideline. Information for the user, not a
//! diagnosis: the screens and reports say so.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BpCategory {
    Normal,
    Elevated,
    Stage1,
    Stage2,
    HypertensiveCrisis,
}

impl BpCategory {
    pub const ALL: [BpCategory; 5] = [
        BpCategory::Normal,
        BpCategory::Elevated,
        BpCategory::Stage1,
        BpCategory::Stage2,
        BpCategory::HypertensiveCrisis,
    ];

    pub fn label(self) -> &'static str {
        match self {
            BpCategory::Normal => "Normal",
            BpCategory::Elevated => "Elevated",
            BpCategory::Stage1 => "Stage 1",
            BpCategory::Stage2 => "Stage 2",
            BpCategory::HypertensiveCrisis => "Hypertensive Crisis",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            BpCategory::Normal => "normal",
            BpCategory::Elevated => "elevated",
            BpCategory::Stage1 => "stage-1",
            BpCategory::Stage2 => "stage-2",
            BpCategory::HypertensiveCrisis => "hypertensive-crisis",
        }
    }

    /// The category of one reading; when the two numbers fall in different categories the
    /// higher one applies.
    pub fn classify(systolic: i32, diastolic: i32) -> Self {
        let by_systolic = match systolic {
            s if s > 180 => BpCategory::HypertensiveCrisis,
            s if s >= 140 => BpCategory::Stage2,
            s if s >= 130 => BpCategory::Stage1,
            s if s >= 120 => BpCategory::Elevated,
            _ => BpCategory::Normal,
        };
        let by_diastolic = match diastolic {
            d if d > 120 => BpCategory::HypertensiveCrisis,
            d if d >= 90 => BpCategory::Stage2,
            d if d >= 80 => BpCategory::Stage1,
            _ => BpCategory::Normal,
        };
        by_systolic.max(by_diastolic)
    }
}

#[cfg(test)]
mod tests {
    use super::BpCategory::{self, *};

    #[test]
    fn guideline_boundaries() {
        let cases = [
            (119, 79, Normal),
            (120, 79, Elevated),
            (129, 79, Elevated),
            (130, 79, Stage1),
            (119, 80, Stage1),
            (139, 89, Stage1),
            (140, 70, Stage2),
            (110, 90, Stage2),
            (180, 120, Stage2),
            (181, 80, HypertensiveCrisis),
            (150, 121, HypertensiveCrisis),
            // The examples: the higher category wins.
            (185, 85, HypertensiveCrisis),
            (125, 85, Stage1),
        ];
        for (s, d, want) in cases {
            assert_eq!(BpCategory::classify(s, d), want, "{s}/{d}");
        }
    }

    #[test]
    fn labels() {
        assert_eq!(Stage1.label(), "Stage 1");
        assert_eq!(HypertensiveCrisis.label(), "Hypertensive Crisis");
        assert_eq!(HypertensiveCrisis.code(), "hypertensive-crisis");
    }
}
