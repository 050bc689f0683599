use serde::{Deserialize, Serialize};
use std::fmt;
use validator::ValidateEmail;

use crate::rules::MAX_EMAIL_LEN;

/// A syntactically valid email address with a domain name, trimmed and lower-cased so that
/// lookups and the uniqueness rule do not depend on how the user typed it. Address literals
/// (`doc@[127.0.0.1]`) are refused: no person's mailbox needs one, and they would let mail
/// be aimed at hosts of the sender's choosing (loopback, the private network).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid email address")]
pub struct InvalidEmail;

impl Email {
    pub fn parse(raw: &str) -> Result<Self, InvalidEmail> {
        let value = raw.trim().to_lowercase();
        // CR/LF would let an address smuggle extra mail headers.
        if value.len() > MAX_EMAIL_LEN
            || value.contains(['\r', '\n'])
            || !value.validate_email()
            || !value.contains('.')
            || is_address_literal(&value)
        {
            return Err(InvalidEmail);
        }
        Ok(Self(value))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether the domain part is an address literal (RFC 5321 `[192.0.2.1]`, `[IPv6:...]`).
fn is_address_literal(address: &str) -> bool {
    address
        .rsplit_once('@')
        .is_some_and(|(_, domain)| domain.starts_with('[') || domain.ends_with(']'))
}

impl TryFrom<String> for Email {
    type Error = InvalidEmail;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Email> for String {
    fn from(value: Email) -> Self {
        value.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_case_and_whitespace() {
        let e = Email::parse("  Ann.Lee@Example.COM ").expect("valid");
        assert_eq!(e.as_str(), "ann.lee@example.com");
    }

    #[test]
    fn rejects_malformed_and_header_injection() {
        for bad in [
            "",
            "ann",
            "ann@",
            "@example.com",
            "ann@example",
            "ann@example.com\r\nBcc: x@y.z",
            "a b@example.com",
            "doc@[127.0.0.1]",
            "doc@[192.168.1.10]",
            "doc@[ipv6:::1]",
            "Doc@[IPv6:2001:db8::1]",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn rejects_overlong() {
        let long = format!("{}@example.com", "a".repeat(250));
        assert!(Email::parse(&long).is_err());
    }
}
