//! Bringing a person's history from other apps: OMRON connect, Withings Health Mate, Apple
//! Health, any spreadsheet, and Vitalog's own CSV. Files are read as streams from disk on
//! the import pool, previewed as a draft, and stored in one transaction on commit.

pub mod formats;
pub mod ports;
pub mod service;

pub use service::{ImportError, ImportService};
