//! Where a person is signed in (issue 38): their sessions as they are shown them, read from
//! what [`crate::auth::start_session`] noted in each session's state. The cookie's key and
//! the row's hash of it never leave the server: a session is named by a hash of that hash.

use std::collections::HashMap;

use actix_web::HttpRequest;
use actix_web::cookie::{CookieJar, Key};
use chrono::{DateTime, Utc};
use identity::ports::StoredSession;
use kernel::secret;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::{DEVICE, ISSUED_AT, LAST_SEEN, NETWORK, SESSION_COOKIE};
use crate::client_addr::TrustedProxies;

/// The stored key hash of this request's session: its cookie, decrypted with the key the
/// session middleware encrypts it with (`CookieContentSecurity::Private`), as the session
/// store hashes it. `None` without a session cookie, or with one this server cannot read.
pub fn current_key_hash(req: &HttpRequest, key: &Key) -> Option<String> {
    let cookie = req.cookie(SESSION_COOKIE)?;
    let mut jar = CookieJar::new();
    jar.add_original(cookie);
    let session_key = jar.private(key).get(SESSION_COOKIE)?;
    Some(secret::hash(session_key.value()))
}

/// The browser and system a request comes from ("Chrome on Android") and its network
/// ("203.0.113.0/24"): what a sign-in notes, coarsely, and never the User-Agent or address.
pub fn seen_from(req: &HttpRequest, proxies: &TrustedProxies) -> (String, Option<String>) {
    let agent = req
        .headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok());
    (
        crate::browser::describe(agent),
        crate::client_addr::network(crate::client_addr::client_ip(req, proxies)),
    )
}

/// A session's public id: one-way from its row's key hash, so it names the session to its
/// owner and can be turned into neither.
pub fn public_id(key_hash: &str) -> String {
    secret::hash(&format!("signed-in:{key_hash}"))[..20].to_owned()
}

/// One place the person is signed in, as they see it (and as the API answers it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    pub id: String,
    /// The browser and system ("Chrome on Android"); null for a session signed in before
    /// sessions noted it.
    pub device: Option<String>,
    /// The network it signed in from ("203.0.113.0/24"), not the address itself.
    pub network: Option<String>,
    pub signed_in_at: DateTime<Utc>,
    pub last_active_at: DateTime<Utc>,
    /// The session of the request that asked ("This device").
    pub current: bool,
    /// The stored row's key, to end it: never answered.
    #[serde(skip)]
    pub key_hash: String,
}

/// Reads a stored session; `current` is the asking session's key hash. actix-session keeps
/// each value JSON-encoded in a map of strings.
pub fn signed_in(stored: &StoredSession, current: Option<&str>) -> SignedIn {
    let state: HashMap<String, String> = serde_json::from_str(&stored.state).unwrap_or_default();
    let text = |key: &str| {
        state
            .get(key)
            .and_then(|v| serde_json::from_str::<String>(v).ok())
    };
    let time = |key: &str| {
        state
            .get(key)
            .and_then(|v| v.parse::<i64>().ok())
            .and_then(|t| DateTime::from_timestamp(t, 0))
    };
    let signed_in_at = time(ISSUED_AT).unwrap_or(stored.created_at);
    SignedIn {
        id: public_id(&stored.key_hash),
        current: current.is_some_and(|c| c == stored.key_hash),
        device: text(DEVICE),
        network: text(NETWORK),
        signed_in_at,
        last_active_at: time(LAST_SEEN).unwrap_or(signed_in_at),
        key_hash: stored.key_hash.clone(),
    }
}

/// The person's sessions still alive: this one first, then the most recently active. Those
/// signed in before `signed_in_since` are past the absolute lifetime: dead at their next
/// request, so neither listed nor counted.
pub fn listed(
    stored: &[StoredSession],
    current: Option<&str>,
    signed_in_since: DateTime<Utc>,
) -> Vec<SignedIn> {
    let mut all: Vec<SignedIn> = stored
        .iter()
        .map(|s| signed_in(s, current))
        .filter(|s| s.signed_in_at >= signed_in_since)
        .collect();
    all.sort_by(|a, b| {
        b.current
            .cmp(&a.current)
            .then(b.last_active_at.cmp(&a.last_active_at))
            .then(a.id.cmp(&b.id))
    });
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(key: &str, state: &str) -> StoredSession {
        StoredSession {
            key_hash: key.into(),
            state: state.into(),
            created_at: DateTime::from_timestamp(1_000, 0).unwrap_or_default(),
        }
    }

    #[test]
    fn a_session_is_read_from_what_sign_in_noted() {
        let s = stored(
            "k1",
            r#"{"uid":"1","iat":"2000","seen":"2600","dev":"\"Firefox on Linux\"","net":"\"203.0.113.0/24\""}"#,
        );
        let v = signed_in(&s, Some("k1"));
        assert_eq!(v.id, public_id("k1"));
        assert!(v.current);
        assert_eq!(v.device.as_deref(), Some("Firefox on Linux"));
        assert_eq!(v.network.as_deref(), Some("203.0.113.0/24"));
        assert_eq!(v.signed_in_at.timestamp(), 2000);
        assert_eq!(v.last_active_at.timestamp(), 2600);
        assert!(!signed_in(&s, Some("other")).current);
        assert!(!signed_in(&s, None).current);
    }

    #[test]
    fn a_session_signed_in_before_notes_is_still_listed_and_never_by_its_key() {
        let v = signed_in(&stored("k2", r#"{"uid":"1"}"#), Some("k2"));
        assert_eq!(v.id.len(), 20);
        assert!(!v.id.contains("k2") && !secret::hash("k2").starts_with(&v.id));
        assert!(v.current, "found by its key hash, not by a note");
        assert_eq!(v.device, None);
        assert_eq!(v.signed_in_at.timestamp(), 1000, "its row's creation");
        assert_eq!(v.last_active_at, v.signed_in_at);
    }

    #[test]
    fn this_session_comes_first_then_the_most_recently_active_and_the_dead_are_left_out() {
        let all = [
            stored("a", r#"{"iat":"50","seen":"100"}"#),
            stored("b", r#"{"iat":"50","seen":"300"}"#),
            stored("c", r#"{"iat":"50","seen":"200"}"#),
            stored("old", r#"{"iat":"10","seen":"400"}"#),
        ];
        let since = DateTime::from_timestamp(50, 0).unwrap_or_default();
        let keys: Vec<String> = listed(&all, Some("c"), since)
            .into_iter()
            .map(|s| s.key_hash)
            .collect();
        assert_eq!(keys, ["c", "b", "a"]);
    }
}
