//! A Bluetooth blood pressure cuff's readings and the paired cuffs (issue 39): the browser
//! reads the cuff (Web Bluetooth) and posts its memory as one batch; the cuffs a person
//! paired are remembered, listed in Preferences and forgotten there.

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::FieldErrors;
use readings::cuffs::{Cuff, RawCuff};
use readings::service::{DeviceReading, FromCuff};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{ReadingDto, number, present};
use crate::auth::CurrentUser;
use crate::dto::Timestamp;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// How long a batch may take before the answer gives up (200 readings take milliseconds;
/// a database that stopped answering is the watchdog's, this bounds the whole).
const BATCH_DEADLINE: Duration = Duration::from_secs(30);

/// A cuff as the browser describes it when its readings are sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DeviceCuffRequest {
    /// The browser's id of the device (1 to 128 characters).
    pub id: String,
    /// The name it advertises (at most 100 characters).
    pub name: String,
    pub maker: Option<String>,
    pub model: Option<String>,
}

/// One reading as the cuff recorded it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DeviceReadingRequest {
    /// YYYY-MM-DD.
    pub date: Option<String>,
    /// HH:MM, 24-hour.
    pub time: Option<String>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = f64)]
    pub systolic: Option<Value>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = f64)]
    pub diastolic: Option<Value>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub heart_rate: Option<Value>,
    /// irregular-pulse, body-movement, cuff-loose, pulse-out-of-range, improper-position,
    /// clock-unsure.
    pub flags: Vec<String>,
}

/// A cuff's readings, 1 to 200 of them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FromDeviceRequest {
    pub cuff: DeviceCuffRequest,
    pub readings: Vec<DeviceReadingRequest>,
}

/// What became of one reading sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(
    tag = "status",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum DeviceResultDto<'a> {
    /// Stored now.
    Saved { reading: ReadingDto<'a> },
    /// The record already held it (same date, time, systolic, diastolic and heart rate).
    Already { reading: ReadingDto<'a> },
    /// Not stored: the reading form's messages.
    Refused {
        message: String,
        // Named here too: utoipa does not read serde's `rename_all_fields`, and the document
        // must say what is sent.
        #[serde(rename = "fieldErrors")]
        #[schema(value_type = std::collections::HashMap<String, String>)]
        field_errors: FieldErrors,
    },
}

/// How many readings were saved, already held and refused, and each one's result in the
/// order sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FromDeviceResponse<'a> {
    pub saved: usize,
    pub already: usize,
    pub refused: usize,
    pub results: Vec<DeviceResultDto<'a>>,
}

impl From<DeviceReadingRequest> for DeviceReading {
    fn from(r: DeviceReadingRequest) -> Self {
        let field = |v| number(v).unwrap_or(readings::NumberField::Empty);
        Self {
            date: r.date.unwrap_or_default(),
            time: r.time.unwrap_or_default(),
            systolic: field(r.systolic),
            diastolic: field(r.diastolic),
            heart_rate: field(r.heart_rate),
            flags: r.flags,
        }
    }
}

/// Stores a cuff's readings (needs an active subscription, like recording one): each is
/// checked by the reading form's rules and messages and stored as a home reading from the
/// cuff, unless the record already holds a reading of the same date, time, systolic,
/// diastolic and heart rate ("already": a cuff re-sends its memory, and a batch posted twice
/// stores each reading once). The cuff is remembered as synced now.
#[utoipa::path(tag = "readings", request_body = FromDeviceRequest, responses(
    (status = 200, body = FromDeviceResponse),
    (status = 400, body = ErrorBody, description = "The cuff is not described rightly, or not 1 to 200 readings"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Subscription Required"),
    (status = 409, body = ErrorBody, description = "The record would pass its bounds (200,000 readings, 32 MB of notes)"),
    (status = 503, body = ErrorBody, description = "It took too long; sending again is safe"),
))]
#[post("/api/readings/from-device")]
pub async fn from_device(
    user: CurrentUser,
    body: web::Json<FromDeviceRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let FromDeviceRequest { cuff, readings } = body.into_inner();
    let cuff = RawCuff {
        id: cuff.id,
        name: cuff.name,
        maker: cuff.maker,
        model: cuff.model,
        user_slot: None,
    };
    let sent = readings.into_iter().map(DeviceReading::from).collect();
    let work = state.readings.add_from_cuff(user.id, cuff, sent);
    let Ok(batch) = tokio::time::timeout(BATCH_DEADLINE, work).await else {
        // Whatever was committed is answered "already" when the batch is sent again.
        let mut e = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            crate::error::MSG_UNAVAILABLE,
        );
        e.retry_after = Some(Duration::from_secs(5));
        return Err(e);
    };
    let batch = batch?;
    let guideline = state.readings.guideline(user.id).await?;
    let (saved, already, refused) = batch.counts();
    let results = batch
        .results
        .iter()
        .map(|r| match r {
            FromCuff::Saved(r) => DeviceResultDto::Saved {
                reading: ReadingDto::of(r, guideline),
            },
            FromCuff::Already(r) => DeviceResultDto::Already {
                reading: ReadingDto::of(r, guideline),
            },
            FromCuff::Refused(errors) => DeviceResultDto::Refused {
                message: errors.summary().to_owned(),
                field_errors: errors.clone(),
            },
        })
        .collect();
    Ok(HttpResponse::Ok().json(FromDeviceResponse {
        saved,
        already,
        refused,
        results,
    }))
}

/// A remembered cuff.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CuffDto {
    /// The browser's id of the device.
    pub id: String,
    pub name: String,
    pub maker: Option<String>,
    pub model: Option<String>,
    /// Which user of a shared cuff this person is (1 to 255), when they chose.
    pub user_slot: Option<u8>,
    /// When its readings were last sent.
    #[schema(value_type = Option<String>)]
    pub last_sync_at: Option<Timestamp>,
    #[schema(value_type = String)]
    pub created_at: Timestamp,
}

impl From<Cuff> for CuffDto {
    fn from(c: Cuff) -> Self {
        Self {
            id: c.id,
            name: c.name,
            maker: c.maker,
            model: c.model,
            user_slot: c.user_slot,
            last_sync_at: c.last_sync_at.map(Timestamp),
            created_at: Timestamp(c.created_at),
        }
    }
}

/// A cuff as the client describes it on connecting, or with the user slot chosen.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CuffRequest {
    /// The name it advertises (at most 100 characters).
    pub name: String,
    pub maker: Option<String>,
    pub model: Option<String>,
    /// 1 to 255, or null.
    pub user_slot: Option<i64>,
}

/// The cuffs the user paired, the latest synced first.
#[utoipa::path(tag = "readings", responses(
    (status = 200, body = Vec<CuffDto>), (status = 401, body = ErrorBody),
))]
#[get("/api/cuffs")]
pub async fn list_cuffs(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let cuffs: Vec<CuffDto> = state
        .cuffs
        .list(user.id)
        .await?
        .into_iter()
        .map(CuffDto::from)
        .collect();
    Ok(HttpResponse::Ok().json(cuffs))
}

/// Remembers a cuff, or updates the one of this id (its last sync kept); at most 20.
#[utoipa::path(tag = "readings", params(("id" = String, Path, description = "The browser's id of the device")),
    request_body = CuffRequest, responses(
    (status = 200, body = CuffDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "20 cuffs are remembered already: forget one first"),
))]
#[put("/api/cuffs/{id}")]
pub async fn put_cuff(
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<CuffRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let raw = RawCuff {
        id: id.into_inner(),
        name: b.name,
        maker: b.maker,
        model: b.model,
        user_slot: b.user_slot,
    };
    let cuff = state.cuffs.put(user.id, raw).await?;
    Ok(HttpResponse::Ok().json(CuffDto::from(cuff)))
}

/// Forgets a cuff; its readings are kept.
#[utoipa::path(tag = "readings", params(("id" = String, Path, description = "The browser's id of the device")),
    responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[delete("/api/cuffs/{id}")]
pub async fn forget_cuff(
    user: CurrentUser,
    id: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.cuffs.forget(user.id, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}
