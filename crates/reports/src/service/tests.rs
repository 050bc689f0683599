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
            Ok((readings <= at_most).then(|| (0..readings).map(|i| reading(start, i)).collect()))
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
        session: None,
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
