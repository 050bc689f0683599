//! Import from other apps (issue 18): what a file is, reading it (uploaded as it is, up to
//! 500 MiB, written to disk as it arrives and read as a stream, its progress streamed back
//! as NDJSON), then storing or discarding the preview's draft.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, delete, post, web};
use imports::ImportError;
use imports::formats::{Format, Progress, Snapshot};
use imports::service::{Preview, Upload};

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};

use crate::state::AppState;

pub mod dto;
mod errors;
pub mod upload;

use dto::*;

/// How often a reading in progress is reported.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);
pub const MSG_IMPORTS_PER_DAY: &str = "You have stored as many imports today as Vitalog takes \
     from one account in a day. Please try again tomorrow; your preview stays for an hour.";
pub const MSG_FORMAT: &str =
    "Format must be auto, vitalog, omron, withings, apple-health or spreadsheet.";

fn field_error(field: &str, message: &str) -> ApiError {
    let mut errors = kernel::FieldErrors::new();
    errors.add(field, message);
    ApiError::invalid(errors)
}

/// What the first bytes (at most 64 KiB) of a file are: its format when Vitalog knows it,
/// and for a spreadsheet its columns, first rows and the mapping to offer. Stores nothing.
#[utoipa::path(tag = "data", params(SniffParams), request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The file's first bytes, at most 64 KiB"), responses(
    (status = 200, body = SniffDto), (status = 401, body = ErrorBody), (status = 413, body = ErrorBody),
))]
#[post("/imports/sniff")]
pub async fn sniff(
    user: CurrentUser,
    params: web::Query<SniffParams>,
    body: Bytes,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let name = params.name.unwrap_or_default();
    let result = state
        .imports
        .sniff(user.id, body.to_vec(), name, params.header_row)
        .await?;
    Ok(HttpResponse::Ok().json(SniffDto::from(result)))
}

/// Reads a file exported by Vitalog, OMRON connect, Withings, Apple Health or a
/// spreadsheet, sent as it is (at most 500 MiB), and answers with NDJSON: progress lines
/// while it is read, then the preview (its new readings kept as a draft for an hour) or an
/// error naming the format expected and the line at fault. Stores no reading. Closing the
/// connection cancels the reading. One import per account at a time; needs a subscription.
#[utoipa::path(tag = "data", params(UploadParams), request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The whole file, as exported"), responses(
    (status = 200, content_type = "application/x-ndjson", body = ImportEventDto, description = "One ImportEventDto per line: progress, then preview or error"),
    (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"),
    (status = 408, body = ErrorBody, description = "The upload stalled"),
    (status = 413, body = ErrorBody),
    (status = 429, body = ErrorBody, description = "Another import is under way, or imports are busy: Retry-After"),
))]
#[post("/imports")]
pub async fn read(
    user: CurrentUser,
    params: web::Query<UploadParams>,
    payload: web::Payload,
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let format = dto::format_param(params.format.as_deref())
        .ok_or_else(|| field_error("format", MSG_FORMAT))?;
    let mapping = match params.mapping.as_deref() {
        None | Some("") => None,
        Some(json) => Some(
            serde_json::from_str::<MappingDto>(json)
                .map_err(|_| field_error("mapping", MSG_MAPPING))?
                .to_mapping()
                .map_err(|m| field_error("mapping", &m))?,
        ),
    };
    if format == Some(Format::Spreadsheet) && mapping.is_none() {
        return Err(field_error(
            "mapping",
            imports::service::MSG_MAPPING_REQUIRED,
        ));
    }
    upload::refuse_declared_too_large(&req, state.settings.upload_limit)?;
    let zone = state.accounts.preferences(user.id).await?.time_zone;
    // Admission before a byte is written: one import per account, a bounded number in all.
    let turn = state.imports.begin(user.id).await?;
    let file = upload::receive(
        payload,
        &state.settings.upload_dir,
        state.settings.upload_limit,
    )
    .await?;
    let job = Upload {
        path: file.path().to_path_buf(),
        file_name: params.name.unwrap_or_default().chars().take(200).collect(),
        format,
        mapping,
        zone,
    };
    let watch = Arc::new(Watch::default());
    let (tx, rx) = tokio::sync::oneshot::channel();
    let imports = state.imports.clone();
    let progress: Arc<dyn Progress + Send + Sync> = watch.clone();
    actix_web::rt::spawn(async move {
        let result = imports.read(user.id, turn, job, progress).await;
        // The file goes once it has been read, whoever is still listening.
        drop(file);
        let _ = tx.send(result);
    });
    Ok(HttpResponse::Ok()
        .content_type("application/x-ndjson")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        // Each line as it is written: not held back by compression or a proxy's buffer.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(events(watch, rx)))
}

/// Counts one import stored by `user` (a commit, or a CSV imported in one step): past
/// `VITALOG_RATE_IMPORTS_PER_ACCOUNT`, `429` with Retry-After and nothing stored.
pub(crate) async fn count_import(state: &AppState, user: kernel::UserId) -> Result<(), ApiError> {
    state
        .limits
        .imports_per_account
        .check(&user.0.to_string())
        .await
        .map_err(|mut e| {
            if e.status == StatusCode::TOO_MANY_REQUESTS {
                e.body.message = MSG_IMPORTS_PER_DAY.to_owned();
            }
            e
        })
}

/// Where a reading is, and whether whoever asked for it has gone.
#[derive(Default)]
struct Watch {
    at: std::sync::Mutex<Snapshot>,
    cancelled: AtomicBool,
}

impl Progress for Watch {
    fn report(&self, at: Snapshot) {
        *self
            .at
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = at;
    }

    fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

impl Watch {
    fn now(&self) -> Snapshot {
        *self
            .at
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Cancels the reading when the answer is dropped: the client closed the connection.
struct CancelOnDrop(Arc<Watch>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancelled.store(true, Ordering::Relaxed);
    }
}

type Outcome = Result<Preview, ImportError>;

struct Stream {
    guard: CancelOnDrop,
    rx: Option<tokio::sync::oneshot::Receiver<Outcome>>,
    last: Option<Snapshot>,
}

fn line(event: &ImportEventDto) -> Result<Bytes, actix_web::Error> {
    let mut bytes =
        serde_json::to_vec(event).map_err(actix_web::error::ErrorInternalServerError)?;
    bytes.push(b'\n');
    Ok(Bytes::from(bytes))
}

/// The outcome as the last line: the preview, or the error a client can show.
fn last_line(outcome: Outcome) -> ImportEventDto {
    match outcome {
        Ok(preview) => ImportEventDto::preview(preview),
        Err(e) => {
            let api = ApiError::from(e);
            let message = api
                .body
                .errors
                .as_ref()
                .and_then(|e| e.get("file").map(str::to_owned))
                .unwrap_or_else(|| api.body.message.clone());
            ImportEventDto::error(api.status.as_u16(), message)
        }
    }
}

/// Progress every [`PROGRESS_EVERY`] while it changes (and once at the start), then the
/// outcome.
fn events(
    watch: Arc<Watch>,
    rx: tokio::sync::oneshot::Receiver<Outcome>,
) -> impl futures_util::Stream<Item = Result<Bytes, actix_web::Error>> {
    let start = Stream {
        guard: CancelOnDrop(watch),
        rx: Some(rx),
        last: None,
    };
    futures_util::stream::unfold(start, |mut s| async move {
        loop {
            let rx = s.rx.as_mut()?;
            let now = s.guard.0.now();
            if s.last != Some(now) {
                s.last = Some(now);
                return Some((line(&ImportEventDto::progress(now)), s));
            }
            tokio::select! {
                outcome = rx => {
                    s.rx = None;
                    let outcome = outcome.unwrap_or_else(|_| {
                        Err(ImportError::Unexpected(anyhow::anyhow!("the import task ended without an answer")))
                    });
                    return Some((line(&last_line(outcome)), s));
                }
                () = actix_web::rt::time::sleep(PROGRESS_EVERY) => {}
            }
        }
    })
}

/// Stores the preview's new readings (checked again for duplicates) in one transaction.
/// 404 when the draft has expired (an hour) or was imported or discarded already.
#[utoipa::path(tag = "data", params(("id" = String, Path, description = "The preview's id")), responses(
    (status = 200, body = ImportResultDto), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"),
    (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "The record would pass its bounds (200,000 readings, 32 MB of notes)"),
    (status = 429, body = ErrorBody, description = "Another import is under way, or the day's imports are stored: Retry-After"),
))]
#[post("/imports/{id}/commit")]
pub async fn commit(
    user: CurrentUser,
    id: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    count_import(&state, user.id).await?;
    let s = state.imports.commit(user.id, &id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(ImportResultDto::of(s.imported, s.duplicates, s.invalid)))
}

/// Forgets a preview without storing anything.
#[utoipa::path(tag = "data", params(("id" = String, Path, description = "The preview's id")), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[delete("/imports/{id}")]
pub async fn discard(
    user: CurrentUser,
    id: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.imports.discard(user.id, &id.into_inner()).await?;
    Ok(HttpResponse::build(StatusCode::NO_CONTENT).finish())
}

#[cfg(test)]
mod tests {
    use futures_util::StreamExt;

    use super::*;

    #[actix_web::test]
    async fn the_answer_reports_progress_then_the_outcome_and_closing_it_cancels_the_reading() {
        let watch = Arc::new(Watch::default());
        let (tx, rx) = tokio::sync::oneshot::channel::<Outcome>();
        let mut stream = Box::pin(events(watch.clone(), rx));
        let first = stream.next().await.expect("a line").expect("bytes");
        let first: serde_json::Value = serde_json::from_slice(&first).expect("json");
        assert_eq!(first["type"], "progress");
        watch.report(Snapshot {
            done: 5,
            total: 10,
            records: 3,
            found: 1,
        });
        let second = stream.next().await.expect("a line").expect("bytes");
        let second: serde_json::Value = serde_json::from_slice(&second).expect("json");
        assert_eq!(
            (second["done"].as_u64(), second["found"].as_u64()),
            (Some(5), Some(1))
        );
        assert!(!watch.cancelled(), "still listening");
        drop(stream);
        assert!(watch.cancelled(), "the client went away: the reading stops");
        drop(tx);

        let watch = Arc::new(Watch::default());
        let (tx, rx) = tokio::sync::oneshot::channel::<Outcome>();
        let stream = events(watch, rx);
        tx.send(Err(ImportError::File(
            "This is not an OMRON connect CSV: line 1 …".into(),
        )))
        .ok();
        let lines: Vec<serde_json::Value> = stream
            .map(|l| serde_json::from_slice(&l.expect("bytes")).expect("json"))
            .collect()
            .await;
        let last = lines.last().expect("last");
        assert_eq!(last["type"], "error");
        assert_eq!(last["status"], 400);
        assert_eq!(
            last["message"],
            "This is not an OMRON connect CSV: line 1 …"
        );
    }
}
