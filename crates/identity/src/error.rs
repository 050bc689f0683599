use kernel::FieldErrors;

/// Everything an identity use case can refuse. `web` maps each variant to one status code.
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// Bad input; messages per field, in the spec's words.
    #[error("{message}")]
    Invalid {
        message: String,
        errors: FieldErrors,
    },
    /// Unknown user or wrong password: one answer for both.
    #[error("Invalid username or password")]
    InvalidCredentials,
    /// Right password, email not verified yet.
    #[error("{message}")]
    NotVerified { message: String, email: String },
    /// Username or email taken.
    #[error("{0}")]
    Conflict(String),
    /// Token unknown, used or expired.
    #[error("{0}")]
    InvalidToken(String),
    #[error("Not authenticated")]
    Unauthenticated,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl IdentityError {
    pub fn invalid(errors: FieldErrors) -> Self {
        let message = errors.summary().to_owned();
        IdentityError::Invalid { message, errors }
    }

    pub fn field(field: &str, message: &str) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        Self::invalid(errors)
    }
}

/// Failures a repository reports that the domain must tell apart.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("username taken")]
    UsernameTaken,
    #[error("email taken")]
    EmailTaken,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
