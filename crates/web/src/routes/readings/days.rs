//! `GET /api/readings/daily` (issue 36): the user's readings summed up day by day for the
//! Trends page's long spans, a bounded answer (at most one row per day of at most 20 years)
//! instead of every reading.

use actix_web::{HttpResponse, get, web};
use kernel::FieldErrors;
use readings::daily::{DayAggregate, Spread};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::date_param;
use crate::auth::CurrentUser;
use crate::dto::IsoDate;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct DailyParams {
    /// First date (YYYY-MM-DD), inclusive. Required.
    pub from: Option<String>,
    /// Last date (YYYY-MM-DD), inclusive, at most 20 years after `from`. Required.
    pub to: Option<String>,
}

/// One measure's values on a day: lowest, highest and mean (unrounded).
#[derive(Debug, Serialize, ToSchema)]
pub struct SpreadDto {
    pub min: i32,
    pub max: i32,
    pub mean: f64,
}

/// One day's readings summed up. Canonical units: weight in pounds, blood sugar in mg/dL.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyDto {
    /// YYYY-MM-DD: the readings' own (wall-clock) date.
    #[schema(value_type = String)]
    pub date: IsoDate,
    /// Readings on the day.
    pub count: i64,
    /// Readings with both blood pressure numbers, the only ones in `systolic` and `diastolic`.
    pub bp_count: i64,
    pub systolic: Option<SpreadDto>,
    pub diastolic: Option<SpreadDto>,
    /// Mean heart rate (bpm) of the day's readings that hold one.
    pub heart_rate: Option<f64>,
    /// Mean weight, pounds.
    pub weight: Option<f64>,
    /// Mean blood sugar, mg/dL.
    pub blood_sugar: Option<f64>,
}

fn spread(s: Spread) -> SpreadDto {
    SpreadDto {
        min: s.min,
        max: s.max,
        mean: s.mean,
    }
}

impl From<DayAggregate> for DailyDto {
    fn from(d: DayAggregate) -> Self {
        Self {
            date: IsoDate(d.date),
            count: d.count,
            bp_count: d.bp_count,
            systolic: d.systolic.map(spread),
            diastolic: d.diastolic.map(spread),
            heart_rate: d.heart_rate,
            weight: d.weight,
            blood_sugar: d.blood_sugar,
        }
    }
}

/// The user's readings day by day from `from` to `to` (both included, at most 20 years):
/// one row per day with readings, oldest first, summed up by the database.
#[utoipa::path(tag = "readings", params(DailyParams), responses(
    (status = 200, body = Vec<DailyDto>),
    (status = 400, body = ErrorBody, description = "A date missing or not YYYY-MM-DD, out of order, or more than 20 years apart"),
    (status = 401, body = ErrorBody),
))]
#[get("/api/readings/daily")]
pub async fn daily(
    user: CurrentUser,
    params: web::Query<DailyParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let DailyParams { from, to } = params.into_inner();
    let mut errors = FieldErrors::new();
    let from = date_param(&mut errors, "from", from);
    let to = date_param(&mut errors, "to", to);
    errors.into_result().map_err(ApiError::invalid)?;
    let days = state.readings.daily(user.id, from, to).await?;
    let body: Vec<DailyDto> = days.into_iter().map(DailyDto::from).collect();
    Ok(HttpResponse::Ok().json(body))
}
