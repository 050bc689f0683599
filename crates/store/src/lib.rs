//! Storage adapter: Diesel over SQLite (embedded default) or PostgreSQL (scale-out), chosen
//! by the database URL, implementing the domain ports.

mod billing;
mod bp_sessions;
mod copy;
pub mod db;
mod deletion;
mod email_log;
mod home_weeks;
mod import_turns;
mod imports;
mod medications;
mod notifications;
mod outbox;
mod passkeys;
mod preferences;
mod rate_limits;
mod reading_counts;
mod reading_keys;
mod readings;
mod reports;
mod schema;
mod sessions;
mod shares;
mod timestamps;
mod tokens;
mod users;
mod watchdog;

pub use billing::SubscriptionStore;
pub use copy::CopyReport;
pub use db::{Backend, Db, DbError, DbOptions, ProcessLock};
pub use home_weeks::HomeWeekStore;
pub use import_turns::ImportTurnStore;
pub use imports::ImportStoreDb;
pub use medications::MedicationStore;
pub use notifications::NotificationStoreDb;
pub use outbox::OutboxStore;
pub use passkeys::PasskeyStore;
pub use rate_limits::RateLimitStore;
pub use readings::ReadingStore;
pub use reports::ReportStore;
pub use sessions::SessionStore;
pub use shares::ShareStore;
pub use users::UserStore;
