use std::sync::{Arc, Mutex};

use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
use kernel::clock::MockClock;
use readings::{Measurements, Reading};
use reports::ports::{
    MockMedicationSource, MockPatientSource, MockPdfRenderer, MockReadingSource,
    MockReportRepository,
};

use super::*;
use crate::error::ShareError;

const OWNER: UserId = UserId(7);

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 9, 0, 0)
        .single()
        .expect("t")
}

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
}

fn reading(date: &str, values: Measurements, notes: Option<&str>) -> Reading {
    Reading {
        id: 1,
        user_id: OWNER,
        date: d(date),
        time: NaiveTime::from_hms_opt(8, 0, 0).expect("time"),
        values,
        notes: notes.map(str::to_owned),
        session: None,
        created_at: now(),
        updated_at: now(),
        setting: readings::Setting::Home,
        origin: Default::default(),
    }
}

fn bp(sys: i32, dia: i32) -> Measurements {
    Measurements {
        systolic: Some(sys),
        diastolic: Some(dia),
        heart_rate: Some(70),
        weight: Some(180.0),
        blood_sugar: None,
    }
}

fn share(code: Option<&str>) -> Share {
    Share {
        id: 3,
        user_id: OWNER,
        label: "Dr Patel".into(),
        shown_name: "Ann Smith".into(),
        period: Period::Rolling { days: 30 },
        includes: Includes::default(),
        code_hash: code.map(|c| format!("hash:{c}")),
        created_at: now() - Duration::days(1),
        expires_at: now() + Duration::days(6),
        revoked_at: None,
        opened: 0,
        last_opened_at: None,
        emailed_to: None,
    }
}

/// The pieces a test configures; [`Parts::service`] assembles them.
struct Parts {
    repo: MockShareRepository,
    readings: MockReadingSource,
    medications: MockMedicationSource,
    renderer: MockPdfRenderer,
    subscribed: bool,
}

impl Parts {
    fn new() -> Self {
        Self {
            repo: MockShareRepository::new(),
            readings: MockReadingSource::new(),
            medications: MockMedicationSource::new(),
            renderer: MockPdfRenderer::new(),
            subscribed: true,
        }
    }

    fn service(self) -> ShareService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        let clock: Arc<dyn kernel::Clock> = Arc::new(clock);
        let mut hasher = MockCodeHasher::new();
        hasher.expect_hash().returning(|c| Ok(format!("hash:{c}")));
        hasher
            .expect_verify()
            .returning(|c, h| Ok(h == format!("hash:{c}")));
        // The owner lives on UTC: their today is the clock's date.
        let mut owners = kernel::calendar::MockTimeZones::new();
        owners.expect_zone().returning(|_| Ok(chrono_tz::UTC));
        let subscribed = self.subscribed;
        let mut entitlements = kernel::entitlements::MockEntitlements::new();
        entitlements
            .expect_allows()
            .returning(move |_, _| Ok(subscribed));
        let mut patients = MockPatientSource::new();
        patients.expect_patient().returning(|_| {
            Ok(reports::Patient {
                full_name: "Ann Smith".into(),
                username: "ann".into(),
                email: "ann@example.com".into(),
                date_of_birth: NaiveDate::from_ymd_opt(1960, 1, 2),
                units: kernel::units::Units::CANONICAL,
                guideline: kernel::Guideline::AccAha2025,
                time_zone: chrono_tz::UTC,
            })
        });
        let readings: Arc<dyn ReadingSource> = Arc::new(self.readings);
        let patients: Arc<dyn PatientSource> = Arc::new(patients);
        let reports = reports::ReportService::new(
            Arc::new(MockReportRepository::new()),
            readings.clone(),
            patients.clone(),
            Arc::new(self.renderer),
            clock.clone(),
            Arc::new(kernel::entitlements::MockEntitlements::new()),
            reports::ReportLimits::default(),
        );
        ShareService::new(
            Arc::new(self.repo),
            Arc::new(hasher),
            kernel::UserCalendar::new(Arc::new(owners), clock),
            Arc::new(entitlements),
            RecordSources {
                readings,
                patients,
                medications: Arc::new(self.medications),
                pdfs: Arc::new(reports),
            },
            "https://vitalog.example/",
            ShareLimits::default(),
        )
    }
}

fn input() -> ShareInput {
    ShareInput {
        label: "Dr Patel".into(),
        shown_name: "Ann Smith".into(),
        period_kind: "rolling".into(),
        days: Some(30),
        lifetime_days: Some(7),
        ..ShareInput::default()
    }
}

#[tokio::test]
async fn create_keeps_only_the_tokens_hash_and_the_codes_hash() {
    let stored = Arc::new(Mutex::new(None));
    let mut parts = Parts::new();
    let seen = stored.clone();
    parts
        .repo
        .expect_insert()
        .times(1)
        .returning(move |user, s, email, caps| {
            assert_eq!(user, OWNER);
            assert!(email.is_none(), "no email asked for");
            assert_eq!(caps.active, 20);
            assert_eq!(caps.purge_ended_before, now() - Duration::days(30));
            *seen.lock().expect("lock") = Some(s.clone());
            Ok(InsertOutcome::Created(Share {
                id: 3,
                user_id: user,
                label: s.label,
                shown_name: s.shown_name,
                period: s.period,
                includes: s.includes,
                code_hash: s.code_hash,
                created_at: s.created_at,
                expires_at: s.expires_at,
                revoked_at: None,
                opened: 0,
                last_opened_at: None,
                emailed_to: s.emailed_to.map(|e| e.as_str().to_owned()),
            }))
        });
    let svc = parts.service();
    let created = svc
        .create(
            OWNER,
            ShareInput {
                access_code: "Patel-2026".into(),
                ..input()
            },
        )
        .await
        .expect("created");
    let s = stored.lock().expect("lock").clone().expect("stored");
    assert!(secret::looks_valid(&created.token));
    assert_eq!(s.token_hash, secret::hash(&created.token));
    assert_ne!(s.token_hash, created.token);
    assert_eq!(s.code_hash.as_deref(), Some("hash:Patel-2026"));
    assert_eq!(s.expires_at, now() + Duration::days(7));
    assert_eq!(
        svc.link(&created.token),
        format!("https://vitalog.example/s/{}", created.token)
    );
}

#[tokio::test]
async fn an_invalid_form_stores_nothing() {
    let mut parts = Parts::new();
    parts.repo.expect_insert().never();
    let err = parts
        .service()
        .create(
            OWNER,
            ShareInput {
                lifetime_days: Some(3),
                ..input()
            },
        )
        .await
        .expect_err("invalid");
    let ShareError::Invalid(errors) = err else {
        panic!("{err:?}")
    };
    assert_eq!(errors.get("lifetimeDays"), Some(crate::rules::MSG_LIFETIME));
}

#[tokio::test]
async fn emailing_a_link_is_for_subscribers_and_queues_the_link() {
    let mut parts = Parts::new();
    parts.subscribed = false;
    parts.repo.expect_insert().never();
    let err = parts
        .service()
        .create(
            OWNER,
            ShareInput {
                email: "dr.patel@clinic.example".into(),
                ..input()
            },
        )
        .await
        .expect_err("not subscribed");
    assert!(
        matches!(err, ShareError::SubscriptionRequired(_)),
        "{err:?}"
    );

    let mut parts = Parts::new();
    parts
        .repo
        .expect_insert()
        .times(1)
        .returning(|_, s, email, _| {
            let email = email.expect("queued with the share");
            assert_eq!(email.to, "dr.patel@clinic.example");
            assert_eq!(
                s.emailed_to.as_ref().map(kernel::Email::as_str),
                Some("dr.patel@clinic.example")
            );
            assert!(email.text.contains("https://vitalog.example/s/"));
            Ok(InsertOutcome::EmailCapped(Cap::Recipient))
        });
    let err = parts
        .service()
        .create(
            OWNER,
            ShareInput {
                email: " Dr.Patel@Clinic.example ".into(),
                ..input()
            },
        )
        .await
        .expect_err("capped");
    assert!(matches!(err, ShareError::RecipientCapped), "{err:?}");
}

#[tokio::test]
async fn unknown_expired_and_revoked_links_are_alike_and_bad_shapes_are_not_looked_up() {
    let mut parts = Parts::new();
    let expired = Share {
        expires_at: now(),
        ..share(None)
    };
    let revoked = Share {
        revoked_at: Some(now() - Duration::hours(1)),
        ..share(None)
    };
    let by_token = move |hash: &str| {
        if hash == secret::hash(&"e".repeat(43)) {
            Some(expired.clone())
        } else if hash == secret::hash(&"r".repeat(43)) {
            Some(revoked.clone())
        } else {
            None
        }
    };
    parts
        .repo
        .expect_find_by_token()
        .times(3)
        .returning(move |h| Ok(by_token(h)));
    parts.repo.expect_record_access().never();
    let svc = parts.service();
    let visitor = Visitor::default();
    for token in [
        "e".repeat(43),
        "r".repeat(43),
        "u".repeat(43),
        "short".into(),
    ] {
        let err = svc.view_link(&token, &visitor).await.expect_err("gone");
        assert!(matches!(err, ShareError::Gone), "{token}: {err:?}");
    }
}

#[tokio::test]
async fn a_share_with_a_code_opens_only_where_it_was_unlocked() {
    let mut parts = Parts::new();
    parts
        .repo
        .expect_find_by_token()
        .returning(|_| Ok(Some(share(Some("Patel-2026")))));
    parts
        .readings
        .expect_in_period()
        .returning(|_, _, _, _| Ok(Some(Vec::new())));
    parts
        .repo
        .expect_record_access()
        .times(1)
        .returning(|_, _, _| Ok(true));
    let svc = parts.service();
    let token = "t".repeat(43);
    let err = svc
        .view_link(&token, &Visitor::default())
        .await
        .expect_err("locked");
    assert!(matches!(err, ShareError::CodeRequired), "{err:?}");
    let other = Visitor {
        unlocked: Some(99),
        ..Visitor::default()
    };
    assert!(matches!(
        svc.view_link(&token, &other).await,
        Err(ShareError::CodeRequired)
    ));
    assert!(matches!(
        svc.unlock(&token, "patel-2026").await,
        Err(ShareError::WrongCode)
    ));
    assert!(matches!(
        svc.unlock(&token, "").await,
        Err(ShareError::WrongCode)
    ));
    let unlocked = svc.unlock(&token, "Patel-2026").await.expect("right code");
    let visitor = Visitor {
        unlocked: Some(unlocked.id),
        browser: "Firefox on Windows".into(),
    };
    svc.view_link(&token, &visitor).await.expect("opens");
}

#[tokio::test]
async fn the_view_reads_the_period_now_shows_only_what_is_shared_and_is_logged() {
    let mut parts = Parts::new();
    parts.repo.expect_find_by_token().returning(|_| {
        Ok(Some(Share {
            includes: Includes {
                heart_rate: true,
                ..Includes::default()
            },
            ..share(None)
        }))
    });
    parts
        .readings
        .expect_in_period()
        .times(1)
        .returning(|user, from, to, at_most| {
            assert_eq!(user, OWNER);
            // The last 30 days of the owner's today, today included.
            assert_eq!((from, to), (d("2026-10-27"), d("2026-11-25")));
            assert_eq!(at_most, reports::rules::MAX_READINGS);
            Ok(Some(vec![
                reading("2026-11-01", bp(150, 95), Some("after coffee")),
                reading(
                    "2026-11-02",
                    Measurements {
                        weight: Some(181.0),
                        ..Measurements::default()
                    },
                    None,
                ),
            ]))
        });
    parts.medications.expect_during().never();
    parts
        .repo
        .expect_record_access()
        .times(1)
        .returning(|id, access, kept| {
            assert_eq!(id, 3);
            assert_eq!(access.kind, AccessKind::View);
            assert_eq!(access.browser, "Chrome on Android");
            assert_eq!(access.at, now());
            assert_eq!(
                kept,
                Kept {
                    first: 10,
                    newest: 90
                }
            );
            Ok(true)
        });
    let view = parts
        .service()
        .view_link(
            &"t".repeat(43),
            &Visitor {
                unlocked: None,
                browser: "Chrome on Android".into(),
            },
        )
        .await
        .expect("view");
    assert_eq!((view.from, view.to), (d("2026-10-27"), d("2026-11-25")));
    // The weight-only reading is not shared; the weight and notes of the other are removed.
    assert_eq!(view.readings.len(), 1);
    let r = &view.readings[0];
    assert_eq!(r.values.systolic, Some(150));
    assert_eq!(r.values.heart_rate, Some(70));
    assert_eq!(r.values.weight, None);
    assert_eq!(r.notes, None);
    assert_eq!(view.analysis.readings, 1);
    assert!(view.analysis.weight.is_none());
    assert!(view.medications.is_none());
}

#[tokio::test]
async fn a_visit_that_cannot_be_logged_is_not_shown() {
    let mut parts = Parts::new();
    parts
        .repo
        .expect_find_by_token()
        .returning(|_| Ok(Some(share(None))));
    parts
        .readings
        .expect_in_period()
        .returning(|_, _, _, _| Ok(Some(Vec::new())));
    parts
        .repo
        .expect_record_access()
        .returning(|_, _, _| Err(anyhow::anyhow!("database away")));
    let err = parts
        .service()
        .view_link(&"t".repeat(43), &Visitor::default())
        .await
        .expect_err("not logged, not shown");
    assert!(matches!(err, ShareError::Unexpected(_)), "{err:?}");
}

/// The store logs a visit only while the share answers; a share withdrawn while the PDF
/// was drawn (or the view read) gives the visitor the same 404 as any ended link.
#[tokio::test]
async fn a_share_withdrawn_while_its_pdf_was_drawn_is_not_answered() {
    let mut parts = Parts::new();
    parts
        .repo
        .expect_find_by_token()
        .returning(|_| Ok(Some(share(None))));
    parts
        .readings
        .expect_in_period()
        .returning(|_, _, _, _| Ok(Some(vec![reading("2026-11-03", bp(128, 82), None)])));
    parts
        .renderer
        .expect_render()
        .times(1)
        .returning(|_| Ok(b"%PDF-1.7".to_vec()));
    parts
        .repo
        .expect_record_access()
        .times(2)
        .returning(|_, _, _| Ok(false));
    let svc = parts.service();
    let token = "t".repeat(43);
    let opened = svc.open(&token, &Visitor::default()).await.expect("open");
    let err = svc
        .pdf(opened, &Visitor::default())
        .await
        .expect_err("withdrawn meanwhile");
    assert!(matches!(err, ShareError::Gone), "{err:?}");
    let err = svc
        .view_link(&token, &Visitor::default())
        .await
        .expect_err("withdrawn meanwhile");
    assert!(matches!(err, ShareError::Gone), "{err:?}");
}

#[tokio::test]
async fn too_many_readings_is_said_not_truncated() {
    let mut parts = Parts::new();
    parts
        .repo
        .expect_find_by_token()
        .returning(|_| Ok(Some(share(None))));
    parts
        .readings
        .expect_in_period()
        .returning(|_, _, _, _| Ok(None));
    parts.repo.expect_record_access().never();
    let err = parts
        .service()
        .view_link(&"t".repeat(43), &Visitor::default())
        .await
        .expect_err("too many");
    assert!(matches!(err, ShareError::TooManyReadings), "{err:?}");
}

#[tokio::test]
async fn the_pdf_shows_the_shown_name_only_and_is_logged() {
    let mut parts = Parts::new();
    parts.repo.expect_find_by_token().returning(|_| {
        Ok(Some(Share {
            period: Period::Fixed {
                from: d("2026-10-01"),
                to: d("2026-10-31"),
            },
            ..share(None)
        }))
    });
    parts
        .readings
        .expect_in_period()
        .returning(|_, from, to, _| {
            assert_eq!((from, to), (d("2026-10-01"), d("2026-10-31")));
            Ok(Some(vec![reading("2026-10-03", bp(128, 82), Some("note"))]))
        });
    parts.renderer.expect_render().times(1).returning(|doc| {
        assert_eq!(doc.patient.full_name, "Ann Smith");
        assert_eq!(doc.patient.email, "", "the owner's email is not shared");
        assert_eq!(doc.patient.date_of_birth, None);
        assert_eq!(doc.spec.report_type, reports::ReportType::Bp);
        assert_eq!(doc.readings[0].values.heart_rate, None, "not shared");
        assert_eq!(doc.readings[0].notes, None, "not shared");
        assert!(doc.medications.is_none());
        // The PDF says all it leaves out, notes and medications too.
        let everything = reports::Omitted {
            heart_rate: true,
            weight: true,
            blood_sugar: true,
            notes: true,
            medications: true,
        };
        assert_eq!(doc.omitted, everything);
        Ok(b"%PDF-1.7".to_vec())
    });
    parts
        .repo
        .expect_record_access()
        .times(1)
        .returning(|_, access, _| {
            assert_eq!(access.kind, AccessKind::Pdf);
            Ok(true)
        });
    let svc = parts.service();
    let opened = svc
        .open(&"t".repeat(43), &Visitor::default())
        .await
        .expect("open");
    let (name, pdf) = svc.pdf(opened, &Visitor::default()).await.expect("pdf");
    assert_eq!(pdf, b"%PDF-1.7");
    assert_eq!(
        name,
        "vitalog-blood-pressure-report-2026-10-01-to-2026-10-31.pdf"
    );
}

#[tokio::test]
async fn management_calls_on_another_users_share_are_not_found() {
    let mut parts = Parts::new();
    parts.repo.expect_revoke().returning(|_, _, _| Ok(None));
    parts.repo.expect_delete().returning(|_, _| Ok(false));
    parts.repo.expect_accesses().returning(|_, _, _| Ok(None));
    let svc = parts.service();
    assert!(matches!(
        svc.revoke(OWNER, 9).await,
        Err(ShareError::NotFound)
    ));
    assert!(matches!(
        svc.delete(OWNER, 9).await,
        Err(ShareError::NotFound)
    ));
    assert!(matches!(
        svc.accesses(OWNER, 9).await,
        Err(ShareError::NotFound)
    ));
}

#[tokio::test]
async fn the_list_drops_shares_ended_over_the_kept_days() {
    let mut parts = Parts::new();
    parts.repo.expect_list().returning(|_| {
        Ok(vec![
            share(None),
            Share {
                id: 4,
                revoked_at: Some(now() - Duration::days(29)),
                ..share(None)
            },
            Share {
                id: 5,
                expires_at: now() - Duration::days(31),
                ..share(None)
            },
        ])
    });
    let ids: Vec<i64> = parts
        .service()
        .list(OWNER)
        .await
        .expect("list")
        .iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(ids, vec![3, 4]);
}

impl ShareService {
    /// A visit to a link: opened, then viewed (as the web layer does, less its limits).
    async fn view_link(&self, token: &str, visitor: &Visitor) -> Result<SharedView, ShareError> {
        let opened = self.open(token, visitor).await?;
        self.view(opened, visitor).await
    }
}
