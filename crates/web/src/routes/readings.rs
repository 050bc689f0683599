//! Readings API (spec section 7). Values are in canonical units (weight lbs, blood sugar
//! mg/dL); the client converts to the user's units at the edges.

mod cuffs;
mod days;
mod errors;
mod guided;

pub use cuffs::{forget_cuff, from_device, list_cuffs, put_cuff};
pub use days::daily;

pub use guided::{
    AverageDto, create_session, get_home_week, set_session_period, start_home_week, stop_home_week,
};

use actix_web::web::Bytes;
use actix_web::{HttpResponse, delete, get, patch, post, web};
use futures_util::Stream;
use kernel::date::parse_form_date;
use kernel::{FieldErrors, Guideline, UserId};
use readings::ReadingService;
use readings::model::{Kind, NumberField, Reading, ReadingInput, ReadingQuery};
use readings::service::Recorded;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::auth::CurrentUser;
use crate::dto::{IsoDate, IsoTime, MessageResponse, Timestamp};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// Header carrying how many readings match the filters (for paging).
pub const TOTAL_HEADER: &str = "X-Total-Count";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryDto {
    /// The category in the owner's guideline: ACC/AHA 2025 normal, elevated, stage-1,
    /// stage-2, hypertensive-crisis; ESH 2023 optimal, normal, high-normal, grade-1, grade-2,
    /// grade-3, isolated-systolic; ESC 2024 non-elevated, elevated, hypertension.
    pub code: &'static str,
    /// "Stage 1", "Grade 1 hypertension", ...
    pub label: &'static str,
    /// The guideline it is stated in: acc-aha-2025, esh-2023 or esc-2024.
    pub guideline: &'static str,
    /// The guideline's short name, "ACC/AHA 2025": a screen names the category with it,
    /// "Stage 1 (ACC/AHA 2025)".
    pub guideline_name: &'static str,
    /// Only one of the two numbers was recorded and it sets a floor: the category is this
    /// one or higher (systolic 145 alone is at least Stage 2).
    pub at_least: bool,
}

// A reading as the API sends it, borrowed from the `Reading`: a list writes thousands, so
// nothing here allocates but a guided measurement's session (a few in a list). A plain
// comment: a doc comment would become the schema's description in the OpenAPI document.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadingDto<'a> {
    pub id: i64,
    pub user_id: i64,
    /// YYYY-MM-DD.
    #[schema(value_type = String)]
    pub date: IsoDate,
    /// HH:MM, 24-hour.
    #[schema(value_type = String)]
    pub time: IsoTime,
    pub systolic: Option<i32>,
    pub diastolic: Option<i32>,
    pub heart_rate: Option<i32>,
    /// Pounds.
    pub weight: Option<f64>,
    /// mg/dL.
    pub blood_sugar: Option<f64>,
    pub notes: Option<&'a str>,
    /// Present with both numbers, or with one where the guideline's "or" decides (Stage 1
    /// and above).
    pub bp_category: Option<CategoryDto>,
    /// Above 180 systolic and/or 120 diastolic, either alone (the hypertensive-crisis
    /// category): the client
    /// shows the AHA's guidance (`rules.json`, `severe`).
    pub severe: bool,
    /// Set when the reading holds the rounded averages of a guided measurement.
    pub session: Option<SessionDto>,
    /// Where it was taken: home, or office (at the clinic). Office readings never enter the
    /// home average; a guided measurement is always home.
    pub setting: &'static str,
    /// How it entered the record: manual (typed, or a cuff's or an import's reading whose
    /// values were edited), device (a Bluetooth cuff) or import (another app's export).
    pub source: &'static str,
    /// The cuff's maker and model ("OMRON X4 Smart") or the app an import read ("Withings");
    /// kept when an edit made the reading manual; null for a typed reading.
    pub device: Option<&'a str>,
    /// The cuff's measurement flags: irregular-pulse, body-movement, cuff-loose,
    /// pulse-out-of-range, improper-position, clock-unsure.
    pub flags: Vec<&'static str>,
    /// What the cuff (or the import) recorded, once an edit changed those values (the first
    /// edit's: later edits keep it).
    pub original: Option<OriginalDto>,
    #[schema(value_type = String)]
    pub created_at: Timestamp,
    #[schema(value_type = String)]
    pub updated_at: Timestamp,
}

/// The values a cuff (or an import) recorded before an edit changed them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OriginalDto {
    pub systolic: Option<i32>,
    pub diastolic: Option<i32>,
    pub heart_rate: Option<i32>,
    /// YYYY-MM-DD.
    #[schema(value_type = String)]
    pub date: IsoDate,
    /// HH:MM, 24-hour.
    #[schema(value_type = String)]
    pub time: IsoTime,
}

/// A guided measurement: its period and every reading, in the order taken.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionDto {
    /// morning or evening.
    pub period: String,
    /// The user skipped the 5-minute rest.
    pub rest_skipped: bool,
    pub readings: Vec<SessionReadingDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionReadingDto {
    /// HH:MM, 24-hour.
    pub time: String,
    pub systolic: i32,
    pub diastolic: i32,
    pub heart_rate: Option<i32>,
}

impl From<&readings::session::Session> for SessionDto {
    fn from(s: &readings::session::Session) -> Self {
        Self {
            period: s.period.code().into(),
            rest_skipped: s.rest_skipped,
            readings: s
                .readings
                .iter()
                .map(|r| SessionReadingDto {
                    time: kernel::date::format_time(r.time),
                    systolic: r.systolic,
                    diastolic: r.diastolic,
                    heart_rate: r.heart_rate,
                })
                .collect(),
        }
    }
}

impl CategoryDto {
    pub fn of(c: readings::BpCategory) -> Self {
        Self {
            code: c.rule.code,
            label: c.rule.label,
            guideline: c.rule.guideline.code(),
            guideline_name: readings::GuidelineRules::of(c.rule.guideline).name,
            at_least: c.at_least,
        }
    }
}

impl<'a> ReadingDto<'a> {
    /// The reading with its category and severity in the owner's `guideline`.
    pub fn of(r: &'a Reading, guideline: Guideline) -> Self {
        Self {
            id: r.id,
            user_id: r.user_id.0,
            date: IsoDate(r.date),
            time: IsoTime(r.time),
            systolic: r.values.systolic,
            diastolic: r.values.diastolic,
            heart_rate: r.values.heart_rate,
            weight: r.values.weight,
            blood_sugar: r.values.blood_sugar,
            notes: r.notes.as_deref(),
            bp_category: r.values.bp_category(guideline).map(CategoryDto::of),
            severe: r.values.severe(guideline),
            session: r.session.as_ref().map(SessionDto::from),
            setting: r.setting.code(),
            source: r.origin.source.code(),
            device: r.origin.device.as_deref(),
            flags: r
                .origin
                .flags
                .iter()
                .map(readings::CuffFlag::code)
                .collect(),
            original: r.origin.original.map(|o| OriginalDto {
                systolic: o.systolic,
                diastolic: o.diastolic,
                heart_rate: o.heart_rate,
                date: IsoDate(o.date),
                time: IsoTime(o.time),
            }),
            created_at: Timestamp(r.created_at),
            updated_at: Timestamp(r.updated_at),
        }
    }
}

/// Keeps "sent as null" apart from "not sent".
pub(crate) fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReadingRequest {
    /// Ignored: the owner is the signed-in user.
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<Value>,
    pub date: Option<String>,
    pub time: Option<String>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub systolic: Option<Value>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub diastolic: Option<Value>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub heart_rate: Option<Value>,
    /// Pounds.
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub weight: Option<Value>,
    /// mg/dL.
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub blood_sugar: Option<Value>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub notes: Option<Value>,
    /// home or office (at the clinic). Not sent: home on create, unchanged on update. A
    /// guided measurement's reading stays home.
    pub setting: Option<String>,
}

pub(crate) fn number(v: Option<Value>) -> Option<NumberField> {
    v.map(|v| match v {
        Value::Null => NumberField::Empty,
        Value::Number(n) => n
            .as_f64()
            .map_or(NumberField::NotANumber, NumberField::Number),
        Value::String(s) if s.trim().is_empty() => NumberField::Empty,
        Value::String(s) => s
            .trim()
            .parse::<f64>()
            .map_or(NumberField::NotANumber, NumberField::Number),
        _ => NumberField::NotANumber,
    })
}

/// Notes as sent: null clears them.
pub(crate) fn text(v: Option<Value>) -> Option<String> {
    v.map(|n| match n {
        Value::String(s) => s,
        Value::Null => String::new(),
        other => other.to_string(),
    })
}

impl From<ReadingRequest> for ReadingInput {
    fn from(b: ReadingRequest) -> Self {
        Self {
            date: b.date,
            time: b.time,
            systolic: number(b.systolic),
            diastolic: number(b.diastolic),
            heart_rate: number(b.heart_rate),
            weight: number(b.weight),
            blood_sugar: number(b.blood_sugar),
            notes: text(b.notes),
            setting: b.setting,
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// First date (YYYY-MM-DD), inclusive.
    pub from: Option<String>,
    /// Last date (YYYY-MM-DD), inclusive.
    pub to: Option<String>,
    /// all, bp, hr, weight or sugar.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub kind: Option<String>,
    /// Search: a reading matches when its notes contain the text (case-insensitive) or its
    /// date (YYYY-MM-DD) does; a number (`142`, `72.5`) also matches a systolic, diastolic,
    /// heart rate, weight or blood sugar whose value as the user sees it (their preferred
    /// units at display precision: weight one decimal, blood sugar whole mg/dL or one
    /// decimal mmol/L) equals it; `142/90` also matches systolic 142 with diastolic 90. The
    /// units are the user's stored preferences.
    pub q: Option<String>,
    /// Page size (at most 1000). Without `limit` and `offset`, every matching reading
    /// (streamed); with `offset` alone, pages of 100.
    pub limit: Option<i64>,
    pub offset: Option<i64>,
}

/// A date of the query string (YYYY-MM-DD); empty is none, anything else is an error of `field`.
pub(crate) fn date_param(
    errors: &mut FieldErrors,
    field: &str,
    v: Option<String>,
) -> Option<chrono::NaiveDate> {
    v.filter(|s| !s.is_empty()).and_then(|s| {
        let d = parse_form_date(&s);
        if d.is_none() {
            errors.add(field, kernel::rules::MSG_DATE_LIKE);
        }
        d
    })
}

fn query_of(p: ListParams) -> Result<ReadingQuery, ApiError> {
    let mut errors = FieldErrors::new();
    let from = date_param(&mut errors, "from", p.from);
    let to = date_param(&mut errors, "to", p.to);
    let kind = match p.kind.as_deref().map(Kind::parse) {
        None => None,
        Some(Some(k)) => k,
        Some(None) => {
            errors.add("type", "Type must be all, bp, hr, weight or sugar");
            None
        }
    };
    errors.into_result().map_err(ApiError::invalid)?;
    Ok(ReadingQuery {
        from,
        to,
        kind,
        setting: None,
        text: p.q,
        units: kernel::units::Units::CANONICAL,
        limit: p.limit,
        offset: p.offset.unwrap_or(0),
    })
}

/// Page size for a client that pages (`offset`) without saying how much.
pub const DEFAULT_PAGE: i64 = 100;

/// The user's readings, newest first; the total number of matches is in the X-Total-Count
/// header. Without `limit` and `offset` the whole list (the spec's), streamed from batched
/// reads in constant memory; with `offset` alone, pages of [`DEFAULT_PAGE`].
#[utoipa::path(tag = "readings", params(ListParams), responses(
    (status = 200, body = Vec<ReadingDto>, headers(("X-Total-Count" = i64, description = "Matching readings"))),
    (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
))]
#[get("/api/readings")]
pub async fn list(
    user: CurrentUser,
    params: web::Query<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let paging = params.limit.is_some() || params.offset.is_some();
    let mut query = query_of(params)?;
    if query.text.as_deref().is_some_and(|t| !t.trim().is_empty()) {
        // Numbers are matched as the user sees them: in their units, read here.
        query.units = state.accounts.preferences(user.id).await?.units();
    }
    if !paging {
        let total = state.readings.count(user.id, query.clone()).await?;
        let guideline = state.readings.guideline(user.id).await?;
        return Ok(HttpResponse::Ok()
            .insert_header((TOTAL_HEADER, total.to_string()))
            .content_type("application/json")
            .streaming(whole_list(
                state.readings.clone(),
                user.id,
                query,
                guideline,
            )));
    }
    query.limit = Some(query.limit.unwrap_or(DEFAULT_PAGE));
    let guideline = state.readings.guideline(user.id).await?;
    let page = state.readings.list(user.id, query).await?;
    let body: Vec<ReadingDto> = page
        .readings
        .iter()
        .map(|r| ReadingDto::of(r, guideline))
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((TOTAL_HEADER, page.total.to_string()))
        .json(body))
}

/// A JSON array of every matching reading, one chunk per batch of the walk: the response
/// holds one batch at a time however long the record. A failure after the first chunk can
/// only cut the response short (the status is sent), which the client sees as broken JSON.
fn whole_list(
    readings: ReadingService,
    user: UserId,
    query: ReadingQuery,
    guideline: Guideline,
) -> impl Stream<Item = Result<Bytes, actix_web::Error>> {
    // The walk and whether a reading was written yet (a comma before the next).
    let start = (readings.walk(user, query), false);
    futures_util::stream::unfold(Some(start), move |state| async move {
        let (mut walk, mut written) = state?;
        let batch = match walk.next().await {
            Ok(Some(batch)) => batch,
            Ok(None) => return None,
            Err(e) => return Some((Err(ApiError::from(e).into()), None)),
        };
        let mut chunk = Vec::with_capacity(batch.readings.len() * 300 + 2);
        if batch.first {
            chunk.push(b'[');
        }
        for r in &batch.readings {
            if written {
                chunk.push(b',');
            }
            written = true;
            if let Err(e) = serde_json::to_writer(&mut chunk, &ReadingDto::of(r, guideline)) {
                return Some((Err(ApiError::internal(&e.into()).into()), None));
            }
        }
        if batch.last {
            chunk.push(b']');
        }
        let next = (!batch.last).then_some((walk, written));
        Some((Ok(Bytes::from(chunk)), next))
    })
}

/// One reading of the user (404 for anyone else's).
#[utoipa::path(tag = "readings", params(("id" = i64, Path)), responses(
    (status = 200, body = ReadingDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[get("/api/readings/{id}")]
pub async fn get_one(
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let r = state.readings.get(user.id, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(ReadingDto::of(&r, state.readings.guideline(user.id).await?)))
}

/// Records a reading (needs an active subscription). With an `Idempotency-Key` header (8 to
/// 128 letters, digits, `-` or `_`; the offline queue sends a UUID) a send repeated with the
/// same key and reading stores nothing new and answers the stored reading with
/// `Idempotent-Replayed: true`; the same key with another reading is refused (422), and a key
/// whose reading has since been deleted answers 410.
#[utoipa::path(tag = "readings", request_body = ReadingRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "A client's key for this reading: a retry with the same key stores it once")),
    responses(
    (status = 201, body = ReadingDto, headers(("Idempotent-Replayed" = String, description = "true when an earlier send with this key stored the reading"))),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Subscription Required"),
    (status = 409, body = ErrorBody, description = "The record would pass its bounds (200,000 readings, 32 MB of notes)"),
    (status = 410, body = ErrorBody, description = "The key's reading was stored and has since been deleted"),
    (status = 422, body = ErrorBody, description = "The key was used for a different reading"),
))]
#[post("/api/readings")]
pub async fn create(
    user: CurrentUser,
    req: actix_web::HttpRequest,
    body: web::Json<ReadingRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner().into();
    let Some(key) = req.headers().get(IDEMPOTENCY_KEY) else {
        let r = state.readings.create(user.id, input).await?;
        return Ok(HttpResponse::Created()
            .json(ReadingDto::of(&r, state.readings.guideline(user.id).await?)));
    };
    // A header that is not visible ASCII cannot be a valid key: the key's own check says so.
    let key = key.to_str().unwrap_or("");
    match state.readings.create_once(user.id, key, input).await? {
        Recorded::Created(r) => Ok(HttpResponse::Created()
            .json(ReadingDto::of(&r, state.readings.guideline(user.id).await?))),
        Recorded::Replayed(r) => Ok(HttpResponse::Created()
            .insert_header((REPLAYED, "true"))
            .json(ReadingDto::of(&r, state.readings.guideline(user.id).await?))),
    }
}

/// The request header of a client's key for one reading (IETF draft
/// "The Idempotency-Key HTTP Header Field").
pub const IDEMPOTENCY_KEY: &str = "Idempotency-Key";
/// The answer's header when an earlier send with the key stored the reading.
pub const REPLAYED: &str = "Idempotent-Replayed";

/// Changes a reading (needs an active subscription); fields not sent keep their value,
/// null clears a measurement.
#[utoipa::path(tag = "readings", params(("id" = i64, Path)), request_body = ReadingRequest, responses(
    (status = 200, body = ReadingDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "The record would pass its bounds (200,000 readings, 32 MB of notes)"),
))]
#[patch("/api/readings/{id}")]
pub async fn update(
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<ReadingRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let r = state
        .readings
        .update(user.id, id.into_inner(), body.into_inner().into())
        .await?;
    Ok(HttpResponse::Ok().json(ReadingDto::of(&r, state.readings.guideline(user.id).await?)))
}

/// Deletes a reading (allowed without a subscription).
#[utoipa::path(tag = "readings", params(("id" = i64, Path)), responses(
    (status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[delete("/api/readings/{id}")]
pub async fn remove(
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.readings.delete(user.id, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Reading deleted")))
}
