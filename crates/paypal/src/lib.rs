//! Payment adapters behind billing's [`PaymentGateway`] port.

mod client;
mod test_mode;

pub use client::{PayPalClient, PayPalSettings, SANDBOX, parse_order};
pub use test_mode::TestGateway;
