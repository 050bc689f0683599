use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use kernel::clock::MockClock;
use kernel::{Email, UserId};

use super::ports::{MockPasskeyRepository, MockRelyingParty};
use super::*;
use crate::ports::{MockPasswordHasher, MockUserRepository};
use crate::{AccountService, AccountSettings, Gender, User};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 9, 10, 0, 0)
        .single()
        .expect("time")
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
        login_secret: "s".into(),
    }
}

fn service(
    repo: MockPasskeyRepository,
    rp: Option<MockRelyingParty>,
    verified: bool,
) -> PasskeyService {
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    let clock = Arc::new(clock);
    let mut users = MockUserRepository::new();
    users
        .expect_by_id()
        .returning(move |_| Ok(Some(user(verified))));
    let mut hasher = MockPasswordHasher::new();
    hasher
        .expect_verify()
        .returning(|p, hash| Ok(hash == format!("hashed:{p}")));
    let accounts = AccountService::new(
        Arc::new(users),
        Arc::new(hasher),
        clock.clone(),
        AccountSettings::new("https://vitalog.example"),
    );
    let rp = rp.map(|r| Arc::new(r) as Arc<dyn ports::RelyingParty>);
    PasskeyService::new(Arc::new(repo), rp, accounts, clock)
}

const CEREMONY: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

fn ceremony(purpose: CeremonyPurpose, user_id: Option<UserId>) -> Ceremony {
    Ceremony {
        purpose,
        user_id,
        state: "state".into(),
        expires_at: now(),
    }
}

#[test]
fn names_are_trimmed_and_bounded() {
    assert_eq!(valid_name("  Phone ").expect("valid"), "Phone");
    assert!(valid_name("   ").is_err());
    assert!(valid_name(&"é".repeat(NAME_MAX)).is_ok());
    assert!(valid_name(&"é".repeat(NAME_MAX + 1)).is_err());
}

#[tokio::test]
async fn without_a_relying_party_every_ceremony_is_unavailable() {
    let s = service(MockPasskeyRepository::new(), None, true);
    assert!(!s.available());
    assert!(matches!(
        s.start_sign_in().await,
        Err(PasskeyError::Unavailable)
    ));
    assert!(matches!(
        s.start_registration(UserId(5), "pw").await,
        Err(PasskeyError::Unavailable)
    ));
}

#[tokio::test]
async fn a_ceremony_the_store_no_longer_has_is_refused_before_any_verification() {
    let mut repo = MockPasskeyRepository::new();
    repo.expect_take_ceremony()
        .withf(|hash, purpose, _| {
            hash == kernel::secret::hash(CEREMONY) && *purpose == CeremonyPurpose::SignIn
        })
        .returning(|_, _, _| Ok(None));
    // No expectation on the relying party: it must not be asked.
    let s = service(repo, Some(MockRelyingParty::new()), true);
    assert!(matches!(
        s.finish_sign_in(Some(CEREMONY), "{}").await,
        Err(PasskeyError::CeremonyInvalid)
    ));
    assert!(matches!(
        s.finish_sign_in(None, "{}").await,
        Err(PasskeyError::CeremonyInvalid)
    ));
}

#[tokio::test]
async fn another_accounts_registration_ceremony_is_refused() {
    let mut repo = MockPasskeyRepository::new();
    repo.expect_take_ceremony()
        .returning(|_, _, _| Ok(Some(ceremony(CeremonyPurpose::Register, Some(UserId(9))))));
    let s = service(repo, Some(MockRelyingParty::new()), true);
    assert!(matches!(
        s.finish_registration(UserId(5), Some(CEREMONY), "Phone", "{}")
            .await,
        Err(PasskeyError::CeremonyInvalid)
    ));
}

fn signing_in(handle: &'static str) -> (MockPasskeyRepository, MockRelyingParty) {
    let mut repo = MockPasskeyRepository::new();
    repo.expect_take_ceremony()
        .returning(|_, _, _| Ok(Some(ceremony(CeremonyPurpose::SignIn, None))));
    repo.expect_by_credential_id().returning(move |_| {
        Ok(Some(StoredPasskey {
            id: 1,
            user_id: UserId(5),
            user_handle: handle.into(),
            credential: "cred".into(),
        }))
    });
    let mut rp = MockRelyingParty::new();
    rp.expect_claimed().returning(|_| {
        Ok(Claimed {
            user_handle: "handle".into(),
            credential_id: "c1".into(),
        })
    });
    (repo, rp)
}

#[tokio::test]
async fn an_assertion_for_another_user_handle_is_refused() {
    let (repo, rp) = signing_in("other-handle");
    let s = service(repo, Some(rp), true);
    assert!(matches!(
        s.finish_sign_in(Some(CEREMONY), "{}").await,
        Err(PasskeyError::Refused)
    ));
}

#[tokio::test]
async fn a_verified_passkey_of_an_unverified_account_does_not_sign_in() {
    let (repo, mut rp) = signing_in("handle");
    rp.expect_finish_sign_in()
        .returning(|_, _, _| Ok("cred2".into()));
    // `used` is not expected: nothing is recorded for a refused sign-in.
    let s = service(repo, Some(rp), false);
    assert!(matches!(
        s.finish_sign_in(Some(CEREMONY), "{}").await,
        Err(PasskeyError::Account(
            crate::IdentityError::NotVerified { .. }
        ))
    ));
}

#[tokio::test]
async fn a_sign_in_stores_the_updated_credential() {
    let (mut repo, mut rp) = signing_in("handle");
    rp.expect_finish_sign_in()
        .withf(|_, state, cred| state == "state" && cred == "cred")
        .returning(|_, _, _| Ok("cred2".into()));
    repo.expect_used()
        .withf(|id, cred, at| *id == 1 && cred == "cred2" && *at == now())
        .times(1)
        .returning(|_, _, _| Ok(()));
    let s = service(repo, Some(rp), true);
    let user = s
        .finish_sign_in(Some(CEREMONY), "{}")
        .await
        .expect("signed in");
    assert_eq!(user.id, UserId(5));
}

#[tokio::test]
async fn removing_needs_the_right_password() {
    let s = service(
        MockPasskeyRepository::new(),
        Some(MockRelyingParty::new()),
        true,
    );
    assert!(matches!(
        s.remove(UserId(5), 1, "wrong").await,
        Err(PasskeyError::Account(crate::IdentityError::Invalid { .. }))
    ));
    assert!(matches!(
        s.remove(UserId(5), 1, "").await,
        Err(PasskeyError::Account(crate::IdentityError::Invalid { .. }))
    ));
}
