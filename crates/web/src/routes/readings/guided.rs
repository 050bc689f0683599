//! Guided measurements and the home monitoring week (issue 15). The week is counted in the
//! user's dates: today is taken in the time zone of their preferences.

use actix_web::{HttpResponse, delete, get, patch, post, web};
use readings::ReadingError;
use readings::home_week::{BpAverage, Origin, WeekSummary};
use readings::session::{SessionInput, SessionReadingInput};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{ReadingDto, number, present, text};
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// One reading of a guided measurement. (Serialize: the schema shows the request's default.)
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SessionReadingRequest {
    /// HH:MM; the session's time when not sent.
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
}

/// A guided measurement: 2 or 3 readings taken a minute apart after rest. It is the home
/// protocol, so its reading is always a home one (`setting` is not taken; changing it to
/// office later is refused).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SessionRequest {
    /// YYYY-MM-DD.
    pub date: Option<String>,
    /// HH:MM: when the session began (its first reading).
    pub time: Option<String>,
    /// morning or evening; from the time when not sent (04:00-11:59 morning).
    pub period: Option<String>,
    /// The user skipped the 5-minute rest.
    pub rest_skipped: bool,
    pub readings: Vec<SessionReadingRequest>,
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
}

impl From<SessionRequest> for SessionInput {
    fn from(b: SessionRequest) -> Self {
        Self {
            date: b.date,
            time: b.time,
            period: b.period,
            rest_skipped: b.rest_skipped,
            readings: b
                .readings
                .into_iter()
                .map(|r| SessionReadingInput {
                    time: r.time,
                    systolic: number(r.systolic),
                    diastolic: number(r.diastolic),
                    heart_rate: number(r.heart_rate),
                })
                .collect(),
            weight: number(b.weight),
            blood_sugar: number(b.blood_sugar),
            notes: text(b.notes),
        }
    }
}

/// Records a guided measurement (needs an active subscription): the answer is the reading
/// holding its rounded averages, with the session.
#[utoipa::path(tag = "readings", request_body = SessionRequest, responses(
    (status = 201, body = ReadingDto), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Subscription Required"),
))]
#[post("/api/bp-sessions")]
pub async fn create_session(
    user: CurrentUser,
    body: web::Json<SessionRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let r = state
        .readings
        .create_session(user.id, body.into_inner().into())
        .await?;
    Ok(HttpResponse::Created().json(ReadingDto::of(&r, state.readings.guideline(user.id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PeriodRequest {
    /// morning or evening.
    pub period: String,
}

/// Changes a guided measurement's period (needs an active subscription).
#[utoipa::path(tag = "readings", params(("id" = i64, Path, description = "The reading holding the session")),
    request_body = PeriodRequest, responses(
    (status = 200, body = ReadingDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"), (status = 404, body = ErrorBody),
))]
#[patch("/api/bp-sessions/{id}")]
pub async fn set_session_period(
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<PeriodRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let r = state
        .readings
        .set_session_period(user.id, id.into_inner(), &body.period)
        .await?;
    Ok(HttpResponse::Ok().json(ReadingDto::of(&r, state.readings.guideline(user.id).await?)))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AverageDto {
    pub systolic: i32,
    pub diastolic: i32,
    /// How many readings it is the average of.
    pub count: usize,
}

impl From<&BpAverage> for AverageDto {
    fn from(a: &BpAverage) -> Self {
        Self {
            systolic: a.systolic,
            diastolic: a.diastolic,
            count: a.count,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayDto {
    /// YYYY-MM-DD.
    pub date: String,
    /// 1 to 7.
    pub day: u32,
    /// Blood pressure readings in the morning (a guided measurement counts each reading).
    pub morning: u32,
    pub evening: u32,
    /// The day's readings are in the average: day 2 or later, with a blood pressure
    /// reading (day 1 is always left out).
    pub counted: bool,
}

/// A home level of the 2025 ACC/AHA table of corresponding values (`rules.json`).
#[derive(Debug, Serialize, ToSchema)]
pub struct LevelDto {
    pub code: String,
    pub label: String,
    /// What it means, in the guidelines' words.
    pub text: String,
}

/// The unrounded mean systolic and diastolic compared with the level thresholds, cut (not
/// rounded) to one decimal, so 134.5/84.5 is never shown as reaching 135/85.
#[derive(Debug, Serialize, ToSchema)]
pub struct ComparedDto {
    pub systolic: f64,
    pub diastolic: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeWeekDto {
    /// YYYY-MM-DD: day 1.
    pub start_date: String,
    /// YYYY-MM-DD: day 7.
    pub end_date: String,
    /// started, or recognised (found from readings; no week was started).
    pub origin: String,
    /// Today is past the last day.
    pub complete: bool,
    /// Which day of the week today is (1 to 7); null once it is over.
    pub today: Option<u32>,
    pub days: Vec<DayDto>,
    /// Days 2 to 7 holding a blood pressure reading.
    pub counted_days: usize,
    /// Counted days needed before there is an average.
    pub min_days: usize,
    /// Individual blood pressure readings from day 2 on (each reading of a guided
    /// measurement counts).
    pub counted_readings: usize,
    /// Counted readings needed before there is an average (the AHA's minimum of 12).
    pub min_readings: usize,
    /// Every blood pressure reading from day 2 on; null before `minDays` counted days and
    /// `minReadings` counted readings.
    pub average: Option<AverageDto>,
    /// The unrounded mean the level was chosen from, cut to one decimal; null without an
    /// average.
    pub compared: Option<ComparedDto>,
    pub morning: Option<AverageDto>,
    pub evening: Option<AverageDto>,
    pub level: Option<LevelDto>,
}

impl From<&WeekSummary> for HomeWeekDto {
    fn from(w: &WeekSummary) -> Self {
        Self {
            start_date: kernel::date::format_date(w.start),
            end_date: kernel::date::format_date(w.end),
            origin: match w.origin {
                Origin::Started => "started",
                Origin::Recognised => "recognised",
            }
            .into(),
            complete: w.complete,
            today: w.today,
            days: w
                .days
                .iter()
                .map(|d| DayDto {
                    date: kernel::date::format_date(d.date),
                    day: d.day,
                    morning: d.morning,
                    evening: d.evening,
                    counted: d.counted,
                })
                .collect(),
            counted_days: w.counted_days,
            min_days: readings::rules::HOME_WEEK_MIN_DAYS,
            counted_readings: w.counted_readings,
            min_readings: readings::rules::HOME_WEEK_MIN_READINGS,
            average: w.average.as_ref().map(AverageDto::from),
            compared: w.compared.map(|(systolic, diastolic)| ComparedDto {
                systolic,
                diastolic,
            }),
            morning: w.morning.as_ref().map(AverageDto::from),
            evening: w.evening.as_ref().map(AverageDto::from),
            level: w.level.map(|l| LevelDto {
                code: l.code.into(),
                label: l.label.into(),
                text: l.text.into(),
            }),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HomeWeekResponse {
    /// The week the dashboard shows: a started one (kept a week after it ends), else one
    /// found from readings, else none.
    pub week: Option<HomeWeekDto>,
    /// The clinic/home pattern of that week, when it has an average and at least 2 clinic
    /// readings lie within 3 months of it; in the owner's guideline.
    pub pattern: Option<PatternDto>,
}

/// The average of one side of the pattern: unrounded means cut to one decimal, how many
/// readings, over which days.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatternSideDto {
    pub systolic: f64,
    pub diastolic: f64,
    pub count: usize,
    /// YYYY-MM-DD.
    pub from: String,
    /// YYYY-MM-DD.
    pub to: String,
    /// The threshold of "high" on this side, e.g. "130/80".
    pub threshold: String,
}

/// Clinic and home side by side (issue 35), in the guideline's terms; information to discuss
/// with a doctor, never a diagnosis.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatternDto {
    /// normal, white-coat-hypertension, masked-hypertension, sustained-hypertension; treated:
    /// controlled, white-coat-effect, masked-uncontrolled, uncontrolled.
    pub code: &'static str,
    /// The guideline's name for it ("White-coat hypertension").
    pub label: &'static str,
    /// The sentence shown with it, ending with "not a diagnosis".
    pub text: String,
    /// A blood-pressure medication was taken: the treated terms apply.
    pub treated: bool,
    pub guideline: &'static str,
    pub guideline_name: &'static str,
    /// Where the pattern and its thresholds come from.
    pub source: &'static str,
    pub clinic: PatternSideDto,
    pub home: PatternSideDto,
}

/// A mean cut (not rounded) to one decimal, as the home average's `compared` is.
fn tenth(v: f64) -> f64 {
    (v * 10.0).floor() / 10.0
}

impl From<&readings::pattern::Pattern> for PatternDto {
    fn from(p: &readings::pattern::Pattern) -> Self {
        let side = |s: &readings::pattern::Side, (fs, fd): (i32, i32)| PatternSideDto {
            systolic: tenth(s.systolic),
            diastolic: tenth(s.diastolic),
            count: s.count,
            from: kernel::date::format_date(s.from),
            to: kernel::date::format_date(s.to),
            threshold: format!("{fs}/{fd}"),
        };
        Self {
            code: p.code(),
            label: p.label(),
            text: p.text(),
            treated: p.treated,
            guideline: p.guideline.code(),
            guideline_name: readings::GuidelineRules::of(p.guideline).name,
            source: p.thresholds_source(),
            clinic: side(&p.office, p.office_from),
            home: side(&p.home, p.home_from),
        }
    }
}

/// The home monitoring week: progress and, from 3 counted days, the average.
#[utoipa::path(tag = "readings", responses(
    (status = 200, body = HomeWeekResponse), (status = 401, body = ErrorBody),
))]
#[get("/api/home-week")]
pub async fn get_home_week(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let today = crate::routes::users_today(&user, &state).await?;
    let week = state.readings.home_week(user.id, today).await?;
    let pattern = match &week {
        Some(w) => state.readings.home_week_pattern(user.id, w).await?,
        None => None,
    };
    Ok(HttpResponse::Ok().json(HomeWeekResponse {
        week: week.as_ref().map(HomeWeekDto::from),
        pattern: pattern.as_ref().map(PatternDto::from),
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StartWeekRequest {
    /// YYYY-MM-DD, today or one of the 6 days before; today when not sent.
    pub start_date: Option<String>,
}

/// Starts a home monitoring week (needs an active subscription).
#[utoipa::path(tag = "readings", request_body = StartWeekRequest, responses(
    (status = 201, body = HomeWeekDto), (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Subscription Required"),
))]
#[post("/api/home-week")]
pub async fn start_home_week(
    user: CurrentUser,
    body: web::Json<StartWeekRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let today = crate::routes::users_today(&user, &state).await?;
    let week = state
        .readings
        .start_home_week(user.id, today, body.start_date.as_deref())
        .await?;
    Ok(HttpResponse::Created().json(HomeWeekDto::from(&week)))
}

pub const MSG_NO_RUNNING_WEEK: &str = "No home monitoring week is running";

/// Stops the started week that is still running (allowed without a subscription).
#[utoipa::path(tag = "readings", responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[delete("/api/home-week")]
pub async fn stop_home_week(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let today = crate::routes::users_today(&user, &state).await?;
    match state.readings.stop_home_week(user.id, today).await {
        Ok(()) => Ok(HttpResponse::NoContent().finish()),
        Err(ReadingError::NotFound) => Err(ApiError::new(
            actix_web::http::StatusCode::NOT_FOUND,
            MSG_NO_RUNNING_WEEK,
        )),
        Err(e) => Err(e.into()),
    }
}
