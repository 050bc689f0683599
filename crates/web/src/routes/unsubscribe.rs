//! One-click unsubscribe from reminder and weekly-report emails, without logging in: the
//! signed token in the link names the user and the email kind.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError, get, post, web};
use kernel::html::{self, Inline};
use notifications::service::UnsubscribeOutcome;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
pub struct TokenParams {
    /// The signed token from the email's link.
    #[serde(default)]
    pub token: String,
}

fn page(status: StatusCode, heading: &str, text: &str, state: &AppState) -> HttpResponse {
    let profile = format!("{}/profile#profile-preferences", state.settings.origin());
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header(("cache-control", "no-store"))
        .body(html::page(
            heading,
            &[
                &[Inline::Text(text)],
                &[
                    Inline::Link {
                        label: "Open your preferences",
                        href: &profile,
                    },
                    Inline::Text(" (you will be asked to log in)."),
                ],
            ],
        ))
}

async fn handle(state: &AppState, token: &str) -> (StatusCode, String, String) {
    match state.notifications.unsubscribe(token).await {
        Ok(topic) => (
            StatusCode::OK,
            "You're unsubscribed".to_owned(),
            format!(
                "Vitalog will send you no more {}. You can turn them back on at any time {}.",
                topic.label(),
                topic.turned_on_where()
            ),
        ),
        Err(UnsubscribeOutcome::Refused(e)) => (
            StatusCode::BAD_REQUEST,
            "This link did not work".to_owned(),
            e.to_string(),
        ),
        Err(UnsubscribeOutcome::Failed(e)) => {
            tracing::error!(error = %format!("{e:#}"), "unsubscribe failed");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "Please try again".to_owned(),
                "Something went wrong on our side. Please open the link again in a minute."
                    .to_owned(),
            )
        }
    }
}

/// The link in the email: turns the email kind off and says so (an HTML page).
#[utoipa::path(tag = "notifications", params(TokenParams), responses(
    (status = 200, content_type = "text/html", description = "Unsubscribed"),
    (status = 400, content_type = "text/html", description = "Invalid or expired link"),
))]
#[get("/api/unsubscribe")]
pub async fn unsubscribe_link(
    params: web::Query<TokenParams>,
    state: web::Data<AppState>,
) -> HttpResponse {
    let (status, heading, text) = handle(&state, &params.token).await;
    page(status, &heading, &text, &state)
}

/// RFC 8058 one-click unsubscribe (`List-Unsubscribe-Post`), as mail clients send it.
#[utoipa::path(tag = "notifications", params(TokenParams), responses(
    (status = 200, body = crate::dto::MessageResponse, description = "Unsubscribed"),
    (status = 400, body = ErrorBody),
))]
#[post("/api/unsubscribe")]
pub async fn unsubscribe_one_click(
    params: web::Query<TokenParams>,
    state: web::Data<AppState>,
) -> HttpResponse {
    match handle(&state, &params.token).await {
        (StatusCode::OK, _, text) => {
            HttpResponse::Ok().json(crate::dto::MessageResponse { message: text })
        }
        (status, _, text) => ApiError::new(status, text).error_response(),
    }
}
