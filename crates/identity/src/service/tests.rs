use super::*;
use crate::ports::{MockPasswordHasher, MockUserRepository};
use chrono::{DateTime, TimeZone, Utc};
use kernel::clock::MockClock;
use kernel::units::{BloodSugarUnit, WeightUnit};
use mockall::predicate::*;
use std::sync::Mutex;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0)
        .single()
        .expect("time")
}

fn clock() -> Arc<MockClock> {
    let mut c = MockClock::new();
    c.expect_now().returning(now);
    Arc::new(c)
}

fn hasher() -> MockPasswordHasher {
    let mut h = MockPasswordHasher::new();
    h.expect_hash().returning(|p| Ok(format!("hashed:{p}")));
    h.expect_verify()
        .returning(|p, hash| Ok(hash == format!("hashed:{p}")));
    h
}

fn service(users: MockUserRepository, hasher: MockPasswordHasher) -> AccountService {
    AccountService::new(
        Arc::new(users),
        Arc::new(hasher),
        clock(),
        AccountSettings::new("https://vitalog.example/"),
    )
}

fn user(verified: bool) -> User {
    User {
        id: UserId(5),
        username: "ann".into(),
        email: Email::parse("ann@example.com").expect("email"),
        password_hash: "hashed:Abcdef1!".into(),
        first_name: String::new(),
        last_name: String::new(),
        date_of_birth: None,
        gender: Gender::Other,
        email_verified: verified,
        created_at: now(),
        login_secret: "old-secret".into(),
    }
}

/// Pulls the secret out of the link in an email's text.
fn secret_in(text: &str, path: &str) -> String {
    let marker = format!("https://vitalog.example/{path}/");
    let start = text.find(&marker).expect("link in email") + marker.len();
    text[start..start + 43].to_owned()
}

#[tokio::test]
async fn register_rejects_bad_input_without_touching_storage() {
    let s = service(MockUserRepository::new(), MockPasswordHasher::new());
    let err = s
        .register(RegisterInput {
            username: "an".into(),
            email: "not-an-email".into(),
            password: "password".into(),
            ..Default::default()
        })
        .await
        .expect_err("invalid");
    let IdentityError::Invalid { errors, .. } = err else {
        panic!("expected Invalid, got {err:?}")
    };
    assert_eq!(errors.get("email"), Some(kernel::rules::MSG_EMAIL_INVALID));
    assert_eq!(errors.get("username"), Some(rules::MSG_USERNAME_MIN));
    assert_eq!(errors.get("password"), Some(rules::MSG_PASSWORD_CLASSES));
}

#[tokio::test]
async fn register_stores_hash_of_token_and_emails_the_secret() {
    let seen = Arc::new(Mutex::new(None));
    let seen2 = seen.clone();
    let mut users = MockUserRepository::new();
    users.expect_by_login().returning(|_| Ok(None));
    users.expect_create().times(1).returning(move |u, t, m, _| {
        *seen2.lock().expect("lock") = Some((u, t, m));
        Ok(UserId(9))
    });
    let s = service(users, hasher());
    let email = s
        .register(RegisterInput {
            username: " Ann ".into(),
            email: "Ann@Example.com".into(),
            password: "Abcdef1!".into(),
            ..Default::default()
        })
        .await
        .expect("registered");
    s.settled().await;
    assert_eq!(email.as_str(), "ann@example.com");
    let (u, t, m) = seen.lock().expect("lock").take().expect("create called");
    assert_eq!(u.username, "Ann");
    assert_eq!(u.password_hash, "hashed:Abcdef1!");
    assert_eq!(t.purpose, TokenPurpose::VerifyEmail);
    assert_eq!(t.expires_at, now() + Duration::hours(24));
    let secret = secret_in(&m.text, "verify-email");
    assert_eq!(t.token_hash, secret::hash(&secret));
    assert_ne!(t.token_hash, secret);
    assert_eq!(m.to, "ann@example.com");
}

#[tokio::test]
async fn register_reports_taken_username_as_conflict() {
    let mut users = MockUserRepository::new();
    users
        .expect_by_login()
        .with(eq("ann"))
        .returning(|_| Ok(Some(user(true))));
    users.expect_create().never();
    let err = service(users, hasher())
        .register(RegisterInput {
            username: "ann".into(),
            email: "ann@example.com".into(),
            password: "Abcdef1!".into(),
            ..Default::default()
        })
        .await
        .expect_err("taken");
    assert!(matches!(err, IdentityError::Conflict(m) if m == rules::MSG_USERNAME_TAKEN));
}

#[tokio::test]
async fn login_unknown_user_still_hashes_and_gives_the_generic_error() {
    let mut users = MockUserRepository::new();
    users.expect_by_login().returning(|_| Ok(None));
    let mut h = MockPasswordHasher::new();
    h.expect_verify()
        .withf(|_, hash| hash == dummy_hash())
        .times(1)
        .returning(|_, _| Ok(false));
    let err = service(users, h)
        .login("nobody", "Abcdef1!")
        .await
        .expect_err("unknown");
    assert!(matches!(err, IdentityError::InvalidCredentials));
    assert_eq!(err.to_string(), "Invalid username or password");
}

#[tokio::test]
async fn login_wrong_password_and_unverified() {
    let mut users = MockUserRepository::new();
    users.expect_by_login().returning(|_| Ok(Some(user(false))));
    let s = service(users, hasher());
    assert!(matches!(
        s.login("ann", "Wrong1!x").await,
        Err(IdentityError::InvalidCredentials)
    ));
    match s.login("ann", "Abcdef1!").await {
        Err(IdentityError::NotVerified { message, email }) => {
            assert!(message.contains("verify"));
            assert_eq!(email, "ann@example.com");
        }
        other => panic!("expected NotVerified, got {other:?}"),
    }
}

#[tokio::test]
async fn login_requires_both_fields() {
    let s = service(MockUserRepository::new(), MockPasswordHasher::new());
    let Err(IdentityError::Invalid { errors, .. }) = s.login(" ", "").await else {
        panic!("expected Invalid")
    };
    assert_eq!(errors.get("username"), Some("Username is required"));
    assert_eq!(errors.get("password"), Some("Password is required"));
}

#[tokio::test]
async fn reset_request_issues_one_hour_token_only_for_existing_accounts() {
    let mut users = MockUserRepository::new();
    users
        .expect_by_email()
        .with(eq(Email::parse("ann@example.com").expect("e")))
        .returning(|_| Ok(Some(user(true))));
    users.expect_by_email().returning(|_| Ok(None));
    users
        .expect_issue_token()
        .times(1)
        .withf(|t, m| {
            t.purpose == TokenPurpose::ResetPassword
                && t.expires_at == now() + Duration::hours(1)
                && t.token_hash == secret::hash(&secret_in(&m.text, "reset-password"))
        })
        .returning(|_, _| Ok(()));
    let s = service(users, hasher());
    s.request_password_reset("ann@example.com")
        .await
        .expect("ok");
    s.request_password_reset("ghost@example.com")
        .await
        .expect("same answer for unknown");
    s.settled().await;
    assert!(matches!(
        s.request_password_reset("nope").await,
        Err(IdentityError::Invalid { .. })
    ));
}

#[tokio::test]
async fn resend_skips_verified_accounts() {
    let mut users = MockUserRepository::new();
    users.expect_by_email().returning(|_| Ok(Some(user(true))));
    users.expect_issue_token().never();
    let s = service(users, hasher());
    s.resend_verification("ann@example.com").await.expect("ok");
    s.settled().await;
}

/// A repository call that blocks its thread until the test releases it, and says when it
/// has started.
struct Gate {
    started: std::sync::mpsc::Receiver<()>,
    release: std::sync::mpsc::Sender<()>,
}

fn gate() -> (Gate, impl Fn() + Send + Sync + 'static) {
    let (started_tx, started) = std::sync::mpsc::channel();
    let (release, release_rx) = std::sync::mpsc::channel::<()>();
    let (started_tx, release_rx) = (Mutex::new(started_tx), Mutex::new(release_rx));
    let wait = move || {
        started_tx
            .lock()
            .expect("lock")
            .send(())
            .expect("test alive");
        release_rx.lock().expect("lock").recv().expect("released");
    };
    (Gate { started, release }, wait)
}

/// The neutral answers return while the account's work is still blocked in the
/// repository, so their timing cannot depend on it. Were the work on the answer's path,
/// the calls below would not return until released (the timeout turns that into a failure).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn neutral_answers_do_not_wait_for_the_account_work() {
    let limit = std::time::Duration::from_secs(10);
    let (lookup, wait_lookup) = gate();
    let (insert, wait_insert) = gate();
    let mut users = MockUserRepository::new();
    users.expect_by_email().times(2).returning(move |_| {
        wait_lookup();
        Ok(Some(user(false)))
    });
    users.expect_issue_token().times(2).returning(|_, _| Ok(()));
    users.expect_by_login().returning(|_| Ok(None));
    users.expect_create().times(1).returning(move |_, _, _, _| {
        wait_insert();
        Err(RepoError::EmailTaken)
    });
    let s = service(users, hasher());

    // Each answer runs in its own task, so that a blocked answer fails the timeout here
    // instead of blocking this thread.
    for call in 0..2 {
        let s2 = s.clone();
        let answer = tokio::spawn(async move {
            if call == 0 {
                s2.request_password_reset("ann@example.com").await
            } else {
                s2.resend_verification("ann@example.com").await
            }
        });
        tokio::time::timeout(limit, answer)
            .await
            .expect("answered while the lookup is blocked")
            .expect("joined")
            .expect("ok");
        lookup.started.recv_timeout(limit).expect("lookup started");
        lookup.release.send(()).expect("release");
    }
    let s2 = s.clone();
    let answer = tokio::spawn(async move {
        s2.register(RegisterInput {
            username: "bob".into(),
            email: "ann@example.com".into(),
            password: "Abcdef1!".into(),
            ..Default::default()
        })
        .await
    });
    tokio::time::timeout(limit, answer)
        .await
        .expect("answered while the insert is blocked")
        .expect("joined")
        .expect("a taken address is answered like a new one");
    insert.started.recv_timeout(limit).expect("insert started");
    insert.release.send(()).expect("release");
    s.settled().await;
}

#[tokio::test]
async fn expired_or_unknown_reset_token_is_refused_with_spec_message() {
    let mut users = MockUserRepository::new();
    users
        .expect_find_token()
        .withf(|p, _, at| *p == TokenPurpose::ResetPassword && *at == now())
        .returning(|_, _, _| Ok(None));
    let s = service(users, hasher());
    let token = secret::generate().expect("secret");
    let err = s.check_reset_token(&token).await.expect_err("expired");
    assert_eq!(err.to_string(), rules::MSG_RESET_INVALID);
    let err = s.check_reset_token("").await.expect_err("missing");
    assert_eq!(err.to_string(), rules::MSG_TOKEN_MISSING);
    let err = s.check_reset_token("garbage").await.expect_err("bad shape");
    assert_eq!(err.to_string(), rules::MSG_RESET_INVALID);
}

#[tokio::test]
async fn reset_password_validates_before_consuming_token() {
    let mut users = MockUserRepository::new();
    users.expect_reset_password().never();
    let s = service(users, hasher());
    let token = secret::generate().expect("secret");
    let err = s.reset_password(&token, "short").await.expect_err("weak");
    assert!(matches!(err, IdentityError::Invalid { .. }));
}

#[tokio::test]
async fn reset_password_consumes_token_and_notifies() {
    let token = secret::generate().expect("secret");
    let hash = secret::hash(&token);
    let mut users = MockUserRepository::new();
    users.expect_find_token().returning(|_, _, _| {
        Ok(Some(ValidToken {
            user_id: UserId(5),
            purpose: TokenPurpose::ResetPassword,
            new_email: None,
        }))
    });
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users
        .expect_reset_password()
        .withf(move |h, p, _, notice| {
            h == hash
                && p.hash == "hashed:Newpass1!"
                && p.login_secret.len() == 43
                && notice.subject.contains("password was changed")
        })
        .times(1)
        .returning(|_, _, _, _| Ok(true));
    service(users, hasher())
        .reset_password(&token, "Newpass1!")
        .await
        .expect("reset");
}

#[tokio::test]
async fn change_password_checks_current_password() {
    let mut users = MockUserRepository::new();
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users.expect_change_password().never();
    let err = service(users, hasher())
        .change_password(UserId(5), "Wrong1!x", "Newpass1!")
        .await
        .expect_err("wrong current");
    let IdentityError::Invalid { errors, .. } = err else {
        panic!("expected Invalid")
    };
    assert_eq!(
        errors.get("currentPassword"),
        Some(rules::MSG_CURRENT_PASSWORD_WRONG)
    );
}

#[tokio::test]
async fn change_password_stores_new_hash() {
    let mut users = MockUserRepository::new();
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users
        .expect_change_password()
        .withf(|id, p, m| {
            *id == UserId(5)
                && p.hash == "hashed:Newpass1!"
                && p.login_secret.len() == 43
                && m.to == "ann@example.com"
        })
        .times(1)
        .returning(|_, _, _| Ok(()));
    service(users, hasher())
        .change_password(UserId(5), "Abcdef1!", "Newpass1!")
        .await
        .expect("changed");
}

#[tokio::test]
async fn new_email_is_confirmed_before_it_replaces_the_old_one() {
    let mut users = MockUserRepository::new();
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users.expect_by_email().returning(|_| Ok(None));
    users
        .expect_update_profile()
        .withf(|_, c| c.first_name.as_deref() == Some("Ann") && c.gender == Some(Gender::Female))
        .returning(|_, _| Ok(()));
    users
        .expect_issue_token()
        .withf(|t, m| {
            t.purpose == TokenPurpose::ChangeEmail
                && t.new_email.as_ref().map(Email::as_str) == Some("new@example.com")
                && m.to == "new@example.com"
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let out = service(users, hasher())
        .update_profile(
            UserId(5),
            ProfileInput {
                first_name: Some(" Ann ".into()),
                email: Some("New@example.com".into()),
                current_password: Some("Abcdef1!".into()),
                gender: Some("female".into()),
                ..Default::default()
            },
        )
        .await
        .expect("updated");
    assert_eq!(
        out.email_change_pending.as_ref().map(Email::as_str),
        Some("new@example.com")
    );
}

#[tokio::test]
async fn email_change_needs_the_current_password_and_changes_nothing_without_it() {
    let mut users = MockUserRepository::new();
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users.expect_by_email().never();
    users.expect_update_profile().never();
    users.expect_issue_token().never();
    let s = service(users, hasher());
    for (password, message) in [
        (None, rules::MSG_CURRENT_PASSWORD_REQUIRED),
        (Some("Wrong1!x"), rules::MSG_CURRENT_PASSWORD_WRONG),
    ] {
        let err = s
            .update_profile(
                UserId(5),
                ProfileInput {
                    first_name: Some("Eve".into()),
                    email: Some("new@example.com".into()),
                    current_password: password.map(str::to_owned),
                    ..Default::default()
                },
            )
            .await
            .expect_err("refused");
        let IdentityError::Invalid { errors, .. } = err else {
            panic!("expected Invalid, got {err:?}")
        };
        assert_eq!(errors.get("currentPassword"), Some(message));
    }
}

#[tokio::test]
async fn confirming_a_new_address_sends_the_old_one_an_undo_link() {
    let token = secret::generate().expect("secret");
    let hash = secret::hash(&token);
    let mut users = MockUserRepository::new();
    users
        .expect_find_token()
        .withf(|p, _, _| *p == TokenPurpose::ChangeEmail)
        .returning(|_, _, _| {
            Ok(Some(ValidToken {
                user_id: UserId(5),
                purpose: TokenPurpose::ChangeEmail,
                new_email: Some(Email::parse("new@example.com").expect("e")),
            }))
        });
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users.expect_consume_verification().never();
    users
        .expect_change_email()
        .withf(move |h, _, undo, notice| {
            h == hash
                && undo.purpose == TokenPurpose::UndoEmailChange
                && undo.new_email.as_ref().map(Email::as_str) == Some("ann@example.com")
                && undo.expires_at == now() + Duration::days(7)
                && notice.to == "ann@example.com"
                && notice.text.contains("new@example.com")
                && undo.token_hash == secret::hash(&secret_in(&notice.text, "undo-email-change"))
        })
        .times(1)
        .returning(|_, _, _, _| Ok(Some(UserId(5))));
    let out = service(users, hasher())
        .verify_email(&token)
        .await
        .expect("changed");
    assert_eq!(out, Verified::EmailChanged(UserId(5)));
}

#[tokio::test]
async fn profile_refuses_taken_email_and_bad_values() {
    let mut users = MockUserRepository::new();
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users.expect_by_email().returning(|_| {
        let mut other = user(true);
        other.id = UserId(6);
        Ok(Some(other))
    });
    users.expect_update_profile().never();
    let s = service(users, hasher());
    let err = s
        .update_profile(
            UserId(5),
            ProfileInput {
                email: Some("bob@example.com".into()),
                current_password: Some("Abcdef1!".into()),
                ..Default::default()
            },
        )
        .await
        .expect_err("taken");
    assert!(matches!(err, IdentityError::Conflict(_)));
    let err = s
        .update_profile(
            UserId(5),
            ProfileInput {
                gender: Some("robot".into()),
                date_of_birth: Some("2015-01-01".into()),
                ..Default::default()
            },
        )
        .await
        .expect_err("invalid");
    let IdentityError::Invalid { errors, .. } = err else {
        panic!("expected Invalid")
    };
    assert_eq!(errors.get("gender"), Some(rules::MSG_GENDER));
    assert_eq!(errors.get("dateOfBirth"), Some(rules::MSG_UNDER_18));
}

#[tokio::test]
async fn preferences_patch_keeps_unsent_fields() {
    let mut users = MockUserRepository::new();
    users.expect_preferences().returning(|_| {
        Ok(Preferences {
            weight_unit: WeightUnit::Kg,
            ..Default::default()
        })
    });
    users
        .expect_save_preferences()
        .withf(|_, p| {
            p.weight_unit == WeightUnit::Kg && p.blood_sugar_unit == BloodSugarUnit::MmolL
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let p = service(users, hasher())
        .update_preferences(
            UserId(5),
            PreferencesPatch {
                blood_sugar_unit: Some(BloodSugarUnit::MmolL),
                ..Default::default()
            },
        )
        .await
        .expect("saved");
    assert_eq!(p.weight_unit, WeightUnit::Kg);
    assert!(!p.email_reminders);
}

#[tokio::test]
async fn delete_account_needs_the_right_password() {
    let mut users = MockUserRepository::new();
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users.expect_delete_account().never();
    let s = service(users, hasher());
    for (password, message) in [
        ("", rules::MSG_PASSWORD_REQUIRED),
        ("Wrong1!x", rules::MSG_PASSWORD_WRONG),
    ] {
        let IdentityError::Invalid { errors, .. } = s
            .delete_account(UserId(5), password)
            .await
            .expect_err("refused")
        else {
            panic!("expected Invalid")
        };
        assert_eq!(errors.get("password"), Some(message));
    }
}

#[tokio::test]
async fn delete_account_deletes_and_confirms_to_nobody_keyed() {
    let mut users = MockUserRepository::new();
    users.expect_by_id().returning(|_| Ok(Some(user(true))));
    users
        .expect_delete_account()
        .withf(|id, m| {
            *id == UserId(5)
                && m.to == "ann@example.com"
                && m.user_id.is_none()
                && m.subject == "Your Vitalog account was deleted"
        })
        .times(1)
        .returning(|_, _| Ok(()));
    service(users, hasher())
        .delete_account(UserId(5), "Abcdef1!")
        .await
        .expect("deleted");
}
