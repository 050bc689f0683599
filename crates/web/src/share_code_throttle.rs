//! Access codes of shared links (issue 33): only wrong codes are counted, so guesses can
//! never lock out the clinician who types the right code. A limit is checked before the
//! code is (a guesser over it learns nothing more), and counted after it, when wrong:
//!
//! - per client address, any link: stops one guesser, and only their address;
//! - per link, from all addresses: stops guessers spread over many addresses. It applies
//!   only to addresses that gave this link a wrong code within its period, so a browser
//!   that types the right code first is never refused by someone else's guesses; a spread
//!   out guesser gets one try per fresh address beyond it.

use crate::error::ApiError;
use crate::rate_limit::Limiter;

pub struct ShareCodeThrottle {
    per_ip: Limiter,
    per_link: Limiter,
    /// Remembers (per link and address, for the per-link period) that a code was wrong.
    wrong_on_link: Limiter,
}

fn link_ip(link: &str, ip: &str) -> String {
    format!("{link}\n{ip}")
}

impl ShareCodeThrottle {
    pub(crate) fn new(per_ip: Limiter, per_link: Limiter, wrong_on_link: Limiter) -> Self {
        Self {
            per_ip,
            per_link,
            wrong_on_link,
        }
    }

    /// Whether the address keyed `ip` may try a code on the link keyed `link` now; counts
    /// nothing. `Err` is `429` with Retry-After.
    pub async fn admit(&self, ip: &str, link: &str) -> Result<(), ApiError> {
        self.per_ip.peek(ip).await?;
        if self.wrong_on_link.used(&link_ip(link, ip)).await? > 0 {
            self.per_link.peek(link).await?;
        }
        Ok(())
    }

    /// Counts a wrong code. A bucket already full stays full (the code was checked because
    /// another bound admitted it); only a failing store is an error.
    pub async fn wrong(&self, ip: &str, link: &str) -> Result<(), ApiError> {
        self.per_ip.count(ip).await?;
        self.per_link.count(link).await?;
        self.wrong_on_link.count(&link_ip(link, ip)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate_limit::Rate;
    use std::time::Duration;

    fn throttle(per_ip: u32, per_link: u32) -> ShareCodeThrottle {
        let hour = Duration::from_secs(3600);
        ShareCodeThrottle::new(
            Limiter::local("ip", Rate::new(per_ip, hour)),
            Limiter::local("link", Rate::new(per_link, hour)),
            Limiter::local("wrong", Rate::new(1, hour)),
        )
    }

    async fn guess(t: &ShareCodeThrottle, ip: &str, link: &str) -> Result<(), ApiError> {
        t.admit(ip, link).await?;
        t.wrong(ip, link).await
    }

    #[actix_web::test]
    async fn right_codes_count_nothing() {
        let t = throttle(2, 2);
        for _ in 0..10 {
            t.admit("a", "L")
                .await
                .expect("a right code is never counted");
        }
    }

    #[actix_web::test]
    async fn one_address_is_stopped_and_others_still_get_in() {
        let t = throttle(3, 100);
        for _ in 0..3 {
            guess(&t, "x", "L")
                .await
                .expect("within the address's bound");
        }
        let err = t.admit("x", "L").await.expect_err("the guesser");
        assert_eq!(err.status.as_u16(), 429);
        assert!(err.retry_after.is_some());
        t.admit("y", "L").await.expect("another address");
    }

    #[actix_web::test]
    async fn a_spent_link_refuses_only_addresses_that_were_wrong_on_it() {
        let t = throttle(100, 3);
        for ip in ["a", "b", "c"] {
            guess(&t, ip, "L").await.expect("within the link's bound");
        }
        // The link's budget is spent: its guessers are refused before their next try...
        for ip in ["a", "b", "c"] {
            let err = t.admit(ip, "L").await.expect_err("spent");
            assert_eq!(err.status.as_u16(), 429);
        }
        // ...but a browser that was not wrong on it (the clinician) may still try, once
        // wrong it is refused too, and other links are untouched.
        t.admit("clinician", "L").await.expect("not a guesser");
        t.wrong("d", "L").await.expect("counted");
        assert!(t.admit("d", "L").await.is_err());
        t.admit("a", "M").await.expect("another link");
    }
}
