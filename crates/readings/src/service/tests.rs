use super::*;
use crate::ports::{MockHomeWeekRepository, MockReadingRepository};
use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
use kernel::SystemClock;
use kernel::calendar::MockTimeZones;
use kernel::entitlements::MockEntitlements;

fn allowed(yes: bool) -> MockEntitlements {
    let mut a = MockEntitlements::new();
    a.expect_allows().returning(move |_, _| Ok(yes));
    a
}

/// Every user's preferences in `zone`.
fn zones(zone: chrono_tz::Tz) -> Arc<MockTimeZones> {
    let mut z = MockTimeZones::new();
    z.expect_zone().returning(move |_| Ok(zone));
    Arc::new(z)
}

fn stored() -> Reading {
    Reading {
        id: 3,
        user_id: UserId(1),
        date: NaiveDate::from_ymd_opt(2026, 11, 20).expect("d"),
        time: NaiveTime::from_hms_opt(7, 15, 0).expect("t"),
        values: Measurements {
            systolic: Some(120),
            diastolic: Some(80),
            weight: Some(154.3236),
            ..Default::default()
        },
        notes: Some("morning".into()),
        session: None,
        setting: Setting::Office,
        origin: Default::default(),
        created_at: Utc.timestamp_opt(0, 0).single().expect("t"),
        updated_at: Utc.timestamp_opt(0, 0).single().expect("t"),
    }
}

fn input() -> ReadingInput {
    ReadingInput {
        date: Some("2026-11-21".into()),
        time: Some("08:00".into()),
        systolic: Some(NumberField::Number(118.0)),
        diastolic: Some(NumberField::Number(76.0)),
        ..Default::default()
    }
}

#[tokio::test]
async fn recording_without_subscription_stores_nothing() {
    let mut repo = MockReadingRepository::new();
    repo.expect_insert().never();
    let s = ReadingService::new(
        Arc::new(repo),
        Arc::new(MockHomeWeekRepository::new()),
        Arc::new(allowed(false)),
        zones(chrono_tz::UTC),
        Arc::new(SystemClock),
    );
    assert!(matches!(
        s.create(UserId(1), input()).await,
        Err(ReadingError::SubscriptionRequired(
            kernel::SubscriptionRequired(kernel::Entitlement::Record)
        ))
    ));
}

#[tokio::test]
async fn invalid_reading_stores_nothing() {
    let mut repo = MockReadingRepository::new();
    repo.expect_insert().never();
    let s = ReadingService::new(
        Arc::new(repo),
        Arc::new(MockHomeWeekRepository::new()),
        Arc::new(allowed(true)),
        zones(chrono_tz::UTC),
        Arc::new(SystemClock),
    );
    let mut bad = input();
    bad.systolic = Some(NumberField::Number(300.0));
    let Err(ReadingError::Invalid { errors, .. }) = s.create(UserId(1), bad).await else {
        panic!("expected Invalid")
    };
    assert_eq!(
        errors.get("systolic"),
        Some("Systolic must be less than 250")
    );
}

#[tokio::test]
async fn update_keeps_unsent_fields_and_checks_ownership_first() {
    let mut repo = MockReadingRepository::new();
    repo.expect_get()
        .returning(|user, _| Ok((user == UserId(1)).then(stored)));
    repo.expect_update()
        .withf(|_, id, v| {
            *id == 3
                && v.values.heart_rate == Some(64)
                && v.values.weight == Some(154.3236)
                && v.notes.as_deref() == Some("morning")
                && v.date.to_string() == "2026-11-20"
                && v.setting == Setting::Office
        })
        .times(1)
        .returning(|_, _, _| Ok(Some(stored())));
    let mut never = MockEntitlements::new();
    never.expect_allows().returning(|u, _| Ok(u == UserId(1)));
    let s = ReadingService::new(
        Arc::new(repo),
        Arc::new(MockHomeWeekRepository::new()),
        Arc::new(never),
        zones(chrono_tz::UTC),
        Arc::new(SystemClock),
    );
    s.update(
        UserId(1),
        3,
        ReadingInput {
            heart_rate: Some(NumberField::Number(64.0)),
            ..Default::default()
        },
    )
    .await
    .expect("updated");
    // Another user: not found, before any subscription question.
    assert!(matches!(
        s.update(UserId(2), 3, input()).await,
        Err(ReadingError::NotFound)
    ));
}

/// Issue 35: the setting is changed only when sent, and only to home or office.
#[tokio::test]
async fn update_sets_the_setting_when_sent_and_refuses_any_other_value() {
    let mut repo = MockReadingRepository::new();
    repo.expect_get().returning(|_, _| Ok(Some(stored())));
    repo.expect_update()
        .withf(|_, _, v| v.setting == Setting::Home)
        .times(1)
        .returning(|_, _, _| Ok(Some(stored())));
    let s = ReadingService::new(
        Arc::new(repo),
        Arc::new(MockHomeWeekRepository::new()),
        Arc::new(allowed(true)),
        zones(chrono_tz::UTC),
        Arc::new(SystemClock),
    );
    let sent = |setting: &str| ReadingInput {
        setting: Some(setting.into()),
        ..Default::default()
    };
    s.update(UserId(1), 3, sent("home")).await.expect("updated");
    let Err(ReadingError::Invalid { errors, .. }) = s.update(UserId(1), 3, sent("clinic")).await
    else {
        panic!("expected Invalid")
    };
    assert_eq!(errors.get("setting"), Some(rules::MSG_SETTING_INVALID));
}

/// A guided measurement is the home protocol: its reading cannot become a clinic one.
#[tokio::test]
async fn a_guided_measurement_stays_a_home_reading() {
    let guided = || Reading {
        setting: Setting::Home,
        session: Some(crate::session::Session {
            period: crate::session::Period::Morning,
            rest_skipped: false,
            readings: vec![],
        }),
        ..stored()
    };
    let mut repo = MockReadingRepository::new();
    repo.expect_get().returning(move |_, _| Ok(Some(guided())));
    repo.expect_update().never();
    let s = ReadingService::new(
        Arc::new(repo),
        Arc::new(MockHomeWeekRepository::new()),
        Arc::new(allowed(true)),
        zones(chrono_tz::UTC),
        Arc::new(SystemClock),
    );
    let office = ReadingInput {
        setting: Some("office".into()),
        ..Default::default()
    };
    let Err(ReadingError::Invalid { errors, .. }) = s.update(UserId(1), 3, office).await else {
        panic!("expected Invalid")
    };
    assert_eq!(errors.get("setting"), Some(rules::MSG_SESSION_LOCKED));
}

#[tokio::test]
async fn paging_is_bounded() {
    let mut repo = MockReadingRepository::new();
    repo.expect_list()
        .withf(|_, q| {
            q.limit == Some(MAX_PAGE) && q.offset == 0 && q.text.as_deref() == Some("tea")
        })
        .returning(|_, _| {
            Ok(ReadingPage {
                readings: vec![],
                total: 0,
            })
        });
    let s = ReadingService::new(
        Arc::new(repo),
        Arc::new(MockHomeWeekRepository::new()),
        Arc::new(allowed(true)),
        zones(chrono_tz::UTC),
        Arc::new(SystemClock),
    );
    s.list(
        UserId(1),
        ReadingQuery {
            limit: Some(1_000_000),
            offset: -5,
            text: Some("  tea ".into()),
            ..Default::default()
        },
    )
    .await
    .expect("listed");
}

/// Issue 33.13: the future is the user's, in their preferences' zone. At 04:00 UTC it is
/// still the 22nd in Los Angeles and already 18:00 on the 23rd in Kiritimati (UTC+14).
#[tokio::test]
async fn the_future_is_the_users_own() {
    let create_at = |zone: chrono_tz::Tz, date: &str, time: &str| {
        let mut repo = MockReadingRepository::new();
        repo.expect_insert().returning(|_, _| Ok(stored()));
        let mut clock = kernel::clock::MockClock::new();
        clock.expect_now().returning(|| {
            Utc.with_ymd_and_hms(2026, 11, 23, 4, 0, 0)
                .single()
                .expect("t")
        });
        let s = ReadingService::new(
            Arc::new(repo),
            Arc::new(MockHomeWeekRepository::new()),
            Arc::new(allowed(true)),
            zones(zone),
            Arc::new(clock),
        );
        let mut i = input();
        i.date = Some(date.into());
        i.time = Some(time.into());
        // The field refused and its message, if any.
        async move {
            match s.create(UserId(1), i).await {
                Ok(_) => None,
                Err(ReadingError::Invalid { errors, .. }) => ["date", "time"]
                    .into_iter()
                    .find_map(|f| errors.get(f).map(|m| (f, m.to_owned()))),
                Err(e) => panic!("{e}"),
            }
        }
    };
    let la = chrono_tz::America::Los_Angeles;
    assert_eq!(create_at(la, "2026-11-22", "20:00").await, None);
    assert_eq!(
        create_at(la, "2026-11-23", "08:00").await,
        Some(("date", rules::MSG_DATE_FUTURE.to_owned()))
    );
    assert_eq!(
        create_at(la, "2026-11-22", "20:30").await,
        Some(("time", rules::MSG_TIME_FUTURE.to_owned()))
    );
    let kiritimati = chrono_tz::Pacific::Kiritimati;
    assert_eq!(create_at(kiritimati, "2026-11-23", "18:00").await, None);
}

/// Issue 36: the Trends page's per-day rows come from a bounded span; a span the rule
/// refuses never reaches the store.
#[tokio::test]
async fn daily_rows_only_for_a_bounded_span() {
    let day = |s: &str| kernel::date::parse_date(s).expect("date");
    let mut repo = MockReadingRepository::new();
    repo.expect_daily()
        .withf(move |u, from, to| {
            *u == UserId(1) && *from == day("2024-11-28") && *to == day("2026-11-28")
        })
        .times(1)
        .returning(|_, _, _| Ok(vec![]));
    let s = ReadingService::new(
        Arc::new(repo),
        Arc::new(MockHomeWeekRepository::new()),
        Arc::new(allowed(true)),
        zones(chrono_tz::UTC),
        Arc::new(SystemClock),
    );
    assert!(
        s.daily(UserId(1), Some(day("2024-11-28")), Some(day("2026-11-28")))
            .await
            .is_ok()
    );
    for (from, to) in [
        (None, Some(day("2026-11-28"))),
        (Some(day("2026-11-29")), Some(day("2026-11-28"))),
        (Some(day("1990-01-01")), Some(day("2026-11-28"))),
    ] {
        assert!(
            matches!(
                s.daily(UserId(1), from, to).await,
                Err(ReadingError::Invalid { .. })
            ),
            "{from:?}..{to:?}"
        );
    }
}

/// Issue 37: one keyset walk. Each batch is read after the last reading given; a full batch
/// is followed by another, a short one (even empty) is the last, and nothing comes after.
#[tokio::test]
async fn a_walk_reads_after_the_last_reading_until_a_short_batch() {
    let full = usize::try_from(LIST_BATCH).expect("batch");
    let mut repo = MockReadingRepository::new();
    let mut seq = mockall::Sequence::new();
    repo.expect_list_after()
        .withf(|_, _, after, _| after.is_none())
        .times(1)
        .in_sequence(&mut seq)
        .returning(move |_, _, _, _| Ok(vec![stored(); full]));
    repo.expect_list_after()
        .withf(|_, _, after, _| *after == Some(ListPosition::from(&stored())))
        .times(1)
        .in_sequence(&mut seq)
        .returning(|_, _, _, _| Ok(vec![]));
    let s = ReadingService::new(
        Arc::new(repo),
        Arc::new(MockHomeWeekRepository::new()),
        Arc::new(allowed(true)),
        zones(chrono_tz::UTC),
        Arc::new(SystemClock),
    );
    let mut walk = s.walk(UserId(1), ReadingQuery::default());
    let one = walk.next().await.expect("read").expect("a first batch");
    assert_eq!(
        (one.readings.len(), one.first, one.last),
        (full, true, false)
    );
    let two = walk.next().await.expect("read").expect("a second batch");
    assert_eq!((two.readings.len(), two.first, two.last), (0, false, true));
    assert!(
        walk.next().await.expect("read").is_none(),
        "nothing after the last"
    );
}
