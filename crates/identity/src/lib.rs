//! Accounts: registration, email verification, login, password reset and change, profile,
//! preferences and the sessions that must end when a password changes.
//!
//! The domain owns the rules and the messages the product spec names; storage, hashing,
//! email delivery and HTTP are reached only through the ports in [`ports`].

pub mod emails;
pub mod error;
pub mod model;
pub mod passkeys;
pub mod ports;
pub mod preferences;
pub mod rules;
pub mod security_log;
pub mod service;
pub mod two_step;

pub use error::IdentityError;
pub use model::*;
pub use passkeys::PasskeyService;
pub use service::{AccountService, AccountSettings};
pub use two_step::TwoStepService;
