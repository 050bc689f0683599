//! The security log in the store, on both backends (issue 38): each person's own events,
//! newest first and paged, repeated share opens noted once an hour, a year kept, and the
//! log gone with the account.

#![allow(clippy::expect_used)]

use chrono::{DateTime, Duration, Utc};
use identity::ports::UserRepository;
use identity::security_log::{
    NewSecurityEvent, RETENTION_DAYS, SecurityEventKind as Kind, SecurityLog, retention_cutoff,
};
use kernel::UserId;
use kernel::outbox::OutgoingEmail;
use store::{SecurityLogStore, UserStore};
use testkit::{Backend, on_both_backends};

mod fixtures;
use fixtures::{migrated, user};

fn event(user: UserId, at: DateTime<Utc>, kind: Kind, detail: Option<&str>) -> NewSecurityEvent {
    NewSecurityEvent {
        user_id: user,
        at,
        kind,
        detail: detail.map(str::to_owned),
        device: Some("Firefox on Linux".into()),
        network: Some("192.0.2.0/24".into()),
    }
}

fn now() -> DateTime<Utc> {
    kernel::clock::truncate_micros(Utc::now())
}

async fn each_person_reads_their_own_newest_first_a_page_at_a_time(b: Backend) {
    let (_tdb, db) = migrated(b);
    let (users, log) = (UserStore::new(db.clone()), SecurityLogStore::new(db));
    let (ann, bob) = (user(&users, "ann").await, user(&users, "bob").await);
    let t = now();
    for i in 0..7 {
        let at = t + Duration::minutes(i);
        assert!(
            log.record(event(ann, at, Kind::SignedIn, Some("password")))
                .await
                .expect("record")
        );
    }
    log.record(event(bob, t, Kind::SignInFailed, None))
        .await
        .expect("record");

    let first = log.page(ann, None, 3).await.expect("page");
    assert_eq!(first.len(), 3);
    assert!(
        first
            .windows(2)
            .all(|w| w[0].id > w[1].id && w[0].at > w[1].at),
        "newest first: {first:?}"
    );
    assert_eq!(first[0].at, t + Duration::minutes(6));
    assert_eq!(first[0].kind, Kind::SignedIn);
    assert_eq!(first[0].detail.as_deref(), Some("password"));
    assert_eq!(first[0].device.as_deref(), Some("Firefox on Linux"));
    assert_eq!(first[0].network.as_deref(), Some("192.0.2.0/24"));
    let second = log
        .page(ann, Some(first[2].id), 3)
        .await
        .expect("older page");
    let third = log
        .page(ann, Some(second[2].id), 3)
        .await
        .expect("oldest page");
    assert_eq!(third.len(), 1, "7 = 3 + 3 + 1");
    assert_eq!(third[0].at, t, "the first event, last");
    let mut ids: Vec<i64> = [first, second, third]
        .concat()
        .iter()
        .map(|e| e.id)
        .collect();
    ids.dedup();
    assert_eq!(ids.len(), 7, "no event twice across pages");

    let bobs = log.page(bob, None, 25).await.expect("bob's");
    assert_eq!(bobs.len(), 1, "only his own");
    assert_eq!(bobs[0].kind, Kind::SignInFailed);
}

async fn repeats_are_noted_once_in_their_window(b: Backend) {
    let (_tdb, db) = migrated(b);
    let (users, log) = (UserStore::new(db.clone()), SecurityLogStore::new(db));
    let ann = user(&users, "ann").await;
    let t = now();
    let open = |at, label| log.record(event(ann, at, Kind::ShareOpened, Some(label)));
    assert!(open(t, "Dr Patel").await.expect("first open"));
    assert!(
        !open(t + Duration::minutes(59), "Dr Patel")
            .await
            .expect("again")
    );
    assert!(
        open(t + Duration::minutes(5), "Dr Lee")
            .await
            .expect("another link")
    );
    assert!(
        open(t + Duration::minutes(61), "Dr Patel")
            .await
            .expect("an hour on")
    );
    // Wrong passwords: once in 10 minutes from one device and network, but at once from
    // another network; other kinds are never quieted.
    let failed = |at, network: &str| {
        let mut e = event(ann, at, Kind::SignInFailed, None);
        e.network = Some(network.to_owned());
        log.record(e)
    };
    assert!(failed(t, "192.0.2.0/24").await.expect("first"));
    assert!(
        !failed(t + Duration::minutes(9), "192.0.2.0/24")
            .await
            .expect("again")
    );
    assert!(
        failed(t + Duration::minutes(9), "198.51.100.0/24")
            .await
            .expect("elsewhere")
    );
    for _ in 0..2 {
        assert!(
            log.record(event(ann, t, Kind::PasswordChanged, None))
                .await
                .expect("change")
        );
    }
    let kinds: Vec<Kind> = log
        .page(ann, None, 25)
        .await
        .expect("page")
        .iter()
        .map(|e| e.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            Kind::PasswordChanged,
            Kind::PasswordChanged,
            Kind::SignInFailed,
            Kind::SignInFailed,
            Kind::ShareOpened,
            Kind::ShareOpened,
            Kind::ShareOpened,
        ]
    );
}

async fn a_year_is_kept_and_the_log_goes_with_the_account(b: Backend) {
    let (_tdb, db) = migrated(b);
    let (users, log) = (UserStore::new(db.clone()), SecurityLogStore::new(db));
    let ann = user(&users, "ann").await;
    let t = now();
    let old = t - Duration::days(RETENTION_DAYS) - Duration::minutes(1);
    let kept = t - Duration::days(RETENTION_DAYS) + Duration::minutes(1);
    for at in [old, kept] {
        log.record(event(ann, at, Kind::PasswordChanged, None))
            .await
            .expect("record");
    }
    assert_eq!(
        log.purge_before(retention_cutoff(t)).await.expect("purge"),
        1
    );
    let left = log.page(ann, None, 25).await.expect("page");
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].at, kept);

    let email = kernel::Email::parse("ann@example.com").expect("email");
    let notice = OutgoingEmail::new(None, &email, "bye", "t".into(), "h".into());
    users.delete_account(ann, notice).await.expect("delete");
    assert!(log.page(ann, None, 25).await.expect("page").is_empty());
}

on_both_backends!(
    each_person_reads_their_own_newest_first_a_page_at_a_time,
    repeats_are_noted_once_in_their_window,
    a_year_is_kept_and_the_log_goes_with_the_account,
);
