//! Readings: blood pressure, heart rate, weight and blood sugar, validated with the spec's
//! ranges and messages, stored in canonical units (lbs, mg/dL), owned by one user.

pub mod category;
pub mod cuffs;
pub mod daily;
pub mod home_week;
pub mod individual;
pub mod model;
pub mod origin;
pub mod pattern;
pub mod ports;
pub mod profile;
pub mod quota;
pub mod rules;
pub mod search;
pub mod service;
pub mod session;
pub mod setting;
pub mod transfer;

pub use category::{BpCategory, CategoryRule, GuidelineRules};
pub use kernel::Guideline;
pub use model::*;
pub use origin::{CuffFlag, CuffFlags, Origin, Original, Source};
pub use service::{ReadingError, ReadingService};
pub use setting::Setting;
