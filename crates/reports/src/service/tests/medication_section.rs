//! The "Medications" section: asked for and drawn only for a report with its analysis, and
//! only when something was taken during the report's days.

use super::*;
use medications::analysis::Adherence;
use medications::service::{MedicationReport, ReportLine};

fn report(lines: usize) -> MedicationReport {
    MedicationReport {
        from: d("2026-10-23"),
        to: d("2026-11-22"),
        lines: (0..lines)
            .map(|i| ReportLine {
                name: format!("Medication {i}"),
                reason: None,
                periods: Vec::new(),
                adherence: Adherence::default(),
                effects: Vec::new(),
            })
            .collect(),
        note: medications::analysis::NOTE,
    }
}

/// A service whose medications source answers with `lines` lines, asked `asked` times for
/// the report's period as of the clock's now.
fn medication_service(renderer: MockPdfRenderer, lines: usize, asked: usize) -> ReportService {
    let mut repo = MockReportRepository::new();
    repo.expect_count().returning(|_| Ok(0));
    repo.expect_insert().returning(|_, _, _| Ok(Some(meta())));
    let mut source = MockMedicationSource::new();
    source
        .expect_during()
        .withf(|user, from, to, now, with_effects| {
            *with_effects
                && *user == UserId(1)
                && *from == d("2026-10-23")
                && *to == d("2026-11-22")
                && now.instant
                    == Utc
                        .with_ymd_and_hms(2026, 11, 22, 9, 0, 0)
                        .single()
                        .expect("t")
        })
        .times(asked)
        .returning(move |_, _, _, _, _| Ok(report(lines)));
    service(repo, renderer).with_medications(Arc::new(source))
}

#[tokio::test]
async fn a_report_with_its_analysis_has_the_medications_taken_in_its_period() {
    let mut renderer = MockPdfRenderer::new();
    renderer
        .expect_render()
        .withf(|doc| doc.medications.as_ref().map(|m| m.lines.len()) == Some(2))
        .times(1)
        .returning(|_| Ok(b"%PDF".to_vec()));
    medication_service(renderer, 2, 1)
        .create(UserId(1), input())
        .await
        .expect("created");
}

#[tokio::test]
async fn no_medications_section_without_the_analysis_or_without_medications() {
    for (include_analysis, lines, asked) in [(false, 2, 0), (true, 0, 1)] {
        let mut renderer = MockPdfRenderer::new();
        renderer
            .expect_render()
            .withf(|doc| doc.medications.is_none())
            .times(1)
            .returning(|_| Ok(b"%PDF".to_vec()));
        medication_service(renderer, lines, asked)
            .create(
                UserId(1),
                ReportInput {
                    include_analysis,
                    ..input()
                },
            )
            .await
            .expect("created");
    }
}

#[tokio::test]
async fn a_report_without_a_medications_source_has_no_section() {
    let mut repo = MockReportRepository::new();
    repo.expect_count().returning(|_| Ok(0));
    repo.expect_insert().returning(|_, _, _| Ok(Some(meta())));
    let mut renderer = MockPdfRenderer::new();
    renderer
        .expect_render()
        .withf(|doc| doc.medications.is_none())
        .times(1)
        .returning(|_| Ok(b"%PDF".to_vec()));
    service(repo, renderer)
        .create(UserId(1), input())
        .await
        .expect("created");
}
