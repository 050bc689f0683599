//! The one gate every request passes before any route: bodies are bounded (a JSON `413`,
//! whatever the route reads them with), and text from people, in the path, the query
//! string or the body, carries no control characters. Routes and domains keep their own
//! field rules; this is what no field may ever hold (PostgreSQL cannot even store a NUL).

use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderMap};
use actix_web::middleware::Next;
use actix_web::web::{Bytes, BytesMut};
use futures_util::StreamExt;
use kernel::FieldErrors;
use kernel::rules::MSG_STRAY_CONTROLS;
use kernel::text::has_stray_controls;

use crate::error::ApiError;
use crate::state::AppState;

fn too_large(limit: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "The request body is too large (at most {} KiB).",
            limit / 1024
        ),
    )
}

fn refused(field: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(
        if field.is_empty() { "request" } else { field },
        MSG_STRAY_CONTROLS,
    );
    ApiError::invalid(errors)
}

/// The import upload, whose body is a file the route streams to disk.
const UPLOAD_PATH: &str = "/api/data/imports";

/// The first key or value of a `k=v&...` text (percent- and plus-decoded) holding a control
/// character; `multiline` allows tab and line breaks in values.
fn controls_in_pairs(text: &[u8], multiline: bool) -> Option<String> {
    url::form_urlencoded::parse(text).find_map(|(k, v)| {
        (has_stray_controls(&k, false) || has_stray_controls(&v, multiline)).then(|| k.into_owned())
    })
}

/// The field of a JSON body whose name or text holds a control character (tab and line
/// breaks allowed: notes and messages span lines; single-line fields refuse them in their
/// own rules). Bodies that are not JSON are left to the route, which answers 400.
fn controls_in_json(body: &[u8]) -> Option<String> {
    // Every body would otherwise be parsed twice (here and by its route), a 64 KiB body
    // on the async worker. A control character in valid JSON can only be written escaped
    // (`\u00..`, `\b`, `\f`) or, for U+0080..U+009F, raw as 0xC2 0x80..0x9F; a body
    // with none of those holds none, and only a body that might is parsed.
    if !might_hold_controls(body) {
        return None;
    }
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    fn walk(v: &serde_json::Value, field: &str) -> Option<String> {
        match v {
            serde_json::Value::String(s) => has_stray_controls(s, true).then(|| field.to_owned()),
            serde_json::Value::Array(items) => items.iter().find_map(|i| walk(i, field)),
            serde_json::Value::Object(map) => map.iter().find_map(|(k, v)| {
                if has_stray_controls(k, false) {
                    Some(String::new())
                } else {
                    walk(v, k)
                }
            }),
            _ => None,
        }
    }
    walk(&value, "")
}

/// A cheap byte scan: false only when the JSON text cannot hold a control character.
fn might_hold_controls(body: &[u8]) -> bool {
    body.windows(2).any(|w| {
        matches!(w, [b'\\', b'u' | b'b' | b'f'] | [0xC2, 0x80..=0x9F])
            || (w[0] < 0x20 && !matches!(w[0], b'\t' | b'\n' | b'\r'))
    }) || body
        .last()
        .is_some_and(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'))
}

fn content_type(headers: &HeaderMap) -> &str {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// Reads the whole body, refusing it as soon as it passes `limit`.
async fn read_body(payload: &mut Payload, limit: usize) -> Result<Bytes, ApiError> {
    let mut body = BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::bad_request(crate::error::MSG_BAD_BODY))?;
        if body.len() + chunk.len() > limit {
            return Err(too_large(limit));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

async fn check(req: &mut ServiceRequest) -> Result<(), ApiError> {
    if let Some(field) = controls_in_pairs(req.path().as_bytes(), false) {
        // No resource's name holds a control character: the path names nothing we serve
        // (and a route's own 400 body, e.g. a token check's, would be the wrong shape).
        tracing::debug!(field, "control character in the path");
        return Err(ApiError::not_found());
    }
    if let Some(field) = controls_in_pairs(req.query_string().as_bytes(), false) {
        return Err(refused(&field));
    }
    if req.method() == actix_web::http::Method::POST && req.path() == UPLOAD_PATH {
        // A whole exported file (up to 500 MiB, binary when zipped): the route writes it to
        // disk as it arrives, bounded in size and time, and reads it as its format.
        return Ok(());
    }
    let limit = req
        .app_data::<actix_web::web::Data<AppState>>()
        .map_or(64 * 1024, |s| s.settings.body_limit);
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large(limit));
    }
    let (_, payload) = req.parts_mut();
    let body = read_body(payload, limit).await?;
    let kind = content_type(req.headers()).to_ascii_lowercase();
    let field = if body.is_empty() {
        None
    } else if kind.starts_with("application/x-www-form-urlencoded") {
        controls_in_pairs(&body, true)
    } else {
        // JSON whatever the content type says: routes that read JSON do not all insist.
        controls_in_json(&body)
    };
    if let Some(field) = field {
        return Err(refused(&field));
    }
    req.set_payload(Payload::from(body));
    Ok(())
}

/// The middleware: see the module's documentation.
pub async fn guard_input(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, actix_web::Error> {
    if let Err(e) = check(&mut req).await {
        let (http, _) = req.into_parts();
        let res = actix_web::ResponseError::error_response(&e);
        return Ok(ServiceResponse::new(http, res).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_found_in_pairs_and_json_with_their_field() {
        assert_eq!(controls_in_pairs(b"q=%00", false).as_deref(), Some("q"));
        assert_eq!(controls_in_pairs(b"q=tea&from=2026", false), None);
        assert_eq!(controls_in_pairs(b"notes=a%0Ab", true), None);
        assert_eq!(
            controls_in_pairs(b"notes=a%0Ab", false).as_deref(),
            Some("notes")
        );
        assert_eq!(
            controls_in_json(br#"{"username":"a\u0000b","password":"x"}"#).as_deref(),
            Some("username")
        );
        assert_eq!(
            controls_in_json(br#"{"a":{"b":["ok","\u001b[31m"]}}"#).as_deref(),
            Some("b")
        );
        assert_eq!(controls_in_json(br#"{"notes":"line\nline\ttab"}"#), None);
        assert_eq!(controls_in_json(br#"{"x":"\\u0000 is text"}"#), None);
        assert_eq!(controls_in_json(b"not json"), None);
        assert_eq!(
            controls_in_json("{\"n\":\"a\u{85}b\"}".as_bytes()).as_deref(),
            Some("n")
        );
        assert_eq!(controls_in_json(br#"{"n":"bell\b"}"#).as_deref(), Some("n"));
    }

    #[test]
    fn the_byte_scan_passes_only_bodies_without_controls() {
        assert!(!might_hold_controls(
            "{\"notes\":\"caf\u{e9} 🩺\\n\"}\n".as_bytes()
        ));
        assert!(might_hold_controls(br#"{"a":"\u0000"}"#));
        assert!(might_hold_controls(br#"{"a":"\f"}"#));
        assert!(might_hold_controls("{\"a\":\"\u{9f}\"}".as_bytes()));
        assert!(might_hold_controls(b"{\"a\":\"\x07\"}"));
    }
}
