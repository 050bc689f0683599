//! An uploaded file written to disk as it arrives: never held in memory, bounded in size
//! and in time (a stalled or endless upload cannot hold an import slot for ever).

use std::path::Path;
use std::time::Duration;

use actix_web::http::{StatusCode, header};
use actix_web::web;
use futures_util::StreamExt;
use tokio::io::AsyncWriteExt;

use crate::error::{ApiError, MSG_BAD_BODY};

/// The upload's pace is checked over windows of this length...
pub const WINDOW: Duration = Duration::from_secs(10);
/// ...each of which must bring this much (~51 kbit/s, a poor mobile connection), unless
/// the file ends in it: an upload trickling a byte at a time held an import slot for the
/// whole deadline (issue 33).
pub const MIN_PER_WINDOW: u64 = 64 * 1024;
/// Longest upload in all: 500 MiB at ~2 Mbit/s.
const DEADLINE: Duration = Duration::from_secs(45 * 60);

pub const MSG_STALLED: &str = "The upload stopped arriving, or came too slowly to finish. \
     Check your connection and choose the file again.";

fn too_large(limit: u64) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "The file is larger than {} MB. Export a shorter period, or split the file.",
            limit / (1024 * 1024)
        ),
    )
}

/// Refuses at once a body declared larger than `limit`.
pub fn refuse_declared_too_large(req: &actix_web::HttpRequest, limit: u64) -> Result<(), ApiError> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large(limit));
    }
    Ok(())
}

fn io_error(e: std::io::Error) -> ApiError {
    ApiError::internal(&anyhow::Error::from(e).context("writing an upload to disk"))
}

/// Writes the body to a new temporary file in `dir` (removed when the returned value is
/// dropped), refusing it as soon as it passes `limit` bytes.
pub async fn receive(
    mut payload: web::Payload,
    dir: &Path,
    limit: u64,
) -> Result<tempfile::NamedTempFile, ApiError> {
    let dir = dir.to_path_buf();
    let tmp = web::block(move || {
        std::fs::create_dir_all(&dir)?;
        tempfile::Builder::new().prefix("import-").tempfile_in(&dir)
    })
    .await
    .map_err(|e| ApiError::internal(&anyhow::anyhow!("{e}")))?
    .map_err(io_error)?;
    let mut file = tokio::fs::File::from_std(tmp.reopen().map_err(io_error)?);
    let stalled = || ApiError::new(StatusCode::REQUEST_TIMEOUT, MSG_STALLED);
    let deadline = tokio::time::Instant::now() + DEADLINE;
    let mut window_end = tokio::time::Instant::now() + WINDOW;
    let mut in_window: u64 = 0;
    let mut written: u64 = 0;
    loop {
        let now = tokio::time::Instant::now();
        if now >= deadline {
            return Err(stalled());
        }
        if now >= window_end {
            if in_window < MIN_PER_WINDOW {
                return Err(stalled());
            }
            window_end = now + WINDOW;
            in_window = 0;
        }
        let wait = deadline.min(window_end).saturating_duration_since(now);
        // A timeout only ends a window: the checks above decide.
        let Ok(next) = tokio::time::timeout(wait, payload.next()).await else {
            continue;
        };
        let Some(chunk) = next else { break };
        let chunk = chunk.map_err(|_| ApiError::bad_request(MSG_BAD_BODY))?;
        in_window += chunk.len() as u64;
        written += chunk.len() as u64;
        if written > limit {
            return Err(too_large(limit));
        }
        file.write_all(&chunk).await.map_err(io_error)?;
    }
    file.flush().await.map_err(io_error)?;
    Ok(tmp)
}
