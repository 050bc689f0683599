//! The account use cases.

use std::sync::Arc;

use chrono::Duration;
use kernel::{Clock, Email, FieldErrors, UserId, secret};
use tokio::sync::Semaphore;

use crate::error::{IdentityError, RepoError};
use crate::model::*;
use crate::ports::{PasswordHasher, UserRepository, dummy_hash};
use crate::{emails, rules};

#[derive(Debug, Clone)]
pub struct AccountSettings {
    /// Base of every link in emails, without a trailing slash.
    pub public_url: String,
    pub verification_ttl: Duration,
    pub reset_ttl: Duration,
    /// Neutral requests (registration, resend, reset) whose work may run at once after
    /// their answer; more wait for a slot before answering, whoever they are for.
    pub background_tasks: usize,
    /// How long the old address can undo an email change: long enough for someone who
    /// reads their mail weekly.
    pub undo_email_ttl: Duration,
}

impl AccountSettings {
    pub fn new(public_url: &str) -> Self {
        Self {
            public_url: public_url.trim_end_matches('/').to_owned(),
            verification_ttl: Duration::hours(24),
            reset_ttl: Duration::hours(1),
            background_tasks: 64,
            undo_email_ttl: Duration::days(7),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct RegisterInput {
    pub username: String,
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Clone)]
pub struct AccountService {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    clock: Arc<dyn Clock>,
    settings: AccountSettings,
    background: Arc<Semaphore>,
}

impl AccountService {
    pub fn new(
        users: Arc<dyn UserRepository>,
        hasher: Arc<dyn PasswordHasher>,
        clock: Arc<dyn Clock>,
        settings: AccountSettings,
    ) -> Self {
        Self {
            users,
            hasher,
            clock,
            background: Arc::new(Semaphore::new(settings.background_tasks)),
            settings,
        }
    }

    fn link(&self, path: &str, token: &str) -> String {
        format!("{}/{path}/{token}", self.settings.public_url)
    }

    fn new_token(
        &self,
        user_id: Option<UserId>,
        purpose: TokenPurpose,
        new_email: Option<Email>,
    ) -> Result<(String, NewToken), IdentityError> {
        let secret = secret::generate().map_err(anyhow::Error::from)?;
        let now = self.clock.now();
        let ttl = match purpose {
            TokenPurpose::ResetPassword => self.settings.reset_ttl,
            TokenPurpose::VerifyEmail | TokenPurpose::ChangeEmail => self.settings.verification_ttl,
            TokenPurpose::UndoEmailChange => self.settings.undo_email_ttl,
        };
        let token = NewToken {
            user_id,
            purpose,
            token_hash: secret::hash(&secret),
            new_email,
            expires_at: now + ttl,
            created_at: now,
        };
        Ok((secret, token))
    }

    /// A fresh login secret for a new password (or a new account).
    pub(crate) fn new_login_secret() -> Result<String, IdentityError> {
        Ok(secret::generate().map_err(anyhow::Error::from)?)
    }

    async fn new_password(&self, password: &str) -> Result<NewPassword, IdentityError> {
        Ok(NewPassword {
            hash: self.hasher.hash(password).await?,
            login_secret: Self::new_login_secret()?,
        })
    }

    /// The login secret of the account `login` names (as [`Self::login`] reads it), which
    /// the login throttle's device cookies are keyed with; `None` for no such account.
    pub async fn login_secret(&self, login: &str) -> Result<Option<String>, IdentityError> {
        Ok(self
            .users
            .by_login(login.trim())
            .await?
            .map(|u| u.login_secret))
    }

    /// The account `login` names (as [`Self::login`] reads it), for noting a failed
    /// sign-in in its owner's security log; `None` for no such account.
    pub async fn account_named(&self, login: &str) -> Result<Option<UserId>, IdentityError> {
        Ok(self.users.by_login(login.trim()).await?.map(|u| u.id))
    }

    /// Checks a username (or email) and password. Unknown user and wrong password get the
    /// same error after the same amount of hashing work.
    pub async fn login(&self, login: &str, password: &str) -> Result<User, IdentityError> {
        let mut errors = FieldErrors::new();
        if login.trim().is_empty() {
            errors.add("username", rules::MSG_USERNAME_REQUIRED);
        }
        if password.is_empty() {
            errors.add("password", rules::MSG_PASSWORD_REQUIRED);
        }
        errors.into_result().map_err(IdentityError::invalid)?;
        if password.chars().count() > rules::PASSWORD_MAX {
            return Err(IdentityError::InvalidCredentials);
        }
        let user = self.users.by_login(login.trim()).await?;
        let hash = user
            .as_ref()
            .map_or(dummy_hash(), |u| u.password_hash.as_str());
        let password_ok = self.hasher.verify(password, hash).await?;
        match user {
            Some(user) if password_ok => {
                if user.email_verified {
                    Ok(user)
                } else {
                    Err(IdentityError::NotVerified {
                        message: rules::MSG_NOT_VERIFIED.into(),
                        email: user.email.to_string(),
                    })
                }
            }
            _ => Err(IdentityError::InvalidCredentials),
        }
    }

    /// Notes that `user` signed in, from `device` in `network`. When this browser never
    /// signed in to the account before (`new_device`) and the account has signed in before,
    /// emails the person where and when, in their time zone (issue 38). Whether it emailed.
    pub async fn signed_in(
        &self,
        user: &User,
        device: &str,
        network: Option<&str>,
        new_device: bool,
    ) -> Result<bool, IdentityError> {
        let now = self.clock.now();
        let notice = if new_device {
            let zone = self.users.preferences(user.id).await?.time_zone;
            let local = now.with_timezone(&zone);
            let when = format!(
                "{} {} ({})",
                kernel::display::date(local.date_naive()),
                kernel::display::time(local.time()),
                zone.name()
            );
            let link = format!("{}/profile#profile-security", self.settings.public_url);
            let sign_in = emails::SignIn {
                device,
                network,
                when: &when,
            };
            Some(emails::new_sign_in(
                user.id,
                &user.username,
                &user.email,
                &sign_in,
                &link,
            ))
        } else {
            None
        };
        Ok(self.users.record_sign_in(user.id, now, notice).await?)
    }

    pub async fn user(&self, id: UserId) -> Result<User, IdentityError> {
        self.users
            .by_id(id)
            .await?
            .ok_or(IdentityError::Unauthenticated)
    }

    /// Uses an emailed verification link: verifies the account or applies a new address.
    /// A new address takes effect together with an email to the old one carrying a link
    /// that undoes the change.
    pub async fn verify_email(&self, token: &str) -> Result<Verified, IdentityError> {
        let token = token.trim();
        let invalid = || IdentityError::InvalidToken(rules::MSG_VERIFY_INVALID.into());
        if !secret::looks_valid(token) {
            return Err(invalid());
        }
        let hash = secret::hash(token);
        let now = self.clock.now();
        let outcome = match self
            .users
            .find_token(TokenPurpose::ChangeEmail, &hash, now)
            .await?
        {
            Some(change) => {
                let user = self.user_or(change.user_id, invalid).await?;
                let new = change.new_email.ok_or_else(invalid)?;
                let (secret, undo) = self.new_token(
                    Some(user.id),
                    TokenPurpose::UndoEmailChange,
                    Some(user.email.clone()),
                )?;
                let link = self.link("undo-email-change", &secret);
                let notice =
                    emails::email_changed(user.id, &user.username, &user.email, &new, &link);
                self.users
                    .change_email(&hash, now, undo, notice)
                    .await
                    .map(|o| o.map(Verified::EmailChanged))
            }
            None => self.users.consume_verification(&hash, now).await,
        };
        link_outcome(outcome, invalid)
    }

    /// Uses the link sent to an old address after an email change: puts that address back
    /// and signs every device out (whoever changed it may know the password, which the
    /// owner should reset next). A password set since the change is voided, and the
    /// restored address told to reset it: it may be the one who changed the address.
    pub async fn undo_email_change(&self, token: &str) -> Result<EmailChangeUndone, IdentityError> {
        let token = token.trim();
        let invalid = || IdentityError::InvalidToken(rules::MSG_UNDO_INVALID.into());
        if !secret::looks_valid(token) {
            return Err(invalid());
        }
        let (hash, now) = (secret::hash(token), self.clock.now());
        let undo = self
            .users
            .find_token(TokenPurpose::UndoEmailChange, &hash, now)
            .await?
            .ok_or_else(invalid)?;
        let user = self.user_or(undo.user_id, invalid).await?;
        let restored = undo.new_email.ok_or_else(invalid)?;
        // The hash of a secret thrown away: no password opens the account until a reset.
        let unknown = secret::generate().map_err(anyhow::Error::from)?;
        let voided = self.new_password(&unknown).await?;
        let reset_link = format!("{}/password-reset-request", self.settings.public_url);
        let notice = emails::password_voided(user.id, &user.username, &restored, &reset_link);
        let outcome = self
            .users
            .undo_email_change(&hash, now, &voided, notice)
            .await;
        link_outcome(outcome, invalid)
    }

    async fn user_or(
        &self,
        id: UserId,
        missing: impl FnOnce() -> IdentityError,
    ) -> Result<User, IdentityError> {
        self.users.by_id(id).await?.ok_or_else(missing)
    }

    async fn valid_reset_token(&self, token: &str) -> Result<ValidToken, IdentityError> {
        let token = token.trim();
        if token.is_empty() {
            return Err(IdentityError::InvalidToken(rules::MSG_TOKEN_MISSING.into()));
        }
        if !secret::looks_valid(token) {
            return Err(IdentityError::InvalidToken(rules::MSG_RESET_INVALID.into()));
        }
        self.users
            .find_token(
                TokenPurpose::ResetPassword,
                &secret::hash(token),
                self.clock.now(),
            )
            .await?
            .ok_or_else(|| IdentityError::InvalidToken(rules::MSG_RESET_INVALID.into()))
    }

    /// Whether a reset link can still be used (the reset page asks before showing its form).
    pub async fn check_reset_token(&self, token: &str) -> Result<(), IdentityError> {
        self.valid_reset_token(token).await.map(|_| ())
    }

    /// Sets a new password from a reset link, ends every session of the user and tells
    /// them by email. Whose password it was.
    pub async fn reset_password(
        &self,
        token: &str,
        password: &str,
    ) -> Result<UserId, IdentityError> {
        let mut errors = FieldErrors::new();
        rules::check_new_password(password, "password", &mut errors);
        errors.into_result().map_err(IdentityError::invalid)?;
        let valid = self.valid_reset_token(token).await?;
        let user = self
            .user_or(valid.user_id, || {
                IdentityError::InvalidToken(rules::MSG_RESET_INVALID.into())
            })
            .await?;
        let new = self.new_password(password).await?;
        let notice = self.password_changed_email(&user);
        let done = self
            .users
            .reset_password(&secret::hash(token.trim()), &new, self.clock.now(), notice)
            .await?;
        if done {
            Ok(user.id)
        } else {
            Err(IdentityError::InvalidToken(rules::MSG_RESET_INVALID.into()))
        }
    }

    fn password_changed_email(&self, user: &User) -> kernel::outbox::OutgoingEmail {
        let reset_link = format!("{}/password-reset-request", self.settings.public_url);
        emails::password_changed(user.id, &user.username, &user.email, &reset_link)
    }

    /// Changes the password of a signed-in user after checking the current one. Every
    /// session of the user ends; the caller starts a fresh one for this device.
    pub async fn change_password(
        &self,
        id: UserId,
        current: &str,
        new: &str,
    ) -> Result<(), IdentityError> {
        let mut errors = FieldErrors::new();
        if current.is_empty() {
            errors.add("currentPassword", rules::MSG_CURRENT_PASSWORD_REQUIRED);
        }
        rules::check_new_password(new, "newPassword", &mut errors);
        if !current.is_empty() && current == new {
            errors.add("newPassword", rules::MSG_NEW_PASSWORD_SAME);
        }
        errors.into_result().map_err(IdentityError::invalid)?;
        let user = self.user(id).await?;
        if !self.hasher.verify(current, &user.password_hash).await? {
            return Err(IdentityError::field(
                "currentPassword",
                rules::MSG_CURRENT_PASSWORD_WRONG,
            ));
        }
        let new = self.new_password(new).await?;
        let notice = self.password_changed_email(&user);
        self.users.change_password(id, &new, notice).await?;
        Ok(())
    }

    /// The signed-in user, once `password` (the field `password`) proves them again before
    /// a grave change (deleting the account, removing a passkey).
    pub async fn confirm_password(
        &self,
        id: UserId,
        password: &str,
    ) -> Result<User, IdentityError> {
        let user = self.user(id).await?;
        check_password(self.hasher.as_ref(), &user, password).await?;
        Ok(user)
    }

    /// Base of every link in emails, without a trailing slash.
    pub fn public_url(&self) -> &str {
        &self.settings.public_url
    }

    /// Deletes the account and all its data after checking the password, then emails a
    /// confirmation. Every session ends with it (the rows are gone).
    pub async fn delete_account(&self, id: UserId, password: &str) -> Result<(), IdentityError> {
        let user = self.confirm_password(id, password).await?;
        let link = format!("{}/auth", self.settings.public_url);
        let notice = emails::account_deleted(&user.username, &user.email, &link);
        self.users.delete_account(id, notice).await?;
        Ok(())
    }

    /// Updates names, date of birth and gender at once; a new email address needs the
    /// current password, gets a confirmation link and replaces the old one only when it is
    /// confirmed. Nothing changes unless everything is valid.
    pub async fn update_profile(
        &self,
        id: UserId,
        input: ProfileInput,
    ) -> Result<ProfileUpdated, IdentityError> {
        let user = self.user(id).await?;
        let mut errors = FieldErrors::new();
        let today = self.clock.now().date_naive();
        let changes = ProfileChanges {
            first_name: input
                .first_name
                .as_deref()
                .map(|v| rules::check_name(v, "firstName", &mut errors)),
            last_name: input
                .last_name
                .as_deref()
                .map(|v| rules::check_name(v, "lastName", &mut errors)),
            date_of_birth: input
                .date_of_birth
                .as_deref()
                .and_then(|v| rules::check_date_of_birth(v, today, &mut errors)),
            gender: input
                .gender
                .as_deref()
                .and_then(|v| rules::check_gender(v, &mut errors)),
        };
        let new_email = match input.email.as_deref() {
            Some(raw) => rules::check_email(raw, &mut errors).filter(|e| *e != user.email),
            None => None,
        };
        let password = input.current_password.as_deref().unwrap_or_default();
        if new_email.is_some() && password.is_empty() {
            errors.add("currentPassword", rules::MSG_CURRENT_PASSWORD_REQUIRED);
        }
        errors.into_result().map_err(IdentityError::invalid)?;
        if new_email.is_some() && !self.hasher.verify(password, &user.password_hash).await? {
            return Err(IdentityError::field(
                "currentPassword",
                rules::MSG_CURRENT_PASSWORD_WRONG,
            ));
        }

        if let Some(email) = &new_email
            && self
                .users
                .by_email(email)
                .await?
                .is_some_and(|other| other.id != id)
        {
            return Err(IdentityError::Conflict(rules::MSG_EMAIL_TAKEN.into()));
        }
        self.users.update_profile(id, changes).await?;
        if let Some(email) = &new_email {
            let (secret, token) =
                self.new_token(Some(id), TokenPurpose::ChangeEmail, Some(email.clone()))?;
            let link = self.link("verify-email", &secret);
            let mail = emails::email_change(id, &user.username, email, &link);
            self.users.issue_token(token, mail).await?;
        }
        Ok(ProfileUpdated {
            user: self.user(id).await?,
            email_change_pending: new_email,
        })
    }

    pub async fn preferences(&self, id: UserId) -> Result<Preferences, IdentityError> {
        Ok(self.users.preferences(id).await?)
    }

    pub async fn update_preferences(
        &self,
        id: UserId,
        patch: PreferencesPatch,
    ) -> Result<Preferences, IdentityError> {
        let prefs = self.users.preferences(id).await?.apply(patch);
        self.users.save_preferences(id, prefs).await?;
        Ok(prefs)
    }
}

/// A signed-in person's password typed again to confirm a grave change (deleting the
/// account, turning two-step verification off): a field error on `password` unless right.
pub(crate) async fn check_password(
    hasher: &dyn PasswordHasher,
    user: &User,
    password: &str,
) -> Result<(), IdentityError> {
    if password.is_empty() {
        return Err(IdentityError::field(
            "password",
            rules::MSG_PASSWORD_REQUIRED,
        ));
    }
    if hasher.verify(password, &user.password_hash).await? {
        Ok(())
    } else {
        Err(IdentityError::field("password", rules::MSG_PASSWORD_WRONG))
    }
}

fn parse_email(raw: &str) -> Result<Email, IdentityError> {
    Email::parse(raw).map_err(|_| IdentityError::field("email", kernel::rules::MSG_EMAIL_INVALID))
}

/// What spending an emailed link came to: its result, the link's own "invalid or expired"
/// error when nothing matched, or a conflict when the address it restores or confirms has
/// been taken meanwhile (verification and undoing an email change answer alike).
fn link_outcome<T>(
    outcome: Result<Option<T>, RepoError>,
    invalid: impl FnOnce() -> IdentityError,
) -> Result<T, IdentityError> {
    match outcome {
        Ok(Some(v)) => Ok(v),
        Ok(None) => Err(invalid()),
        Err(RepoError::EmailTaken | RepoError::UsernameTaken) => {
            Err(IdentityError::Conflict(rules::MSG_EMAIL_TAKEN.into()))
        }
        Err(RepoError::Unexpected(e)) => Err(e.into()),
    }
}

mod neutral;

#[cfg(test)]
mod tests;
