//! Inbound HTTP adapter: maps HTTP to the domain's use cases and back. Depends on the
//! domain crates and their ports only, never on storage or mail adapters.

pub mod app;
pub mod auth;
pub mod browser;
pub mod client_addr;
pub mod devices;
pub mod dto;
pub mod edge;
pub mod error;
pub mod login_throttle;
pub mod rate_limit;
pub mod registered_cookie;
pub mod routes;
pub mod security;
pub mod security_log;
pub mod session_store;
pub mod settings;
pub mod share_code_throttle;
pub mod spa;
pub mod state;

pub use app::build_app;
pub use settings::WebSettings;
pub use state::AppState;
