//! One-time secrets sent to users (email verification, password reset, session keys).
//! Only their SHA-256 hash is stored, so a copy of the database cannot be used to take over
//! an account.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// 256 bits: far above the 128 bits an online guess would need to beat.
pub const SECRET_BYTES: usize = 32;

#[derive(Debug, thiserror::Error)]
#[error("the operating system's random source failed")]
pub struct RandomUnavailable;

/// A fresh URL-safe random secret.
pub fn generate() -> Result<String, RandomUnavailable> {
    let mut buf = [0u8; SECRET_BYTES];
    getrandom::fill(&mut buf).map_err(|_| RandomUnavailable)?;
    Ok(URL_SAFE_NO_PAD.encode(buf))
}

/// Hex SHA-256 of a secret, the form in which it is stored and looked up.
pub fn hash(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    let mut out = String::with_capacity(64);
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// Secrets we issue are 43 URL-safe characters; anything else cannot be one of ours, so
/// callers can refuse it without a database look-up.
pub fn looks_valid(candidate: &str) -> bool {
    candidate.len() == 43
        && candidate
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_secrets_are_unique_and_well_formed() {
        let a = generate().expect("random");
        let b = generate().expect("random");
        assert_ne!(a, b);
        assert!(looks_valid(&a), "{a}");
        assert_eq!(URL_SAFE_NO_PAD.decode(&a).expect("b64").len(), 32);
    }

    #[test]
    fn hash_is_stable_hex_and_differs_from_secret() {
        let h = hash("abc");
        assert_eq!(
            h,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(hash("abd"), h);
    }

    #[test]
    fn rejects_foreign_shapes() {
        assert!(!looks_valid("short"));
        assert!(!looks_valid(&"a".repeat(42)));
        assert!(!looks_valid(&format!("{}/", "a".repeat(42))));
    }
}
