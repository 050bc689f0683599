use actix_web::{HttpResponse, get, web};

use crate::dto::HealthResponse;
use crate::state::AppState;

/// The process is up.
#[utoipa::path(tag = "health", responses((status = 200, body = HealthResponse)))]
#[get("/health/live")]
pub async fn live() -> HttpResponse {
    HttpResponse::Ok().json(HealthResponse {
        status: "ok".into(),
        database: None,
    })
}

/// The process can serve requests: the database answers, and it is not stopping.
#[utoipa::path(tag = "health", responses(
    (status = 200, body = HealthResponse),
    (status = 503, body = HealthResponse, description = "database unreachable, or the server is draining before it stops"),
))]
#[get("/health/ready")]
pub async fn ready(state: web::Data<AppState>) -> HttpResponse {
    if state.drain.is_draining() {
        return HttpResponse::ServiceUnavailable().json(HealthResponse {
            status: "draining".into(),
            database: None,
        });
    }
    match state.health.check().await {
        Ok(()) => HttpResponse::Ok().json(HealthResponse {
            status: "ok".into(),
            database: Some("ok".into()),
        }),
        Err(e) => {
            tracing::warn!(error = %e, "readiness check failed");
            HttpResponse::ServiceUnavailable().json(HealthResponse {
                status: "unavailable".into(),
                database: Some("unreachable".into()),
            })
        }
    }
}
