//! The client's address: the one home for it (rate limits, logs).
//!
//! Behind reverse proxies the TCP peer is the last proxy, and the client's address is in
//! a header each proxy *appends* to. Everything left of the entries our own proxies wrote
//! was written by the client and proves nothing, so with N trusted proxies the client is
//! the Nth entry from the right (MDN, X-Forwarded-For: "Selecting an IP address").

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use actix_web::HttpRequest;
use actix_web::http::header::{self, HeaderMap};

/// The header the trusted proxies append the client's address to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For: client, proxy1, ...` (nginx, HAProxy, most load balancers).
    XForwardedFor,
    /// RFC 7239 `Forwarded: for=client;proto=https, for=...`.
    Forwarded,
}

impl FromStr for ProxyHeader {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "x-forwarded-for" => Ok(Self::XForwardedFor),
            "forwarded" => Ok(Self::Forwarded),
            other => Err(format!(
                "proxy header {other:?} must be x-forwarded-for or forwarded"
            )),
        }
    }
}

/// How many reverse proxies of ours stand in front of the server, and which header they
/// write. Zero proxies: the TCP peer is the client and forwarding headers are ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrustedProxies {
    pub count: usize,
    pub header: ProxyHeader,
}

impl Default for TrustedProxies {
    fn default() -> Self {
        Self {
            count: 0,
            header: ProxyHeader::XForwardedFor,
        }
    }
}

impl TrustedProxies {
    /// The client's address, from the TCP peer and the request's headers.
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        if self.count == 0 {
            return peer;
        }
        let entries = match self.header {
            ProxyHeader::XForwardedFor => forwarded_for_entries(headers),
            ProxyHeader::Forwarded => forwarded_entries(headers),
        };
        // Fewer entries than proxies: the request did not come through all of them, and
        // whatever it carries may be the client's own writing. Key it by the peer.
        let picked = entries
            .len()
            .checked_sub(self.count)
            .and_then(|i| entries.get(i));
        picked.and_then(|e| parse_address(e)).or(peer)
    }
}

/// Every `X-Forwarded-For` entry, in order; several headers form one list (RFC 7230 3.2.2).
fn forwarded_for_entries(headers: &HeaderMap) -> Vec<&str> {
    headers
        .get_all(header::X_FORWARDED_FOR)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect()
}

/// The `for=` value of every `Forwarded` element, in order (an element without one
/// counts, so the positions stay right).
fn forwarded_entries(headers: &HeaderMap) -> Vec<&str> {
    headers
        .get_all(header::FORWARDED)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|element| {
            element
                .split(';')
                .filter_map(|pair| pair.split_once('='))
                .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                .map_or("", |(_, v)| v.trim().trim_matches('"'))
        })
        .collect()
}

/// `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]` or `[::1]:80`; IPv4-mapped IPv6 as IPv4.
/// Anything else (`unknown`, obfuscated `_ids`) is no address.
fn parse_address(entry: &str) -> Option<IpAddr> {
    let ip = entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| {
            entry
                .strip_prefix('[')
                .and_then(|e| e.strip_suffix(']'))
                .and_then(|e| e.parse::<IpAddr>().ok())
        })?;
    Some(ip.to_canonical())
}

/// The client's address of `req` under the configured proxies.
pub fn client_ip(req: &HttpRequest, proxies: &TrustedProxies) -> Option<IpAddr> {
    proxies.client(req.peer_addr().map(|a| a.ip()), req.headers())
}

/// The key an address is counted under: IPv6 by its /64, which one subscriber gets whole
/// (one address each would give an attacker 2^64 fresh counters).
pub fn rate_key(ip: Option<IpAddr>) -> String {
    match ip {
        Some(IpAddr::V4(v4)) => v4.to_string(),
        Some(IpAddr::V6(v6)) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        None => "unknown".to_owned(),
    }
}

/// The network an address is in, as a person is shown where they signed in: IPv4's /24 and
/// IPv6's /48, enough to tell home from elsewhere without keeping the host's address.
pub fn network(ip: Option<IpAddr>) -> Option<String> {
    // An IPv4 client of a server listening on IPv6 arrives as ::ffff:a.b.c.d.
    match ip?.to_canonical() {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            Some(format!("{}.{}.{}.0/24", o[0], o[1], o[2]))
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            Some(format!("{:x}:{:x}:{:x}::/48", s[0], s[1], s[2]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderName, HeaderValue};

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(HeaderName::from_static(k), HeaderValue::from_static(v));
        }
        h
    }

    fn ip(s: &str) -> Option<IpAddr> {
        s.parse().ok()
    }

    const PEER: &str = "10.0.0.1";

    fn xff(count: usize) -> TrustedProxies {
        TrustedProxies {
            count,
            header: ProxyHeader::XForwardedFor,
        }
    }

    fn fwd(count: usize) -> TrustedProxies {
        TrustedProxies {
            count,
            header: ProxyHeader::Forwarded,
        }
    }

    #[test]
    fn without_proxies_the_peer_is_the_client() {
        let h = headers(&[("x-forwarded-for", "1.1.1.1"), ("forwarded", "for=2.2.2.2")]);
        assert_eq!(xff(0).client(ip(PEER), &h), ip(PEER));
        assert_eq!(fwd(0).client(ip(PEER), &h), ip(PEER));
    }

    #[test]
    fn takes_the_entry_the_trusted_proxy_appended() {
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.7")]);
        assert_eq!(xff(1).client(ip(PEER), &h), ip("203.0.113.7"));
        // Two proxies: the second appended the first's address; the client is before it.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.7, 10.1.1.1")]);
        assert_eq!(xff(2).client(ip(PEER), &h), ip("203.0.113.7"));
    }

    #[test]
    fn several_headers_form_one_list() {
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "7.7.7.7, 203.0.113.7"),
        ]);
        assert_eq!(xff(1).client(ip(PEER), &h), ip("203.0.113.7"));
        assert_eq!(xff(2).client(ip(PEER), &h), ip("7.7.7.7"));
    }

    #[test]
    fn too_few_entries_or_garbage_fall_back_to_the_peer() {
        let h = headers(&[("x-forwarded-for", "203.0.113.7")]);
        assert_eq!(xff(2).client(ip(PEER), &h), ip(PEER));
        assert_eq!(xff(1).client(ip(PEER), &HeaderMap::new()), ip(PEER));
        let h = headers(&[("x-forwarded-for", "1.1.1.1, not-an-ip")]);
        assert_eq!(xff(1).client(ip(PEER), &h), ip(PEER));
        let h = headers(&[("x-forwarded-for", "1.1.1.1, ")]);
        assert_eq!(xff(1).client(ip(PEER), &h), ip(PEER));
    }

    #[test]
    fn ports_brackets_and_mapped_addresses() {
        for (entry, want) in [
            ("203.0.113.7:4711", "203.0.113.7"),
            ("2001:db8::17", "2001:db8::17"),
            ("[2001:db8::17]", "2001:db8::17"),
            ("[2001:db8::17]:4711", "2001:db8::17"),
            ("::ffff:203.0.113.7", "203.0.113.7"),
        ] {
            assert_eq!(parse_address(entry), ip(want), "{entry}");
        }
    }

    #[test]
    fn forwarded_header_per_rfc_7239() {
        let h = headers(&[(
            "forwarded",
            "for=6.6.6.6;proto=https, For=\"[2001:db8:cafe::17]:4711\";by=10.0.0.1",
        )]);
        assert_eq!(fwd(1).client(ip(PEER), &h), ip("2001:db8:cafe::17"));
        assert_eq!(fwd(2).client(ip(PEER), &h), ip("6.6.6.6"));
        // Several headers, and an element without `for` keeps its place.
        let h = headers(&[
            ("forwarded", "for=6.6.6.6"),
            ("forwarded", "for=203.0.113.7;proto=http, proto=https"),
        ]);
        assert_eq!(fwd(1).client(ip(PEER), &h), ip(PEER));
        assert_eq!(fwd(2).client(ip(PEER), &h), ip("203.0.113.7"));
        let h = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(fwd(1).client(ip(PEER), &h), ip(PEER));
        // X-Forwarded-For is not read when the proxies write Forwarded, and vice versa.
        let h = headers(&[("x-forwarded-for", "6.6.6.6")]);
        assert_eq!(fwd(1).client(ip(PEER), &h), ip(PEER));
        let h = headers(&[("forwarded", "for=6.6.6.6")]);
        assert_eq!(xff(1).client(ip(PEER), &h), ip(PEER));
    }

    #[test]
    fn ipv6_is_counted_by_its_64() {
        assert_eq!(
            rate_key(ip("2001:db8:1:2:aaaa::1")),
            rate_key(ip("2001:db8:1:2:bbbb::9"))
        );
        assert_ne!(
            rate_key(ip("2001:db8:1:2::1")),
            rate_key(ip("2001:db8:1:3::1"))
        );
        assert_eq!(rate_key(ip("203.0.113.7")), "203.0.113.7");
        assert_eq!(rate_key(None), "unknown");
    }

    #[test]
    fn parses_the_header_setting() {
        assert_eq!(
            "X-Forwarded-For".parse::<ProxyHeader>(),
            Ok(ProxyHeader::XForwardedFor)
        );
        assert_eq!(
            "forwarded".parse::<ProxyHeader>(),
            Ok(ProxyHeader::Forwarded)
        );
        assert!("x-real-ip".parse::<ProxyHeader>().is_err());
    }

    #[test]
    fn a_sign_in_keeps_the_network_not_the_host() {
        assert_eq!(network(ip("203.0.113.77")), Some("203.0.113.0/24".into()));
        assert_eq!(
            network(ip("2001:db8:85a3:8d3:1319:8a2e:370:7348")),
            Some("2001:db8:85a3::/48".into())
        );
        assert_eq!(
            network(ip("::ffff:198.51.100.9")),
            Some("198.51.100.0/24".into())
        );
        assert_eq!(network(None), None);
    }
}
