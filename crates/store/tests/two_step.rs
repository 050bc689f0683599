//! Two-step verification's storage on SQLite and PostgreSQL: the secret sealed at rest and
//! bound to its account, each step and recovery code accepted once, a setup turned on only
//! as it was read.

#![allow(clippy::expect_used)]

use chrono::{Duration, Utc};
use diesel::prelude::*;
use diesel::sql_types::Text;
use identity::model::{NewToken, NewUser, TokenPurpose};
use identity::ports::{TwoStepRepository, UserRepository};
use kernel::outbox::OutgoingEmail;
use kernel::{Email, UserId};
use store::{Db, DbOptions, TwoStepStore, UserStore};
use testkit::{Backend, TestDb, on_both_backends};

const SECRET: &[u8] = b"12345678901234567890";

struct Ctx {
    _db: TestDb,
    db: Db,
    two_step: TwoStepStore,
    ann: UserId,
    bob: UserId,
}

fn mail(to: &str) -> OutgoingEmail {
    OutgoingEmail::new(
        None,
        &Email::parse(to).expect("email"),
        "two-step",
        "text".into(),
        "<p>html</p>".into(),
    )
}

async fn user(users: &UserStore, name: &str) -> UserId {
    let addr = format!("{name}@example.com");
    users
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
                token_hash: format!("verify-{name}"),
                new_email: None,
                expires_at: Utc::now() + Duration::hours(1),
                created_at: Utc::now(),
            },
            mail(&addr),
            mail(&addr),
        )
        .await
        .expect("user")
}

async fn ctx(backend: Backend) -> Ctx {
    let tdb = TestDb::new(backend);
    let db = Db::connect(&DbOptions::new(&tdb.url)).expect("connect");
    db.migrate().expect("migrate");
    let users = UserStore::new(db.clone());
    let (ann, bob) = (user(&users, "ann").await, user(&users, "bob").await);
    Ctx {
        two_step: TwoStepStore::open(db.clone()).await.expect("store"),
        db,
        _db: tdb,
        ann,
        bob,
    }
}

#[derive(QueryableByName)]
struct Stored {
    #[diesel(sql_type = Text)]
    secret: String,
}

async fn on(c: &Ctx, hashes: &[String]) -> String {
    assert!(
        c.two_step
            .begin(c.ann, SECRET, Utc::now())
            .await
            .expect("begin")
    );
    let stamp = c
        .two_step
        .get(c.ann)
        .await
        .expect("get")
        .expect("row")
        .stamp;
    assert!(
        c.two_step
            .enable(
                c.ann,
                &stamp,
                10,
                hashes,
                Utc::now(),
                mail("ann@example.com")
            )
            .await
            .expect("enable")
    );
    stamp
}

async fn the_secret_is_sealed_and_bound_to_its_account(b: Backend) {
    let c = ctx(b).await;
    assert!(
        c.two_step
            .begin(c.ann, SECRET, Utc::now())
            .await
            .expect("begin")
    );
    let read = c.two_step.get(c.ann).await.expect("get").expect("row");
    assert_eq!(read.secret, SECRET);
    assert!(!read.enabled);
    let stored =
        c.db.read(|conn| diesel::sql_query("SELECT secret FROM two_step").load::<Stored>(conn))
            .await
            .expect("raw");
    assert_eq!(stored.len(), 1);
    assert!(
        !stored[0].secret.contains("1234567890"),
        "not in plain text"
    );
    assert!(!stored[0].secret.contains("GEZDGNBV"), "not in base32");
    // Moved to another account, it no longer opens.
    let (ann, bob) = (c.ann.0, c.bob.0);
    c.db.write(move |conn| -> anyhow::Result<usize> {
        Ok(diesel::sql_query(format!(
            "UPDATE two_step SET user_id = {bob} WHERE user_id = {ann}"
        ))
        .execute(conn)?)
    })
    .await
    .expect("move");
    assert!(c.two_step.get(c.bob).await.is_err());
}

async fn steps_and_recovery_codes_are_accepted_once(b: Backend) {
    let c = ctx(b).await;
    let hashes: Vec<String> = (0..3).map(|i| format!("hash-{i}")).collect();
    let stamp = on(&c, &hashes).await;
    // On: the same setup cannot be turned on again, nor a new one begun.
    assert!(
        !c.two_step
            .enable(
                c.ann,
                &stamp,
                11,
                &hashes,
                Utc::now(),
                mail("ann@example.com")
            )
            .await
            .expect("enable")
    );
    assert!(
        !c.two_step
            .begin(c.ann, SECRET, Utc::now())
            .await
            .expect("begin")
    );
    // The step that turned it on, and any before, are spent; a later one once.
    for (step, accepted) in [
        (10, false),
        (9, false),
        (12, true),
        (12, false),
        (11, false),
    ] {
        assert_eq!(
            c.two_step.accept_step(c.ann, step).await.expect("accept"),
            accepted,
            "step {step}"
        );
    }
    assert!(
        !c.two_step.accept_step(c.bob, 13).await.expect("off"),
        "bob has none"
    );

    assert!(
        c.two_step
            .use_recovery_code(c.ann, "hash-1", Utc::now())
            .await
            .expect("use")
    );
    assert!(
        !c.two_step
            .use_recovery_code(c.ann, "hash-1", Utc::now())
            .await
            .expect("use")
    );
    assert!(
        !c.two_step
            .use_recovery_code(c.bob, "hash-2", Utc::now())
            .await
            .expect("use")
    );
    assert_eq!(
        c.two_step.recovery_codes_left(c.ann).await.expect("left"),
        2
    );
    let fresh = vec!["new-0".to_owned(), "new-1".to_owned()];
    assert!(
        c.two_step
            .replace_recovery_codes(c.ann, &fresh, Utc::now(), mail("ann@example.com"))
            .await
            .expect("replace")
    );
    assert!(
        !c.two_step
            .use_recovery_code(c.ann, "hash-2", Utc::now())
            .await
            .expect("old")
    );
    assert!(
        c.two_step
            .use_recovery_code(c.ann, "new-0", Utc::now())
            .await
            .expect("new")
    );

    assert!(
        c.two_step
            .disable(c.ann, Utc::now(), mail("ann@example.com"))
            .await
            .expect("off")
    );
    assert_eq!(c.two_step.get(c.ann).await.expect("get"), None);
    assert_eq!(
        c.two_step.recovery_codes_left(c.ann).await.expect("left"),
        0
    );
    assert!(
        !c.two_step
            .disable(c.ann, Utc::now(), mail("ann@example.com"))
            .await
            .expect("off")
    );
}

async fn a_replaced_setup_cannot_be_turned_on(b: Backend) {
    let c = ctx(b).await;
    assert!(
        c.two_step
            .begin(c.ann, SECRET, Utc::now())
            .await
            .expect("begin")
    );
    let first = c
        .two_step
        .get(c.ann)
        .await
        .expect("get")
        .expect("row")
        .stamp;
    assert!(
        c.two_step
            .begin(c.ann, b"another secret 20 by", Utc::now())
            .await
            .expect("again")
    );
    assert!(
        !c.two_step
            .enable(c.ann, &first, 5, &[], Utc::now(), mail("ann@example.com"))
            .await
            .expect("enable"),
        "the first setup was replaced"
    );
    assert!(
        !c.two_step
            .get(c.ann)
            .await
            .expect("get")
            .expect("row")
            .enabled
    );
}

on_both_backends!(
    the_secret_is_sealed_and_bound_to_its_account,
    steps_and_recovery_codes_are_accepted_once,
    a_replaced_setup_cannot_be_turned_on,
);
