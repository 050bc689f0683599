use super::*;

/// RFC 6238 appendix B's SHA-1 key.
const RFC_KEY: &[u8] = b"12345678901234567890";

#[test]
fn rfc_6238_sha1_test_vectors() {
    let vectors = [
        (59, "94287082"),
        (1_111_111_109, "07081804"),
        (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"),
        (20_000_000_000, "65353130"),
    ];
    for (t, eight) in vectors {
        assert_eq!(
            generator(RFC_KEY, "", 8).generate(t).to_string(),
            eight,
            "T={t}"
        );
        // The apps' 6 digits are the same truncation modulo 10^6.
        assert_eq!(code_at(RFC_KEY, t), eight[2..], "T={t}");
    }
    assert_eq!(code_at(RFC_KEY, 59), "287082");
}

#[test]
fn a_code_is_accepted_one_step_either_side_and_not_two() {
    let now = 1_234_567_890; // step 41152263
    let step = i64::try_from(now / STEP_SECS).expect("step");
    let at = |offset: i64| u64::try_from(i64::try_from(now).expect("t") + offset).expect("t");
    assert_eq!(
        matching_step(RFC_KEY, &code_at(RFC_KEY, now), now),
        Some(step)
    );
    assert_eq!(
        matching_step(RFC_KEY, &code_at(RFC_KEY, at(-30)), now),
        Some(step - 1)
    );
    assert_eq!(
        matching_step(RFC_KEY, &code_at(RFC_KEY, at(30)), now),
        Some(step + 1)
    );
    assert_eq!(
        matching_step(RFC_KEY, &code_at(RFC_KEY, at(-60)), now),
        None
    );
    assert_eq!(matching_step(RFC_KEY, &code_at(RFC_KEY, at(60)), now), None);
}

#[test]
fn typed_codes_may_have_spaces_but_nothing_else() {
    let now = 59;
    assert_eq!(matching_step(RFC_KEY, "287 082", now), Some(1));
    assert_eq!(matching_step(RFC_KEY, "28708", now), None);
    assert_eq!(matching_step(RFC_KEY, "2870821", now), None);
    assert_eq!(matching_step(RFC_KEY, "28708x", now), None);
}

#[test]
fn the_uri_and_text_are_what_apps_read() {
    assert_eq!(secret_text(RFC_KEY), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    let uri = otpauth_uri(RFC_KEY, "ann:b").expect("uri");
    assert!(uri.starts_with("otpauth://totp/Vitalog:ann%20b?"), "{uri}");
    assert!(
        uri.contains("secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"),
        "{uri}"
    );
    assert!(uri.contains("issuer=Vitalog"), "{uri}");
    assert_eq!(new_secret().expect("random").len(), 20);
}

#[test]
fn recovery_codes_are_ten_distinct_and_read_back_loosely() {
    let codes = new_recovery_codes().expect("random");
    assert_eq!(codes.len(), RECOVERY_CODES);
    let mut unique = codes.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), RECOVERY_CODES);
    for code in &codes {
        assert_eq!(code.len(), 14, "{code}");
        let shouted = code.to_uppercase().replace('-', " ");
        assert_eq!(recovery_hash(&shouted), recovery_hash(code));
        assert!(recovery_hash(code).is_some());
    }
    assert_eq!(
        normalise_recovery_code("O1Il-abcd-efgh").as_deref(),
        Some("0111abcdefgh")
    );
    assert_eq!(
        normalise_recovery_code("abcd-efgh-jku0"),
        None,
        "u is not in it"
    );
    assert_eq!(normalise_recovery_code("abcd-efgh"), None);
    assert_eq!(normalise_recovery_code("123456"), None);
}

mod service {
    use std::sync::Arc;

    use chrono::{DateTime, Duration, TimeZone, Utc};
    use kernel::clock::MockClock;
    use kernel::{Email, UserId};

    use super::super::*;
    use super::RFC_KEY;
    use crate::IdentityError;
    use crate::model::{Gender, User};
    use crate::ports::{
        MockPasswordHasher, MockTwoStepRepository, MockUserRepository, TwoStepRecord,
    };

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(seconds, 0).single().expect("time")
    }

    fn ann() -> User {
        User {
            id: UserId(5),
            username: "ann".into(),
            email: Email::parse("ann@example.com").expect("email"),
            password_hash: "hashed".into(),
            first_name: String::new(),
            last_name: String::new(),
            date_of_birth: None,
            gender: Gender::Other,
            email_verified: true,
            created_at: at(0),
            login_secret: "s".into(),
        }
    }

    fn service(repo: MockTwoStepRepository, now: DateTime<Utc>) -> TwoStepService {
        let mut users = MockUserRepository::new();
        users.expect_by_id().returning(|_| Ok(Some(ann())));
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || now);
        TwoStepService::new(
            Arc::new(repo),
            Arc::new(users),
            Arc::new(MockPasswordHasher::new()),
            Arc::new(clock),
            "https://v.example/",
        )
    }

    fn pending(created_at: DateTime<Utc>) -> TwoStepRecord {
        TwoStepRecord {
            secret: RFC_KEY.to_vec(),
            last_step: -1,
            created_at,
            enabled: false,
            stamp: "sealed".into(),
        }
    }

    fn field_error(err: IdentityError) -> String {
        match err {
            IdentityError::Invalid { errors, .. } => errors.summary().to_owned(),
            other => panic!("not a field error: {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_setup_waits_fifteen_minutes_for_its_code() {
        let made = at(1_800_000_010);
        let late = made + Duration::minutes(SETUP_MINUTES) + Duration::seconds(1);
        let mut repo = MockTwoStepRepository::new();
        repo.expect_get()
            .returning(move |_| Ok(Some(pending(made))));
        repo.expect_enable().never();
        let code = code_at(RFC_KEY, u64::try_from(late.timestamp()).expect("t"));
        let err = service(repo, late)
            .confirm(UserId(5), &code)
            .await
            .expect_err("expired");
        assert_eq!(field_error(err), MSG_SETUP_EXPIRED);
    }

    #[tokio::test]
    async fn confirming_stores_the_codes_hashes_and_the_step_and_emails() {
        let now = at(1_800_000_010);
        let mut repo = MockTwoStepRepository::new();
        repo.expect_get().returning(move |_| Ok(Some(pending(now))));
        repo.expect_enable()
            .withf(move |user, stamp, step, hashes, _, notice| {
                *user == UserId(5)
                    && stamp == "sealed"
                    && *step == 1_800_000_010 / 30
                    && hashes.len() == RECOVERY_CODES
                    && hashes.iter().all(|h| h.len() == 64)
                    && notice.subject.contains("Two-step verification is on")
            })
            .returning(|_, _, _, _, _, _| Ok(true));
        let code = code_at(RFC_KEY, 1_800_000_010);
        let codes = service(repo, now)
            .confirm(UserId(5), &code)
            .await
            .expect("on");
        assert_eq!(codes.len(), RECOVERY_CODES);
    }

    #[tokio::test]
    async fn a_second_setup_is_refused_while_it_is_on() {
        let mut repo = MockTwoStepRepository::new();
        repo.expect_begin().returning(|_, _, _| Ok(false));
        let err = service(repo, at(0))
            .begin(UserId(5))
            .await
            .expect_err("on already");
        assert!(matches!(err, IdentityError::Conflict(m) if m == MSG_ALREADY_ON));
    }

    #[tokio::test]
    async fn a_code_whose_step_was_taken_is_refused() {
        let now = at(1_800_000_010);
        let mut repo = MockTwoStepRepository::new();
        repo.expect_get().returning(move |_| {
            Ok(Some(TwoStepRecord {
                enabled: true,
                ..pending(now)
            }))
        });
        repo.expect_accept_step().returning(|_, _| Ok(false));
        repo.expect_use_recovery_code().never();
        let code = code_at(RFC_KEY, 1_800_000_010);
        let err = service(repo, now)
            .verify(UserId(5), &code)
            .await
            .expect_err("replayed");
        assert_eq!(field_error(err), MSG_CODE_WRONG);
    }
}
