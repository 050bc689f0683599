//! Noting events in the person's security log ([`identity::security_log`]) from the requests
//! that cause them, with the device and network the request came from. A note that cannot
//! be stored is logged and the request goes on: the log records what happened, it never
//! decides whether it may.

use actix_web::HttpRequest;
use identity::security_log::{NewSecurityEvent, SecurityEventKind};
use kernel::UserId;

use crate::state::AppState;

/// Notes `kind` (with `detail`) for `user`, from the device and network of `req`.
pub async fn note(
    req: &HttpRequest,
    state: &AppState,
    user: UserId,
    kind: SecurityEventKind,
    detail: Option<String>,
) {
    let (device, network) = crate::devices::seen_from(req, &state.settings.proxies);
    record(state, user, kind, detail, device, network).await;
}

/// Notes a wrong password for the account `typed` names, if one does, after the answer:
/// looking the name up and writing take time only when it has an account, which the
/// answer's time must not tell (login failures look the same either way).
pub fn note_failed_sign_in(req: &HttpRequest, state: &actix_web::web::Data<AppState>, typed: &str) {
    let (device, network) = crate::devices::seen_from(req, &state.settings.proxies);
    let (state, typed) = (state.clone(), typed.to_owned());
    actix_web::rt::spawn(async move {
        match state.accounts.account_named(&typed).await {
            Ok(Some(owner)) => {
                let kind = SecurityEventKind::SignInFailed;
                record(&state, owner, kind, None, device, network).await;
            }
            Ok(None) => {}
            Err(e) => tracing::error!(error = %e, "the failed sign-in could not be noted"),
        }
    });
}

async fn record(
    state: &AppState,
    user: UserId,
    kind: SecurityEventKind,
    detail: Option<String>,
    device: String,
    network: Option<String>,
) {
    let event = NewSecurityEvent {
        user_id: user,
        at: state.clock.now(),
        kind,
        detail,
        device: Some(device),
        network,
    };
    if let Err(e) = state.security_log.record(event).await {
        tracing::error!(user_id = %user, kind = kind.code(), error = %format!("{e:#}"),
            "a security log entry could not be stored");
    }
}
