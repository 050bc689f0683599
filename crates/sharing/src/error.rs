//! What a sharing use case can refuse. `web` maps each variant to one status code.

use crate::rules::{MSG_CODE_REQUIRED, MSG_CODE_WRONG, MSG_GONE, MSG_NOT_FOUND};
use kernel::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum ShareError {
    /// A management call on a share that is not the user's.
    #[error("{MSG_NOT_FOUND}")]
    NotFound,
    #[error("{}", .0.summary())]
    Invalid(FieldErrors),
    #[error("{MSG_GONE}")]
    Gone,
    #[error("{MSG_CODE_REQUIRED}")]
    CodeRequired,
    #[error("{MSG_CODE_WRONG}")]
    WrongCode,
    #[error(
        "You have {0} active shares, the most allowed. Stop sharing one you no longer need to create another."
    )]
    TooMany(i64),
    #[error(transparent)]
    SubscriptionRequired(#[from] kernel::SubscriptionRequired),
    #[error(
        "You have emailed {0} links in the last 24 hours, the most allowed. Please try again later, or copy the link instead."
    )]
    TooManyEmails(i64),
    #[error(
        "This address has received the most links allowed in 24 hours. Please try again tomorrow, or copy the link instead."
    )]
    RecipientCapped,
    #[error(
        "This period has more readings than one view can show. Please ask for a share of a shorter period."
    )]
    TooManyReadings,
    /// The PDF could not start now (one per owner at a time, a bounded number in all).
    #[error("{0}")]
    Busy(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
