//! What a visitor of a link sees: the share's period and measures, read from the record
//! at the visit, with the analysis the PDF report draws (reports::analysis, one home).

use chrono::{DateTime, NaiveDate, Utc};
use kernel::Guideline;
use kernel::units::Units;
use medications::service::MedicationReport;
use readings::Reading;
use reports::analysis::{Analysis, analyse};
use reports::{ReportError, ReportSpec, ReportType, SharedRecord};

use crate::error::ShareError;
use crate::model::Share;

#[derive(Debug, Clone)]
pub struct SharedView {
    pub share: Share,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub generated_at: DateTime<Utc>,
    /// The owner's units: values are shown as the owner reads them.
    pub units: Units,
    /// The owner's guideline: categories and severe readings are stated in it.
    pub guideline: Guideline,
    /// Oldest first, only the measures the share shows (canonical units).
    pub readings: Vec<Reading>,
    pub analysis: Analysis,
    /// `None` when the share leaves medications out.
    pub medications: Option<MedicationReport>,
}

impl SharedView {
    pub fn new(
        share: Share,
        (from, to): (NaiveDate, NaiveDate),
        generated_at: DateTime<Utc>,
        SharedRecord {
            patient,
            readings,
            medications,
        }: SharedRecord,
    ) -> Self {
        let (units, guideline) = (patient.units, patient.guideline);
        Self {
            analysis: analyse(&readings, guideline),
            guideline,
            share,
            from,
            to,
            generated_at,
            units,
            readings,
            medications,
        }
    }
}

/// The medications section as a share shows it, in its view and its PDF alike: what was
/// taken in the shared days and how regularly. The reason is the owner's own note, and the
/// blood pressure before and after a change averages days outside the shared period
/// (`medications::analysis::BEFORE_DAYS`), so neither is shown.
pub fn shared_medications(mut report: MedicationReport) -> MedicationReport {
    for line in &mut report.lines {
        line.reason = None;
        line.effects.clear();
    }
    report
}

/// The report a share's PDF is: blood pressure alone, or every measure it shows, over its
/// days, with charts, table and analysis.
pub fn report_spec(share: &Share, from: NaiveDate, to: NaiveDate) -> ReportSpec {
    let i = share.includes;
    let report_type = if i.weight || i.blood_sugar {
        ReportType::Comprehensive
    } else {
        ReportType::Bp
    };
    ReportSpec {
        name: reports::model::default_name(report_type.title(), from, to),
        report_type,
        date_start: from,
        date_end: to,
        include_charts: true,
        include_table: true,
        include_analysis: true,
    }
}

/// A report refusal as a visitor reads it.
pub fn report_error(e: ReportError) -> ShareError {
    match e {
        ReportError::RenderInProgress => ShareError::Busy(
            "This PDF is already being prepared. Please try again in a few seconds.".into(),
        ),
        ReportError::RenderBusy => ShareError::Busy(
            "Many reports are being prepared right now. Please try again in a few seconds.".into(),
        ),
        ReportError::Unexpected(e) => ShareError::Unexpected(e),
        other => ShareError::Unexpected(anyhow::anyhow!("unexpected report refusal: {other}")),
    }
}
