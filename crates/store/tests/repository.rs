//! The storage suite: every test runs on SQLite and on PostgreSQL.

#![allow(clippy::expect_used)]

use std::sync::Arc;

use chrono::{Duration, Utc};
use identity::error::RepoError;
use identity::model::*;
use identity::ports::{SessionRepository, UserRepository};
use kernel::outbox::{OutboxQueue, OutgoingEmail};
use kernel::units::{BloodSugarUnit, WeightUnit};
use kernel::{Email, UserId};
use store::{Db, DbOptions, OutboxStore, SessionStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

struct Ctx {
    _db: TestDb,
    db: Db,
    users: UserStore,
    sessions: SessionStore,
    outbox: OutboxStore,
}

fn ctx(backend: Backend) -> Ctx {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    Ctx {
        users: UserStore::new(db.clone()),
        sessions: SessionStore::new(db.clone()),
        outbox: OutboxStore::new(db.clone()),
        db,
        _db: tdb,
    }
}

fn now() -> chrono::DateTime<Utc> {
    kernel::clock::truncate_micros(Utc::now())
}

fn email(s: &str) -> Email {
    Email::parse(s).expect("email")
}

fn mail_to(to: &str, subject: &str) -> OutgoingEmail {
    OutgoingEmail::new(
        None,
        &email(to),
        subject,
        "text".into(),
        "<p>html</p>".into(),
    )
}

fn token(purpose: TokenPurpose, hash: &str, user: Option<UserId>, ttl: Duration) -> NewToken {
    NewToken {
        user_id: user,
        purpose,
        token_hash: hash.into(),
        new_email: None,
        expires_at: now() + ttl,
        created_at: now(),
    }
}

async fn create(c: &Ctx, name: &str, addr: &str, verify_hash: &str) -> Result<UserId, RepoError> {
    c.users
        .create(
            NewUser {
                username: name.into(),
                email: email(addr),
                password_hash: "h".into(),
                first_name: String::new(),
                last_name: String::new(),
                created_at: now(),
                login_secret: "first".into(),
            },
            token(
                TokenPurpose::VerifyEmail,
                verify_hash,
                None,
                Duration::hours(24),
            ),
            mail_to(addr, "Verify"),
            mail_to(addr, "Someone tried"),
        )
        .await
}

async fn migrations_are_idempotent(b: Backend) {
    let c = ctx(b);
    assert_eq!(c.db.migrate().expect("second run"), 0);
}

async fn create_find_and_uniqueness(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "Ann", "ann@example.com", "v1")
        .await
        .expect("create");
    let u = c.users.by_id(id).await.expect("q").expect("found");
    assert_eq!(u.username, "Ann");
    assert!(!u.email_verified);
    assert_eq!(u.gender, Gender::Other);
    assert_eq!(
        c.users.by_login("ANN").await.expect("q").map(|u| u.id),
        Some(id)
    );
    assert_eq!(
        c.users
            .by_login("ann@example.com")
            .await
            .expect("q")
            .map(|u| u.id),
        Some(id)
    );
    assert!(c.users.by_login("bob").await.expect("q").is_none());
    assert!(matches!(
        create(&c, "ann", "other@example.com", "v2").await,
        Err(RepoError::UsernameTaken)
    ));
    assert!(matches!(
        create(&c, "bob", "ann@example.com", "v3").await,
        Err(RepoError::EmailTaken)
    ));
    // The verification email was queued with the new user's id, in the same transaction.
    let queued = c
        .outbox
        .claim_due(now(), now() + Duration::minutes(1), 10)
        .await
        .expect("claim");
    let mut queued: Vec<_> = queued.into_iter().map(|q| q.email).collect();
    queued.sort_by(|a, b| a.subject.cmp(&b.subject));
    assert_eq!(
        queued.len(),
        2,
        "the registration's verification, and a note to the owner of the taken address"
    );
    assert_eq!(queued[0].subject, "Someone tried");
    assert_eq!(queued[0].to, "ann@example.com");
    assert_eq!(queued[1].subject, "Verify");
    assert_eq!(queued[1].user_id, Some(id));
    assert_eq!(queued[1].to, "ann@example.com");
}

async fn verification_token_is_single_use_even_concurrently(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    let users = Arc::new(c.users.clone());
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let users = users.clone();
        tasks.push(tokio::spawn(async move {
            users.consume_verification("vh", now()).await
        }));
    }
    let mut wins = 0;
    for t in tasks {
        match t.await.expect("join").expect("no db error") {
            Some(Verified::Account(v)) => {
                assert_eq!(v, id);
                wins += 1;
            }
            Some(Verified::AlreadyVerified(v)) => assert_eq!(v, id),
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(wins, 1);
    assert!(
        c.users
            .by_id(id)
            .await
            .expect("q")
            .expect("u")
            .email_verified
    );
}

async fn expired_tokens_are_not_usable(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    assert_eq!(
        c.users
            .consume_verification("vh", now() + Duration::hours(25))
            .await
            .expect("q"),
        None
    );
    c.users
        .issue_token(
            token(
                TokenPurpose::ResetPassword,
                "r1",
                Some(id),
                Duration::hours(1),
            ),
            mail_to("ann@example.com", "Reset"),
        )
        .await
        .expect("issue");
    assert!(
        c.users
            .find_token(TokenPurpose::ResetPassword, "r1", now())
            .await
            .expect("q")
            .is_some()
    );
    assert!(
        c.users
            .find_token(
                TokenPurpose::ResetPassword,
                "r1",
                now() + Duration::minutes(61)
            )
            .await
            .expect("q")
            .is_none()
    );
    // A token of another purpose is not accepted.
    assert!(
        c.users
            .find_token(TokenPurpose::VerifyEmail, "r1", now())
            .await
            .expect("q")
            .is_none()
    );
}

/// Issue 14.9: a resend must not break the link already in the inbox, and a used link of
/// a verified account says so instead of "invalid".
async fn every_verification_link_works_until_one_is_used(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "v0")
        .await
        .expect("create");
    for h in ["v1", "v2"] {
        c.users
            .issue_token(
                token(TokenPurpose::VerifyEmail, h, Some(id), Duration::hours(24)),
                mail_to("ann@example.com", "Verify"),
            )
            .await
            .expect("issue");
    }
    let consume = |h: &'static str| {
        let users = c.users.clone();
        async move { users.consume_verification(h, now()).await.expect("q") }
    };
    assert_eq!(consume("v0").await, Some(Verified::Account(id)));
    assert_eq!(consume("v0").await, Some(Verified::AlreadyVerified(id)));
    assert_eq!(consume("v2").await, Some(Verified::AlreadyVerified(id)));
    assert_eq!(consume("nope").await, None);
    // Bounded: the oldest unused link goes once more than links_kept() are out.
    let id2 = create(&c, "bob", "bob@example.com", "b0")
        .await
        .expect("create");
    let kept = TokenPurpose::VerifyEmail.links_kept();
    for i in 1..=kept {
        c.users
            .issue_token(
                token(
                    TokenPurpose::VerifyEmail,
                    &format!("b{i}"),
                    Some(id2),
                    Duration::hours(24),
                ),
                mail_to("bob@example.com", "Verify"),
            )
            .await
            .expect("issue");
    }
    assert_eq!(
        c.users.consume_verification("b0", now()).await.expect("q"),
        None,
        "the oldest of {} links was dropped",
        kept + 1
    );
    assert_eq!(
        c.users.consume_verification("b1", now()).await.expect("q"),
        Some(Verified::Account(id2))
    );
}

async fn newer_token_replaces_older(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    for h in ["r1", "r2"] {
        c.users
            .issue_token(
                token(TokenPurpose::ResetPassword, h, Some(id), Duration::hours(1)),
                mail_to("ann@example.com", "Reset"),
            )
            .await
            .expect("issue");
    }
    let find = |h: &'static str| {
        let users = c.users.clone();
        async move {
            users
                .find_token(TokenPurpose::ResetPassword, h, now())
                .await
                .expect("q")
        }
    };
    assert!(find("r1").await.is_none());
    assert!(find("r2").await.is_some());
}

async fn reset_password_ends_sessions_once(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    c.sessions
        .insert("s1", Some(id), "{}", now() + Duration::hours(1))
        .await
        .expect("session");
    c.users
        .issue_token(
            token(
                TokenPurpose::ResetPassword,
                "r1",
                Some(id),
                Duration::hours(1),
            ),
            mail_to("ann@example.com", "Reset"),
        )
        .await
        .expect("issue");
    let notice = mail_to("ann@example.com", "Your Vitalog password was changed");
    let new = |hash: &str| NewPassword {
        hash: hash.into(),
        login_secret: format!("after {hash}"),
    };
    assert!(
        c.users
            .reset_password("r1", &new("newhash"), now(), notice.clone())
            .await
            .expect("reset")
    );
    assert!(
        !c.users
            .reset_password("r1", &new("other"), now(), notice)
            .await
            .expect("second use")
    );
    let u = c.users.by_id(id).await.expect("q").expect("u");
    assert_eq!(u.password_hash, "newhash");
    assert_eq!(u.login_secret, "after newhash", "stored with the password");
    assert!(u.email_verified, "the reset link proved the address");
    assert!(c.sessions.load("s1", now()).await.expect("q").is_none());
    let subjects: Vec<String> = c
        .outbox
        .claim_due(now(), now() + Duration::minutes(1), 10)
        .await
        .expect("claim")
        .into_iter()
        .map(|q| q.email.subject)
        .collect();
    assert_eq!(subjects.iter().filter(|s| s.contains("changed")).count(), 1);
}

async fn email_change_applies_on_confirmation(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    create(&c, "bob", "bob@example.com", "vb")
        .await
        .expect("create");
    let mut t = token(
        TokenPurpose::ChangeEmail,
        "c1",
        Some(id),
        Duration::hours(24),
    );
    t.new_email = Some(email("ann.new@example.com"));
    c.users
        .issue_token(t, mail_to("ann.new@example.com", "Confirm"))
        .await
        .expect("issue");
    assert_eq!(
        c.users
            .by_id(id)
            .await
            .expect("q")
            .expect("u")
            .email
            .as_str(),
        "ann@example.com",
        "old address stays until confirmed"
    );
    assert_eq!(
        c.users.consume_verification("c1", now()).await.expect("q"),
        None,
        "a change link is not an account verification"
    );
    let undo = |hash: &str| {
        let mut t = token(
            TokenPurpose::UndoEmailChange,
            hash,
            Some(id),
            Duration::days(7),
        );
        t.new_email = Some(email("ann@example.com"));
        t
    };
    assert_eq!(
        c.users
            .change_email(
                "c1",
                now(),
                undo("u1"),
                mail_to("ann@example.com", "changed")
            )
            .await
            .expect("q"),
        Some(id)
    );
    assert_eq!(
        c.users
            .by_id(id)
            .await
            .expect("q")
            .expect("u")
            .email
            .as_str(),
        "ann.new@example.com"
    );
    // Someone else's address cannot be taken over by a change link.
    let mut t = token(
        TokenPurpose::ChangeEmail,
        "c2",
        Some(id),
        Duration::hours(24),
    );
    t.new_email = Some(email("bob@example.com"));
    c.users
        .issue_token(t, mail_to("bob@example.com", "Confirm"))
        .await
        .expect("issue");
    assert!(matches!(
        c.users
            .change_email("c2", now(), undo("u2"), mail_to("x@example.com", "changed"))
            .await,
        Err(RepoError::EmailTaken)
    ));
}

async fn profile_and_preferences(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    let dob = chrono::NaiveDate::from_ymd_opt(1980, 2, 29).expect("date");
    c.users
        .update_profile(
            id,
            ProfileChanges {
                first_name: Some("Ann".into()),
                date_of_birth: Some(Some(dob)),
                gender: Some(Gender::PreferNotToSay),
                ..Default::default()
            },
        )
        .await
        .expect("update");
    let u = c.users.by_id(id).await.expect("q").expect("u");
    assert_eq!((u.first_name.as_str(), u.last_name.as_str()), ("Ann", ""));
    assert_eq!(u.date_of_birth, Some(dob));
    assert_eq!(u.gender, Gender::PreferNotToSay);
    c.users
        .update_profile(
            id,
            ProfileChanges {
                date_of_birth: Some(None),
                ..Default::default()
            },
        )
        .await
        .expect("clear");
    let u = c.users.by_id(id).await.expect("q").expect("u");
    assert_eq!(u.date_of_birth, None);
    assert_eq!(u.first_name, "Ann", "unsent fields are kept");

    assert_eq!(
        c.users.preferences(id).await.expect("q"),
        Preferences::default()
    );
    let p = Preferences {
        weight_unit: WeightUnit::Kg,
        blood_sugar_unit: BloodSugarUnit::MmolL,
        email_reminders: true,
        weekly_reports: false,
        reminder_time: chrono::NaiveTime::from_hms_opt(7, 45, 0).expect("time"),
        time_zone: chrono_tz::Tz::America__New_York,
        guideline: kernel::Guideline::Esh2023,
    };
    c.users.save_preferences(id, p).await.expect("insert");
    assert_eq!(c.users.preferences(id).await.expect("q"), p);
    let p2 = Preferences {
        weekly_reports: true,
        guideline: kernel::Guideline::Esc2024,
        ..p
    };
    c.users.save_preferences(id, p2).await.expect("update");
    assert_eq!(c.users.preferences(id).await.expect("q"), p2);
}

async fn sessions_cannot_be_revived(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    let later = now() + Duration::hours(1);
    c.sessions
        .insert("k1", Some(id), "{\"a\":1}", later)
        .await
        .expect("ins");
    c.sessions
        .insert("k2", Some(id), "{}", later)
        .await
        .expect("ins");
    c.sessions
        .insert("anon", None, "{}", later)
        .await
        .expect("ins");
    assert_eq!(
        c.sessions.load("k1", now()).await.expect("q").as_deref(),
        Some("{\"a\":1}")
    );
    assert!(
        c.sessions
            .update("k1", Some(id), "{\"a\":2}", later)
            .await
            .expect("upd")
    );
    assert!(
        c.sessions.load("k1", later).await.expect("q").is_none(),
        "expired at its time"
    );
    c.sessions.delete_for_user(id).await.expect("del");
    assert!(c.sessions.load("k2", now()).await.expect("q").is_none());
    assert!(c.sessions.load("anon", now()).await.expect("q").is_some());
    assert!(
        !c.sessions
            .update("k1", Some(id), "{}", later)
            .await
            .expect("upd"),
        "an ended session is not recreated by an update"
    );
    assert!(c.sessions.load("k1", now()).await.expect("q").is_none());
    assert_eq!(
        c.sessions
            .purge_expired(later + Duration::seconds(1))
            .await
            .expect("purge"),
        1
    );
}

async fn a_users_sessions_are_listed_and_ended_one_at_a_time(b: Backend) {
    let c = ctx(b);
    let ann = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    let bob = create(&c, "bob", "bob@example.com", "vh-bob")
        .await
        .expect("create");
    let t = now();
    let later = t + Duration::hours(1);
    for (key, user, until) in [
        ("a1", Some(ann), later),
        ("a2", Some(ann), later),
        ("gone", Some(ann), t - Duration::seconds(1)),
        ("b1", Some(bob), later),
        ("anon", None, later),
    ] {
        c.sessions
            .insert(key, user, &format!("{{\"k\":\"{key}\"}}"), until)
            .await
            .expect("ins");
    }
    let listed = c.sessions.of_user(ann, t).await.expect("list");
    let keys: Vec<&str> = listed.iter().map(|s| s.key_hash.as_str()).collect();
    assert_eq!(
        keys.len(),
        2,
        "the expired one and others' are not listed: {keys:?}"
    );
    assert!(keys.contains(&"a1") && keys.contains(&"a2"));
    assert!(listed.iter().any(|s| s.state == "{\"k\":\"a1\"}"));
    assert!(
        !c.sessions.delete_of_user(ann, "b1").await.expect("del"),
        "another user's session is not theirs to end"
    );
    assert!(c.sessions.load("b1", t).await.expect("q").is_some());
    assert!(c.sessions.delete_of_user(ann, "a1").await.expect("del"));
    assert!(c.sessions.load("a1", t).await.expect("q").is_none());
    assert!(!c.sessions.delete_of_user(ann, "a1").await.expect("del"));
    assert!(c.sessions.load("a2", t).await.expect("q").is_some());
}

async fn a_new_browsers_notice_is_queued_except_at_the_first_sign_in(b: Backend) {
    let c = ctx(b);
    let ann = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    let t = now();
    let pending = || async { c.outbox.pending_count().await.expect("count") };
    let before = pending().await;
    let notice = || Some(mail_to("ann@example.com", "New sign-in to Vitalog"));
    assert!(
        !c.users
            .record_sign_in(ann, t, notice())
            .await
            .expect("first"),
        "the account's first sign-in"
    );
    assert_eq!(pending().await, before);
    assert!(
        !c.users
            .record_sign_in(ann, t, None)
            .await
            .expect("known browser")
    );
    assert!(
        c.users
            .record_sign_in(ann, t, notice())
            .await
            .expect("new browser")
    );
    assert_eq!(pending().await, before + 1);
    assert!(
        !c.users
            .record_sign_in(UserId(ann.0 + 1000), t, notice())
            .await
            .expect("no such user")
    );
    assert_eq!(pending().await, before + 1);
}

async fn outbox_claims_leases_and_retries(b: Backend) {
    let c = ctx(b);
    create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    let t0 = now();
    let lease = t0 + Duration::minutes(1);
    let first = c.outbox.claim_due(t0, lease, 10).await.expect("claim");
    assert_eq!(first.len(), 1);
    assert!(
        c.outbox
            .claim_due(t0, lease, 10)
            .await
            .expect("claim")
            .is_empty(),
        "a leased email is not claimed twice"
    );
    let id = first[0].id;
    c.outbox
        .mark_failed(id, "connection refused", Some(t0 + Duration::seconds(30)))
        .await
        .expect("fail");
    assert!(
        c.outbox
            .claim_due(t0, lease, 10)
            .await
            .expect("claim")
            .is_empty(),
        "not due yet"
    );
    let again = c
        .outbox
        .claim_due(t0 + Duration::seconds(31), lease, 10)
        .await
        .expect("claim");
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].attempts, 1);
    assert_eq!(c.outbox.pending_count().await.expect("count"), 1);
    c.outbox.mark_sent(id, now()).await.expect("sent");
    assert_eq!(c.outbox.pending_count().await.expect("count"), 0);
    assert!(
        c.outbox
            .claim_due(t0 + Duration::hours(1), t0 + Duration::hours(2), 10)
            .await
            .expect("claim")
            .is_empty()
    );
}

async fn attachments_and_headers_round_trip(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    let mut m = mail_to("doctor@example.com", "Report");
    m.user_id = Some(id);
    m.attachment = Some(kernel::outbox::Attachment {
        filename: "report.pdf".into(),
        content_type: "application/pdf".into(),
        data: vec![0, 1, 2, 255],
    });
    m.headers = vec![("List-Unsubscribe".into(), "<https://x/u>".into())];
    c.users
        .issue_token(
            token(
                TokenPurpose::ResetPassword,
                "r",
                Some(id),
                Duration::hours(1),
            ),
            m.clone(),
        )
        .await
        .expect("issue");
    let q = c
        .outbox
        .claim_due(now(), now() + Duration::minutes(1), 10)
        .await
        .expect("claim");
    let got = q
        .into_iter()
        .find(|q| q.email.to == "doctor@example.com")
        .expect("queued");
    assert_eq!(got.email, m);
}

async fn change_password_replaces_the_login_secret(b: Backend) {
    let c = ctx(b);
    let id = create(&c, "ann", "ann@example.com", "vh")
        .await
        .expect("create");
    let before = c.users.by_id(id).await.expect("q").expect("u");
    assert_eq!(before.login_secret, "first");
    let new = NewPassword {
        hash: "newhash".into(),
        login_secret: "second".into(),
    };
    c.users
        .change_password(id, &new, mail_to("ann@example.com", "changed"))
        .await
        .expect("change");
    let after = c.users.by_id(id).await.expect("q").expect("u");
    assert_eq!(after.password_hash, "newhash");
    assert_eq!(
        after.login_secret, "second",
        "device cookies of before no longer count"
    );
}

on_both_backends!(
    migrations_are_idempotent,
    create_find_and_uniqueness,
    verification_token_is_single_use_even_concurrently,
    expired_tokens_are_not_usable,
    newer_token_replaces_older,
    every_verification_link_works_until_one_is_used,
    reset_password_ends_sessions_once,
    change_password_replaces_the_login_secret,
    email_change_applies_on_confirmation,
    profile_and_preferences,
    sessions_cannot_be_revived,
    a_users_sessions_are_listed_and_ended_one_at_a_time,
    a_new_browsers_notice_is_queued_except_at_the_first_sign_in,
    outbox_claims_leases_and_retries,
    attachments_and_headers_round_trip,
);

#[test]
fn unreachable_postgres_fails_clearly() {
    let err = Db::connect(&DbOptions::new("postgres://postgres:pw@127.0.0.1:1/none"))
        .err()
        .expect("must fail");
    let msg = err.to_string();
    assert!(msg.starts_with("cannot open the database"), "{msg}");
    assert!(
        msg.contains("postgres://postgres:***@127.0.0.1:1/none"),
        "password redacted: {msg}"
    );
}

#[test]
fn unknown_scheme_is_refused() {
    let err = Db::connect(&DbOptions::new("mysql://x"))
        .err()
        .expect("must fail");
    assert!(err.to_string().contains("unsupported database URL"));
}

mod secrets {
    use super::*;

    async fn shared_secret_is_created_once(b: Backend) {
        let c = ctx(b);
        let a = c.db.shared_secret("cookie").await.expect("create");
        let again = c.db.shared_secret("cookie").await.expect("read");
        assert_eq!(a, again);
        assert!(a.len() >= 43);
        assert_ne!(c.db.shared_secret("other").await.expect("other"), a);
    }

    async fn backup_copies_a_live_database(b: Backend) {
        let c = ctx(b);
        create(&c, "ann", "ann@example.com", "vh")
            .await
            .expect("create");
        let dir = tempfile::tempdir().expect("dir");
        let dest = dir.path().join("copy.db");
        let result = c.db.backup_to(&dest).await;
        match b {
            Backend::Sqlite => {
                result.expect("backup");
                let copy = Db::connect(&DbOptions::new(&format!("sqlite://{}", dest.display())))
                    .expect("open copy");
                let users = UserStore::new(copy);
                assert!(users.by_login("ann").await.expect("q").is_some());
                assert!(c.db.backup_to(&dest).await.is_err(), "never overwrites");
            }
            Backend::Postgres => {
                let msg = result.expect_err("not for postgres").to_string();
                assert!(msg.contains("pg_dump"), "{msg}");
            }
        }
    }

    testkit::on_both_backends!(shared_secret_is_created_once, backup_copies_a_live_database);
}

mod subscriptions {
    use super::*;
    use billing::model::{NewPayment, PaymentMethod, PendingCapture, Recorded, extend};
    use billing::ports::SubscriptionRepository;
    use store::SubscriptionStore;

    fn payment(user: UserId, order: &str) -> NewPayment {
        NewPayment {
            user_id: user,
            order_id: order.into(),
            capture_id: Some("CAP".into()),
            method: PaymentMethod::Paypal,
            amount: "5.00".into(),
            currency: "USD".into(),
            client_claim: "{}".into(),
            created_at: now(),
        }
    }

    async fn one_order_extends_once_even_concurrently(b: Backend) {
        let c = ctx(b);
        let ann = create(&c, "ann", "ann@example.com", "v1")
            .await
            .expect("ann");
        let bob = create(&c, "bob", "bob@example.com", "v2")
            .await
            .expect("bob");
        let subs = Arc::new(SubscriptionStore::new(c.db.clone()));
        let t0 = now();
        let mut tasks = Vec::new();
        for _ in 0..20 {
            let subs = subs.clone();
            tasks.push(tokio::spawn(async move {
                subs.record_payment(payment(ann, "ORDER-1"), t0).await
            }));
        }
        let mut extended = 0;
        for t in tasks {
            match t.await.expect("join").expect("recorded") {
                Recorded::Extended(_) => extended += 1,
                Recorded::AlreadyApplied => {}
                Recorded::OtherUser => panic!("same user"),
            }
        }
        assert_eq!(extended, 1);
        let s = subs.status(ann).await.expect("status");
        assert_eq!(s.expires_at, Some(extend(None, t0)));
        assert_eq!(
            subs.record_payment(payment(bob, "ORDER-1"), t0)
                .await
                .expect("q"),
            Recorded::OtherUser
        );
        assert_eq!(subs.status(bob).await.expect("q").expires_at, None);

        // A second order adds a year to the current expiry, not to now.
        subs.record_payment(payment(ann, "ORDER-2"), t0)
            .await
            .expect("second");
        assert_eq!(
            subs.status(ann).await.expect("q").expires_at,
            Some(extend(Some(extend(None, t0)), t0))
        );
        let cancelled = subs.cancel(ann, t0).await.expect("cancel");
        assert_eq!(cancelled.cancelled_at, Some(t0));
        assert!(cancelled.is_active(t0), "prepaid time runs to its end");
    }

    /// The activation is written down before the capture, once per order and user (the
    /// owner's row survives anyone else sending the same order id), and leaves in the
    /// transaction that records the payment, or when dropped.
    async fn pending_captures_last_until_recorded_or_dropped(b: Backend) {
        let c = ctx(b);
        let ann = create(&c, "ann", "ann@example.com", "v1")
            .await
            .expect("ann");
        let bob = create(&c, "bob", "bob@example.com", "v2")
            .await
            .expect("bob");
        let subs = SubscriptionStore::new(c.db.clone());
        let pending = |user: UserId, order: &str| PendingCapture {
            user_id: user,
            order_id: order.into(),
            method: PaymentMethod::CreditCard,
            client_claim: "{\"amount\":\"0.01\"}".into(),
            created_at: now(),
        };
        for p in [
            pending(ann, "ORDER-1"),
            pending(ann, "ORDER-1"),
            pending(bob, "ORDER-1"),
            pending(ann, "ORDER-2"),
        ] {
            subs.begin_capture(p).await.expect("written");
        }
        let listed = subs.pending_captures(10).await.expect("list");
        assert_eq!(listed.len(), 3, "{listed:?}");
        let first = listed
            .iter()
            .find(|p| p.user_id == ann && p.order_id == "ORDER-1")
            .expect("ann's ORDER-1");
        assert_eq!(first.method, PaymentMethod::CreditCard);
        assert_eq!(first.client_claim, "{\"amount\":\"0.01\"}");

        let t0 = now();
        subs.record_payment(payment(ann, "ORDER-1"), t0)
            .await
            .expect("recorded");
        subs.drop_capture(bob, "ORDER-1").await.expect("dropped");
        let left: Vec<_> = subs
            .pending_captures(10)
            .await
            .expect("list")
            .into_iter()
            .map(|p| (p.user_id, p.order_id))
            .collect();
        assert_eq!(left, vec![(ann, "ORDER-2".to_owned())]);
    }

    testkit::on_both_backends!(
        one_order_extends_once_even_concurrently,
        pending_captures_last_until_recorded_or_dropped
    );
}

mod readings_store {
    use super::*;
    use chrono::NaiveDate;
    use readings::model::*;
    use readings::ports::ReadingRepository;
    use store::ReadingStore;

    fn values(date: &str, time: &str, m: Measurements, notes: Option<&str>) -> ReadingValues {
        ReadingValues {
            date: kernel::date::parse_date(date).expect("date"),
            time: kernel::date::parse_time(time).expect("time"),
            values: m,
            notes: notes.map(str::to_owned),
            setting: readings::Setting::Home,
            origin: Default::default(),
        }
    }

    fn bp(s: i32, d: i32) -> Measurements {
        Measurements {
            systolic: Some(s),
            diastolic: Some(d),
            ..Default::default()
        }
    }

    async fn crud_and_ownership(b: Backend) {
        let c = ctx(b);
        let ann = create(&c, "ann", "ann@example.com", "v1")
            .await
            .expect("ann");
        let bob = create(&c, "bob", "bob@example.com", "v2")
            .await
            .expect("bob");
        let s = ReadingStore::new(c.db.clone());
        let w = Measurements {
            weight: Some(154.3236),
            blood_sugar: Some(99.088),
            ..Default::default()
        };
        let r = s
            .insert(ann, values("2026-11-20", "07:05", w, Some("50% fasting")))
            .await
            .expect("insert");
        assert_eq!(r.user_id, ann);
        assert_eq!(
            r.values.weight,
            Some(154.3236),
            "doubles keep their precision"
        );
        assert_eq!(r.values.blood_sugar, Some(99.088));
        assert_eq!(r.time.format("%H:%M").to_string(), "07:05");
        assert_eq!(s.get(ann, r.id).await.expect("q"), Some(r.clone()));
        assert_eq!(s.get(bob, r.id).await.expect("q"), None);
        assert_eq!(
            s.update(bob, r.id, values("2026-11-21", "08:00", bp(120, 80), None))
                .await
                .expect("q"),
            None
        );
        assert!(!s.delete(bob, r.id).await.expect("q"));
        let u = s
            .update(ann, r.id, values("2026-11-21", "08:00", bp(120, 80), None))
            .await
            .expect("q")
            .expect("updated");
        assert_eq!(u.values, bp(120, 80));
        assert_eq!(u.notes, None);
        assert!(s.delete(ann, r.id).await.expect("q"));
        assert_eq!(s.get(ann, r.id).await.expect("q"), None);
    }

    async fn filters_search_order_and_paging(b: Backend) {
        let c = ctx(b);
        let ann = create(&c, "ann", "ann@example.com", "v1")
            .await
            .expect("ann");
        let bob = create(&c, "bob", "bob@example.com", "v2")
            .await
            .expect("bob");
        let s = ReadingStore::new(c.db.clone());
        let hr = Measurements {
            heart_rate: Some(60),
            ..Default::default()
        };
        s.insert(
            ann,
            values("2026-11-01", "09:00", bp(120, 80), Some("After Coffee")),
        )
        .await
        .expect("i");
        s.insert(ann, values("2026-11-01", "21:30", hr, Some("100% rested")))
            .await
            .expect("i");
        s.insert(ann, values("2026-11-10", "08:00", bp(130, 85), None))
            .await
            .expect("i");
        s.insert(ann, values("2026-10-01", "08:00", hr, Some("coffee_break")))
            .await
            .expect("i");
        s.insert(
            bob,
            values("2026-11-05", "08:00", bp(110, 70), Some("coffee")),
        )
        .await
        .expect("i");

        let all = s.list(ann, ReadingQuery::default()).await.expect("list");
        assert_eq!(all.total, 4);
        let order: Vec<String> = all
            .readings
            .iter()
            .map(|r| format!("{} {}", r.date, r.time.format("%H:%M")))
            .collect();
        assert_eq!(
            order,
            [
                "2026-11-10 08:00",
                "2026-11-01 21:30",
                "2026-11-01 09:00",
                "2026-10-01 08:00"
            ]
        );
        let q = |f: fn(&mut ReadingQuery)| {
            let mut query = ReadingQuery::default();
            f(&mut query);
            let s = s.clone();
            async move { s.list(ann, query).await.expect("list") }
        };
        assert_eq!(q(|q| q.kind = Some(Kind::Bp)).await.total, 2);
        assert_eq!(q(|q| q.kind = Some(Kind::Hr)).await.total, 2);
        assert_eq!(q(|q| q.kind = Some(Kind::Weight)).await.total, 0);
        assert_eq!(
            q(|q| q.from = NaiveDate::from_ymd_opt(2026, 11, 1))
                .await
                .total,
            3,
            "from is inclusive"
        );
        assert_eq!(
            q(|q| q.to = NaiveDate::from_ymd_opt(2026, 11, 1))
                .await
                .total,
            3,
            "to is inclusive"
        );
        let coffee = q(|q| q.text = Some("COFFEE".into())).await;
        assert_eq!(coffee.total, 2, "case-insensitive, only ann's");
        assert_eq!(
            q(|q| q.text = Some("100%".into())).await.total,
            1,
            "% is literal"
        );
        assert_eq!(
            q(|q| q.text = Some("e_b".into())).await.total,
            1,
            "_ is literal"
        );
        assert_eq!(
            q(|q| q.text = Some("2026-10".into())).await.total,
            1,
            "dates match"
        );

        let page = q(|q| {
            q.limit = Some(2);
            q.offset = 2;
        })
        .await;
        assert_eq!(page.total, 4);
        assert_eq!(page.readings.len(), 2);
        assert_eq!(page.readings[0].date.to_string(), "2026-11-01");
        assert_eq!(page.readings[1].date.to_string(), "2026-10-01");
    }

    async fn deleting_a_user_deletes_their_readings(b: Backend) {
        use diesel::prelude::*;
        let c = ctx(b);
        let ann = create(&c, "ann", "ann@example.com", "v1")
            .await
            .expect("ann");
        let s = ReadingStore::new(c.db.clone());
        s.insert(ann, values("2026-11-01", "09:00", bp(120, 80), None))
            .await
            .expect("i");
        let db = c.db.clone();
        db.write(move |conn| -> anyhow::Result<()> {
            diesel::sql_query(format!("DELETE FROM users WHERE id = {}", ann.0)).execute(conn)?;
            Ok(())
        })
        .await
        .expect("delete user");
        assert_eq!(
            s.list(ann, ReadingQuery::default())
                .await
                .expect("list")
                .total,
            0
        );
    }

    testkit::on_both_backends!(
        crud_and_ownership,
        filters_search_order_and_paging,
        deleting_a_user_deletes_their_readings
    );
}
