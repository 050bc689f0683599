//! An uploaded file written to disk as it arrives: never held in memory, bounded in size
//! and in time (a stalled or endless upload cannot hold an import slot for ever).

use std::path::Path;
use std::time::Duration;

use actix_web::http::{StatusCode, header};
use actix_web::web;
use futures_util::StreamExt;
use tokio::io::AsyncWriteExt;

use crate::error::{ApiError, MSG_BAD_BODY};

/// Longest wait for the next part of the body.
const IDLE: Duration = Duration::from_secs(60);
/// Longest upload in all: 500 MiB at ~2 Mbit/s.
const DEADLINE: Duration = Duration::from_secs(45 * 60);

pub const MSG_STALLED: &str =
    "The upload stopped arriving. Check your connection and choose the file again.";

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
    let deadline = tokio::time::Instant::now() + DEADLINE;
    let mut written: u64 = 0;
    loop {
        let wait = deadline
            .saturating_duration_since(tokio::time::Instant::now())
            .min(IDLE);
        let next = tokio::time::timeout(wait, payload.next())
            .await
            .map_err(|_| ApiError::new(StatusCode::REQUEST_TIMEOUT, MSG_STALLED))?;
        let Some(chunk) = next else { break };
        let chunk = chunk.map_err(|_| ApiError::bad_request(MSG_BAD_BODY))?;
        written += chunk.len() as u64;
        if written > limit {
            return Err(too_large(limit));
        }
        file.write_all(&chunk).await.map_err(io_error)?;
    }
    file.flush().await.map_err(io_error)?;
    Ok(tmp)
}
