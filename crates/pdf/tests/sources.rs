//! The blood pressure report says where the period's readings came from (issue 39): how
//! many a cuff sent, were typed or imported, the cuff's flags counted, and each flagged
//! reading's flags in the readings table.

#![allow(clippy::expect_used)]

use readings::{CuffFlag, CuffFlags, Origin};
use reports::ReportType;
use reports::analysis::analyse;

mod fixture;
use fixture::{doc, text_of};

#[test]
fn the_report_counts_sources_and_cuff_flags() {
    let mut d = doc(ReportType::Bp, 3, false);
    let cuff = |flags: &[CuffFlag]| {
        Origin::device(
            "OMRON X4 Smart".into(),
            CuffFlags::of(flags.iter().copied()),
        )
    };
    d.readings[0].origin = cuff(&[CuffFlag::IrregularPulse, CuffFlag::BodyMovement]);
    d.readings[3].origin = cuff(&[CuffFlag::IrregularPulse]);
    d.readings[6].origin = cuff(&[]);
    d.readings[8].origin = Origin::import("Withings");
    d.analysis = analyse(&d.readings, kernel::Guideline::AccAha2025);
    let text = text_of(&pdf::render(&d).expect("render"));
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Where the readings came from"), "{text}");
    assert!(
        flat.contains("From a cuff 3 · Typed 5 · Imported 1"),
        "{flat}"
    );
    assert!(
        flat.contains("Cuff flags: irregular pulse 2 · body movement 1"),
        "{flat}"
    );
    assert!(
        flat.contains("Cuff: irregular pulse, body movement"),
        "the table shows a reading's flags: {flat}"
    );

    let typed = doc(ReportType::Bp, 3, false);
    let text = text_of(&pdf::render(&typed).expect("render"));
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Typed 9"), "{flat}");
    assert!(!flat.contains("Cuff flags"), "{flat}");
}
