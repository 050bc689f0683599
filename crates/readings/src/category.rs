//! Blood pressure categories of the ACC/AHA guideline (2017; unchanged in 2025). Information
//! for the user, not a diagnosis: the screens and reports say so.

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

    /// The category of a reading that may hold only one of the two numbers.
    ///
    /// With both, [`Self::classify`]. With one, the guideline's rule decides: a category
    /// defined by "systolic X or diastolic Y" (Stage 1, Stage 2; "and/or" for a crisis) is
    /// reached by either number alone, so systolic 145 alone is at least Stage 2 and
    /// diastolic 125 alone is a crisis. Normal and Elevated need both numbers ("and
    /// diastolic below 80"), so a lone number below Stage 1's has no category (`None`).
    pub fn of(systolic: Option<i32>, diastolic: Option<i32>) -> Option<Self> {
        let (s, d) = match (systolic, diastolic) {
            (Some(s), Some(d)) => return Some(Self::classify(s, d)),
            (None, None) => return None,
            // A number that cannot reach any threshold stands in for the missing one.
            (s, d) => (s.unwrap_or(i32::MIN), d.unwrap_or(i32::MIN)),
        };
        let (i, reached) = rules::highest_reached(rules::BP_FROM.into_iter(), s, d)
            .and_then(|i| Some((i, Self::ALL.get(i).copied()?)))?;
        // "Either number alone" holds for the categories whose rule names a threshold for
        // each number (`rules.json`'s bpCategories: Stage 1 and above).
        let (sf, df) = rules::BP_FROM.get(i).copied()?;
        (sf.is_some() && df.is_some()).then_some(reached)
    }

    /// Whether [`Self::of`] named a floor, not the category: one number is missing and a
    /// higher category could still follow from it.
    pub fn is_floor(self, systolic: Option<i32>, diastolic: Option<i32>) -> bool {
        (systolic.is_none() || diastolic.is_none()) && self != BpCategory::HypertensiveCrisis
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

    /// One number alone (issue 35): the guideline's "or" (Stage 1, Stage 2) and "and/or"
    /// (crisis) make either number enough; Normal and Elevated need both.
    #[test]
    fn one_number_readings() {
        let cases = [
            (Some(200), None, Some(HypertensiveCrisis)),
            (Some(181), None, Some(HypertensiveCrisis)),
            (Some(180), None, Some(Stage2)),
            (Some(145), None, Some(Stage2)),
            (Some(140), None, Some(Stage2)),
            (Some(139), None, Some(Stage1)),
            (Some(130), None, Some(Stage1)),
            (Some(129), None, None),
            (Some(110), None, None),
            (None, Some(125), Some(HypertensiveCrisis)),
            (None, Some(121), Some(HypertensiveCrisis)),
            (None, Some(120), Some(Stage2)),
            (None, Some(90), Some(Stage2)),
            (None, Some(89), Some(Stage1)),
            (None, Some(80), Some(Stage1)),
            (None, Some(79), None),
            (None, None, None),
            (Some(185), Some(85), Some(HypertensiveCrisis)),
            (Some(119), Some(79), Some(Normal)),
        ];
        for (s, d, want) in cases {
            assert_eq!(BpCategory::of(s, d), want, "{s:?}/{d:?}");
        }
        assert!(Stage2.is_floor(Some(145), None));
        assert!(!HypertensiveCrisis.is_floor(None, Some(125)));
        assert!(!Stage2.is_floor(Some(145), Some(85)));
    }

    #[test]
    fn labels() {
        assert_eq!(Stage1.label(), "Stage 1");
        assert_eq!(HypertensiveCrisis.label(), "Hypertensive Crisis");
        assert_eq!(HypertensiveCrisis.code(), "hypertensive-crisis");
    }
}
