//! The actix-web application: routes, sessions, middleware, OpenAPI, static client.

use actix_session::SessionMiddleware;
use actix_session::config::{CookieContentSecurity, PersistentSession, TtlExtensionPolicy};
use actix_web::body::MessageBody;
use actix_web::cookie::{SameSite, time};
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpResponse, web};
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;

use crate::auth::SESSION_COOKIE;
use crate::error::{extractor_error, path_error, query_error};
use crate::routes::{
    accounts, billing, data, health, imports, medications, readings, reports, sharing, unsubscribe,
};
use crate::session_store::DbSessionStore;
use crate::state::AppState;
use crate::{edge, security, spa};

#[derive(OpenApi)]
#[openapi(info(
    title = "Vitalog API",
    description = "Personal health record: accounts, readings, medications, reports, subscription. \
        Every request sends the session cookie; state-changing requests must come from the \
        site itself. Errors are `{ message, errors? }`."
))]
struct ApiDoc;

/// Builds the application for one worker.
pub fn build_app(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let settings = state.settings.clone();
    let idle = i64::try_from(settings.session_idle.as_secs()).unwrap_or(i64::MAX);
    let sessions = SessionMiddleware::builder(
        DbSessionStore::new(state.sessions.clone(), state.clock.clone()),
        state.cookie_key.clone(),
    )
    .cookie_name(SESSION_COOKIE.to_owned())
    .cookie_secure(settings.secure_cookies())
    .cookie_http_only(true)
    .cookie_same_site(SameSite::Lax)
    .cookie_path("/".to_owned())
    .cookie_content_security(CookieContentSecurity::Private)
    .session_lifecycle(
        PersistentSession::default()
            .session_ttl(time::Duration::seconds(idle))
            .session_ttl_extension_policy(TtlExtensionPolicy::OnStateChanges),
    )
    .build();
    let limit = settings.body_limit;

    App::new()
        .app_data(web::Data::new(state))
        .app_data(
            web::JsonConfig::default()
                .limit(limit)
                .error_handler(|e, _| extractor_error(e)),
        )
        .app_data(web::PayloadConfig::new(limit))
        .app_data(web::PathConfig::default().error_handler(|e, _| path_error(e)))
        .app_data(web::QueryConfig::default().error_handler(|e, _| query_error(e)))
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .service(health::live)
        .service(health::ready)
        .service(accounts::login)
        .service(accounts::second_step)
        .service(accounts::two_step_status)
        .service(accounts::two_step_setup)
        .service(accounts::two_step_confirm)
        .service(accounts::two_step_recovery_codes)
        .service(accounts::two_step_disable)
        .service(accounts::register)
        .service(accounts::logout)
        .service(accounts::get_user)
        .service(accounts::update_user)
        .service(accounts::change_password)
        .service(accounts::list_sessions)
        .service(accounts::end_other_sessions)
        .service(accounts::end_session)
        .service(accounts::get_security_log)
        .service(accounts::delete_account)
        .service(accounts::passkeys_available)
        .service(accounts::list_passkeys)
        .service(accounts::start_passkey_registration)
        .service(accounts::finish_passkey_registration)
        .service(accounts::rename_passkey)
        .service(accounts::remove_passkey)
        .service(accounts::start_passkey_sign_in)
        .service(accounts::finish_passkey_sign_in)
        .service(accounts::get_preferences)
        .service(accounts::update_preferences)
        .service(accounts::verify_email)
        .service(accounts::undo_email_change)
        .service(accounts::resend_verification)
        .service(accounts::request_password_reset)
        .service(accounts::check_reset_token)
        .service(accounts::reset_password)
        .service(billing::get_subscription)
        .service(billing::payment_config)
        .service(billing::create_order)
        .service(billing::activate)
        .service(billing::cancel)
        .service(readings::list)
        // `daily` before `{id}`: the first route that matches the path answers.
        .service(readings::daily)
        .service(readings::from_device)
        .service(readings::get_one)
        .service(readings::create)
        .service(readings::list_cuffs)
        .service(readings::put_cuff)
        .service(readings::forget_cuff)
        .service(readings::update)
        .service(readings::remove)
        .service(readings::create_session)
        .service(readings::set_session_period)
        .service(readings::get_home_week)
        .service(readings::start_home_week)
        .service(readings::stop_home_week)
        // `doses` before `{id}`: the first route that matches the path answers.
        .service(medications::doses)
        .service(medications::take_all)
        .service(medications::list)
        .service(medications::create)
        .service(medications::get_one)
        .service(medications::update)
        .service(medications::change_dose)
        .service(medications::remove)
        .service(medications::record)
        .service(medications::remove_intake)
        .service(reports::create)
        .service(reports::list)
        .service(reports::view)
        .service(reports::download)
        .service(reports::email)
        .service(reports::remove)
        .service(sharing::create)
        .service(sharing::list)
        .service(sharing::accesses)
        .service(sharing::revoke)
        .service(sharing::remove)
        .service(sharing::public::view)
        .service(sharing::public::unlock)
        .service(sharing::public::pdf)
        .service(unsubscribe::unsubscribe_link)
        .service(unsubscribe::unsubscribe_one_click)
        .service(
            utoipa_actix_web::scope("/api/data")
                .service(data::readings_csv)
                .service(data::medications_csv)
                .service(data::readings_fhir)
                .service(data::account_json)
                .service(imports::sniff)
                .service(imports::read)
                .service(imports::commit)
                .service(imports::discard),
        )
        .openapi_service(|api| {
            let json = api.to_json().unwrap_or_else(|_| "{}".to_owned());
            web::resource("/api/openapi.json").route(web::get().to(move || {
                let json = json.clone();
                async move {
                    HttpResponse::Ok()
                        .content_type("application/json")
                        .insert_header(("cache-control", "no-cache"))
                        .body(json)
                }
            }))
        })
        .into_app()
        .default_service(web::to(spa::fallback))
        .wrap(sessions)
        // Before the session store is asked: bounded bodies, no control characters.
        .wrap(from_fn(edge::guard_input))
        // Errors raised outside the handlers (e.g. the session store when the database is
        // away) come without a body; give them the API's JSON shape.
        .wrap(from_fn(security::server_errors_as_json))
        .wrap(from_fn(security::same_site_guard))
        .wrap(from_fn(security::headers))
        // A decade of readings is ~3 MB of JSON; gzip/brotli make it ~10x smaller.
        .wrap(Compress::default())
        .wrap(from_fn(security::access_log))
}
