//! Composition root: loads the configuration, builds the adapters, hands them to the
//! domain services and starts the HTTP server and background workers.

pub mod app;
pub mod config;
mod medication_bridges;
mod medication_wiring;
mod sharing_wiring;
mod zones;

pub use app::Application;
pub use config::Config;
