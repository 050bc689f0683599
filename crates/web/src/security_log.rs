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
