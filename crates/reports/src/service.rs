//! Report use cases.

use std::sync::Arc;

use chrono::{Duration, NaiveDate};
use kernel::outbox::{Attachment, OutgoingEmail};
use kernel::{Clock, Email, FieldErrors, UserId};

use crate::analysis::analyse;
use crate::model::*;
use crate::ports::*;

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
pub const MSG_RECIPIENT_REQUIRED: &str = "Please enter a recipient email address.";
pub const MSG_RECIPIENT_INVALID: &str = "Please enter a valid email address";
pub const MSG_SUBJECT_REQUIRED: &str = "Please enter an email subject.";
pub const MSG_SUBJECT_LINES: &str = "The subject must be a single line";
pub const MSG_SUBJECT_MAX: &str = "The subject must be at most 200 characters";
pub const MSG_MESSAGE_MAX: &str = "The message must be at most 2000 characters";

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
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ReportError {
    fn invalid(errors: FieldErrors) -> Self {
        let message = errors
            .first_message()
            .unwrap_or("Please check the form.")
            .to_owned();
        ReportError::Invalid { message, errors }
    }
}

#[derive(Clone)]
pub struct ReportService {
    repo: Arc<dyn ReportRepository>,
    readings: Arc<dyn ReadingSource>,
    patients: Arc<dyn PatientSource>,
    renderer: Arc<dyn PdfRenderer>,
    clock: Arc<dyn Clock>,
    /// Report emails one user may send per 24 hours.
    pub daily_email_cap: i64,
}

/// A file name for the download: letters, digits and dashes only, other scripts
/// transliterated ("Für Dr. Dvořák" -> "fur-dr-dvorak") so no mail client or OS mangles it.
pub fn file_name(meta: &ReportMeta) -> String {
    let base: String = deunicode::deunicode(&meta.spec.name)
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
    ) -> Self {
        Self {
            repo,
            readings,
            patients,
            renderer,
            clock,
            daily_email_cap: 10,
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
                    format!("{} {date_start} to {date_end}", report_type.title())
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

    /// Generates the PDF now and keeps it.
    pub async fn create(
        &self,
        user: UserId,
        input: ReportInput,
    ) -> Result<ReportMeta, ReportError> {
        let spec = self.validate(&input)?;
        let readings = self
            .readings
            .in_period(user, spec.date_start, spec.date_end)
            .await?;
        let patient = self.patients.patient(user).await?;
        let generated_at = self.clock.now();
        let doc = ReportDocument {
            analysis: analyse(&readings),
            spec: spec.clone(),
            patient,
            generated_at,
            readings,
        };
        let pdf = self.renderer.render(doc).await?;
        Ok(self.repo.insert(user, spec, generated_at, pdf).await?)
    }

    /// A week's summary for the weekly email: sentences for its body and, when there were
    /// readings, the comprehensive PDF of the week (not kept in the user's reports list).
    pub async fn weekly_digest(
        &self,
        user: UserId,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<WeeklyDigest, ReportError> {
        let readings = self.readings.in_period(user, start, end).await?;
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
            name: format!("Weekly Report {start} to {end}"),
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

    /// Emails the stored PDF, at most `daily_email_cap` per user per 24 hours, saying who
    /// sent it.
    pub async fn email(&self, user: UserId, input: EmailInput) -> Result<(), ReportError> {
        let mut errors = FieldErrors::new();
        let recipient = match input.email.trim() {
            "" => {
                errors.add("email", MSG_RECIPIENT_REQUIRED);
                None
            }
            raw => {
                let e = Email::parse(raw).ok();
                if e.is_none() {
                    errors.add("email", MSG_RECIPIENT_INVALID);
                }
                e
            }
        };
        let subject = input.subject.trim();
        if subject.is_empty() {
            errors.add("subject", MSG_SUBJECT_REQUIRED);
        } else if subject.contains(['\r', '\n']) {
            errors.add("subject", MSG_SUBJECT_LINES);
        } else if kernel::text::has_stray_controls(subject, false) {
            errors.add("subject", MSG_TEXT_CONTROL);
        } else if subject.chars().count() > 200 {
            errors.add("subject", MSG_SUBJECT_MAX);
        }
        if input.message.chars().count() > 2000 {
            errors.add("message", MSG_MESSAGE_MAX);
        } else if kernel::text::has_stray_controls(&input.message, true) {
            errors.add("message", MSG_TEXT_CONTROL);
        }
        errors.into_result().map_err(ReportError::invalid)?;
        let Some(recipient) = recipient else {
            return Err(ReportError::invalid(FieldErrors::new()));
        };
        let (meta, pdf) = self.pdf(user, input.report_id).await?;
        let since = self.clock.now() - Duration::hours(24);
        // A cheap early answer; the authoritative check is atomic with the recording below.
        let sent = self.repo.emails_since(user, since).await?;
        if sent >= self.daily_email_cap {
            return Err(ReportError::TooManyEmails(sent));
        }
        let patient = self.patients.patient(user).await?;
        let email = compose(
            &patient,
            &meta,
            &recipient,
            subject,
            input.message.trim(),
            pdf,
        );
        if self
            .repo
            .record_email(
                user,
                meta.id,
                recipient.as_str(),
                email,
                since,
                self.daily_email_cap,
            )
            .await?
        {
            Ok(())
        } else {
            Err(ReportError::TooManyEmails(self.daily_email_cap))
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
        lines.push(if p.weight_kg {
            format!(
                "Average weight {:.1} kg.",
                readings::units::lbs_to_kg(w.average)
            )
        } else {
            format!("Average weight {:.1} lbs.", w.average)
        });
    }
    if let Some(g) = a.blood_sugar {
        lines.push(if p.sugar_mmol {
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

fn compose(
    patient: &Patient,
    meta: &ReportMeta,
    to: &Email,
    subject: &str,
    message: &str,
    pdf: Vec<u8>,
) -> OutgoingEmail {
    let who = if patient.full_name.trim().is_empty() {
        patient.username.clone()
    } else {
        patient.full_name.clone()
    };
    let mut paragraphs = vec![
        format!(
            "{who} ({}) sent you a health report from Vitalog, the personal health record they keep.",
            patient.email
        ),
        format!(
            "The attached PDF, \"{}\", covers {} to {}.",
            meta.spec.name, meta.spec.date_start, meta.spec.date_end
        ),
    ];
    if !message.is_empty() {
        paragraphs.push(format!("Their message:\n{message}"));
    }
    paragraphs.push(
        "The readings were entered by the patient. Blood pressure categories follow the 2017 ACC/AHA guideline and are information, not a diagnosis. Reply to this email to answer them directly."
            .to_owned(),
    );
    let text = format!(
        "{}\n\n-- \nVitalog, your personal health monitor.\n",
        paragraphs.join("\n\n")
    );
    let html = identity_free_html(&paragraphs);
    let mut email = OutgoingEmail::new(None, to, subject, text, html);
    email.user_id = Some(meta.user_id);
    email.attachment = Some(Attachment {
        filename: file_name(meta),
        content_type: "application/pdf".into(),
        data: pdf,
    });
    if Email::parse(&patient.email).is_ok() {
        email
            .headers
            .push(("Reply-To".into(), patient.email.clone()));
    }
    email
}

/// Minimal HTML part (escaped paragraphs).
fn identity_free_html(paragraphs: &[String]) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\n', "<br>")
    };
    let body: String = paragraphs
        .iter()
        .map(|p| {
            format!(
                "<p style=\"font-size:15px;line-height:1.6;color:#1f2a37\">{}</p>",
                esc(p)
            )
        })
        .collect();
    format!(
        "<!doctype html><html><body style=\"font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;background:#f4f7f8;padding:24px\">\
         <div style=\"max-width:560px;margin:auto;background:#fff;border:1px solid #dde3e8;border-radius:10px;padding:28px 32px\">\
         <div style=\"font-weight:700;color:#0f6e74;font-size:18px;margin-bottom:16px\">Vitalog</div>{body}</div></body></html>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, TimeZone, Utc};
    use kernel::clock::MockClock;

    fn meta() -> ReportMeta {
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
    }

    fn service(repo: MockReportRepository, renderer: MockPdfRenderer) -> ReportService {
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
        let mut readings = MockReadingSource::new();
        readings.expect_in_period().returning(|_, _, _| Ok(vec![]));
        ReportService::new(
            Arc::new(repo),
            Arc::new(readings),
            Arc::new(patients),
            Arc::new(renderer),
            Arc::new(clock),
        )
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
        repo.expect_insert()
            .withf(|_, spec, _, pdf| {
                spec.name == "Blood Pressure Report 2026-10-23 to 2026-11-22"
                    && pdf.starts_with(b"%PDF")
            })
            .returning(|_, _, _, _| Ok(meta()));
        service(repo, renderer)
            .create(UserId(1), input())
            .await
            .expect("created");
    }

    #[tokio::test]
    async fn email_refuses_bad_recipients_and_header_injection() {
        let mut repo = MockReportRepository::new();
        repo.expect_record_email().never();
        let s = service(repo, MockPdfRenderer::new());
        for (email, subject, field, msg) in [
            ("", "Report", "email", MSG_RECIPIENT_REQUIRED),
            ("nope", "Report", "email", MSG_RECIPIENT_INVALID),
            (
                "dr@example.com\r\nBcc: x@y.z",
                "Report",
                "email",
                MSG_RECIPIENT_INVALID,
            ),
            ("dr@example.com", "", "subject", MSG_SUBJECT_REQUIRED),
            (
                "dr@example.com",
                "Hi\r\nBcc: x@y.z",
                "subject",
                MSG_SUBJECT_LINES,
            ),
        ] {
            let Err(ReportError::Invalid { errors, .. }) = s
                .email(
                    UserId(1),
                    EmailInput {
                        report_id: 4,
                        email: email.into(),
                        subject: subject.into(),
                        message: String::new(),
                    },
                )
                .await
            else {
                panic!("expected Invalid for {email:?} {subject:?}")
            };
            assert_eq!(errors.get(field), Some(msg));
        }
    }

    #[tokio::test]
    async fn email_is_capped_per_day_and_says_who_sent_it() {
        let mut repo = MockReportRepository::new();
        repo.expect_get().returning(|_, _| Ok(Some(meta())));
        repo.expect_pdf()
            .returning(|_, _| Ok(Some(b"%PDF".to_vec())));
        let counts = std::sync::Mutex::new(vec![9, 10]);
        repo.expect_emails_since()
            .returning(move |_, _| Ok(counts.lock().expect("lock").remove(0)));
        repo.expect_record_email()
            .withf(|_, id, to, m, _, cap| {
                *id == 4
                    && *cap == 10
                    && to == "dr@example.com"
                    && m.text.contains("Ann Lee (ann@example.com) sent you")
                    && m.text.contains("Please review")
                    && m.attachment.as_ref().is_some_and(|a| {
                        a.filename == "vitalog-dr-lee-november-2026-10-23-to-2026-11-22.pdf"
                    })
                    && m.headers
                        .iter()
                        .any(|(k, v)| k == "Reply-To" && v == "ann@example.com")
            })
            .times(1)
            .returning(|_, _, _, _, _, _| Ok(true));
        let s = service(repo, MockPdfRenderer::new());
        let input = || EmailInput {
            report_id: 4,
            email: "dr@example.com".into(),
            subject: "Vitalog Health Report".into(),
            message: "Please review".into(),
        };
        s.email(UserId(1), input()).await.expect("sent");
        assert!(matches!(
            s.email(UserId(1), input()).await,
            Err(ReportError::TooManyEmails(10))
        ));
    }
}
