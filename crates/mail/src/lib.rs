//! Email delivery: builds MIME messages with lettre and sends them over SMTP, or writes
//! them as `.eml` files when no SMTP server is configured (development). The
//! [`worker::OutboxWorker`] drains the outbox table with retries and back-off.

pub mod sender;
pub mod worker;

pub use sender::{EmailSender, Mailer, SendError};
pub use worker::{OutboxWorker, WorkerSettings};
