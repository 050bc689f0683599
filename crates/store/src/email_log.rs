//! Counting a log of sent emails for [`kernel::email_caps::EmailCaps::first_reached`]. The
//! report emails' log and the emailed links' log have the same columns (`user_id`,
//! `recipient`, `sent_at`), so one counting serves both.

/// A closure answering the count one [`kernel::email_caps::Counted`] asks for, over
/// `$table` (a schema module with `user_id`, `recipient` and `sent_at`), for sender `$user`
/// (a `UserId`) and `$recipient` (as logged: lower-cased).
macro_rules! email_counts {
    ($table:ident, $conn:expr, $user:expr, $recipient:expr) => {
        |counted: kernel::email_caps::Counted| -> diesel::QueryResult<i64> {
            use kernel::email_caps::Counted;
            let query = $table::table.into_boxed();
            let query = match counted {
                Counted::BySender(since) => query
                    .filter($table::user_id.eq($user.0))
                    .filter($table::sent_at.ge(since.naive_utc())),
                Counted::ToRecipient(since) => query
                    .filter($table::recipient.eq($recipient))
                    .filter($table::sent_at.ge(since.naive_utc())),
                Counted::Everyone(since) => query.filter($table::sent_at.ge(since.naive_utc())),
            };
            query.count().get_result($conn)
        }
    };
}

pub(crate) use email_counts;
