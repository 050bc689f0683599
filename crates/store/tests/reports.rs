//! The report caps in the store, on both backends, under concurrent writers: the counts and
//! the inserts are one transaction, so racing requests cannot pass a cap together.

#![allow(clippy::expect_used)]

use std::sync::Arc;

use chrono::{Duration, NaiveDate, Utc};
use identity::model::{NewToken, NewUser, TokenPurpose};
use identity::ports::UserRepository;
use kernel::email_caps::{Cap, EmailCaps};
use kernel::outbox::OutgoingEmail;
use kernel::{Email, UserId};
use reports::ports::ReportRepository;
use reports::{EmailOutcome, NewReport, ReportSpec, ReportType};
use store::{Db, DbOptions, ReportStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

struct Ctx {
    _db: TestDb,
    users: UserStore,
    reports: Arc<ReportStore>,
}

fn ctx(backend: Backend) -> Ctx {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    Ctx {
        users: UserStore::new(db.clone()),
        reports: Arc::new(ReportStore::new(db)),
        _db: tdb,
    }
}

fn mail_to(to: &str) -> OutgoingEmail {
    let to = Email::parse(to).expect("email");
    OutgoingEmail::new(None, &to, "Report", "text".into(), "<p>html</p>".into())
}

async fn user(c: &Ctx, name: &str) -> UserId {
    let addr = format!("{name}@example.com");
    c.users
        .create(
            NewUser {
                username: name.into(),
                email: Email::parse(&addr).expect("email"),
                password_hash: "h".into(),
                first_name: String::new(),
                last_name: String::new(),
                created_at: Utc::now(),
                login_secret: "s".into(),
            },
            NewToken {
                user_id: None,
                purpose: TokenPurpose::VerifyEmail,
                token_hash: format!("vh-{name}"),
                new_email: None,
                expires_at: Utc::now() + Duration::hours(1),
                created_at: Utc::now(),
            },
            mail_to(&addr),
            mail_to(&addr),
        )
        .await
        .expect("user")
}

fn report() -> NewReport {
    let day = NaiveDate::from_ymd_opt(2026, 11, 1).expect("d");
    NewReport {
        spec: ReportSpec {
            name: "r".into(),
            report_type: ReportType::Bp,
            date_start: day,
            date_end: day,
            include_charts: true,
            include_table: true,
            include_analysis: true,
        },
        generated_at: Utc::now(),
        readings: 7,
        pdf: b"%PDF-1.7".to_vec(),
    }
}

async fn kept_reports_stop_at_the_cap_under_concurrent_inserts(b: Backend) {
    let c = ctx(b);
    let ann = user(&c, "ann").await;
    let mut inserts = tokio::task::JoinSet::new();
    for _ in 0..10 {
        let reports = c.reports.clone();
        inserts.spawn(async move { reports.insert(ann, report(), 3).await });
    }
    let stored: Vec<_> = inserts
        .join_all()
        .await
        .into_iter()
        .map(|r| r.expect("no db error"))
        .collect();
    assert_eq!(stored.iter().filter(|r| r.is_some()).count(), 3);
    assert_eq!(c.reports.count(ann).await.expect("count"), 3);
    let kept = c.reports.list(ann).await.expect("list");
    assert!(kept.iter().all(|m| m.readings == 7), "{kept:?}");
}

async fn recipient_and_hourly_caps_hold_across_concurrent_users(b: Backend) {
    let c = ctx(b);
    let mut users = Vec::new();
    for name in ["ann", "bob", "cy", "dee"] {
        let id = user(&c, name).await;
        let r = c
            .reports
            .insert(id, report(), 10)
            .await
            .expect("insert")
            .expect("stored");
        users.push((id, r.id));
    }
    let now = Utc::now();
    let caps = EmailCaps::daily(now, 10, 2).and_hourly(now, 5);
    let race = |to: &'static str, senders: Vec<(UserId, i64)>| {
        let mut sends = tokio::task::JoinSet::new();
        for (user, report) in senders {
            let reports = c.reports.clone();
            sends.spawn(async move {
                reports
                    .record_email(user, report, to, mail_to(to), caps)
                    .await
                    .expect("no db error")
            });
        }
        sends.join_all()
    };
    // Four users, three emails each, to one doctor: two get through.
    let all: Vec<_> = users.iter().flat_map(|u| [*u; 3]).collect();
    let outcomes = race("dr@example.com", all.clone()).await;
    let queued = outcomes
        .iter()
        .filter(|o| **o == EmailOutcome::Queued)
        .count();
    assert_eq!(queued, 2, "{outcomes:?}");
    assert!(outcomes.iter().all(|o| matches!(
        o,
        EmailOutcome::Queued | EmailOutcome::Refused(Cap::Recipient)
    )));
    // To another address, the hourly cap (5 in all) lets three more through.
    let outcomes = race("nurse@example.com", all).await;
    let queued = outcomes
        .iter()
        .filter(|o| **o == EmailOutcome::Queued)
        .count();
    assert_eq!(queued, 2, "the recipient cap first: {outcomes:?}");
    let outcomes = race(
        "pharmacist@example.com",
        users.iter().flat_map(|u| [*u; 3]).collect(),
    )
    .await;
    let queued = outcomes
        .iter()
        .filter(|o| **o == EmailOutcome::Queued)
        .count();
    assert_eq!(queued, 1, "five an hour in all: {outcomes:?}");
    assert!(
        outcomes.contains(&EmailOutcome::Refused(Cap::Hourly)),
        "{outcomes:?}"
    );
}

on_both_backends!(
    kept_reports_stop_at_the_cap_under_concurrent_inserts,
    recipient_and_hourly_caps_hold_across_concurrent_users,
);
