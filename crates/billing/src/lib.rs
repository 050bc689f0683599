//! Subscriptions: 5 USD buys one year, added to the later of now and the current expiry.
//! The price and the payment are verified with the payment provider on the server; what
//! the client says about them is recorded, never believed.

pub mod model;
pub mod ports;
pub mod rules;
pub mod service;

pub use model::*;
pub use service::{BillingError, BillingService};
