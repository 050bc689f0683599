//! Units and email preferences. What a valid value is lives in `identity::preferences`.

use actix_web::{HttpResponse, get, patch, web};
use identity::preferences::PreferencesInput;

use crate::auth::CurrentUser;
use crate::dto::*;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// Units and email preferences (defaults lbs, mg/dL, no emails).
#[utoipa::path(tag = "accounts", responses(
    (status = 200, body = PreferencesDto), (status = 401, body = ErrorBody),
))]
#[get("/api/user/preferences")]
pub async fn get_preferences(
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let p = state.accounts.preferences(user.id).await?;
    Ok(HttpResponse::Ok().json(PreferencesDto::from(p)))
}

/// Change some preferences; fields not sent keep their value.
#[utoipa::path(tag = "accounts", request_body = PreferencesPatchRequest, responses(
    (status = 200, body = PreferencesDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
))]
#[patch("/api/user/preferences")]
pub async fn update_preferences(
    user: CurrentUser,
    body: web::Json<PreferencesPatchRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let patch = PreferencesInput {
        weight_unit: b.weight_unit,
        blood_sugar_unit: b.blood_sugar_unit,
        email_reminders: b.email_reminders,
        weekly_reports: b.weekly_reports,
        reminder_time: b.reminder_time,
        time_zone: b.time_zone,
        guideline: b.guideline,
    }
    .check()?;
    let p = state.accounts.update_preferences(user.id, patch).await?;
    Ok(HttpResponse::Ok().json(PreferencesDto::from(p)))
}
