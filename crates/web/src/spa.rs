//! The built client: hashed assets cached for a year, `index.html` never cached, and every
//! unknown non-API GET answered with `index.html` so reloading a client route works.
//!
//! `GET /` for a browser with the presence cookie (the dashboard, signed in) also names, in
//! `Link: <…>; rel=preload` headers, the lazy chunks that page waits for and the GETs it
//! starts early (`/api/user`, the units, the charts' readings), listed by the build in
//! `preload.json` ([`Preloads`]): they start with the HTML instead of after the entry
//! scripts have run (issue 21). A header, not markup: the CSP forbids the inline
//! script that could choose them in the page, and a signed-out visitor (the sign-in page)
//! is not sent chart.js. A hashed asset goes as the build's brotli twin (`x.js.br`) to a
//! browser that takes brotli, so a cold load costs the server no compression.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::header::ContentEncoding;
use actix_web::http::{Method, StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use chrono::{Days, NaiveDate};

use crate::auth::PRESENCE_COOKIE;
use crate::error::ApiError;
use crate::state::AppState;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// webpack's `[contenthash]` puts a run of hex digits between dots in the file name.
pub fn is_hashed(file_name: &str) -> bool {
    file_name
        .split('.')
        .any(|part| part.len() >= 8 && part.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The file under `root` that `path` names, refusing anything that climbs out of it.
fn resolve(root: &Path, path: &str) -> Option<PathBuf> {
    let rel = Path::new(path.trim_start_matches('/'));
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    let full = root.join(rel);
    full.is_file().then_some(full)
}

/// The build's list of what to preload per route, next to `index.html`.
pub const PRELOAD_FILE: &str = "preload.json";

/// One entry of `preload.json`: its URL and what it is (`script`, `style`, or `fetch` for a
/// GET of the API the app starts early).
#[derive(serde::Deserialize)]
struct PreloadEntry {
    href: String,
    #[serde(rename = "as")]
    kind: String,
}

/// One `Link` header value.
#[derive(Debug, Clone)]
enum Link {
    Fixed(header::HeaderValue),
    /// `before`, the date `days` days before today in UTC, `after` (`{utc-today-N}` in the
    /// list): a GET whose URL names a day (the dashboard's readings).
    Dated {
        before: String,
        days: u64,
        after: String,
    },
}

/// The `Link` header values sent with `index.html` on `/` to a browser that is probably
/// signed in. Read once at start by [`Preloads::read`]; empty when there is nothing to read.
#[derive(Debug, Clone, Default)]
pub struct Preloads {
    dashboard: Vec<Link>,
}

impl Preloads {
    /// Reads `preload.json` in the built client `root`. No file (a build without it, or the
    /// dev server's) means no preloads, never an error; an unreadable file, or an entry that
    /// names no file of the build or no API GET, is logged and left out, since a wrong
    /// preload only costs the browser a request.
    pub fn read(root: &Path) -> Self {
        let path = root.join(PRELOAD_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Self::default(),
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "preload list unreadable: no preloads");
                return Self::default();
            }
        };
        let mut routes: HashMap<String, Vec<PreloadEntry>> = match serde_json::from_str(&text) {
            Ok(routes) => routes,
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "preload list invalid: no preloads");
                return Self::default();
            }
        };
        let dashboard = routes
            .remove("/")
            .unwrap_or_default()
            .into_iter()
            .filter_map(|entry| {
                let link = link(root, &entry);
                if link.is_none() {
                    tracing::warn!(href = %entry.href, kind = %entry.kind, "preload list entry names nothing to preload: left out");
                }
                link
            })
            .collect();
        Self { dashboard }
    }

    /// The header values for `req` on `today` (UTC): the dashboard's on a GET of `/` with
    /// the presence cookie (as the client's `hasPresenceCookie` reads it), else none.
    pub fn for_request(&self, req: &HttpRequest, today: NaiveDate) -> Vec<header::HeaderValue> {
        let signed_in = req
            .cookie(PRESENCE_COOKIE)
            .is_some_and(|c| !c.value().is_empty() && c.value() != "0");
        if req.path() != "/" || !signed_in {
            return Vec::new();
        }
        self.dashboard
            .iter()
            .filter_map(|link| match link {
                Link::Fixed(value) => Some(value.clone()),
                Link::Dated {
                    before,
                    days,
                    after,
                } => {
                    let day = today.checked_sub_days(Days::new(*days))?;
                    fetch_link(&format!("{before}{}{after}", day.format("%Y-%m-%d")))
                }
            })
            .collect()
    }
}

/// Nothing in a URL that could end the header's link early.
fn plain(url: &str, extra: &[u8]) -> bool {
    url.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"/.-_".contains(&b) || extra.contains(&b))
}

fn fetch_link(href: &str) -> Option<header::HeaderValue> {
    // The app's GETs send the session cookie: only a preload made with it is taken.
    header::HeaderValue::from_str(&format!(
        "<{href}>; rel=preload; as=fetch; crossorigin=use-credentials"
    ))
    .ok()
}

/// The link of an entry: a script or style naming a file of the build, or a GET of the API
/// (with at most one `{utc-today-N}`).
fn link(root: &Path, entry: &PreloadEntry) -> Option<Link> {
    let href = entry.href.as_str();
    match entry.kind.as_str() {
        "script" | "style" => {
            if !href.starts_with('/') || !plain(href, b"") || resolve(root, href).is_none() {
                return None;
            }
            let value = format!("<{href}>; rel=preload; as={}", entry.kind);
            header::HeaderValue::from_str(&value).ok().map(Link::Fixed)
        }
        "fetch" => {
            if !href.starts_with("/api/") {
                return None;
            }
            let Some((before, rest)) = href.split_once("{utc-today-") else {
                return if plain(href, b"?=&") {
                    fetch_link(href).map(Link::Fixed)
                } else {
                    None
                };
            };
            let (days, after) = rest.split_once('}')?;
            if !plain(before, b"?=&") || !plain(after, b"?=&") {
                return None;
            }
            Some(Link::Dated {
                before: before.to_owned(),
                days: days.parse().ok()?,
                after: after.to_owned(),
            })
        }
        _ => None,
    }
}

async fn serve(req: &HttpRequest, file: &Path, cache: &'static str) -> HttpResponse {
    match NamedFile::open(file) {
        Ok(f) => {
            let mut res = f.use_etag(true).into_response(req);
            res.headers_mut().insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static(cache),
            );
            res
        }
        Err(e) => {
            ApiError::internal(&anyhow::Error::new(e).context("static file")).error_response()
        }
    }
}

/// `x.js.br` next to `x.js`.
fn brotli_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".br");
    PathBuf::from(name)
}

/// Whether an `Accept-Encoding` value takes brotli (`br`, not at `q=0`).
fn accepts_brotli(accept_encoding: &str) -> bool {
    accept_encoding.split(',').any(|part| {
        let mut params = part.split(';').map(str::trim);
        params
            .next()
            .is_some_and(|coding| coding.eq_ignore_ascii_case("br"))
            && params.all(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_none_or(|q| q > 0.0)
            })
    })
}

/// The build's brotli twin of a hashed asset (`BrotliTwinsPlugin` in webpack.config.mjs
/// writes them), for a browser that takes brotli. Compressing on the fly
/// cost the server 10–150 ms of CPU per large file on every cold load of the dashboard
/// (framework.js alone is 263 KiB), on the path to its first paint.
fn brotli_twin(req: &HttpRequest, file: &Path) -> Option<PathBuf> {
    let accepts = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(accepts_brotli);
    let twin = brotli_path(file);
    (accepts && twin.is_file()).then_some(twin)
}

async fn serve_brotli(req: &HttpRequest, file: &Path, twin: &Path) -> HttpResponse {
    let ext = file
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    match NamedFile::open(twin) {
        Ok(f) => {
            let mut res = f
                .set_content_type(actix_files::file_extension_to_mime(ext))
                .set_content_encoding(ContentEncoding::Brotli)
                .disable_content_disposition()
                .use_etag(true)
                .into_response(req);
            let headers = res.headers_mut();
            headers.insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static(IMMUTABLE),
            );
            headers.insert(
                header::VARY,
                header::HeaderValue::from_static("accept-encoding"),
            );
            res
        }
        Err(e) => {
            ApiError::internal(&anyhow::Error::new(e).context("static file")).error_response()
        }
    }
}

/// Everything no route matched.
pub async fn fallback(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let path = req.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found().error_response();
    }
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "Method not allowed")
            .error_response();
    }
    let Some(root) = state.settings.static_dir.as_deref() else {
        return HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("The Vitalog client is not built. Run `make run`, or `make build` then start vitalog.");
    };
    if let Some(file) = resolve(root, path).filter(|f| !f.ends_with("index.html")) {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if !is_hashed(name) {
            return serve(&req, &file, REVALIDATE).await;
        }
        if let Some(twin) = brotli_twin(&req, &file) {
            return serve_brotli(&req, &file, &twin).await;
        }
        let mut res = serve(&req, &file, IMMUTABLE).await;
        if brotli_path(&file).is_file() {
            res.headers_mut().insert(
                header::VARY,
                header::HeaderValue::from_static("accept-encoding"),
            );
        }
        return res;
    }
    let index = root.join("index.html");
    if index.is_file() {
        let mut res = serve(&req, &index, "no-store").await;
        let headers = res.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            header::HeaderValue::from_static("text/html; charset=utf-8"),
        );
        let today = state.clock.now().date_naive();
        for link in state.settings.preloads.for_request(&req, today) {
            headers.append(header::LINK, link);
        }
        res
    } else {
        HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("The Vitalog client is not built (no index.html). Run `make build`.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_content_hashes() {
        assert!(is_hashed("main.3f2a9c1b7d.js"));
        assert!(is_hashed("412.0123456789abcdef0123.chunk.js"));
        assert!(!is_hashed("index.html"));
        assert!(!is_hashed("favicon.svg"));
        assert!(!is_hashed("robots.txt"));
    }

    /// A built client with `files` and a `preload.json` of `preload`.
    fn build(files: &[&str], preload: Option<&str>) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("dir");
        for file in files {
            let path = dir.path().join(file.trim_start_matches('/'));
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, "x").expect("write");
        }
        if let Some(json) = preload {
            std::fs::write(dir.path().join(PRELOAD_FILE), json).expect("write");
        }
        dir
    }

    fn links(preloads: &Preloads, path: &str, presence: Option<&str>) -> Vec<String> {
        let mut req = actix_web::test::TestRequest::get().uri(path);
        if let Some(value) = presence {
            req = req.cookie(actix_web::cookie::Cookie::new(PRESENCE_COOKIE, value));
        }
        let today = NaiveDate::from_ymd_opt(2026, 3, 1).expect("date");
        preloads
            .for_request(&req.to_http_request(), today)
            .iter()
            .map(|v| v.to_str().expect("ascii").to_owned())
            .collect()
    }

    #[test]
    fn preloads_the_dashboards_files_for_a_signed_in_browser_only() {
        let dir = build(
            &[
                "/assets/shell.0123456789.js",
                "/assets/dashboard.0123456789.css",
            ],
            Some(
                r#"{"/": [
                    {"href": "/assets/shell.0123456789.js", "as": "script"},
                    {"href": "/assets/dashboard.0123456789.css", "as": "style"},
                    {"href": "/assets/gone.0123456789.js", "as": "script"},
                    {"href": "/assets/shell.0123456789.js>; rel=stylesheet", "as": "script"},
                    {"href": "/assets/shell.0123456789.js", "as": "document"},
                    {"href": "/api/user", "as": "fetch"},
                    {"href": "/api/readings?from={utc-today-90}&type=all", "as": "fetch"},
                    {"href": "/api/readings?from={utc-today-x}", "as": "fetch"},
                    {"href": "/api/user>; rel=stylesheet", "as": "fetch"},
                    {"href": "/elsewhere", "as": "fetch"}
                ]}"#,
            ),
        );
        let preloads = Preloads::read(dir.path());
        assert_eq!(
            links(&preloads, "/", Some("1")),
            [
                "</assets/shell.0123456789.js>; rel=preload; as=script",
                "</assets/dashboard.0123456789.css>; rel=preload; as=style",
                "</api/user>; rel=preload; as=fetch; crossorigin=use-credentials",
                "</api/readings?from=2025-12-01&type=all>; rel=preload; as=fetch; crossorigin=use-credentials",
            ],
            "a missing file, a URL that would break the header, an unknown kind, a GET outside \
             the API and a day that is no number are left out; 90 days before 2026-03-01 is 2025-12-01"
        );
        assert!(links(&preloads, "/", None).is_empty(), "signed out");
        assert!(links(&preloads, "/", Some("0")).is_empty(), "signed out");
        assert!(links(&preloads, "/", Some("")).is_empty(), "signed out");
        assert!(
            links(&preloads, "/history", Some("1")).is_empty(),
            "another page"
        );
    }

    #[test]
    fn no_or_a_broken_preload_list_preloads_nothing() {
        for preload in [None, Some("not json"), Some(r#"{"/history": []}"#)] {
            let dir = build(&["/assets/shell.0123456789.js"], preload);
            assert!(
                links(&Preloads::read(dir.path()), "/", Some("1")).is_empty(),
                "{preload:?}"
            );
        }
    }

    #[test]
    fn reads_whether_brotli_is_accepted() {
        assert!(accepts_brotli("gzip, deflate, br, zstd"));
        assert!(accepts_brotli("BR;q=0.5"));
        assert!(!accepts_brotli("gzip, deflate"));
        assert!(!accepts_brotli("br;q=0, gzip"));
        assert!(!accepts_brotli("brotli"));
        assert!(!accepts_brotli(""));
    }

    #[test]
    fn refuses_paths_outside_root() {
        let dir = std::env::temp_dir();
        assert!(resolve(&dir, "/../etc/passwd").is_none());
        assert!(resolve(&dir, "/a/../../etc/passwd").is_none());
    }
}
