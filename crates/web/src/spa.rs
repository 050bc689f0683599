//! The built client: hashed assets cached for a year, `index.html` never cached, and every
//! unknown non-API GET answered with `index.html` so reloading a client route works.

use std::path::{Component, Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::{Method, StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};

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
        let cache = if is_hashed(name) {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        return serve(&req, &file, cache).await;
    }
    let index = root.join("index.html");
    if index.is_file() {
        let mut res = serve(&req, &index, "no-store").await;
        res.headers_mut().insert(
            header::CONTENT_TYPE,
            header::HeaderValue::from_static("text/html; charset=utf-8"),
        );
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

    #[test]
    fn refuses_paths_outside_root() {
        let dir = std::env::temp_dir();
        assert!(resolve(&dir, "/../etc/passwd").is_none());
        assert!(resolve(&dir, "/a/../../etc/passwd").is_none());
    }
}
