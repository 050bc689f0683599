//! Blood pressure categories of the 2017 ACC/AHA guideline. Information for the user, not a
//! diagnosis: the screens and reports say so.

use serde::Serialize;

use crate::rules;

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

    /// The label from `rules.json` (the client shows the same).
    pub fn label(self) -> &'static str {
        rules::BP_LABELS[self as usize]
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
        // The thresholds are `rules.json`'s (lowest value of each category, inclusive),
        // which the reading form's preview in the client reads too.
        rules::highest_reached(rules::BP_FROM.into_iter(), systolic, diastolic)
            .and_then(|i| Self::ALL.get(i).copied())
            .unwrap_or(BpCategory::Normal)
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
