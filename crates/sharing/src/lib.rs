//! Sharing with a clinician: a user gives a read-only link to a live view of part of their
//! record (a period, blood pressure and the measures they choose), for a few days, with an
//! optional access code, and sees every time it was opened. A share is a view, not a copy:
//! it reads the record as it is at each visit.

pub mod emails;
pub mod error;
pub mod model;
pub mod ports;
pub mod rules;
pub mod service;
pub mod validate;
pub mod view;

pub use error::ShareError;
pub use model::*;
pub use service::{Opened, RecordSources, ShareLimits, ShareService, Visitor};
