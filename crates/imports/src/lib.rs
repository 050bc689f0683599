//! Bringing a person's history from other apps: OMRON connect, Withings Health Mate, Apple
//! Health, any spreadsheet, and Vitalog's own CSV. Files are read (by the `import-formats`
//! adapter, behind [`ports::FormatReader`]) on the import pool, previewed as a draft, and
//! stored through the readings context ([`ports::Record`]) in one transaction on commit.
//! This crate does no file I/O.

pub mod formats;
pub mod ports;
pub mod service;

pub use service::{ImportError, ImportService};
