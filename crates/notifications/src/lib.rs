//! Vitalog's scheduled emails: a reminder on a day without a reading (after the user's
//! reminder time, in their time zone), a weekly report of the last week, and a reminder
//! at each dose time of the medications with reminders on. Each is
//! claimed in the database together with queueing it, so it goes out once however many
//! servers run and however often they restart. Every such email carries a signed,
//! expiring one-click unsubscribe link and the `List-Unsubscribe` headers.

pub mod emails;
pub mod ports;
pub mod service;
pub mod unsubscribe;

pub use ports::{
    Digest, DoseReminder, DoseReminders, NotificationStore, Subscriber, Topic, WeeklyDigest,
};
pub use service::{NotificationService, RunSummary};
pub use unsubscribe::{UnsubscribeError, UnsubscribeSigner};
