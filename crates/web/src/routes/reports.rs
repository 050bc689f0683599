//! Reports API (spec section 7): create, list, view, download, email, delete.

mod errors;

use actix_web::http::header::{self, ContentDisposition, DispositionParam, DispositionType};
use actix_web::{HttpResponse, delete, get, post, web};
use reports::{EmailInput, ReportInput, ReportMeta};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::dto::MessageResponse;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDto {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    /// bp, comprehensive, weight or sugar.
    #[serde(rename = "type")]
    pub report_type: String,
    pub date_start: String,
    pub date_end: String,
    pub include_charts: bool,
    pub include_table: bool,
    pub include_analysis: bool,
    /// RFC 3339 UTC.
    pub date_generated: String,
    pub size_bytes: i64,
    /// Readings the report covers (one without any cannot be emailed).
    pub reading_count: i64,
}

impl From<&ReportMeta> for ReportDto {
    fn from(m: &ReportMeta) -> Self {
        Self {
            id: m.id,
            user_id: m.user_id.0,
            name: m.spec.name.clone(),
            report_type: m.spec.report_type.code().into(),
            date_start: m.spec.date_start.to_string(),
            date_end: m.spec.date_end.to_string(),
            include_charts: m.spec.include_charts,
            include_table: m.spec.include_table,
            include_analysis: m.spec.include_analysis,
            date_generated: m
                .generated_at
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            size_bytes: m.size_bytes,
            reading_count: m.readings,
        }
    }
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateReportRequest {
    /// Ignored: the owner is the signed-in user.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<serde_json::Value>,
    #[serde(default)]
    pub name: String,
    #[serde(default, rename = "type")]
    pub report_type: String,
    #[serde(default)]
    pub date_start: String,
    #[serde(default)]
    pub date_end: String,
    #[serde(default = "yes")]
    pub include_charts: bool,
    #[serde(default = "yes")]
    pub include_table: bool,
    #[serde(default = "yes")]
    pub include_analysis: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EmailReportRequest {
    pub report_id: i64,
    pub email: String,
    pub subject: String,
    pub message: String,
}

/// Generates a report now and keeps the PDF (one at a time per user; at most
/// `VITALOG_REPORTS_KEPT_PER_USER` kept).
#[utoipa::path(tag = "reports", request_body = CreateReportRequest, responses(
    (status = 201, body = ReportDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody), (status = 429, body = ErrorBody),
))]
#[post("/api/reports")]
pub async fn create(
    user: CurrentUser,
    body: web::Json<CreateReportRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let meta = state
        .reports
        .create(
            user.id,
            ReportInput {
                name: b.name,
                report_type: b.report_type,
                date_start: b.date_start,
                date_end: b.date_end,
                include_charts: b.include_charts,
                include_table: b.include_table,
                include_analysis: b.include_analysis,
            },
        )
        .await?;
    Ok(HttpResponse::Created().json(ReportDto::from(&meta)))
}

/// The user's reports, newest first.
#[utoipa::path(tag = "reports", responses(
    (status = 200, body = Vec<ReportDto>), (status = 401, body = ErrorBody),
))]
#[get("/api/reports")]
pub async fn list(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let all = state.reports.list(user.id).await?;
    Ok(HttpResponse::Ok().json(all.iter().map(ReportDto::from).collect::<Vec<_>>()))
}

async fn pdf_response(
    user: CurrentUser,
    id: i64,
    state: &AppState,
    kind: DispositionType,
) -> Result<HttpResponse, ApiError> {
    let (meta, pdf) = state.reports.pdf(user.id, id).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header(ContentDisposition {
            disposition: kind,
            parameters: vec![DispositionParam::Filename(meta.spec.file_name())],
        })
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(pdf))
}

// jscpd:ignore-start
// Two routes with one body (pdf_response): actix's and utoipa's attributes need a handler
// each, so the signatures match.
/// The PDF, shown in the browser.
#[utoipa::path(tag = "reports", params(("id" = i64, Path)), responses(
    (status = 200, content_type = "application/pdf", description = "The report as generated"),
    (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[get("/api/reports/{id}/view")]
pub async fn view(
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    pdf_response(user, id.into_inner(), &state, DispositionType::Inline).await
}

/// The PDF as a download.
#[utoipa::path(tag = "reports", params(("id" = i64, Path)), responses(
    (status = 200, content_type = "application/pdf", description = "The report as generated, as an attachment"),
    (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[get("/api/reports/{id}/download")]
pub async fn download(
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    pdf_response(user, id.into_inner(), &state, DispositionType::Attachment).await
}
// jscpd:ignore-end

/// Emails the PDF of a report with readings; subscribers only, within the caps per user and
/// per recipient per 24 hours and for everyone per hour.
#[utoipa::path(tag = "reports", request_body = EmailReportRequest, responses(
    (status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody),
))]
#[post("/api/reports/email")]
pub async fn email(
    user: CurrentUser,
    body: web::Json<EmailReportRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let to = b.email.trim().to_owned();
    state
        .reports
        .email(
            user.id,
            EmailInput {
                report_id: b.report_id,
                email: b.email,
                subject: b.subject,
                message: b.message,
            },
        )
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new(format!(
        "The report is on its way to {to}."
    ))))
}

/// Deletes a report.
#[utoipa::path(tag = "reports", params(("id" = i64, Path)), responses(
    (status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
))]
#[delete("/api/reports/{id}")]
pub async fn remove(
    user: CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.reports.delete(user.id, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(MessageResponse::new("Report deleted")))
}
