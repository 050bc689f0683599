//! Medications (issue 16): what the user takes, the doses they recorded, and the blood
//! pressure around each start or change. Dates are the user's: today is taken in the time
//! zone of their preferences.

mod dto;
mod errors;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, delete, get, patch, post, web};
use kernel::FieldErrors;
use medications::rules::MSG_DATE;
use medications::{Medication, MedicationError};

pub use dto::*;

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::routes::{users_clock, users_today};
use crate::state::AppState;

/// A day named by the client (`YYYY-MM-DD`), or today.
fn day(date: Option<&str>, today: chrono::NaiveDate) -> Result<chrono::NaiveDate, ApiError> {
    match date.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(today),
        Some(d) => kernel::date::parse_form_date(d).ok_or_else(|| {
            let mut errors = FieldErrors::new();
            errors.add("date", MSG_DATE);
            ApiError::invalid(errors)
        }),
    }
}

/// Runs a write and answers the medication as it now is.
async fn written(
    user: &CurrentUser,
    state: &AppState,
    status: StatusCode,
    write: impl Future<Output = Result<Medication, MedicationError>>,
) -> Result<HttpResponse, ApiError> {
    let today = users_today(user, state).await?;
    let m = write.await?;
    Ok(HttpResponse::build(status).json(MedicationDto::new(&m, today)))
}

/// Every medication (current first) and the chart's markers.
#[utoipa::path(tag = "medications", responses(
    (status = 200, body = MedicationListDto), (status = 401, body = ErrorBody),
))]
#[get("/api/medications")]
pub async fn list(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let today = users_today(&user, &state).await?;
    let (meds, events) = state.medications.list(user.id, today).await?;
    Ok(HttpResponse::Ok().json(MedicationListDto {
        medications: meds.iter().map(|m| MedicationDto::new(m, today)).collect(),
        events: events.iter().map(MedicationEventDto::from).collect(),
    }))
}

/// Adds a medication and its first dose (needs an active subscription).
#[utoipa::path(tag = "medications", request_body = MedicationRequest, responses(
    (status = 201, body = MedicationDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"),
    (status = 409, body = ErrorBody, description = "100 medications already"),
))]
#[post("/api/medications")]
pub async fn create(
    user: CurrentUser,
    body: web::Json<MedicationRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let write = state.medications.create(user.id, body.into_inner().into());
    written(&user, &state, StatusCode::CREATED, write).await
}

/// A medication with its dose history, the blood pressure before and after each start or
/// change, and the last 30 days' doses.
#[utoipa::path(tag = "medications", params(("id" = i64, Path)), responses(
    (status = 200, body = MedicationDetailDto), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[get("/api/medications/{id}")]
pub async fn get_one(
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let now = users_clock(&user, &state).await?;
    let d = state
        .medications
        .detail(user.id, id.into_inner(), now)
        .await?;
    Ok(HttpResponse::Ok().json(MedicationDetailDto::new(&d, now.today())))
}

/// Changes details, stops (`endDate`) or restarts (`endDate: null`), or corrects the latest
/// dose in place (needs an active subscription).
#[utoipa::path(tag = "medications", params(("id" = i64, Path)), request_body = MedicationRequest, responses(
    (status = 200, body = MedicationDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"), (status = 404, body = ErrorBody),
))]
#[patch("/api/medications/{id}")]
pub async fn update(
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<MedicationRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let write = state
        .medications
        .update(user.id, id.into_inner(), body.into_inner().into());
    written(&user, &state, StatusCode::OK, write).await
}

/// A change of dose from `startDate` (strength, unit, frequency, times): the previous dose
/// ends the day before (needs an active subscription).
#[utoipa::path(tag = "medications", params(("id" = i64, Path)), request_body = DoseChangeRequest, responses(
    (status = 201, body = MedicationDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Changed meanwhile, or too many changes"),
))]
#[post("/api/medications/{id}/changes")]
pub async fn change_dose(
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<DoseChangeRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let write = state
        .medications
        .change_dose(user.id, id.into_inner(), body.into_inner().into());
    written(&user, &state, StatusCode::CREATED, write).await
}

/// Deletes a medication with its dose history and every dose recorded for it (needs an
/// active subscription).
#[utoipa::path(tag = "medications", params(("id" = i64, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"), (status = 404, body = ErrorBody),
))]
#[delete("/api/medications/{id}")]
pub async fn remove(
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.medications.delete(user.id, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A day's doses (today by default) and what was recorded for them.
#[utoipa::path(tag = "medications", params(DayQuery), responses(
    (status = 200, body = DayDosesDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
))]
#[get("/api/medications/doses")]
pub async fn doses(
    user: CurrentUser,
    query: web::Query<DayQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let today = users_today(&user, &state).await?;
    let date = day(query.date.as_deref(), today)?;
    let d = state.medications.doses(user.id, date).await?;
    Ok(HttpResponse::Ok().json(DayDosesDto::new(&d, today)))
}

/// Marks every dose of the day still due as taken: the dashboard's one tap (needs an
/// active subscription).
#[utoipa::path(tag = "medications", request_body = TakeAllRequest, responses(
    (status = 200, body = DayDosesDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"),
))]
#[post("/api/medications/doses")]
pub async fn take_all(
    user: CurrentUser,
    body: web::Json<TakeAllRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let clock = users_clock(&user, &state).await?;
    if body.status.as_deref().is_some_and(|s| s != "taken") {
        let mut errors = FieldErrors::new();
        errors.add("status", "Only taken can be given to all doses at once");
        return Err(ApiError::invalid(errors));
    }
    let today = clock.today();
    let date = day(body.date.as_deref(), today)?;
    let d = state
        .medications
        .take_all(user.id, date, clock.latest)
        .await?;
    Ok(HttpResponse::Ok().json(DayDosesDto::new(&d, today)))
}

/// Records one dose: a scheduled one at one of the day's dose times (recording it again
/// replaces it), or an as-needed one at the time taken (needs an active subscription).
#[utoipa::path(tag = "medications", params(("id" = i64, Path)), request_body = IntakeRequest, responses(
    (status = 200, body = IntakeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"), (status = 404, body = ErrorBody),
))]
#[post("/api/medications/{id}/intakes")]
pub async fn record(
    user: CurrentUser,
    id: web::Path<i64>,
    body: web::Json<IntakeRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let latest = users_clock(&user, &state).await?.latest;
    let i = state
        .medications
        .record(user.id, id.into_inner(), body.into_inner().into(), latest)
        .await?;
    Ok(HttpResponse::Ok().json(IntakeDto::from(&i)))
}

/// Removes a recorded dose (undo; needs an active subscription).
#[utoipa::path(tag = "medications", params(("id" = i64, Path), ("intake" = i64, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Subscription Required"), (status = 404, body = ErrorBody),
))]
#[delete("/api/medications/{id}/intakes/{intake}")]
pub async fn remove_intake(
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (id, intake) = path.into_inner();
    state.medications.delete_intake(user.id, id, intake).await?;
    Ok(HttpResponse::NoContent().finish())
}
