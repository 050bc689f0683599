//! A reading taken at the clinic (issue 35) is marked in the readings table, and the table
//! says what the mark means; a report without one has neither.

#![allow(clippy::expect_used)]

use reports::ReportType;

mod fixture;
use fixture::{doc, text_of};

const LEGEND: &str =
    "C = taken at the clinic (office blood pressure), not part of any home average";

#[test]
fn a_clinic_reading_is_marked_in_the_table() {
    let mut d = doc(ReportType::Bp, 3, false);
    // The second day's 1:00 PM reading was taken at the clinic.
    d.readings[4].setting = readings::Setting::Office;
    let text = text_of(&pdf::render(&d).expect("render"));
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(LEGEND), "{text}");
    let marked: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" PM C ") || l.contains(" AM C "))
        .collect();
    assert_eq!(marked.len(), 1, "{text}");
    assert!(
        marked[0].contains("1:00 PM C") && marked[0].contains("11/24/2025"),
        "{}",
        marked[0]
    );

    let home = doc(ReportType::Bp, 3, false);
    let text = text_of(&pdf::render(&home).expect("render"));
    assert!(!text.contains("taken at the clinic"), "{text}");
}
