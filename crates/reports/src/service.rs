//! Report use cases.

use std::sync::Arc;

use chrono::{Duration, NaiveDate};
use kernel::outbox::Attachment;
use kernel::{Clock, Entitlements, FieldErrors, UserId, UsersNow};
use readings::Reading;
use readings::home_week::WeekSummary;

use crate::analysis::{analyse, completed_weeks};
use crate::emails::weekly_summary;
use crate::error::ReportError;
use crate::model::*;
use crate::ports::*;
use crate::rules::{
    MAX_PERIOD_DAYS, MAX_READINGS, MSG_END_BEFORE_START, MSG_END_REQUIRED, MSG_NAME_CONTROL,
    MSG_NAME_MAX, MSG_NOTHING_INCLUDED, MSG_PERIOD_TOO_LONG, MSG_START_REQUIRED,
    MSG_TOO_MANY_READINGS, MSG_TYPE_REQUIRED, NAME_MAX,
};
use kernel::gate::{Refusal, Turn, UserGate};
use kernel::rules::MSG_DATE_LIKE;

/// The bounds on reports and their emails (settings: `VITALOG_REPORT*` in
/// docs/configuration.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportLimits {
    /// Reports one user may keep; at the cap, creating another is refused.
    pub kept_per_user: i64,
    /// Reports drawn or waiting to be drawn at once, all users together.
    pub in_flight: usize,
    /// Report emails one user may send per 24 hours.
    pub emails_per_user_per_day: i64,
    /// Report emails one recipient may receive per 24 hours, from all users together.
    pub emails_per_recipient_per_day: i64,
    /// Report emails all users together may send per hour.
    pub emails_per_hour: i64,
}

impl Default for ReportLimits {
    fn default() -> Self {
        Self {
            kept_per_user: 100,
            in_flight: 4,
            emails_per_user_per_day: 10,
            emails_per_recipient_per_day: 3,
            emails_per_hour: 100,
        }
    }
}

/// One user's turn to draw a report ([`ReportService::admit`]); dropping it frees the slot.
#[derive(Debug)]
pub struct RenderTurn {
    _turn: Turn,
    user: UserId,
}

#[derive(Clone)]
pub struct ReportService {
    pub(crate) repo: Arc<dyn ReportRepository>,
    readings: Arc<dyn ReadingSource>,
    pub(crate) patients: Arc<dyn PatientSource>,
    renderer: Arc<dyn PdfRenderer>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) entitlements: Arc<dyn Entitlements>,
    gate: Arc<UserGate>,
    pub(crate) limits: ReportLimits,
    home_weeks: Arc<dyn HomeWeekSource>,
    medications: Option<Arc<dyn MedicationSource>>,
}

/// Where no home monitoring weeks are known ([`ReportService::with_home_weeks`] not called):
/// reports have no home week section.
struct NoHomeWeeks;

#[async_trait::async_trait]
impl HomeWeekSource for NoHomeWeeks {
    async fn started_between(
        &self,
        _user: UserId,
        _from: NaiveDate,
        _to: NaiveDate,
    ) -> anyhow::Result<Vec<NaiveDate>> {
        Ok(Vec::new())
    }
}

impl ReportService {
    pub fn new(
        repo: Arc<dyn ReportRepository>,
        readings: Arc<dyn ReadingSource>,
        patients: Arc<dyn PatientSource>,
        renderer: Arc<dyn PdfRenderer>,
        clock: Arc<dyn Clock>,
        entitlements: Arc<dyn Entitlements>,
        limits: ReportLimits,
    ) -> Self {
        Self {
            repo,
            readings,
            patients,
            renderer,
            clock,
            entitlements,
            gate: UserGate::new(limits.in_flight),
            limits,
            home_weeks: Arc::new(NoHomeWeeks),
            medications: None,
        }
    }

    /// Where the started home monitoring weeks come from, for the reports' home week
    /// section (without it, reports have none).
    pub fn with_home_weeks(mut self, source: Arc<dyn HomeWeekSource>) -> Self {
        self.home_weeks = source;
        self
    }

    /// Where the medications come from, for the reports' "Medications" section (without it,
    /// reports have none).
    pub fn with_medications(mut self, source: Arc<dyn MedicationSource>) -> Self {
        self.medications = Some(source);
        self
    }

    /// The "Medications" section of a report of `spec`: only with its analysis, and only
    /// when something was taken during its days.
    async fn medications(
        &self,
        user: UserId,
        spec: &ReportSpec,
        now: UsersNow,
    ) -> Result<Option<medications::service::MedicationReport>, ReportError> {
        let Some(source) = self.medications.as_ref().filter(|_| spec.include_analysis) else {
            return Ok(None);
        };
        let report = source
            .during(user, spec.date_start, spec.date_end, now, true)
            .await?;
        Ok((!report.lines.is_empty()).then_some(report))
    }

    /// The completed home monitoring weeks a report of `spec` shows: only with its analysis
    /// and blood pressure, and only weeks whose days all lie in its period and are over on
    /// the `patient`'s today (`now` in their zone).
    async fn home_weeks(
        &self,
        user: UserId,
        spec: &ReportSpec,
        readings: &[Reading],
        patient: &Patient,
        now: &UsersNow,
    ) -> Result<Vec<WeekSummary>, ReportError> {
        let last_start = spec.date_end - Duration::days(readings::rules::HOME_WEEK_DAYS - 1);
        let shows_bp = matches!(spec.report_type, ReportType::Bp | ReportType::Comprehensive);
        if !spec.include_analysis || !shows_bp || last_start < spec.date_start {
            return Ok(Vec::new());
        }
        let starts = self
            .home_weeks
            .started_between(user, spec.date_start, last_start)
            .await?;
        Ok(completed_weeks(
            &starts,
            spec.date_start,
            spec.date_end,
            now.today(),
            readings,
            patient.guideline,
        ))
    }

    fn validate(&self, input: &ReportInput) -> Result<ReportSpec, ReportError> {
        let mut errors = FieldErrors::new();
        let report_type = match input.report_type.trim() {
            "" => {
                errors.add("type", MSG_TYPE_REQUIRED);
                None
            }
            t => {
                let parsed = ReportType::parse(t);
                if parsed.is_none() {
                    errors.add(
                        "type",
                        "Report type must be bp, comprehensive, weight or sugar",
                    );
                }
                parsed
            }
        };
        let mut date = |field: &str, raw: &str, missing: &str| match raw.trim() {
            "" => {
                errors.add(field, missing);
                None
            }
            v => {
                let d = kernel::date::parse_form_date(v);
                if d.is_none() {
                    errors.add(field, MSG_DATE_LIKE);
                }
                d
            }
        };
        let start = date("dateStart", &input.date_start, MSG_START_REQUIRED);
        let end = date("dateEnd", &input.date_end, MSG_END_REQUIRED);
        if let (Some(s), Some(e)) = (start, end) {
            if e < s {
                errors.add("dateEnd", MSG_END_BEFORE_START);
            } else if (e - s).num_days() > MAX_PERIOD_DAYS {
                errors.add("dateEnd", MSG_PERIOD_TOO_LONG);
            }
        }
        if !(input.include_charts || input.include_table || input.include_analysis) {
            errors.add("include", MSG_NOTHING_INCLUDED);
        }
        let name = input.name.trim().replace(['\r', '\n'], " ");
        if name.chars().count() > NAME_MAX {
            errors.add("name", MSG_NAME_MAX);
        } else if kernel::text::has_stray_controls(&name, false) {
            errors.add("name", MSG_NAME_CONTROL);
        }
        errors.into_result().map_err(ReportError::invalid)?;
        match (report_type, start, end) {
            (Some(report_type), Some(date_start), Some(date_end)) => Ok(ReportSpec {
                name: if name.is_empty() {
                    crate::model::default_name(report_type.title(), date_start, date_end)
                } else {
                    name
                },
                report_type,
                date_start,
                date_end,
                include_charts: input.include_charts,
                include_table: input.include_table,
                include_analysis: input.include_analysis,
            }),
            _ => Err(ReportError::invalid(FieldErrors::new())),
        }
    }

    /// Generates the PDF now and keeps it: one at a time per user, a bounded number at
    /// once in all, at most [`MAX_READINGS`] readings, at most `kept_per_user` kept.
    pub async fn create(
        &self,
        user: UserId,
        input: ReportInput,
    ) -> Result<ReportMeta, ReportError> {
        let spec = self.validate(&input)?;
        // Taken before the readings are loaded, so waiting reports hold no memory unbounded.
        let _turn = self.admit(user)?;
        let cap = self.limits.kept_per_user;
        // A cheap early answer; the authoritative check is atomic with the insert below.
        if self.repo.count(user).await? >= cap {
            return Err(ReportError::TooManyKept(cap));
        }
        let Some(readings) = self
            .readings
            .in_period(user, spec.date_start, spec.date_end, MAX_READINGS)
            .await?
        else {
            let mut errors = FieldErrors::new();
            errors.add("dateStart", MSG_TOO_MANY_READINGS);
            return Err(ReportError::invalid(errors));
        };
        let patient = self.patients.patient(user).await?;
        let generated_at = self.clock.now();
        let now = UsersNow::at(generated_at, patient.time_zone);
        let count = i64::try_from(readings.len()).map_err(anyhow::Error::from)?;
        let home_weeks = self
            .home_weeks(user, &spec, &readings, &patient, &now)
            .await?;
        let medications = self.medications(user, &spec, now).await?;
        let doc = ReportDocument {
            analysis: analyse(&readings, patient.guideline),
            home_weeks,
            medications,
            omitted: Omitted::default(),
            spec: spec.clone(),
            patient,
            generated_at,
            readings,
        };
        let pdf = self.renderer.render(doc).await?;
        let report = NewReport {
            spec,
            generated_at,
            readings: count,
            pdf,
        };
        self.repo
            .insert(user, report, cap)
            .await?
            .ok_or(ReportError::TooManyKept(cap))
    }

    /// A turn to draw a report for `user`: one at a time per user, a bounded number in
    /// all. Taken before the report's record is read, so waiting reports hold no memory.
    pub fn admit(&self, user: UserId) -> Result<RenderTurn, ReportError> {
        let turn = self.gate.admit(user).map_err(|r| match r {
            Refusal::UserBusy => ReportError::RenderInProgress,
            Refusal::Full => ReportError::RenderBusy,
        })?;
        Ok(RenderTurn { _turn: turn, user })
    }

    /// Draws, in `turn` (so links opened by many cannot render without bound), a report of
    /// `spec` for someone the user shares it with, without keeping it, from exactly what
    /// the share shows: `readings` (already stripped of the measures it leaves out) and
    /// `medications` (`None` when it leaves them out), the patient shown as `shown_name`
    /// alone (no email or date of birth), and nothing of the `omitted` measures. Nothing
    /// else of the record is read but the completed home weeks inside the period.
    pub async fn render_shared(
        &self,
        turn: RenderTurn,
        spec: ReportSpec,
        shown: SharedRecord,
        shown_name: &str,
        omitted: Omitted,
    ) -> Result<Vec<u8>, ReportError> {
        let SharedRecord {
            mut patient,
            readings,
            medications,
        } = shown;
        patient.full_name = shown_name.to_owned();
        patient.username = shown_name.to_owned();
        patient.email.clear();
        patient.date_of_birth = None;
        let generated_at = self.clock.now();
        let now = UsersNow::at(generated_at, patient.time_zone);
        let home_weeks = self
            .home_weeks(turn.user, &spec, &readings, &patient, &now)
            .await?;
        let doc = ReportDocument {
            analysis: analyse(&readings, patient.guideline),
            home_weeks,
            medications: medications.filter(|m| !m.lines.is_empty()),
            omitted,
            spec,
            patient,
            generated_at,
            readings,
        };
        // `turn` is held until the PDF is drawn.
        Ok(self.renderer.render(doc).await?)
    }

    /// A week's summary for the weekly email: sentences for its body and, when there were
    /// readings, the comprehensive PDF of the week (not kept in the user's reports list).
    pub async fn weekly_digest(
        &self,
        user: UserId,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<WeeklyDigest, ReportError> {
        // A week is far below the bound; the bound still holds whatever was imported.
        let readings = self
            .readings
            .in_period(user, start, end, MAX_READINGS)
            .await?
            .ok_or_else(|| anyhow::anyhow!("more than {MAX_READINGS} readings in a week"))?;
        let patient = self.patients.patient(user).await?;
        let analysis = analyse(&readings, patient.guideline);
        let summary = weekly_summary(&analysis, &patient);
        if readings.is_empty() {
            return Ok(WeeklyDigest {
                readings: 0,
                summary,
                pdf: None,
            });
        }
        let spec = ReportSpec {
            name: crate::model::default_name("Weekly Report", start, end),
            report_type: ReportType::Comprehensive,
            date_start: start,
            date_end: end,
            include_charts: true,
            include_table: true,
            include_analysis: true,
        };
        let generated_at = self.clock.now();
        let now = UsersNow::at(generated_at, patient.time_zone);
        let home_weeks = self
            .home_weeks(user, &spec, &readings, &patient, &now)
            .await?;
        let medications = self.medications(user, &spec, now).await?;
        let meta = ReportMeta {
            id: 0,
            user_id: user,
            spec: spec.clone(),
            generated_at,
            size_bytes: 0,
            readings: 0,
        };
        let count = readings.len();
        let pdf = self
            .renderer
            .render(ReportDocument {
                spec,
                patient,
                generated_at,
                readings,
                analysis,
                home_weeks,
                medications,
                omitted: Omitted::default(),
            })
            .await?;
        Ok(WeeklyDigest {
            readings: count,
            summary,
            pdf: Some(Attachment {
                filename: meta.spec.file_name(),
                content_type: "application/pdf".into(),
                data: pdf,
            }),
        })
    }

    pub async fn list(&self, user: UserId) -> Result<Vec<ReportMeta>, ReportError> {
        Ok(self.repo.list(user).await?)
    }

    /// The stored PDF and its metadata.
    pub async fn pdf(&self, user: UserId, id: i64) -> Result<(ReportMeta, Vec<u8>), ReportError> {
        let meta = self
            .repo
            .get(user, id)
            .await?
            .ok_or(ReportError::NotFound)?;
        let pdf = self
            .repo
            .pdf(user, id)
            .await?
            .ok_or(ReportError::NotFound)?;
        Ok((meta, pdf))
    }

    pub async fn delete(&self, user: UserId, id: i64) -> Result<(), ReportError> {
        if self.repo.delete(user, id).await? {
            Ok(())
        } else {
            Err(ReportError::NotFound)
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
