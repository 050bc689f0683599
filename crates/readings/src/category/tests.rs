//! Boundary vectors of every guideline (issue 35): categories with both numbers and with
//! one, severe readings, in one table each.

use kernel::Guideline::{self, *};

use super::GuidelineRules;

fn code(g: Guideline, s: Option<i32>, d: Option<i32>) -> Option<(&'static str, bool)> {
    GuidelineRules::of(g)
        .category(s, d)
        .map(|c| (c.rule.code, c.at_least))
}

/// Both numbers: every category at its lowest value, one below, and the higher number wins.
#[test]
fn every_category_boundary_of_every_guideline() {
    let cases: &[(Guideline, i32, i32, &str)] = &[
        // ACC/AHA (2017 Table 6, unchanged in 2025)
        (AccAha2025, 119, 79, "normal"),
        (AccAha2025, 120, 79, "elevated"),
        (AccAha2025, 129, 79, "elevated"),
        (AccAha2025, 130, 79, "stage-1"),
        (AccAha2025, 119, 80, "stage-1"),
        (AccAha2025, 139, 89, "stage-1"),
        (AccAha2025, 125, 85, "stage-1"),
        (AccAha2025, 140, 70, "stage-2"),
        (AccAha2025, 110, 90, "stage-2"),
        (AccAha2025, 180, 120, "stage-2"),
        (AccAha2025, 181, 80, "hypertensive-crisis"),
        (AccAha2025, 150, 121, "hypertensive-crisis"),
        (AccAha2025, 185, 85, "hypertensive-crisis"),
        // ESH 2023
        (Esh2023, 119, 79, "optimal"),
        (Esh2023, 120, 79, "normal"),
        (Esh2023, 119, 80, "normal"),
        (Esh2023, 129, 84, "normal"),
        (Esh2023, 130, 84, "high-normal"),
        (Esh2023, 129, 85, "high-normal"),
        (Esh2023, 139, 89, "high-normal"),
        (Esh2023, 139, 90, "grade-1"),
        (Esh2023, 140, 90, "grade-1"),
        (Esh2023, 159, 99, "grade-1"),
        (Esh2023, 160, 99, "grade-2"),
        (Esh2023, 130, 100, "grade-2"),
        (Esh2023, 179, 109, "grade-2"),
        (Esh2023, 180, 110, "grade-3"),
        (Esh2023, 150, 110, "grade-3"),
        // Isolated systolic: 140 or more with diastolic below 90, at any systolic.
        (Esh2023, 140, 89, "isolated-systolic"),
        (Esh2023, 185, 85, "isolated-systolic"),
        (Esh2023, 139, 89, "high-normal"),
        // ESC 2024
        (Esc2024, 119, 69, "non-elevated"),
        (Esc2024, 120, 69, "elevated"),
        (Esc2024, 119, 70, "elevated"),
        (Esc2024, 139, 89, "elevated"),
        (Esc2024, 140, 89, "hypertension"),
        (Esc2024, 139, 90, "hypertension"),
        (Esc2024, 200, 120, "hypertension"),
    ];
    for &(g, s, d, want) in cases {
        assert_eq!(
            GuidelineRules::of(g).classify(s, d).code,
            want,
            "{} {s}/{d}",
            g.code()
        );
        assert_eq!(code(g, Some(s), Some(d)), Some((want, false)));
    }
}

/// One number alone: a category only where the guideline's "or" decides it, as a floor
/// unless nothing could be higher.
#[test]
fn one_number_readings_of_every_guideline() {
    // (guideline, systolic, diastolic, the category and whether it is a floor)
    type Case = (
        Guideline,
        Option<i32>,
        Option<i32>,
        Option<(&'static str, bool)>,
    );
    let cases: &[Case] = &[
        (
            AccAha2025,
            Some(200),
            None,
            Some(("hypertensive-crisis", false)),
        ),
        (
            AccAha2025,
            Some(181),
            None,
            Some(("hypertensive-crisis", false)),
        ),
        (AccAha2025, Some(180), None, Some(("stage-2", true))),
        (AccAha2025, Some(145), None, Some(("stage-2", true))),
        (AccAha2025, Some(140), None, Some(("stage-2", true))),
        (AccAha2025, Some(139), None, Some(("stage-1", true))),
        (AccAha2025, Some(130), None, Some(("stage-1", true))),
        (AccAha2025, Some(129), None, None),
        (AccAha2025, Some(110), None, None),
        (
            AccAha2025,
            None,
            Some(125),
            Some(("hypertensive-crisis", false)),
        ),
        (
            AccAha2025,
            None,
            Some(121),
            Some(("hypertensive-crisis", false)),
        ),
        (AccAha2025, None, Some(120), Some(("stage-2", true))),
        (AccAha2025, None, Some(90), Some(("stage-2", true))),
        (AccAha2025, None, Some(89), Some(("stage-1", true))),
        (AccAha2025, None, Some(80), Some(("stage-1", true))),
        (AccAha2025, None, Some(79), None),
        (AccAha2025, None, None, None),
        // ESH: a lone systolic of 140 or more may be isolated systolic or a grade.
        (Esh2023, Some(150), None, None),
        (Esh2023, Some(185), None, None),
        (Esh2023, Some(135), None, Some(("high-normal", true))),
        (Esh2023, Some(125), None, Some(("normal", true))),
        (Esh2023, Some(119), None, None),
        (Esh2023, None, Some(95), Some(("grade-1", true))),
        (Esh2023, None, Some(110), Some(("grade-3", false))),
        (Esh2023, None, Some(87), Some(("high-normal", true))),
        (Esh2023, None, Some(79), None),
        // ESC
        (Esc2024, Some(125), None, Some(("elevated", true))),
        (Esc2024, Some(140), None, Some(("hypertension", false))),
        (Esc2024, Some(119), None, None),
        (Esc2024, None, Some(70), Some(("elevated", true))),
        (Esc2024, None, Some(90), Some(("hypertension", false))),
        (Esc2024, None, Some(69), None),
    ];
    for &(g, s, d, want) in cases {
        assert_eq!(code(g, s, d), want, "{} {s:?}/{d:?}", g.code());
    }
}

#[test]
fn severe_from_either_number_alone_at_each_guidelines_threshold() {
    let cases: &[(Guideline, Option<i32>, Option<i32>, bool)] = &[
        (AccAha2025, Some(180), Some(120), false),
        (AccAha2025, Some(181), Some(80), true),
        (AccAha2025, Some(150), Some(121), true),
        (AccAha2025, Some(200), None, true),
        (AccAha2025, Some(180), None, false),
        (AccAha2025, None, Some(125), true),
        (AccAha2025, None, Some(120), false),
        (AccAha2025, None, None, false),
        (Esh2023, Some(179), Some(109), false),
        (Esh2023, Some(180), Some(80), true),
        (Esh2023, None, Some(110), true),
        (Esh2023, Some(179), None, false),
        (Esc2024, Some(180), None, true),
        (Esc2024, Some(150), Some(110), true),
        (Esc2024, Some(179), Some(109), false),
    ];
    for &(g, s, d, want) in cases {
        assert_eq!(
            GuidelineRules::of(g).severe(s, d),
            want,
            "{} {s:?}/{d:?}",
            g.code()
        );
    }
}

#[test]
fn names_carry_their_guideline() {
    let acc = GuidelineRules::of(AccAha2025);
    assert_eq!(acc.classify(135, 70).name(), "Stage 1 (ACC/AHA 2025)");
    assert_eq!(
        GuidelineRules::of(Esh2023).classify(145, 85).name(),
        "Isolated systolic hypertension (ESH 2023)"
    );
    assert_eq!(
        GuidelineRules::of(Esc2024).classify(125, 65).name(),
        "Elevated (ESC 2024)"
    );
    for g in Guideline::ALL {
        assert_eq!(GuidelineRules::of(g).guideline, g);
    }
}
