//! Request-wide protections: refusing cross-site state changes, security headers, and an
//! access log that never records paths with secrets in them.

use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError, web};

use crate::error::{ApiError, MSG_CROSS_SITE};
use crate::state::AppState;

fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Whether a state-changing request comes from our own site. `Sec-Fetch-Site` is set by
/// the browser and cannot be forged by a page, so when present it decides (a native form
/// post under `Referrer-Policy: no-referrer` carries `Origin: null` but is `same-origin`).
/// Otherwise `Origin` must be ours. Requests with neither (curl, server-to-server) carry no
/// browser cookies by accident and are let through.
pub fn is_same_site(sec_fetch_site: Option<&str>, origin: Option<&str>, own_origin: &str) -> bool {
    match (sec_fetch_site, origin) {
        (Some(site), _) => matches!(site, "same-origin" | "none"),
        (None, Some(o)) => o == own_origin,
        (None, None) => true,
    }
}

pub async fn same_site_guard(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    // The unsubscribe POST comes from mail providers (RFC 8058) and is authorised by the
    // signed token in its URL, not by cookies.
    if changes_state(req.method())
        && req.path().starts_with("/api/")
        && req.path() != "/api/unsubscribe"
    {
        let own = req
            .app_data::<web::Data<AppState>>()
            .map(|s| s.settings.origin())
            .unwrap_or_default();
        let h = req.headers();
        let fetch_site = h.get("sec-fetch-site").and_then(|v| v.to_str().ok());
        let origin = h.get(header::ORIGIN).and_then(|v| v.to_str().ok());
        if !is_same_site(fetch_site, origin, &own) {
            tracing::warn!(method = %req.method(), "cross-site request refused");
            let res = ApiError::new(actix_web::http::StatusCode::FORBIDDEN, MSG_CROSS_SITE)
                .with_code(crate::error::ErrorCode::CrossSite)
                .error_response();
            return Ok(req.into_response(res).map_into_right_body());
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}

pub async fn headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let api = req.path().starts_with("/api/");
    let shared = req.path().starts_with("/s/") || req.path().starts_with("/api/shared/");
    let state = req.app_data::<web::Data<AppState>>();
    let draining = state.is_some_and(|s| s.drain.is_draining());
    let settings = state.map(|s| s.settings.clone());
    let https = settings.as_ref().is_some_and(|s| s.secure_cookies());
    let mut res = next.call(req).await?;
    if draining {
        res.response_mut()
            .head_mut()
            .set_connection_type(actix_web::http::ConnectionType::Close);
    }
    let h = res.headers_mut();
    if let Some(csp) = settings.and_then(|s| header::HeaderValue::from_str(&s.csp).ok()) {
        h.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    let set = |h: &mut header::HeaderMap, name: &'static str, value: &'static str| {
        h.insert(
            header::HeaderName::from_static(name),
            header::HeaderValue::from_static(value),
        );
    };
    set(h, "x-content-type-options", "nosniff");
    // Reset and verification links carry tokens in the path: never leak them as referrer.
    set(h, "referrer-policy", "no-referrer");
    set(h, "x-frame-options", "DENY");
    set(h, "cross-origin-opener-policy", "same-origin");
    set(
        h,
        "permissions-policy",
        "camera=(), microphone=(), geolocation=(), payment=(self)",
    );
    if https {
        set(h, "strict-transport-security", "max-age=31536000");
    }
    if shared {
        // A shared record is for the person given the link, never for search engines.
        set(h, "x-robots-tag", "noindex, nofollow");
    }
    if api && !h.contains_key(header::CACHE_CONTROL) {
        // Health data must not sit in shared or browser caches.
        set(h, "cache-control", "no-store");
    }
    Ok(res)
}

/// One line per request: method, route pattern (never the raw path, which can hold a
/// token), status and time.
pub async fn access_log(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let start = Instant::now();
    let method = req.method().clone();
    let res = next.call(req).await?;
    let route = res
        .request()
        .match_pattern()
        .unwrap_or_else(|| "-".to_owned());
    let status = res.status().as_u16();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if status >= 500 {
        tracing::warn!(%method, route, status, ms, "request");
    } else {
        tracing::info!(%method, route, status, ms, "request");
    }
    Ok(res)
}

/// A middleware that fails (the session store when the database is away) yields an error
/// the framework would answer with an empty 500; answer with the API's JSON (503: try
/// again) instead, and log the cause.
pub async fn server_errors_as_json(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let path = req.path().to_owned();
    next.call(req).await.map_err(|e| {
        if e.as_response_error().status_code().is_server_error() {
            tracing::error!(error = %e, path = %path, "request failed before its handler");
            ApiError::new(
                actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
                crate::error::MSG_INTERNAL,
            )
            .into()
        } else {
            e
        }
    })
}

#[cfg(test)]
mod tests {
    use super::is_same_site;

    #[test]
    fn same_site_rules() {
        let own = "https://vitalog.example";
        assert!(is_same_site(Some("same-origin"), Some(own), own));
        assert!(is_same_site(None, None, own), "non-browser clients");
        assert!(is_same_site(None, Some(own), own));
        assert!(!is_same_site(Some("cross-site"), None, own));
        assert!(!is_same_site(
            Some("same-site"),
            Some("https://x.vitalog.example"),
            own
        ));
        assert!(!is_same_site(None, Some("https://evil.example"), own));
        assert!(!is_same_site(None, Some("null"), own));
        assert!(
            is_same_site(Some("same-origin"), Some("null"), own),
            "native form post under no-referrer"
        );
        assert!(!is_same_site(Some("cross-site"), Some(own), own));
    }
}
