//! Storage adapter: Diesel over SQLite (embedded default) or PostgreSQL (scale-out), chosen
//! by the database URL, implementing the domain ports.

pub mod db;
mod outbox;
mod schema;
mod sessions;
mod users;

pub use db::{Backend, Db, DbError, DbOptions};
pub use outbox::OutboxStore;
pub use sessions::SessionStore;
pub use users::UserStore;
