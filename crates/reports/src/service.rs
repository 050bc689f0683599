//! Report use cases.

use std::sync::Arc;

use chrono::NaiveDate;
use kernel::outbox::Attachment;
use kernel::{Clock, FieldErrors, UserId};

use crate::analysis::analyse;
use crate::model::*;
use crate::ports::*;
use kernel::gate::{Refusal, UserGate};

pub const MSG_TYPE_REQUIRED: &str = "Report type is required";
pub const MSG_START_REQUIRED: &str = "Start date is required";
pub const MSG_END_REQUIRED: &str = "End date is required";
pub const MSG_DATE_INVALID: &str = "Use a date like 2026-01-31";
pub const MSG_END_BEFORE_START: &str = "End date must be on or after the start date";
pub const MSG_PERIOD_TOO_LONG: &str = "A report can cover at most ten years";
pub const MSG_NOTHING_INCLUDED: &str = "Choose at least one of charts, table or analysis";
pub const MSG_NAME_MAX: &str = "Report name must be at most 120 characters";
pub const MSG_NAME_CONTROL: &str = "Report name cannot contain control characters";
pub const MSG_TEXT_CONTROL: &str = "Remove the control characters from this text";
pub const MSG_TOO_MANY_READINGS: &str =
    "This period has more readings than one report can hold. Please choose a shorter period.";

/// Readings one report may cover: ten years at four a day fit; the bound keeps the memory
/// and time of one render bounded (~150 MiB and a few seconds at this size).
pub const MAX_READINGS: usize = 15_000;

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("Report not found")]
    NotFound,
    #[error("{message}")]
    Invalid {
        message: String,
        errors: FieldErrors,
    },
    #[error(
        "You have sent {0} reports by email in the last 24 hours, the most allowed. Please try again later."
    )]
    TooManyEmails(i64),
    #[error(
        "This address has received the most report emails allowed in 24 hours. Please try again tomorrow."
    )]
    RecipientCapped,
    #[error("Vitalog is sending many reports right now. Please try again in an hour.")]
    HourlyCapped,
    #[error("An active subscription is required to email reports.")]
    SubscriptionRequired,
    #[error("Your previous report is still being generated. Please wait for it to finish.")]
    RenderInProgress,
    #[error("Many reports are being generated right now. Please try again in a few seconds.")]
    RenderBusy,
    #[error(
        "You keep {0} reports, the most allowed. Please delete one you no longer need to create another."
    )]
    TooManyKept(i64),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ReportError {
    pub(crate) fn invalid(errors: FieldErrors) -> Self {
        let message = errors
            .first_message()
            .unwrap_or("Please check the form.")
            .to_owned();
        ReportError::Invalid { message, errors }
    }
}

/// The bounds on reports and their emails (configurable; see README.md).
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

#[derive(Clone)]
pub struct ReportService {
    pub(crate) repo: Arc<dyn ReportRepository>,
    readings: Arc<dyn ReadingSource>,
    pub(crate) patients: Arc<dyn PatientSource>,
    renderer: Arc<dyn PdfRenderer>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) subscriptions: Arc<dyn SubscriptionStatus>,
    gate: Arc<UserGate>,
    pub(crate) limits: ReportLimits,
}

/// A file name for the download: the report's own name (without the title and dates a
/// default name repeats) as letters, digits and dashes only, other scripts transliterated
/// ("Für Dr. Dvořák" -> "fur-dr-dvorak") so no mail client or OS mangles it, then the
/// period in ISO form, which sorts.
pub fn file_name(meta: &ReportMeta) -> String {
    let name = meta
        .spec
        .own_name()
        .unwrap_or_else(|| meta.spec.report_type.title().to_owned());
    let base: String = deunicode::deunicode(&name)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let base = base
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let base = if base.is_empty() {
        "health-report".to_owned()
    } else {
        base
    };
    format!(
        "vitalog-{}-{}-to-{}.pdf",
        base.chars().take(60).collect::<String>(),
        meta.spec.date_start,
        meta.spec.date_end
    )
}

impl ReportService {
    pub fn new(
        repo: Arc<dyn ReportRepository>,
        readings: Arc<dyn ReadingSource>,
        patients: Arc<dyn PatientSource>,
        renderer: Arc<dyn PdfRenderer>,
        clock: Arc<dyn Clock>,
        subscriptions: Arc<dyn SubscriptionStatus>,
        limits: ReportLimits,
    ) -> Self {
        Self {
            repo,
            readings,
            patients,
            renderer,
            clock,
            subscriptions,
            gate: UserGate::new(limits.in_flight),
            limits,
        }
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
                let d = readings::rules::parse_date(v);
                if d.is_none() {
                    errors.add(field, MSG_DATE_INVALID);
                }
                d
            }
        };
        let start = date("dateStart", &input.date_start, MSG_START_REQUIRED);
        let end = date("dateEnd", &input.date_end, MSG_END_REQUIRED);
        if let (Some(s), Some(e)) = (start, end) {
            if e < s {
                errors.add("dateEnd", MSG_END_BEFORE_START);
            } else if (e - s).num_days() > 3660 {
                errors.add("dateEnd", MSG_PERIOD_TOO_LONG);
            }
        }
        if !(input.include_charts || input.include_table || input.include_analysis) {
            errors.add("include", MSG_NOTHING_INCLUDED);
        }
        let name = input.name.trim().replace(['\r', '\n'], " ");
        if name.chars().count() > 120 {
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
        let _turn = self.gate.admit(user).map_err(|r| match r {
            Refusal::UserBusy => ReportError::RenderInProgress,
            Refusal::Full => ReportError::RenderBusy,
        })?;
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
        let count = i64::try_from(readings.len()).map_err(anyhow::Error::from)?;
        let doc = ReportDocument {
            analysis: analyse(&readings),
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
        let analysis = analyse(&readings);
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
            })
            .await?;
        Ok(WeeklyDigest {
            readings: count,
            summary,
            pdf: Some(Attachment {
                filename: file_name(&meta),
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

/// What the weekly email says about the week.
#[derive(Debug, Clone, PartialEq)]
pub struct WeeklyDigest {
    pub readings: usize,
    pub summary: Vec<String>,
    pub pdf: Option<Attachment>,
}

fn direction(t: Option<crate::analysis::Trend>) -> Option<&'static str> {
    t.map(|t| match t.direction {
        crate::analysis::Direction::Rising => "rising",
        crate::analysis::Direction::Falling => "falling",
        crate::analysis::Direction::Stable => "stable",
    })
}

/// Plain sentences with the week's averages, categories and trend, in the user's units.
pub fn weekly_summary(a: &crate::analysis::Analysis, p: &Patient) -> Vec<String> {
    let mut lines = vec![format!(
        "{} reading{} recorded.",
        a.readings,
        if a.readings == 1 { "" } else { "s" }
    )];
    if let (Some(s), Some(d)) = (a.systolic, a.diastolic) {
        lines.push(format!(
            "Average blood pressure {:.0}/{:.0} mmHg (from {:.0}/{:.0} to {:.0}/{:.0}).",
            s.average, d.average, s.min, d.min, s.max, d.max
        ));
    }
    let categories: Vec<String> = a
        .categories
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| format!("{} {n}", c.label()))
        .collect();
    if !categories.is_empty() {
        lines.push(format!(
            "Blood pressure categories: {}.",
            categories.join(", ")
        ));
    }
    if let Some(h) = a.heart_rate {
        lines.push(format!("Average heart rate {:.0} bpm.", h.average));
    }
    if let Some(w) = a.weight {
        lines.push(if p.units.weight == kernel::units::WeightUnit::Kg {
            format!(
                "Average weight {:.1} kg.",
                readings::units::lbs_to_kg(w.average)
            )
        } else {
            format!("Average weight {:.1} lbs.", w.average)
        });
    }
    if let Some(g) = a.blood_sugar {
        lines.push(if p.units.sugar == kernel::units::BloodSugarUnit::MmolL {
            format!(
                "Average blood sugar {:.1} mmol/L.",
                readings::units::mgdl_to_mmol(g.average)
            )
        } else {
            format!("Average blood sugar {:.0} mg/dL.", g.average)
        });
    }
    let trends: Vec<String> = [
        ("systolic", direction(a.systolic_trend)),
        ("diastolic", direction(a.diastolic_trend)),
        ("heart rate", direction(a.heart_rate_trend)),
        ("weight", direction(a.weight_trend)),
        ("blood sugar", direction(a.blood_sugar_trend)),
    ]
    .into_iter()
    .filter_map(|(name, d)| d.map(|d| format!("{name} {d}")))
    .collect();
    if !trends.is_empty() {
        lines.push(format!("Trend over the week: {}.", trends.join(", ")));
    }
    lines
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chrono::{NaiveDate, TimeZone, Utc};
    use kernel::clock::MockClock;

    pub(crate) fn meta() -> ReportMeta {
        ReportMeta {
            id: 4,
            user_id: UserId(1),
            spec: ReportSpec {
                name: "Dr. Lee / November".into(),
                report_type: ReportType::Bp,
                date_start: NaiveDate::from_ymd_opt(2026, 10, 23).expect("d"),
                date_end: NaiveDate::from_ymd_opt(2026, 11, 22).expect("d"),
                include_charts: true,
                include_table: true,
                include_analysis: true,
            },
            generated_at: Utc.timestamp_opt(0, 0).single().expect("t"),
            size_bytes: 10,
            readings: 2,
        }
    }

    #[test]
    fn file_names_are_ascii_slugs_of_the_report_name() {
        let named = |name: &str| {
            let mut m = meta();
            m.spec.name = name.into();
            file_name(&m)
        };
        let dates = "2026-10-23-to-2026-11-22.pdf";
        assert_eq!(
            named("Dr. Lee / November"),
            format!("vitalog-dr-lee-november-{dates}")
        );
        assert_eq!(
            named("Für Dr. Dvořák"),
            format!("vitalog-fur-dr-dvorak-{dates}")
        );
        assert_eq!(named("Для врача"), format!("vitalog-dlia-vracha-{dates}"));
        assert_eq!(named("!!!"), format!("vitalog-health-report-{dates}"));
        assert!(named(&"a".repeat(300)).len() < 100);
        // Issue 14.14: a default name's title and dates are not said twice.
        assert_eq!(
            named("Blood Pressure Report 10/23/2026 – 11/22/2026"),
            format!("vitalog-blood-pressure-report-{dates}")
        );
        assert_eq!(
            named("Blood Pressure Report 2026-10-23 to 2026-11-22"),
            format!("vitalog-blood-pressure-report-{dates}")
        );
        assert_eq!(
            named("For Dr. Lee 10/23/2026 – 11/22/2026"),
            format!("vitalog-for-dr-lee-{dates}")
        );
        // The title is stripped as a whole word only.
        assert_eq!(
            named("Blood Pressure Reports for Dr. Lee"),
            format!("vitalog-blood-pressure-reports-for-dr-lee-{dates}")
        );
    }

    pub(crate) fn service(
        repo: MockReportRepository,
        renderer: impl PdfRenderer + 'static,
    ) -> ReportService {
        service_with(repo, renderer, true, 0)
    }

    /// A service whose user is `subscribed` and has `readings` readings in any period.
    pub(crate) fn service_with(
        repo: MockReportRepository,
        renderer: impl PdfRenderer + 'static,
        subscribed: bool,
        readings: usize,
    ) -> ReportService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| {
            Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0)
                .single()
                .expect("t")
        });
        let mut patients = MockPatientSource::new();
        patients.expect_patient().returning(|_| {
            Ok(Patient {
                full_name: "Ann Lee".into(),
                username: "ann".into(),
                email: "ann@example.com".into(),
                ..Default::default()
            })
        });
        let mut source = MockReadingSource::new();
        source
            .expect_in_period()
            .returning(move |_, start, _, at_most| {
                Ok((readings <= at_most)
                    .then(|| (0..readings).map(|i| reading(start, i)).collect()))
            });
        let mut subscriptions = MockSubscriptionStatus::new();
        subscriptions
            .expect_is_active()
            .returning(move |_| Ok(subscribed));
        ReportService::new(
            Arc::new(repo),
            Arc::new(source),
            Arc::new(patients),
            Arc::new(renderer),
            Arc::new(clock),
            Arc::new(subscriptions),
            ReportLimits {
                in_flight: 2,
                ..ReportLimits::default()
            },
        )
    }

    fn reading(date: NaiveDate, i: usize) -> readings::Reading {
        readings::Reading {
            id: i64::try_from(i).expect("id"),
            user_id: UserId(1),
            date,
            time: chrono::NaiveTime::MIN,
            values: readings::Measurements {
                systolic: Some(120),
                diastolic: Some(80),
                ..Default::default()
            },
            notes: None,
            created_at: Utc.timestamp_opt(0, 0).single().expect("t"),
            updated_at: Utc.timestamp_opt(0, 0).single().expect("t"),
        }
    }

    fn input() -> ReportInput {
        ReportInput {
            name: String::new(),
            report_type: "bp".into(),
            date_start: "2026-10-23".into(),
            date_end: "2026-11-22".into(),
            include_charts: true,
            include_table: true,
            include_analysis: true,
        }
    }

    #[tokio::test]
    async fn create_validates_with_the_spec_messages() {
        let mut renderer = MockPdfRenderer::new();
        renderer.expect_render().never();
        let s = service(MockReportRepository::new(), renderer);
        let Err(ReportError::Invalid { errors, .. }) = s
            .create(
                UserId(1),
                ReportInput {
                    report_type: String::new(),
                    date_start: String::new(),
                    date_end: "2026-11-22".into(),
                    ..input()
                },
            )
            .await
        else {
            panic!("expected Invalid")
        };
        assert_eq!(errors.get("type"), Some(MSG_TYPE_REQUIRED));
        assert_eq!(errors.get("dateStart"), Some(MSG_START_REQUIRED));
        let Err(ReportError::Invalid { errors, .. }) = s
            .create(
                UserId(1),
                ReportInput {
                    date_start: "2026-11-23".into(),
                    ..input()
                },
            )
            .await
        else {
            panic!("expected Invalid")
        };
        assert_eq!(errors.get("dateEnd"), Some(MSG_END_BEFORE_START));
    }

    #[tokio::test]
    async fn create_renders_and_stores_with_a_default_name() {
        let mut renderer = MockPdfRenderer::new();
        renderer
            .expect_render()
            .withf(|d| d.patient.full_name == "Ann Lee" && d.analysis.readings == 0)
            .returning(|_| Ok(b"%PDF-1.7".to_vec()));
        let mut repo = MockReportRepository::new();
        repo.expect_count().returning(|_| Ok(0));
        repo.expect_insert()
            .withf(|_, r, cap| {
                r.spec.name == "Blood Pressure Report 10/23/2026 – 11/22/2026"
                    && r.pdf.starts_with(b"%PDF")
                    && r.readings == 0
                    && *cap == 100
            })
            .returning(|_, _, _| Ok(Some(meta())));
        service(repo, renderer)
            .create(UserId(1), input())
            .await
            .expect("created");
    }

    #[tokio::test]
    async fn create_refuses_at_the_kept_cap_without_rendering() {
        let mut renderer = MockPdfRenderer::new();
        renderer.expect_render().never();
        let mut repo = MockReportRepository::new();
        repo.expect_count().returning(|_| Ok(100));
        repo.expect_insert().never();
        let s = service(repo, renderer);
        let err = s.create(UserId(1), input()).await.err();
        assert!(
            matches!(err, Some(ReportError::TooManyKept(100))),
            "{err:?}"
        );

        // When the early count passed but a concurrent create filled the last place.
        let mut renderer = MockPdfRenderer::new();
        renderer.expect_render().returning(|_| Ok(b"%PDF".to_vec()));
        let mut repo = MockReportRepository::new();
        repo.expect_count().returning(|_| Ok(99));
        repo.expect_insert().returning(|_, _, _| Ok(None));
        let err = service(repo, renderer)
            .create(UserId(1), input())
            .await
            .err();
        assert!(
            matches!(err, Some(ReportError::TooManyKept(100))),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn create_refuses_periods_with_more_readings_than_a_report_holds() {
        let mut renderer = MockPdfRenderer::new();
        renderer.expect_render().never();
        let mut repo = MockReportRepository::new();
        repo.expect_count().returning(|_| Ok(0));
        let s = service_with(repo, renderer, true, MAX_READINGS + 5);
        let Err(ReportError::Invalid { errors, .. }) = s.create(UserId(1), input()).await else {
            panic!("expected Invalid")
        };
        assert_eq!(errors.get("dateStart"), Some(MSG_TOO_MANY_READINGS));

        let mut renderer = MockPdfRenderer::new();
        renderer
            .expect_render()
            .withf(|d| d.readings.len() == MAX_READINGS)
            .returning(|_| Ok(b"%PDF".to_vec()));
        let mut repo = MockReportRepository::new();
        repo.expect_count().returning(|_| Ok(0));
        repo.expect_insert()
            .withf(|_, r, _| r.readings == i64::try_from(MAX_READINGS).expect("n"))
            .returning(|_, _, _| Ok(Some(meta())));
        service_with(repo, renderer, true, MAX_READINGS)
            .create(UserId(1), input())
            .await
            .expect("exactly the bound is allowed");
    }

    /// A renderer that says when a render starts and finishes only when released.
    struct HeldRenderer {
        started: tokio::sync::mpsc::UnboundedSender<()>,
        release: Arc<tokio::sync::Semaphore>,
    }

    #[async_trait::async_trait]
    impl PdfRenderer for HeldRenderer {
        async fn render(&self, doc: ReportDocument) -> anyhow::Result<Vec<u8>> {
            let _ = (doc, self.started.send(()));
            self.release.acquire().await?.forget();
            Ok(b"%PDF".to_vec())
        }
    }

    #[tokio::test]
    async fn renders_are_one_at_a_time_per_user_and_bounded_in_all() {
        let (started, mut starts) = tokio::sync::mpsc::unbounded_channel();
        let release = Arc::new(tokio::sync::Semaphore::new(0));
        let mut repo = MockReportRepository::new();
        repo.expect_count().returning(|_| Ok(0));
        repo.expect_insert().returning(|_, _, _| Ok(Some(meta())));
        let s = service(
            repo,
            HeldRenderer {
                started,
                release: release.clone(),
            },
        );
        let spawn = |user: i64| {
            let s = s.clone();
            tokio::spawn(async move { s.create(UserId(user), input()).await })
        };
        let ann = spawn(1);
        starts.recv().await.expect("ann's render started");
        let again = s.create(UserId(1), input()).await.err();
        assert!(
            matches!(again, Some(ReportError::RenderInProgress)),
            "{again:?}"
        );
        let bob = spawn(2);
        starts.recv().await.expect("bob's render started");
        // Two in flight (the limit in these tests): a third user is told to come back.
        let cy = s.create(UserId(3), input()).await.err();
        assert!(matches!(cy, Some(ReportError::RenderBusy)), "{cy:?}");

        release.add_permits(2);
        ann.await.expect("join").expect("ann's report");
        bob.await.expect("join").expect("bob's report");
        // Finished reports free their places.
        release.add_permits(2);
        s.create(UserId(1), input()).await.expect("ann again");
        s.create(UserId(3), input()).await.expect("cy now");
    }
}
