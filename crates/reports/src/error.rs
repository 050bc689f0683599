//! What a report use case can refuse. `web` maps each variant to one status code.

use kernel::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("Report not found")]
    NotFound,
    #[error("{message}")]
    Invalid {
        message: String,
        errors: FieldErrors,
    },
    #[error(
        "You have sent {0} reports by email in the last 24 hours, the most allowed. Please try again later."
    )]
    TooManyEmails(i64),
    #[error(
        "This address has received the most report emails allowed in 24 hours. Please try again tomorrow."
    )]
    RecipientCapped,
    #[error("Vitalog is sending many reports right now. Please try again in an hour.")]
    HourlyCapped,
    #[error(transparent)]
    SubscriptionRequired(#[from] kernel::SubscriptionRequired),
    #[error("Your previous report is still being generated. Please wait for it to finish.")]
    RenderInProgress,
    #[error("Many reports are being generated right now. Please try again in a few seconds.")]
    RenderBusy,
    #[error(
        "You keep {0} reports, the most allowed. Please delete one you no longer need to create another."
    )]
    TooManyKept(i64),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ReportError {
    pub(crate) fn invalid(errors: FieldErrors) -> Self {
        let message = errors
            .first_message()
            .unwrap_or("Please check the form.")
            .to_owned();
        ReportError::Invalid { message, errors }
    }
}
