//! One-click unsubscribe tokens: `user.topic.expiry.signature`, HMAC-SHA256 over the first
//! three parts with a server secret. They work without logging in, cannot be forged or
//! altered, and expire.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use kernel::UserId;
use sha2::Sha256;

use crate::ports::Topic;

/// Long enough to outlive a mailbox's backlog, short enough that old mail stops working.
pub const TOKEN_LIFETIME_DAYS: i64 = 90;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UnsubscribeError {
    #[error(
        "This unsubscribe link is not valid. Turn emails off in Profile > Preferences instead."
    )]
    Invalid,
    #[error("This unsubscribe link has expired. Turn emails off in Profile > Preferences instead.")]
    Expired,
}

pub struct UnsubscribeSigner {
    key: Vec<u8>,
}

impl UnsubscribeSigner {
    /// `secret` is the server's shared secret for these links (the same on every server).
    pub fn new(secret: &[u8]) -> Self {
        Self {
            key: secret.to_vec(),
        }
    }

    fn mac(&self, payload: &str) -> Hmac<Sha256> {
        // HMAC accepts keys of any length, so this cannot fail.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
        mac.update(payload.as_bytes());
        mac
    }

    pub fn sign(&self, user: UserId, topic: Topic, now: DateTime<Utc>) -> String {
        let expires = (now + Duration::days(TOKEN_LIFETIME_DAYS)).timestamp();
        let payload = format!("{}.{}.{expires}", user.0, topic.code());
        let sig = URL_SAFE_NO_PAD.encode(self.mac(&payload).finalize().into_bytes());
        format!("{payload}.{sig}")
    }

    /// The user and topic a token was signed for, if it is genuine and not expired.
    pub fn verify(
        &self,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<(UserId, Topic), UnsubscribeError> {
        let parts: Vec<&str> = token.trim().split('.').collect();
        let [user, topic, expires, sig] = parts.as_slice() else {
            return Err(UnsubscribeError::Invalid);
        };
        let payload = format!("{user}.{topic}.{expires}");
        let sig = URL_SAFE_NO_PAD
            .decode(sig)
            .map_err(|_| UnsubscribeError::Invalid)?;
        self.mac(&payload)
            .verify_slice(&sig)
            .map_err(|_| UnsubscribeError::Invalid)?;
        let user = user.parse::<i64>().map_err(|_| UnsubscribeError::Invalid)?;
        let topic = Topic::parse(topic).ok_or(UnsubscribeError::Invalid)?;
        let expires = expires
            .parse::<i64>()
            .map_err(|_| UnsubscribeError::Invalid)?;
        if now.timestamp() > expires {
            return Err(UnsubscribeError::Expired);
        }
        Ok((UserId(user), topic))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_verify_and_cannot_be_forged_altered_or_used_late() {
        let now = Utc::now();
        let s = UnsubscribeSigner::new(b"secret-1");
        let t = s.sign(UserId(42), Topic::Reminders, now);
        assert_eq!(s.verify(&t, now), Ok((UserId(42), Topic::Reminders)));
        // Another user's id or another topic with the same signature: refused.
        let forged = t.replacen("42.", "43.", 1);
        assert_eq!(s.verify(&forged, now), Err(UnsubscribeError::Invalid));
        let other = t.replacen("reminders", "weekly", 1);
        assert_eq!(s.verify(&other, now), Err(UnsubscribeError::Invalid));
        // Another server secret: refused.
        assert_eq!(
            UnsubscribeSigner::new(b"secret-2").verify(&t, now),
            Err(UnsubscribeError::Invalid)
        );
        // Garbage: refused.
        for junk in ["", "a.b.c", "1.reminders.9999999999.", "x.y.z.w"] {
            assert_eq!(
                s.verify(junk, now),
                Err(UnsubscribeError::Invalid),
                "{junk:?}"
            );
        }
        // Expired.
        let late = now + Duration::days(TOKEN_LIFETIME_DAYS) + Duration::seconds(1);
        assert_eq!(s.verify(&t, late), Err(UnsubscribeError::Expired));
    }
}
