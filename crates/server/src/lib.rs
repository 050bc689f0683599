//! Composition root: loads the configuration, builds the adapters, hands them to the
//! domain services and starts the HTTP server and background workers.

pub mod app;
mod bridges;
pub mod config;
mod jobs;
mod threads;
mod wiring;

pub use app::Application;
pub use config::Config;
