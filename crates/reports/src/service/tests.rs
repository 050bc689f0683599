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
        m.spec.file_name()
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
    let mut subscriptions = kernel::entitlements::MockEntitlements::new();
    subscriptions
        .expect_allows()
        .returning(move |_, _| Ok(subscribed));
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
        setting: readings::Setting::Home,
        origin: Default::default(),
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

/// Readings about 120/80 on days 2 to 4 of the home week started 2026-11-01 and about
/// 140/90 on days 2 to 5 of the one started 2026-11-14 (days 1 to 4 of the one started the
/// 15th), four of each at 07:00 (so each week reaches the minimum of 12 readings).
fn home_readings() -> Vec<readings::Reading> {
    [
        (2, 120, 80),
        (3, 120, 80),
        (4, 122, 80),
        (15, 140, 90),
        (16, 142, 90),
        (17, 140, 92),
        (18, 140, 90),
    ]
    .into_iter()
    .flat_map(|v| std::iter::repeat_n(v, 4))
    .map(|(day, systolic, diastolic)| {
        let mut r = reading(NaiveDate::from_ymd_opt(2026, 11, day).expect("d"), 0);
        r.time = chrono::NaiveTime::from_hms_opt(7, 0, 0).expect("t");
        r.values.systolic = Some(systolic);
        r.values.diastolic = Some(diastolic);
        r
    })
    .collect()
}

/// A service whose period holds `home_readings` and whose user started the weeks `starts`
/// says, checking it is asked from the period's start to 6 days before its end. The clock
/// says 2026-11-22 09:00 UTC.
fn home_service(
    renderer: MockPdfRenderer,
    starts: Vec<NaiveDate>,
    asked: Option<(NaiveDate, NaiveDate)>,
) -> ReportService {
    let mut repo = MockReportRepository::new();
    repo.expect_count().returning(|_| Ok(0));
    repo.expect_insert().returning(|_, _, _| Ok(Some(meta())));
    let mut source = MockReadingSource::new();
    source
        .expect_in_period()
        .returning(|_, _, _, _| Ok(Some(home_readings())));
    let mut weeks = MockHomeWeekSource::new();
    match asked {
        Some((from, to)) => {
            weeks
                .expect_started_between()
                .withf(move |user, f, t| *user == UserId(1) && *f == from && *t == to)
                .times(1)
                .returning(move |_, _, _| Ok(starts.clone()));
        }
        None => {
            weeks.expect_started_between().never();
        }
    }
    let mut s = service(repo, renderer);
    s.readings = Arc::new(source);
    s.with_home_weeks(Arc::new(weeks))
}

fn d(v: &str) -> NaiveDate {
    v.parse().expect("date")
}

#[tokio::test]
async fn a_report_holds_the_completed_home_weeks_of_its_period() {
    let mut renderer = MockPdfRenderer::new();
    renderer
        .expect_render()
        .withf(|doc| {
            // The week of the 14th ends on the 20th: over on the 22nd (everywhere).
            let starts: Vec<NaiveDate> = doc.home_weeks.iter().map(|w| w.start).collect();
            let first = doc.home_weeks.first().and_then(|w| w.average);
            starts == [d("2026-11-01"), d("2026-11-14")]
                && first.map(|a| (a.systolic, a.diastolic, a.count)) == Some((121, 80, 12))
        })
        .times(1)
        .returning(|_| Ok(b"%PDF".to_vec()));
    let s = home_service(
        renderer,
        vec![d("2026-11-14"), d("2026-11-01")],
        Some((d("2026-10-23"), d("2026-11-16"))),
    );
    s.create(UserId(1), input()).await.expect("created");
}

/// A week is over for a report once its last day has passed for the person, in their
/// zone (issue 37: one calendar; reports once judged by the date in UTC−12).
#[tokio::test]
async fn a_week_is_over_for_a_report_once_its_last_day_has_passed_for_the_person() {
    // Started the 15th, the week ends the 21st. Auckland is UTC+13 in November: its 22nd
    // begins at 11:00 UTC on the 21st. In UTC the 22nd begins at midnight.
    let auckland = chrono_tz::Pacific::Auckland;
    for (zone, day, hour, minute, shown) in [
        (auckland, 21, 10, 59, false),
        (auckland, 21, 11, 0, true),
        (chrono_tz::UTC, 21, 23, 59, false),
        (chrono_tz::UTC, 22, 0, 0, true),
    ] {
        let mut renderer = MockPdfRenderer::new();
        renderer
            .expect_render()
            .withf(move |doc| doc.home_weeks.len() == usize::from(shown))
            .times(1)
            .returning(|_| Ok(b"%PDF".to_vec()));
        let mut s = home_service(
            renderer,
            vec![d("2026-11-15")],
            Some((d("2026-10-23"), d("2026-11-16"))),
        );
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || {
            Utc.with_ymd_and_hms(2026, 11, day, hour, minute, 0)
                .single()
                .expect("t")
        });
        s.clock = Arc::new(clock);
        let mut patients = MockPatientSource::new();
        patients.expect_patient().returning(move |_| {
            Ok(Patient {
                time_zone: zone,
                ..Default::default()
            })
        });
        s.patients = Arc::new(patients);
        s.create(UserId(1), input()).await.expect("created");
    }
}

#[tokio::test]
async fn no_home_week_section_without_the_analysis_or_blood_pressure() {
    for (report_type, include_analysis, date_start) in [
        ("bp", false, "2026-10-23"),
        ("weight", true, "2026-10-23"),
        ("sugar", true, "2026-10-23"),
        // Six days hold no whole week.
        ("bp", true, "2026-11-17"),
    ] {
        let mut renderer = MockPdfRenderer::new();
        renderer
            .expect_render()
            .withf(|doc| doc.home_weeks.is_empty())
            .times(1)
            .returning(|_| Ok(b"%PDF".to_vec()));
        let s = home_service(renderer, vec![d("2026-11-01")], None);
        s.create(
            UserId(1),
            ReportInput {
                report_type: report_type.into(),
                include_analysis,
                date_start: date_start.into(),
                ..input()
            },
        )
        .await
        .expect("created");
    }
}

#[tokio::test]
async fn the_weekly_digest_says_when_the_week_had_severe_readings() {
    let mut renderer = MockPdfRenderer::new();
    renderer
        .expect_render()
        .withf(|doc| doc.analysis.severe == 1)
        .returning(|_| Ok(b"%PDF".to_vec()));
    let mut source = MockReadingSource::new();
    source.expect_in_period().returning(|_, start, _, _| {
        let mut high = reading(start, 1);
        high.values.systolic = Some(182);
        high.values.diastolic = Some(100);
        Ok(Some(vec![reading(start, 0), high]))
    });
    let mut s = service(MockReportRepository::new(), renderer);
    s.readings = Arc::new(source);
    let digest = s
        .weekly_digest(UserId(1), d("2026-11-16"), d("2026-11-22"))
        .await
        .expect("digest");
    let line = digest
        .summary
        .iter()
        .find(|l| {
            l.contains(
                readings::GuidelineRules::of(readings::Guideline::AccAha2025)
                    .severe
                    .source,
            )
        })
        .expect("a severe line");
    assert!(
        line.starts_with("1 reading was very high (above 180/120)."),
        "{line}"
    );
}

mod medication_section;
