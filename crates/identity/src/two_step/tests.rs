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
