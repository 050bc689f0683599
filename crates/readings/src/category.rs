//! Blood pressure categories, severe readings and home levels of the guideline a person
//! chose (issue 35): ACC/AHA 2025 (office categories unchanged from 2017), ESH 2023 or ESC
//! 2024. Each guideline's numbers and words are its own in `rules.json` (`guidelines[]`),
//! never mixed. Information for the user, not a diagnosis: the screens and reports say so.

use kernel::Guideline;

use crate::rules::{self, DIASTOLIC, SYSTOLIC};

/// One office category of a guideline (`rules.json`'s `guidelines[].categories`, lowest
/// first).
#[derive(Debug, PartialEq, Eq)]
pub struct CategoryRule {
    pub guideline: Guideline,
    /// Place in the guideline's list, lowest first.
    pub rank: usize,
    pub code: &'static str,
    pub label: &'static str,
    /// For a narrow column ("Grade 1", "Isolated systolic").
    pub short: &'static str,
    /// The guideline's definition in words ("Systolic 130-139 or diastolic 80-89").
    pub rule: &'static str,
    /// Lowest systolic (diastolic) in this category when that number alone reaches it.
    pub systolic_from: Option<i32>,
    pub diastolic_from: Option<i32>,
    /// A combination rather than a grade: systolic from `systolic_from` with diastolic
    /// below this (ESH's isolated systolic hypertension, 140 or more with below 90).
    pub diastolic_below: Option<i32>,
    /// How strongly a screen colours it, 0 (lowest) to 4 (the top of the scale).
    pub tone: u8,
    /// In the hypertension range: the PDF's table prints it red.
    pub alert: bool,
}

impl CategoryRule {
    /// "Stage 1 (ACC/AHA 2025)": the category with the guideline it comes from.
    pub fn name(&self) -> String {
        format!(
            "{} ({})",
            self.label,
            GuidelineRules::of(self.guideline).name
        )
    }

    /// A grade is reached by its own thresholds; a combination is not part of the scale.
    fn graded(&self) -> bool {
        self.diastolic_below.is_none()
    }

    /// Defined by "systolic X or diastolic Y": either number alone reaches it.
    fn either_alone(&self) -> bool {
        self.graded() && self.systolic_from.is_some() && self.diastolic_from.is_some()
    }
}

/// A guideline's severe reading: either number alone reaching its threshold, and the title
/// the guidance panel carries.
#[derive(Debug, PartialEq, Eq)]
pub struct SevereRule {
    pub systolic_from: i32,
    pub diastolic_from: i32,
    pub title: &'static str,
    pub summary: &'static str,
    pub source: &'static str,
}

/// Everything one guideline says, from `rules.json`.
#[derive(Debug, PartialEq, Eq)]
pub struct GuidelineRules {
    pub guideline: Guideline,
    /// "ACC/AHA 2025".
    pub name: &'static str,
    pub title: &'static str,
    /// Where its categories come from (table), in words.
    pub source: &'static str,
    pub categories: &'static [CategoryRule],
    pub severe: SevereRule,
    pub home_source: &'static str,
    /// Home average levels, lowest first ([`crate::home_week::level_of_mean`]).
    pub home_levels: &'static [rules::HomeLevelRule],
    /// High office (home) blood pressure from these, for the clinic/home patterns.
    pub office_high_from: (i32, i32),
    pub home_high_from: (i32, i32),
    pub patterns_source: &'static str,
}

/// A reading's category: the rule, and whether it is a floor (one number was recorded and
/// the other could raise it: "Stage 2 or higher").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BpCategory {
    pub rule: &'static CategoryRule,
    pub at_least: bool,
}

impl GuidelineRules {
    pub fn of(guideline: Guideline) -> &'static GuidelineRules {
        match guideline {
            Guideline::AccAha2025 => &rules::GUIDELINES[0],
            Guideline::Esh2023 => &rules::GUIDELINES[1],
            Guideline::Esc2024 => &rules::GUIDELINES[2],
        }
    }

    /// The category of both numbers: the highest grade either number reaches (the higher
    /// number wins), unless a combination (isolated systolic hypertension) holds.
    pub fn classify(&self, systolic: i32, diastolic: i32) -> &'static CategoryRule {
        let lowest = &self.categories[0];
        if let Some(c) = self.categories.iter().find(|c| {
            c.diastolic_below.is_some_and(|below| {
                diastolic < below && c.systolic_from.is_some_and(|s| systolic >= s)
            })
        }) {
            return c;
        }
        // The highest grade either number reaches: a combination has no threshold of its own
        // on the scale, so it stands in as one never reached.
        let thresholds = self.categories.iter().map(|c| {
            if c.graded() {
                (c.systolic_from, c.diastolic_from)
            } else {
                (None, None)
            }
        });
        rules::highest_reached(thresholds, systolic, diastolic)
            .and_then(|i| self.categories.get(i))
            .unwrap_or(lowest)
    }

    /// The category of a reading that may hold one number only.
    ///
    /// With both, [`Self::classify`]. With one, every value the other number could have
    /// (within its range, diastolic below systolic) is tried: the category is stated as a
    /// floor only when every outcome is that category or a grade above it, and that
    /// category is one either number reaches alone (its rule says "or"). So systolic 145
    /// alone is "Stage 2 or higher" (ACC/AHA), while systolic 125 alone, which could be
    /// Elevated ("and diastolic below 80") or Stage 1, has none; ESH's systolic 150 alone
    /// could be isolated systolic hypertension or grade 1, so it has none either, while
    /// ESH's diastolic 87 alone is high-normal or higher (isolated systolic included).
    pub fn category(&self, systolic: Option<i32>, diastolic: Option<i32>) -> Option<BpCategory> {
        let possible: Vec<&'static CategoryRule> = match (systolic, diastolic) {
            (Some(s), Some(d)) => {
                return Some(BpCategory {
                    rule: self.classify(s, d),
                    at_least: false,
                });
            }
            (None, None) => return None,
            (Some(s), None) => whole(DIASTOLIC.min)..=whole(DIASTOLIC.max).min(s - 1),
            (None, Some(d)) => whole(SYSTOLIC.min).max(d + 1)..=whole(SYSTOLIC.max),
        }
        .map(|other| match systolic {
            Some(s) => self.classify(s, other),
            None => self.classify(other, diastolic.unwrap_or_default()),
        })
        .collect();
        let floor = possible
            .iter()
            .filter(|c| c.either_alone())
            .min_by_key(|c| c.rank)?;
        // Above the floor: a higher grade, or a combination on a higher tone (ESH's
        // isolated systolic hypertension is above high-normal, beside grade 1).
        let above = |c: &CategoryRule| {
            if c.graded() {
                c.rank > floor.rank
            } else {
                c.tone > floor.tone
            }
        };
        let covered = possible
            .iter()
            .all(|c| std::ptr::eq(*c, *floor) || above(c));
        covered.then(|| BpCategory {
            rule: floor,
            at_least: possible.iter().any(|c| !std::ptr::eq(*c, *floor)),
        })
    }

    /// Either number alone reaching the guideline's severe threshold (ACC/AHA: "higher than
    /// 180 and/or higher than 120"; ESH/ESC: 180/110 or higher).
    pub fn severe(&self, systolic: Option<i32>, diastolic: Option<i32>) -> bool {
        systolic.is_some_and(|s| s >= self.severe.systolic_from)
            || diastolic.is_some_and(|d| d >= self.severe.diastolic_from)
    }
}

/// A range bound of a whole-number measure (`rules.json`'s, e.g. 40.0) as an integer.
fn whole(bound: f64) -> i32 {
    // The bounds of systolic and diastolic are small whole numbers.
    #[allow(clippy::cast_possible_truncation)]
    let v = bound.round() as i32;
    v
}

#[cfg(test)]
mod tests;
