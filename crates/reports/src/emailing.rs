//! Emailing a stored report to someone (a doctor): the spec's validation and the caps that
//! keep it from being a relay for anyone's mail. What the email says is in [`crate::emails`].

use kernel::email_caps::{Cap, EmailCaps};
use kernel::{Email, FieldErrors, UserId};

use crate::emails::compose;
use crate::error::ReportError;
use crate::model::*;
use crate::rules::{
    MESSAGE_MAX, MSG_MESSAGE_MAX, MSG_RECIPIENT_REQUIRED, MSG_REPORT_EMPTY, MSG_SUBJECT_LINES,
    MSG_SUBJECT_MAX, MSG_SUBJECT_REQUIRED, SUBJECT_MAX,
};
use crate::service::ReportService;
use kernel::rules::{MSG_RECIPIENT_INVALID, MSG_STRAY_CONTROLS};

impl ReportService {
    /// Emails the stored PDF of a report with readings, saying who sent it. Only for
    /// subscribers, and within the caps per user and per recipient per 24 hours and for
    /// everyone together per hour.
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
            errors.add("subject", MSG_STRAY_CONTROLS);
        } else if subject.chars().count() > SUBJECT_MAX {
            errors.add("subject", MSG_SUBJECT_MAX);
        }
        if input.message.chars().count() > MESSAGE_MAX {
            errors.add("message", MSG_MESSAGE_MAX);
        } else if kernel::text::has_stray_controls(&input.message, true) {
            errors.add("message", MSG_STRAY_CONTROLS);
        }
        errors.into_result().map_err(ReportError::invalid)?;
        let Some(recipient) = recipient else {
            return Err(ReportError::invalid(FieldErrors::new()));
        };
        let meta = self
            .repo
            .get(user, input.report_id)
            .await?
            .ok_or(ReportError::NotFound)?;
        self.entitlements
            .require::<ReportError>(user, kernel::Entitlement::EmailReport)
            .await?;
        if meta.readings == 0 {
            let mut errors = FieldErrors::new();
            errors.add("reportId", MSG_REPORT_EMPTY);
            return Err(ReportError::invalid(errors));
        }
        let now = self.clock.now();
        let limits = self.limits;
        let caps = EmailCaps::daily(
            now,
            limits.emails_per_user_per_day,
            limits.emails_per_recipient_per_day,
        )
        .and_hourly(now, limits.emails_per_hour);
        // A cheap early answer; the authoritative checks are atomic with the recording below.
        let sent = self.repo.emails_since(user, caps.day_since).await?;
        if sent >= caps.per_user {
            return Err(ReportError::TooManyEmails(caps.per_user));
        }
        let (meta, pdf) = self.pdf(user, meta.id).await?;
        let patient = self.patients.patient(user).await?;
        let email = compose(
            &patient,
            &meta,
            &recipient,
            subject,
            input.message.trim(),
            pdf,
        );
        let outcome = self
            .repo
            .record_email(user, meta.id, recipient.as_str(), email, caps)
            .await?;
        match outcome {
            EmailOutcome::Queued => Ok(()),
            EmailOutcome::Refused(Cap::Sender) => Err(ReportError::TooManyEmails(caps.per_user)),
            EmailOutcome::Refused(Cap::Recipient) => Err(ReportError::RecipientCapped),
            EmailOutcome::Refused(Cap::Hourly) => Err(ReportError::HourlyCapped),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::*;
    use crate::service::tests::{meta, service, service_with};
    use chrono::{TimeZone, Utc};

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

    fn input() -> EmailInput {
        EmailInput {
            report_id: 4,
            email: "dr@example.com".into(),
            subject: "Vitalog Health Report".into(),
            message: "Please review".into(),
        }
    }

    fn stored(readings: i64) -> MockReportRepository {
        let mut repo = MockReportRepository::new();
        repo.expect_get()
            .returning(move |_, _| Ok(Some(ReportMeta { readings, ..meta() })));
        repo.expect_pdf()
            .returning(|_, _| Ok(Some(b"%PDF".to_vec())));
        repo
    }

    #[tokio::test]
    async fn email_is_capped_per_day_and_says_who_sent_it() {
        let mut repo = stored(2);
        let counts = std::sync::Mutex::new(vec![9, 10]);
        repo.expect_emails_since()
            .returning(move |_, _| Ok(counts.lock().expect("lock").remove(0)));
        repo.expect_record_email()
            .withf(|_, id, to, m, caps| {
                *id == 4
                    && *caps
                        == EmailCaps {
                            day_since: Utc
                                .with_ymd_and_hms(2026, 11, 21, 9, 0, 0)
                                .single()
                                .expect("t"),
                            per_user: 10,
                            per_recipient: 3,
                            hourly: Some((
                                Utc.with_ymd_and_hms(2026, 11, 22, 8, 0, 0)
                                    .single()
                                    .expect("t"),
                                100,
                            )),
                        }
                    && to == "dr@example.com"
                    && m.text.contains("Ann Lee (ann@example.com) sent you")
                    && m.text.contains("Please review")
                    // Issue 14.14: dates a person reads are in the product's format.
                    && m.text.contains("The attached Blood Pressure Report, \"Dr. Lee / November\", covers 10/23/2026 to 11/22/2026.")
                    && !m.text.contains("2026-10-23")
                    && m.attachment.as_ref().is_some_and(|a| {
                        a.filename == "vitalog-dr-lee-november-2026-10-23-to-2026-11-22.pdf"
                    })
                    && m.headers
                        .iter()
                        .any(|(k, v)| k == "Reply-To" && v == "ann@example.com")
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(EmailOutcome::Queued));
        let s = service(repo, MockPdfRenderer::new());
        s.email(UserId(1), input()).await.expect("sent");
        assert!(matches!(
            s.email(UserId(1), input()).await,
            Err(ReportError::TooManyEmails(10))
        ));
    }

    #[tokio::test]
    async fn email_needs_a_subscription_and_a_report_with_readings() {
        let mut repo = stored(2);
        repo.expect_record_email().never();
        let s = service_with(repo, MockPdfRenderer::new(), false, 0);
        let err = s.email(UserId(1), input()).await.err();
        assert!(
            matches!(err, Some(ReportError::SubscriptionRequired(_))),
            "{err:?}"
        );

        let mut repo = stored(0);
        repo.expect_record_email().never();
        let s = service_with(repo, MockPdfRenderer::new(), true, 0);
        let Err(ReportError::Invalid { errors, .. }) = s.email(UserId(1), input()).await else {
            panic!("expected Invalid")
        };
        assert_eq!(errors.get("reportId"), Some(MSG_REPORT_EMPTY));
    }

    #[tokio::test]
    async fn the_recipient_and_hourly_caps_answer_with_their_own_errors() {
        for (outcome, check) in [
            (
                EmailOutcome::Refused(Cap::Recipient),
                (|e: &ReportError| matches!(e, ReportError::RecipientCapped))
                    as fn(&ReportError) -> bool,
            ),
            (EmailOutcome::Refused(Cap::Hourly), |e| {
                matches!(e, ReportError::HourlyCapped)
            }),
            (EmailOutcome::Refused(Cap::Sender), |e| {
                matches!(e, ReportError::TooManyEmails(10))
            }),
        ] {
            let mut repo = stored(2);
            repo.expect_emails_since().returning(|_, _| Ok(0));
            repo.expect_record_email()
                .returning(move |_, _, _, _, _| Ok(outcome));
            let s = service(repo, MockPdfRenderer::new());
            let err = s.email(UserId(1), input()).await.err();
            assert!(err.as_ref().is_some_and(check), "{outcome:?}: {err:?}");
        }
    }
}
