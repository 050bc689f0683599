use super::*;
use crate::ports::{Digest, MockNotificationStore, MockWeeklyDigest};
use chrono::{NaiveDate, TimeZone};
use kernel::clock::MockClock;
use std::sync::Mutex;

fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, min, 0)
        .single()
        .expect("time")
}

fn clock(now: DateTime<Utc>) -> Arc<MockClock> {
    let mut c = MockClock::new();
    c.expect_now().returning(move || now);
    Arc::new(c)
}

fn ann() -> Subscriber {
    Subscriber {
        user: UserId(5),
        username: "ann".into(),
        email: "ann@example.com".into(),
        time_zone: "America/New_York".parse().expect("tz"),
        reminder_time: NaiveTime::from_hms_opt(20, 0, 0).expect("t"),
    }
}

fn service(
    store: MockNotificationStore,
    digests: MockWeeklyDigest,
    now: DateTime<Utc>,
) -> NotificationService {
    NotificationService::new(
        Arc::new(store),
        Arc::new(digests),
        clock(now),
        Arc::new(UnsubscribeSigner::new(b"k")),
        "https://vitalog.example/",
    )
}

/// A store with Ann subscribed to `topic`, an in-memory claim set, and `has_reading`.
fn store(
    topic: Topic,
    has_reading: bool,
    queued: Arc<Mutex<Vec<(String, String, String)>>>,
) -> MockNotificationStore {
    let mut s = MockNotificationStore::new();
    s.expect_subscribers()
        .returning(move |t| Ok(if t == topic { vec![ann()] } else { vec![] }));
    s.expect_has_reading_on()
        .returning(move |_, _| Ok(has_reading));
    let q = queued.clone();
    s.expect_is_claimed().returning(move |job, key| {
        Ok(q.lock()
            .expect("lock")
            .iter()
            .any(|(j, k, _)| j == job && k == key))
    });
    s.expect_claim_and_queue()
        .returning(move |job, key, _, email| {
            let mut q = queued.lock().expect("lock");
            if q.iter().any(|(j, k, _)| j == job && k == key) {
                return Ok(false);
            }
            q.push((job.to_owned(), key.to_owned(), email.subject.clone()));
            Ok(true)
        });
    s
}

#[tokio::test]
async fn reminder_waits_for_the_local_reminder_time_and_goes_once() {
    let queued = Arc::new(Mutex::new(Vec::new()));
    // 19:59 in New York (EST, UTC-5) is 00:59 UTC the next day: not yet.
    let early = service(
        store(Topic::Reminders, false, queued.clone()),
        MockWeeklyDigest::new(),
        at(2026, 11, 21, 0, 59),
    );
    assert_eq!(early.run_due().await.expect("run").reminders, 0);
    // 20:01 local: due, once.
    let due = service(
        store(Topic::Reminders, false, queued.clone()),
        MockWeeklyDigest::new(),
        at(2026, 11, 21, 1, 1),
    );
    assert_eq!(due.run_due().await.expect("run").reminders, 1);
    assert_eq!(
        due.run_due().await.expect("run").reminders,
        0,
        "not twice the same day"
    );
    let q = queued.lock().expect("lock").clone();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].1, "5:2026-11-20", "keyed by the local date");
    assert_eq!(q[0].2, "Reminder: record today's vitals in Vitalog");
}

#[tokio::test]
async fn no_reminder_when_a_reading_exists_today() {
    let queued = Arc::new(Mutex::new(Vec::new()));
    let s = service(
        store(Topic::Reminders, true, queued.clone()),
        MockWeeklyDigest::new(),
        at(2026, 11, 21, 3, 0),
    );
    assert_eq!(s.run_due().await.expect("run").reminders, 0);
    assert!(queued.lock().expect("lock").is_empty());
}

#[tokio::test]
async fn weekly_report_goes_from_monday_8am_local_once_per_week() {
    let queued = Arc::new(Mutex::new(Vec::new()));
    let digests = || {
        let mut d = MockWeeklyDigest::new();
        d.expect_digest()
            .withf(|_, start, end| {
                *start == NaiveDate::from_ymd_opt(2026, 11, 16).expect("d")
                    && *end == NaiveDate::from_ymd_opt(2026, 11, 22).expect("d")
            })
            .returning(|_, _, _| {
                Ok(Digest {
                    readings: 14,
                    summary: vec!["Average blood pressure 128/82 mmHg.".into()],
                    pdf: None,
                })
            });
        d
    };
    // Monday 2026-11-23 07:59 in New York = 12:59 UTC: not yet.
    let early = service(
        store(Topic::WeeklyReports, false, queued.clone()),
        MockWeeklyDigest::new(),
        at(2026, 11, 23, 12, 59),
    );
    assert_eq!(early.run_due().await.expect("run").weekly_reports, 0);
    let due = service(
        store(Topic::WeeklyReports, false, queued.clone()),
        digests(),
        at(2026, 11, 23, 13, 1),
    );
    assert_eq!(due.run_due().await.expect("run").weekly_reports, 1);
    // Wednesday, after a restart: same week, nothing more.
    let later = service(
        store(Topic::WeeklyReports, false, queued.clone()),
        MockWeeklyDigest::new(),
        at(2026, 11, 25, 15, 0),
    );
    assert_eq!(later.run_due().await.expect("run").weekly_reports, 0);
    let q = queued.lock().expect("lock").clone();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].1, "5:2026-W47");
    assert_eq!(
        q[0].2,
        "Your Vitalog weekly report, 11/16/2026 to 11/22/2026"
    );
}

#[tokio::test]
async fn unsubscribe_turns_the_topic_off_and_refuses_forgeries() {
    let now = at(2026, 11, 21, 1, 0);
    let signer = UnsubscribeSigner::new(b"k");
    let token = signer.sign(UserId(5), Topic::WeeklyReports, now);
    let mut store = MockNotificationStore::new();
    store
        .expect_turn_off()
        .withf(|u, t| *u == UserId(5) && *t == Topic::WeeklyReports)
        .times(1)
        .returning(|_, _| Ok(true));
    let s = service(store, MockWeeklyDigest::new(), now);
    assert_eq!(
        s.unsubscribe(&token).await.expect("ok"),
        Topic::WeeklyReports
    );
    let forged = token.replacen("5.", "6.", 1);
    assert!(matches!(
        s.unsubscribe(&forged).await,
        Err(UnsubscribeOutcome::Refused(UnsubscribeError::Invalid))
    ));
}

// Dose reminders.

fn time(h: u32, m: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(h, m, 0).expect("time")
}

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("date")
}

type Queued = Arc<Mutex<Vec<(String, String, kernel::outbox::OutgoingEmail)>>>;

/// Ann (New York) subscribed to dose reminders only, with an in-memory claim set that keeps
/// the queued emails.
fn medications_store(queued: Queued) -> MockNotificationStore {
    let mut s = MockNotificationStore::new();
    s.expect_subscribers().returning(|t| {
        Ok(if t == Topic::Medications {
            vec![ann()]
        } else {
            vec![]
        })
    });
    let q = queued.clone();
    s.expect_is_claimed().returning(move |job, key| {
        Ok(q.lock()
            .expect("lock")
            .iter()
            .any(|(j, k, _)| j == job && k == key))
    });
    s.expect_claim_and_queue()
        .returning(move |job, key, _, email| {
            let mut q = queued.lock().expect("lock");
            if q.iter().any(|(j, k, _)| j == job && k == key) {
                return Ok(false);
            }
            q.push((job.to_owned(), key.to_owned(), email));
            Ok(true)
        });
    s
}

/// Dose reminders that answer `due` whatever the time (the medications context decides
/// when a dose is due; the scheduler decides that it goes once).
fn doses(due: Vec<DoseReminder>) -> Arc<crate::ports::MockDoseReminders> {
    let mut d = crate::ports::MockDoseReminders::new();
    d.expect_due()
        .withf(|user, tz, _| *user == UserId(5) && *tz == chrono_tz::America::New_York)
        .returning(move |_, _, _| Ok(due.clone()));
    Arc::new(d)
}

fn eight_am() -> DoseReminder {
    DoseReminder {
        date: date(2026, 2, 10),
        time: time(8, 0),
        doses: vec!["Amlodipine 10 mg".into(), "Ramipril 5 mg".into()],
    }
}

fn dose_service(
    queued: &Queued,
    due: Vec<DoseReminder>,
    now: DateTime<Utc>,
) -> NotificationService {
    service(
        medications_store(queued.clone()),
        MockWeeklyDigest::new(),
        now,
    )
    .with_dose_reminders(doses(due))
}

#[tokio::test]
async fn a_dose_reminder_is_queued_once_per_dose_time() {
    let queued: Queued = Arc::default();
    // 08:05 and 08:40 in New York (EST): the same dose time, one email.
    for now in [at(2026, 2, 10, 13, 5), at(2026, 2, 10, 13, 40)] {
        let s = dose_service(&queued, vec![eight_am()], now);
        let summary = s.run_due().await.expect("run");
        assert_eq!((summary.reminders, summary.weekly_reports), (0, 0));
    }
    let q = queued.lock().expect("lock").clone();
    assert_eq!(q.len(), 1);
    let (job, key, email) = &q[0];
    assert_eq!(job, JOB_DOSE_REMINDER);
    assert_eq!(key, "5:2026-02-10:08:00", "user, local date and dose time");
    assert_eq!(email.subject, "Time for your 8:00 AM dose");
    assert_eq!(email.to, "ann@example.com");
    let text = &email.text;
    assert!(text.contains("Hello ann,"), "{text}");
    assert!(
        text.contains("It is time for your 8:00 AM dose (02/10/2026):"),
        "{text}"
    );
    assert!(
        text.contains("• Amlodipine 10 mg\n• Ramipril 5 mg"),
        "{text}"
    );
    assert!(
        text.contains("https://vitalog.example/"),
        "dashboard link: {text}"
    );
    assert!(email.html.contains("Amlodipine 10 mg"));
    // Another dose time the same day is its own email.
    let evening = DoseReminder {
        time: time(20, 0),
        doses: vec!["Amlodipine 10 mg".into()],
        ..eight_am()
    };
    let s = dose_service(&queued, vec![evening], at(2026, 2, 11, 1, 0));
    assert_eq!(s.run_due().await.expect("run").dose_reminders, 1);
    assert_eq!(queued.lock().expect("lock")[1].1, "5:2026-02-10:20:00");
}

#[tokio::test]
async fn two_servers_running_at_once_send_one_dose_reminder() {
    let queued: Queued = Arc::default();
    let now = at(2026, 2, 10, 13, 1);
    let (a, b) = (
        dose_service(&queued, vec![eight_am()], now),
        dose_service(&queued, vec![eight_am()], now),
    );
    let (ra, rb) = tokio::join!(a.run_due(), b.run_due());
    assert_eq!(
        ra.expect("run").dose_reminders + rb.expect("run").dose_reminders,
        1
    );
    assert_eq!(queued.lock().expect("lock").len(), 1);
}

#[tokio::test]
async fn a_dose_in_the_repeated_hour_of_a_dst_day_is_reminded_once() {
    // 2026-11-01 in New York: 01:30 happens twice (05:30 and 06:30 UTC). The medications
    // context reports the same dose at both; the claim is by local date and time.
    let queued: Queued = Arc::default();
    let night = DoseReminder {
        date: date(2026, 11, 1),
        time: time(1, 30),
        doses: vec!["Night dose 1 mg".into()],
    };
    let mut sent = 0;
    for now in [at(2026, 11, 1, 5, 30), at(2026, 11, 1, 6, 30)] {
        let s = dose_service(&queued, vec![night.clone()], now);
        sent += s.run_due().await.expect("run").dose_reminders;
    }
    assert_eq!(sent, 1);
    let q = queued.lock().expect("lock").clone();
    assert_eq!(q[0].1, "5:2026-11-01:01:30");
    assert_eq!(q[0].2.subject, "Time for your 1:30 AM dose");
}

#[tokio::test]
async fn nothing_is_queued_without_doses_due() {
    let queued: Queued = Arc::default();
    let s = dose_service(&queued, vec![], at(2026, 2, 10, 13, 1));
    assert_eq!(s.run_due().await.expect("run"), RunSummary::default());
    // Without the medications context wired, no dose is ever due.
    let plain = service(
        medications_store(queued.clone()),
        MockWeeklyDigest::new(),
        at(2026, 2, 10, 13, 1),
    );
    assert_eq!(plain.run_due().await.expect("run").dose_reminders, 0);
    assert!(queued.lock().expect("lock").is_empty());
}

#[tokio::test]
async fn the_dose_reminder_unsubscribe_link_turns_medication_reminders_off() {
    let queued: Queued = Arc::default();
    let now = at(2026, 2, 10, 13, 1);
    dose_service(&queued, vec![eight_am()], now)
        .run_due()
        .await
        .expect("run");
    let email = queued.lock().expect("lock")[0].2.clone();
    let (_, header) = email
        .headers
        .iter()
        .find(|(name, _)| name == "List-Unsubscribe")
        .expect("List-Unsubscribe header");
    let link = header.trim_start_matches('<').trim_end_matches('>');
    assert!(
        email.text.contains(link),
        "the footer carries the same link"
    );
    let token = link
        .strip_prefix("https://vitalog.example/api/unsubscribe?token=")
        .expect("unsubscribe link");
    assert!(token.contains(".medications."), "{token}");
    let mut store = MockNotificationStore::new();
    store
        .expect_turn_off()
        .withf(|u, t| *u == UserId(5) && *t == Topic::Medications)
        .times(1)
        .returning(|_, _| Ok(true));
    let s = service(store, MockWeeklyDigest::new(), now);
    assert_eq!(s.unsubscribe(token).await.expect("ok"), Topic::Medications);
    assert_eq!(Topic::parse("medications"), Some(Topic::Medications));
    assert_eq!(Topic::Medications.label(), "medication reminder emails");
}
