//! Health reports: a document a person hands to their doctor. Generated once from the
//! readings of a period (charts, table, analysis) and kept, so what is viewed, downloaded
//! and emailed later is what was generated.

pub mod analysis;
pub mod emailing;
pub mod emails;
pub mod error;
pub mod model;
pub mod monthly;
pub mod origins;
pub mod ports;
pub mod rules;
pub mod service;

pub use error::ReportError;
pub use model::*;
pub use service::{RenderTurn, ReportLimits, ReportService};
