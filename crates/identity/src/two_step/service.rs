//! Two-step verification's use cases: set up, confirm, verify at sign-in, new recovery
//! codes, turn off, and the administrator's reset.

use std::sync::Arc;

use chrono::Duration;
use kernel::{Clock, UserId};

use super::*;
use crate::emails::{self, TwoStepChange};
use crate::error::IdentityError;
use crate::model::User;
use crate::ports::{PasswordHasher, TwoStepRepository, UserRepository};
use crate::service::check_password;

/// A setup waiting for its first code: what the person scans or types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Base32, as apps take it typed.
    pub secret: String,
    /// The `otpauth://` URI the QR code carries.
    pub uri: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TwoStepStatus {
    pub enabled: bool,
    pub recovery_codes_left: i64,
}

/// Which second factor a sign-in used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Used {
    Code,
    RecoveryCode { left: i64 },
}

/// What the administrator's reset found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminReset {
    NoSuchAccount,
    WasOff { username: String },
    Reset { username: String },
}

#[derive(Clone)]
pub struct TwoStepService {
    repo: Arc<dyn TwoStepRepository>,
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    clock: Arc<dyn Clock>,
    security_link: String,
}

impl TwoStepService {
    pub fn new(
        repo: Arc<dyn TwoStepRepository>,
        users: Arc<dyn UserRepository>,
        hasher: Arc<dyn PasswordHasher>,
        clock: Arc<dyn Clock>,
        public_url: &str,
    ) -> Self {
        Self {
            repo,
            users,
            hasher,
            clock,
            security_link: format!(
                "{}/profile#profile-security",
                public_url.trim_end_matches('/')
            ),
        }
    }

    async fn user(&self, id: UserId) -> Result<User, IdentityError> {
        self.users
            .by_id(id)
            .await?
            .ok_or(IdentityError::Unauthenticated)
    }

    fn now_secs(&self) -> u64 {
        u64::try_from(self.clock.now().timestamp()).unwrap_or(0)
    }

    fn notice(&self, user: &User, change: TwoStepChange) -> kernel::outbox::OutgoingEmail {
        emails::two_step_changed(
            user.id,
            &user.username,
            &user.email,
            change,
            &self.security_link,
        )
    }

    pub async fn status(&self, user: UserId) -> Result<TwoStepStatus, IdentityError> {
        let enabled = self.is_on(user).await?;
        let recovery_codes_left = if enabled {
            self.repo.recovery_codes_left(user).await?
        } else {
            0
        };
        Ok(TwoStepStatus {
            enabled,
            recovery_codes_left,
        })
    }

    /// Whether a password sign-in to this account needs the second step.
    pub async fn is_on(&self, user: UserId) -> Result<bool, IdentityError> {
        Ok(self.repo.get(user).await?.is_some_and(|r| r.enabled))
    }

    /// Starts a setup with a fresh secret, kept on the server until a code confirms it.
    pub async fn begin(&self, id: UserId) -> Result<Setup, IdentityError> {
        let user = self.user(id).await?;
        let secret = new_secret()?;
        if !self.repo.begin(id, &secret, self.clock.now()).await? {
            return Err(IdentityError::Conflict(MSG_ALREADY_ON.into()));
        }
        Ok(Setup {
            secret: secret_text(&secret),
            uri: otpauth_uri(&secret, &user.username)?,
        })
    }

    /// Turns it on with the first code from the app; the recovery codes, shown once.
    pub async fn confirm(&self, id: UserId, code: &str) -> Result<Vec<String>, IdentityError> {
        let code = required_code(code)?;
        let user = self.user(id).await?;
        let expired = || IdentityError::field("code", MSG_SETUP_EXPIRED);
        let pending = self
            .repo
            .get(id)
            .await?
            .filter(|r| !r.enabled)
            .filter(|r| self.clock.now() - r.created_at <= Duration::minutes(SETUP_MINUTES))
            .ok_or_else(expired)?;
        let step = matching_step(&pending.secret, code, self.now_secs())
            .ok_or_else(|| IdentityError::field("code", MSG_CODE_WRONG))?;
        let codes = new_recovery_codes()?;
        let hashes = hashes_of(&codes);
        let notice = self.notice(&user, TwoStepChange::TurnedOn);
        let on = self
            .repo
            .enable(id, &pending.stamp, step, &hashes, self.clock.now(), notice)
            .await?;
        if on { Ok(codes) } else { Err(expired()) }
    }

    /// The second step of a password sign-in: a code from the app (its step accepted once)
    /// or an unused recovery code (spent).
    pub async fn verify(&self, id: UserId, code: &str) -> Result<Used, IdentityError> {
        let code = required_code(code)?;
        let wrong = || IdentityError::field("code", MSG_CODE_WRONG);
        let record = self
            .repo
            .get(id)
            .await?
            .filter(|r| r.enabled)
            .ok_or_else(wrong)?;
        if let Some(step) = matching_step(&record.secret, code, self.now_secs()) {
            return if self.repo.accept_step(id, step).await? {
                Ok(Used::Code)
            } else {
                Err(wrong())
            };
        }
        let hash = recovery_hash(code).ok_or_else(wrong)?;
        if self
            .repo
            .use_recovery_code(id, &hash, self.clock.now())
            .await?
        {
            let left = self.repo.recovery_codes_left(id).await?;
            Ok(Used::RecoveryCode { left })
        } else {
            Err(wrong())
        }
    }

    /// New recovery codes in place of every old one, confirmed by the password.
    pub async fn regenerate(
        &self,
        id: UserId,
        password: &str,
    ) -> Result<Vec<String>, IdentityError> {
        let user = self.user(id).await?;
        check_password(self.hasher.as_ref(), &user, password).await?;
        let codes = new_recovery_codes()?;
        let notice = self.notice(&user, TwoStepChange::NewRecoveryCodes);
        if self
            .repo
            .replace_recovery_codes(id, &hashes_of(&codes), self.clock.now(), notice)
            .await?
        {
            Ok(codes)
        } else {
            Err(IdentityError::Conflict(MSG_NOT_ON.into()))
        }
    }

    /// Turns it off, confirmed by the password.
    pub async fn disable(&self, id: UserId, password: &str) -> Result<(), IdentityError> {
        let user = self.user(id).await?;
        check_password(self.hasher.as_ref(), &user, password).await?;
        let notice = self.notice(&user, TwoStepChange::TurnedOff);
        if self.repo.disable(id, self.clock.now(), notice).await? {
            Ok(())
        } else {
            Err(IdentityError::Conflict(MSG_NOT_ON.into()))
        }
    }

    /// The self-hosting administrator's reset for someone who lost both their phone and
    /// their recovery codes: the account named by username or email signs in with its
    /// password alone again, and its owner is told by email.
    pub async fn reset_by_administrator(&self, login: &str) -> Result<AdminReset, IdentityError> {
        let Some(user) = self.users.by_login(login.trim()).await? else {
            return Ok(AdminReset::NoSuchAccount);
        };
        let notice = self.notice(&user, TwoStepChange::ResetByAdministrator);
        let username = user.username.clone();
        Ok(
            if self.repo.disable(user.id, self.clock.now(), notice).await? {
                AdminReset::Reset { username }
            } else {
                AdminReset::WasOff { username }
            },
        )
    }
}

fn required_code(code: &str) -> Result<&str, IdentityError> {
    let code = code.trim();
    if code.is_empty() {
        Err(IdentityError::field("code", MSG_CODE_REQUIRED))
    } else {
        Ok(code)
    }
}

fn hashes_of(codes: &[String]) -> Vec<String> {
    codes.iter().filter_map(|c| recovery_hash(c)).collect()
}
