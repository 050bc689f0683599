//! Shared vocabulary of Vitalog. Every other crate may depend on this one; it depends on
//! nothing of ours and performs no I/O.

pub mod calendar;
pub mod clock;
pub mod csv;
pub mod date;
pub mod display;
pub mod email;
pub mod email_caps;
pub mod entitlements;
pub mod errors;
pub mod form;
pub mod gate;
pub mod guideline;
pub mod health;
pub mod html;
pub mod ids;
pub mod outbox;
pub mod pool;
pub mod rate;
pub mod rules;
pub mod secret;
pub mod text;
pub mod units;

pub use calendar::{UserCalendar, UsersNow};
pub use clock::{Clock, SystemClock};
pub use email::Email;
pub use entitlements::{Entitlement, Entitlements, SubscriptionRequired};
pub use errors::FieldErrors;
pub use guideline::Guideline;
pub use ids::UserId;
