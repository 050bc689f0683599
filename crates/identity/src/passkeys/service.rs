//! The passkey use cases.

use std::sync::Arc;

use chrono::Duration;
use kernel::{Clock, UserId, secret};

use super::ports::{PasskeyRepository, RelyingParty};
use super::*;
use crate::{AccountService, IdentityError, User, emails, rules};

#[derive(Clone)]
pub struct PasskeyService {
    repo: Arc<dyn PasskeyRepository>,
    /// `None` when the public URL is an IP address: browsers refuse WebAuthn there.
    rp: Option<Arc<dyn RelyingParty>>,
    accounts: AccountService,
    clock: Arc<dyn Clock>,
}

impl PasskeyService {
    pub fn new(
        repo: Arc<dyn PasskeyRepository>,
        rp: Option<Arc<dyn RelyingParty>>,
        accounts: AccountService,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            repo,
            rp,
            accounts,
            clock,
        }
    }

    /// Whether this server offers passkeys (its public URL is a name browsers accept).
    pub fn available(&self) -> bool {
        self.rp.is_some()
    }

    fn rp(&self) -> Result<&dyn RelyingParty, PasskeyError> {
        self.rp.as_deref().ok_or(PasskeyError::Unavailable)
    }

    fn security_link(&self) -> String {
        format!("{}/profile#profile-security", self.accounts.public_url())
    }

    /// Stores the challenge's state for [`CEREMONY_TTL_SECS`] under the hash of a fresh
    /// secret, which only the asking browser's session is given.
    async fn begin(
        &self,
        purpose: CeremonyPurpose,
        user_id: Option<UserId>,
        challenge: Challenge,
    ) -> Result<Started, PasskeyError> {
        let ceremony = secret::generate().map_err(anyhow::Error::from)?;
        let expires_at = self.clock.now() + Duration::seconds(CEREMONY_TTL_SECS);
        self.repo
            .begin_ceremony(
                &secret::hash(&ceremony),
                Ceremony {
                    purpose,
                    user_id,
                    state: challenge.state,
                    expires_at,
                },
            )
            .await?;
        Ok(Started {
            ceremony,
            options: challenge.options,
        })
    }

    /// The state of this session's ceremony, taken once: unknown, used, expired or of
    /// another purpose is one refusal.
    async fn take(
        &self,
        ceremony: Option<&str>,
        purpose: CeremonyPurpose,
    ) -> Result<Ceremony, PasskeyError> {
        let ceremony = ceremony
            .filter(|c| secret::looks_valid(c))
            .ok_or(PasskeyError::CeremonyInvalid)?;
        self.repo
            .take_ceremony(&secret::hash(ceremony), purpose, self.clock.now())
            .await?
            .ok_or(PasskeyError::CeremonyInvalid)
    }

    /// Begins adding a passkey to the signed-in account.
    pub async fn start_registration(
        &self,
        user: UserId,
        password: &str,
    ) -> Result<Started, PasskeyError> {
        let rp = self.rp()?;
        // A passkey signs in without the password: a stolen session must not add one.
        let me = self.accounts.confirm_password(user, password).await?;
        let handle = match self.repo.user_handle(user).await? {
            Some(h) => h,
            None => rp.new_user_handle(),
        };
        let exclude = self.repo.credential_ids(user).await?;
        let display = format!("{} {}", me.first_name, me.last_name);
        let display = match display.trim() {
            "" => me.username.as_str(),
            d => d,
        };
        let challenge = rp.start_registration(&handle, &me.username, display, &exclude)?;
        self.begin(CeremonyPurpose::Register, Some(user), challenge)
            .await
    }

    /// Finishes adding a passkey named `name` with the browser's answer to the challenge
    /// of this session's `ceremony`, and emails the person.
    pub async fn finish_registration(
        &self,
        user: UserId,
        ceremony: Option<&str>,
        name: &str,
        response: &str,
    ) -> Result<PasskeySummary, PasskeyError> {
        let rp = self.rp()?;
        let name = valid_name(name)?;
        let taken = self.take(ceremony, CeremonyPurpose::Register).await?;
        if taken.user_id != Some(user) {
            return Err(PasskeyError::CeremonyInvalid);
        }
        let registered = rp.finish_registration(response, &taken.state)?;
        let me = self.accounts.user(user).await?;
        let notice =
            emails::passkey_added(me.id, &me.username, &me.email, &name, &self.security_link());
        self.repo
            .insert(
                NewPasskey {
                    user_id: user,
                    credential_id: registered.credential_id,
                    user_handle: registered.user_handle,
                    name,
                    credential: registered.credential,
                    created_at: self.clock.now(),
                },
                notice,
            )
            .await?
            .ok_or(PasskeyError::AlreadyAdded)
    }

    /// Begins a sign-in with any passkey of this site the browser holds.
    pub async fn start_sign_in(&self) -> Result<Started, PasskeyError> {
        let challenge = self.rp()?.start_sign_in()?;
        self.begin(CeremonyPurpose::SignIn, None, challenge).await
    }

    /// Finishes a sign-in: the account whose passkey answered this session's challenge.
    /// Refused, like a password sign-in, while the account's email is not verified.
    pub async fn finish_sign_in(
        &self,
        ceremony: Option<&str>,
        response: &str,
    ) -> Result<User, PasskeyError> {
        let rp = self.rp()?;
        let taken = self.take(ceremony, CeremonyPurpose::SignIn).await?;
        let claimed = rp.claimed(response)?;
        let passkey = self
            .repo
            .by_credential_id(&claimed.credential_id)
            .await?
            .ok_or(PasskeyError::Unknown)?;
        // The handle the authenticator returns must be the one this passkey was made for.
        if passkey.user_handle != claimed.user_handle {
            return Err(PasskeyError::Refused);
        }
        let updated = rp.finish_sign_in(response, &taken.state, &passkey.credential)?;
        let user = self.accounts.user(passkey.user_id).await?;
        if !user.email_verified {
            return Err(IdentityError::NotVerified {
                message: rules::MSG_NOT_VERIFIED.into(),
                email: user.email.to_string(),
            }
            .into());
        }
        self.repo
            .used(passkey.id, &updated, self.clock.now())
            .await?;
        Ok(user)
    }

    pub async fn list(&self, user: UserId) -> Result<Vec<PasskeySummary>, PasskeyError> {
        Ok(self.repo.of_user(user).await?)
    }

    pub async fn rename(
        &self,
        user: UserId,
        id: i64,
        name: &str,
    ) -> Result<PasskeySummary, PasskeyError> {
        let name = valid_name(name)?;
        self.repo
            .rename(user, id, &name)
            .await?
            .ok_or(PasskeyError::NotFound)
    }

    /// Removes a passkey once the password proves the person again, and emails them.
    /// The removed passkey's name.
    pub async fn remove(
        &self,
        user: UserId,
        id: i64,
        password: &str,
    ) -> Result<String, PasskeyError> {
        let me = self.accounts.confirm_password(user, password).await?;
        let name = self
            .repo
            .of_user(user)
            .await?
            .into_iter()
            .find(|p| p.id == id)
            .map(|p| p.name)
            .ok_or(PasskeyError::NotFound)?;
        let notice =
            emails::passkey_removed(me.id, &me.username, &me.email, &name, &self.security_link());
        if self.repo.delete(user, id, notice).await? {
            Ok(name)
        } else {
            Err(PasskeyError::NotFound)
        }
    }

    /// Forgets ceremonies never finished.
    pub async fn purge_expired(&self) -> anyhow::Result<u64> {
        self.repo.purge_expired_ceremonies(self.clock.now()).await
    }
}
