//! Medications (issue 16): what a user takes, in dose periods (a change of dose is a new
//! period), whether they took each dose, reminders for doses, and the blood pressure before
//! and after each start or change.

pub mod analysis;
pub mod model;
pub mod ports;
pub mod reminders;
pub mod rules;
pub mod schedule;
pub mod service;
pub mod transfer;
pub mod validate;

#[cfg(test)]
mod testing;

pub use model::*;
pub use service::{MedicationError, MedicationService};
