//! The user's data taken out: readings (and medications) as CSV or a FHIR R4 Bundle,
//! and everything else as JSON (imports are `routes::imports`).

use actix_web::http::header::{self, ContentDisposition, DispositionParam, DispositionType};
use actix_web::{HttpRequest, HttpResponse, get, web};
use identity::security_log::SecurityEventKind;
use kernel::units::Units;
use readings::transfer::{self, FhirPatient};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use crate::auth::CurrentUser;
use crate::dto::{PreferencesDto, UserDto};
use crate::error::{ApiError, ErrorBody};
use crate::routes::readings::SessionDto;
use crate::routes::reports::ReportDto;
use crate::security_log::note;
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
pub struct CsvParams {
    /// `preferred` (the user's units, the default) or `canonical` (lbs and mg/dL, exact).
    pub units: Option<String>,
}

/// Notes an export of `format` in the person's security log.
async fn exported(req: &HttpRequest, state: &AppState, user: CurrentUser, format: &str) {
    let detail = Some(format.to_owned());
    note(req, state, user.id, SecurityEventKind::DataExported, detail).await;
}

fn attachment(name: &str) -> ContentDisposition {
    ContentDisposition {
        disposition: DispositionType::Attachment,
        parameters: vec![DispositionParam::Filename(name.to_owned())],
    }
}

fn dated(today: chrono::NaiveDate, stem: &str, ext: &str) -> String {
    format!("vitalog-{stem}-{}.{ext}", kernel::date::format_date(today))
}

/// Readings as CSV: one row per reading, header first, in the user's or canonical units.
#[utoipa::path(tag = "data", params(CsvParams), responses(
    (status = 200, content_type = "text/csv", description = "date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes,setting,source,device,flags (flags joined by ;)"),
    (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
))]
#[get("/readings.csv")]
pub async fn readings_csv(
    req: HttpRequest,
    user: CurrentUser,
    params: web::Query<CsvParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let prefs = state.accounts.preferences(user.id).await?;
    let today = kernel::UsersNow::at(state.clock.now(), prefs.time_zone).today();
    let units = match params.units.as_deref() {
        None | Some("" | "preferred") => prefs.units(),
        Some("canonical") => Units::CANONICAL,
        Some(_) => {
            let mut errors = kernel::FieldErrors::new();
            errors.add("units", "Units must be preferred or canonical.");
            return Err(ApiError::invalid(errors));
        }
    };
    let all = state.readings.all(user.id).await?;
    let csv = transfer::to_csv(&all, units).map_err(|e| ApiError::internal(&e))?;
    exported(&req, &state, user, "csv").await;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(attachment(&dated(today, "readings", "csv")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(csv))
}

/// Medications as CSV: every dose period, then one row per recorded dose (the columns of
/// `medications::transfer::CSV_COLUMNS`).
#[utoipa::path(tag = "data", responses(
    (status = 200, content_type = "text/csv", description = "record,medication_id,medication,form,reason,strength,unit,frequency,times,start_date,end_date,date,time,status,intake_reason,label"),
    (status = 401, body = ErrorBody),
))]
#[get("/medications.csv")]
pub async fn medications_csv(
    req: HttpRequest,
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let today = crate::routes::users_clock(&user, &state).await?.today();
    let (meds, intakes) = state.medications.export(user.id).await?;
    let csv = medications::transfer::to_csv(&meds, &intakes)?;
    exported(&req, &state, user, "medications-csv").await;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(attachment(&dated(today, "medications", "csv")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(csv))
}

/// Readings as a FHIR R4 Bundle of Observations (LOINC codes, UCUM units), the home week's
/// average when the dashboard's week has one, then a
/// MedicationStatement per dose period and a MedicationAdministration per recorded dose.
#[utoipa::path(tag = "data", responses(
    (status = 200, content_type = "application/fhir+json", description = "FHIR R4 Bundle (type collection)"),
    (status = 401, body = ErrorBody),
))]
#[get("/readings.fhir.json")]
pub async fn readings_fhir(
    req: HttpRequest,
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let me = state.accounts.user(user.id).await?;
    let prefs = state.accounts.preferences(user.id).await?;
    let all = state.readings.all(user.id).await?;
    let patient = FhirPatient {
        display_name: kernel::text::display_name(
            &format!("{} {}", me.first_name, me.last_name),
            &me.username,
        ),
    };
    let now = state.clock.now();
    let today = kernel::UsersNow::at(now, prefs.time_zone).today();
    // The home week the dashboard shows: its average, when it has one, is exported too.
    let week = state.readings.home_week(user.id, today).await?;
    let mut bundle = transfer::to_fhir_bundle(&all, &patient, week.as_ref(), prefs.time_zone, now);
    // The medications taken and the doses recorded (issue 16), after the observations.
    let (meds, intakes) = state.medications.export(user.id).await?;
    let subject = json!({ "display": patient.display_name });
    let more =
        medications::transfer::fhir_entries(&meds, &intakes, &subject, prefs.time_zone, today);
    if let Some(entries) = bundle["entry"].as_array_mut() {
        entries.extend(more);
        bundle["total"] = entries.len().into();
    }
    exported(&req, &state, user, "fhir").await;
    Ok(HttpResponse::Ok()
        .content_type("application/fhir+json; charset=utf-8")
        .insert_header(attachment(&dated(today, "readings-fhir", "json")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .json(bundle))
}

/// A date within the 4-digit years stored dates have (they compare as text).
fn text_date(y: i32, m: u32, d: u32) -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentDto {
    pub order_id: String,
    pub method: String,
    pub amount: String,
    pub currency: String,
    pub period_end: String,
    pub created_at: String,
}

/// Everything else Vitalog holds about the user: profile, preferences, subscription,
/// payments, reports' metadata, guided measurements' readings, the home monitoring weeks
/// started, and the medications with their dose periods and recorded doses (the readings
/// are in the CSV and FHIR exports).
#[utoipa::path(tag = "data", responses(
    (status = 200, content_type = "application/json", description = "Profile, preferences, subscription, payments, reports, medications and their recorded doses"),
    (status = 401, body = ErrorBody),
))]
#[get("/account.json")]
pub async fn account_json(
    req: HttpRequest,
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let now = state.clock.now();
    let ts =
        |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let me = state.accounts.user(user.id).await?;
    let prefs = state.accounts.preferences(user.id).await?;
    let today = kernel::UsersNow::at(now, prefs.time_zone).today();
    let sub = state.billing.status(user.id).await?;
    let payments: Vec<PaymentDto> = state
        .billing
        .payments(user.id)
        .await?
        .into_iter()
        .map(|p| PaymentDto {
            order_id: p.order_id,
            method: p.method,
            amount: p.amount,
            currency: p.currency,
            period_end: ts(p.period_end),
            created_at: ts(p.created_at),
        })
        .collect();
    let reports: Vec<ReportDto> = state
        .reports
        .list(user.id)
        .await?
        .iter()
        .map(ReportDto::from)
        .collect();
    let readings = state
        .readings
        .count(user.id, readings::model::ReadingQuery::default())
        .await?;
    // The CSV and FHIR exports hold a guided measurement's averages; its readings one by
    // one, and the weeks the user started, are here.
    let guided: Vec<Value> = state
        .readings
        .all(user.id)
        .await?
        .iter()
        .filter_map(|r| {
            r.session.as_ref().map(|s| {
                json!({
                    "readingId": r.id,
                    "date": kernel::date::format_date(r.date),
                    "session": SessionDto::from(s),
                })
            })
        })
        .collect();
    let weeks: Vec<String> = state
        .readings
        .home_week_starts(user.id, text_date(1, 1, 1), text_date(9999, 12, 31))
        .await?
        .into_iter()
        .map(kernel::date::format_date)
        .collect();
    let (meds, intakes) = state.medications.export(user.id).await?;
    let body = json!({
        "format": "vitalog-account-export/1",
        "exportedAt": ts(now),
        "profile": UserDto::from(&me),
        "memberSince": ts(me.created_at),
        "preferences": PreferencesDto::from(prefs),
        "subscription": {
            "isActive": sub.is_active(now),
            "expiresAt": sub.expires_at.map(ts),
            "cancelledAt": sub.cancelled_at.map(ts),
        },
        "payments": payments,
        "reports": reports,
        "readingsCount": readings,
        "guidedMeasurements": guided,
        "homeMonitoringWeeksStarted": weeks,
        "medications": medications::transfer::medications_json(&meds),
        "medicationIntakes": medications::transfer::intakes_json(&intakes),
    });
    exported(&req, &state, user, "json").await;
    Ok(HttpResponse::Ok()
        .content_type("application/json; charset=utf-8")
        .insert_header(attachment(&dated(today, "account", "json")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(serde_json::to_string_pretty(&body).map_err(|e| ApiError::internal(&e.into()))?))
}
