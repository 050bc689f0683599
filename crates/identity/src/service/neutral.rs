//! The requests whose answer must not tell whether an account exists: registration,
//! resending the verification link and asking for a password reset.
//!
//! Each answers after validating its input and a constant amount of work; what depends on
//! the account (looking it up, hashing, writing tokens and emails) runs after the answer,
//! so neither the body nor the time of the answer gives the account away.

use std::future::Future;

use kernel::{Email, FieldErrors, UserId};

use super::{AccountService, RegisterInput, parse_email};
use crate::error::{IdentityError, RepoError};
use crate::model::{NewUser, TokenPurpose};
use crate::{emails, rules};

impl AccountService {
    /// Runs `work` after the answer. At most `background_tasks` run at once; beyond that the
    /// caller waits for a slot, which depends on load and never on the account.
    async fn after_answer<F>(&self, what: &'static str, work: F) -> Result<(), IdentityError>
    where
        F: Future<Output = Result<(), IdentityError>> + Send + 'static,
    {
        let slot = self
            .background
            .clone()
            .acquire_owned()
            .await
            .map_err(anyhow::Error::from)?;
        tokio::spawn(async move {
            if let Err(e) = work.await {
                tracing::error!(error = ?e, "{what} failed after its answer");
            }
            drop(slot);
        });
        Ok(())
    }

    /// Validates a registration and answers; the account is created after the answer. A
    /// taken username is refused (usernames are shown to the person choosing one anyway);
    /// a taken email address is answered like a new one, and its owner is told instead.
    pub async fn register(&self, input: RegisterInput) -> Result<Email, IdentityError> {
        let mut errors = FieldErrors::new();
        let email = rules::check_email(&input.email, &mut errors);
        rules::check_username(&input.username, &mut errors);
        rules::check_new_password(&input.password, "password", &mut errors);
        let first_name = rules::check_name(&input.first_name, "firstName", &mut errors);
        let last_name = rules::check_name(&input.last_name, "lastName", &mut errors);
        let email = match (errors.into_result(), email) {
            (Ok(()), Some(email)) => email,
            (Err(errors), _) => return Err(IdentityError::invalid(errors)),
            (Ok(()), None) => {
                return Err(IdentityError::field(
                    "email",
                    kernel::rules::MSG_EMAIL_INVALID,
                ));
            }
        };
        let username = input.username.trim().to_owned();
        // The username has no '@' (checked above), so this is a username lookup only.
        if self.users.by_login(&username).await?.is_some() {
            return Err(IdentityError::Conflict(rules::MSG_USERNAME_TAKEN.into()));
        }
        let this = self.clone();
        let (address, password) = (email.clone(), input.password);
        self.after_answer("registration", async move {
            let password_hash = this.hasher.hash(&password).await?;
            let (secret, token) = this.new_token(None, TokenPurpose::VerifyEmail, None)?;
            let link = this.link("verify-email", &secret);
            // The user id is not known before the insert; the store fills it into the token
            // and the email in the same transaction.
            let mail = emails::verification(UserId(0), &username, &address, &link);
            let attempt = emails::registration_attempt(
                &address,
                &format!("{}/auth", this.settings.public_url),
                &format!("{}/password-reset-request", this.settings.public_url),
            );
            let user = NewUser {
                username,
                email: address,
                password_hash,
                first_name,
                last_name,
                created_at: this.clock.now(),
                login_secret: Self::new_login_secret()?,
            };
            match this.users.create(user, token, mail, attempt).await {
                Ok(_) | Err(RepoError::EmailTaken) => Ok(()),
                // Taken between the check and the insert: the rare loser gets no email.
                Err(RepoError::UsernameTaken) => {
                    tracing::info!("registration lost a race for its username");
                    Ok(())
                }
                Err(RepoError::Unexpected(e)) => Err(e.into()),
            }
        })
        .await?;
        Ok(email)
    }

    /// Sends a fresh verification link to an unverified account. Answers the same, at the
    /// same time, whether or not the account exists.
    pub async fn resend_verification(&self, raw_email: &str) -> Result<(), IdentityError> {
        let email = parse_email(raw_email)?;
        let this = self.clone();
        self.after_answer("verification resend", async move {
            if let Some(user) = this.users.by_email(&email).await?
                && !user.email_verified
            {
                let (secret, token) =
                    this.new_token(Some(user.id), TokenPurpose::VerifyEmail, None)?;
                let link = this.link("verify-email", &secret);
                let mail = emails::verification(user.id, &user.username, &user.email, &link);
                this.users.issue_token(token, mail).await?;
            }
            Ok(())
        })
        .await
    }

    /// Emails a reset link if the account exists; the answer is the same, at the same
    /// time, either way.
    pub async fn request_password_reset(&self, raw_email: &str) -> Result<(), IdentityError> {
        let email = parse_email(raw_email)?;
        let this = self.clone();
        self.after_answer("password reset request", async move {
            if let Some(user) = this.users.by_email(&email).await? {
                let (secret, token) =
                    this.new_token(Some(user.id), TokenPurpose::ResetPassword, None)?;
                let link = this.link("reset-password", &secret);
                let mail = emails::password_reset(user.id, &user.username, &user.email, &link);
                this.users.issue_token(token, mail).await?;
            }
            Ok(())
        })
        .await
    }

    /// Waits until every background task has finished (tests).
    #[cfg(test)]
    pub(super) async fn settled(&self) {
        let all = u32::try_from(self.settings.background_tasks).unwrap_or(u32::MAX);
        drop(self.background.acquire_many(all).await);
    }
}
