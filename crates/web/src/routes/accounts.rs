//! Accounts API (spec section 7), one module per job: signing in and up ([`session`]), the
//! signed-in user's account ([`profile`]), [`preferences`], and the links sent by email
//! ([`recovery`]); how identity's errors answer is in [`errors`].

pub mod devices;
mod errors;
pub mod passkeys;
pub mod preferences;
pub mod profile;
pub mod recovery;
pub mod security_log;
pub mod session;
pub mod two_step;

pub use devices::*;
pub use passkeys::*;
pub use preferences::*;
pub use profile::*;
pub use recovery::*;
pub use security_log::*;
pub use session::*;
pub use two_step::*;
