//! The passkey relying party: identity's [`RelyingParty`] port over webauthn-rs (the
//! Kanidm project's WebAuthn library: audited, maintained, safe defaults), so no CBOR,
//! COSE key or signature is parsed or checked by hand here.
//!
//! Registration asks for a discoverable credential (a resident key: sign-in needs no
//! username), user verification and no attestation; sign-in is webauthn-rs's discoverable
//! authentication. The states webauthn-rs keeps between start and finish are serialised
//! for the server-side ceremony table (the `danger-allow-state-serialisation` feature:
//! they must never reach the browser, and do not).

use anyhow::Context;
use identity::passkeys::ports::RelyingParty;
use identity::passkeys::{Challenge, Claimed, PasskeyError, Registered};
use serde_json::json;
use webauthn_rs::prelude::*;

/// Why a public URL cannot be a relying party.
#[derive(Debug, thiserror::Error)]
pub enum Unsupported {
    #[error(
        "passkeys are unavailable: browsers refuse WebAuthn on an IP-address origin; set VITALOG_PUBLIC_URL to http://localhost:PORT or a domain"
    )]
    IpAddress,
    #[error("passkeys are unavailable: the public URL has no host")]
    NoHost,
    #[error("passkeys are unavailable: {0}")]
    Library(String),
}

/// The relying party of one public URL: its id is the URL's host, its origin the URL's.
pub struct WebauthnRp {
    webauthn: Webauthn,
}

impl WebauthnRp {
    /// `Err` when browsers would refuse WebAuthn at `public_url` (an IP address).
    pub fn new(public_url: &Url) -> Result<Self, Unsupported> {
        let rp_id = match public_url.host() {
            Some(url::Host::Domain(d)) => d.to_owned(),
            Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)) => return Err(Unsupported::IpAddress),
            None => return Err(Unsupported::NoHost),
        };
        let origin = Url::parse(&public_url.origin().ascii_serialization())
            .map_err(|e| Unsupported::Library(e.to_string()))?;
        let webauthn = WebauthnBuilder::new(&rp_id, &origin)
            .and_then(|b| b.rp_name("Vitalog").build())
            .map_err(|e| Unsupported::Library(e.to_string()))?;
        Ok(Self { webauthn })
    }
}

/// A registration's state: webauthn-rs's, and the user handle it was made for.
#[derive(serde::Serialize, serde::Deserialize)]
struct RegistrationState {
    user_handle: String,
    registration: PasskeyRegistration,
}

fn refused(e: impl std::fmt::Display) -> PasskeyError {
    tracing::info!(error = %e, "passkey ceremony refused");
    PasskeyError::Refused
}

fn to_json(value: &impl serde::Serialize) -> anyhow::Result<String> {
    serde_json::to_string(value).context("serialising a WebAuthn value")
}

/// A credential id as stored and looked up: its base64url text (webauthn-rs's JSON form).
fn id_text(id: &CredentialID) -> anyhow::Result<String> {
    serde_json::from_value(serde_json::to_value(id)?).context("credential id as text")
}

impl RelyingParty for WebauthnRp {
    fn new_user_handle(&self) -> String {
        Uuid::new_v4().to_string()
    }

    fn start_registration(
        &self,
        user_handle: &str,
        username: &str,
        display_name: &str,
        exclude: &[String],
    ) -> anyhow::Result<Challenge> {
        let handle = Uuid::parse_str(user_handle).context("user handle")?;
        let exclude = exclude
            .iter()
            .map(|id| serde_json::from_value::<CredentialID>(json!(id)))
            .collect::<Result<Vec<_>, _>>()
            .context("stored credential id")?;
        let (options, registration) = self
            .webauthn
            .start_passkey_registration(handle, username, display_name, Some(exclude))
            .context("starting a passkey registration")?;
        // webauthn-rs asks for a server-side credential by default; sign-in without a
        // username needs the authenticator to keep it (a discoverable credential).
        // (webauthn-rs does not export the requirement's type: set on its JSON.)
        let mut options = serde_json::to_value(&options.public_key).context("options")?;
        let selection = options
            .get_mut("authenticatorSelection")
            .and_then(serde_json::Value::as_object_mut)
            .context("options without authenticatorSelection")?;
        selection.insert("residentKey".into(), json!("required"));
        selection.insert("requireResidentKey".into(), json!(true));
        Ok(Challenge {
            options: options.to_string(),
            state: to_json(&RegistrationState {
                user_handle: handle.to_string(),
                registration,
            })?,
        })
    }

    fn finish_registration(&self, response: &str, state: &str) -> Result<Registered, PasskeyError> {
        let state: RegistrationState =
            serde_json::from_str(state).context("stored registration state")?;
        let response: RegisterPublicKeyCredential =
            serde_json::from_str(response).map_err(refused)?;
        let passkey = self
            .webauthn
            .finish_passkey_registration(&response, &state.registration)
            .map_err(refused)?;
        Ok(Registered {
            user_handle: state.user_handle,
            credential_id: id_text(passkey.cred_id())?,
            credential: to_json(&passkey)?,
        })
    }

    fn start_sign_in(&self) -> anyhow::Result<Challenge> {
        let (options, state) = self
            .webauthn
            .start_discoverable_authentication()
            .context("starting a passkey sign-in")?;
        Ok(Challenge {
            // The browser decides on mediation (a button, or autofill): only the
            // publicKey options go out.
            options: to_json(&options.public_key)?,
            state: to_json(&state)?,
        })
    }

    fn claimed(&self, response: &str) -> Result<Claimed, PasskeyError> {
        let response: PublicKeyCredential = serde_json::from_str(response).map_err(refused)?;
        let (handle, credential_id) = self
            .webauthn
            .identify_discoverable_authentication(&response)
            .map_err(refused)?;
        Ok(Claimed {
            user_handle: handle.to_string(),
            credential_id: id_text(&CredentialID::from(credential_id.to_vec()))?,
        })
    }

    fn finish_sign_in(
        &self,
        response: &str,
        state: &str,
        credential: &str,
    ) -> Result<String, PasskeyError> {
        let state: DiscoverableAuthentication =
            serde_json::from_str(state).context("stored sign-in state")?;
        let mut passkey: Passkey = serde_json::from_str(credential).context("stored passkey")?;
        let response: PublicKeyCredential = serde_json::from_str(response).map_err(refused)?;
        let result = self
            .webauthn
            .finish_discoverable_authentication(
                &response,
                state,
                &[DiscoverableKey::from(&passkey)],
            )
            .map_err(refused)?;
        // Counter and backup flags as this assertion reported them.
        passkey.update_credential(&result);
        Ok(to_json(&passkey)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).expect("url")
    }

    #[test]
    fn ip_address_origins_are_refused_and_names_accepted() {
        assert!(matches!(
            WebauthnRp::new(&url("http://127.0.0.1:8080")),
            Err(Unsupported::IpAddress)
        ));
        assert!(matches!(
            WebauthnRp::new(&url("http://[::1]:8080")),
            Err(Unsupported::IpAddress)
        ));
        assert!(WebauthnRp::new(&url("http://localhost:8080")).is_ok());
        assert!(WebauthnRp::new(&url("https://health.example.org/")).is_ok());
    }

    #[test]
    fn registration_asks_for_a_discoverable_verified_credential_without_attestation() {
        let rp = WebauthnRp::new(&url("https://health.example.org")).expect("rp");
        let handle = rp.new_user_handle();
        let c = rp
            .start_registration(&handle, "ann", "Ann Lee", &[])
            .expect("challenge");
        let options: serde_json::Value = serde_json::from_str(&c.options).expect("json");
        assert_eq!(options["rp"]["id"], "health.example.org");
        assert_eq!(options["attestation"], "none");
        let selection = &options["authenticatorSelection"];
        assert_eq!(selection["residentKey"], "required");
        assert_eq!(selection["requireResidentKey"], true);
        assert_eq!(selection["userVerification"], "required");
        assert!(c.state.contains(&handle), "the state keeps the handle");
        assert!(options["challenge"].as_str().is_some_and(|s| s.len() >= 43));
    }

    #[test]
    fn sign_in_requires_user_verification_and_names_no_credential() {
        let rp = WebauthnRp::new(&url("http://localhost:8080")).expect("rp");
        let c = rp.start_sign_in().expect("challenge");
        let options: serde_json::Value = serde_json::from_str(&c.options).expect("json");
        assert_eq!(options["rpId"], "localhost");
        assert_eq!(options["userVerification"], "required");
        assert!(
            options["allowCredentials"]
                .as_array()
                .is_none_or(|a| a.is_empty())
        );
    }

    #[test]
    fn a_malformed_answer_is_refused_not_an_error() {
        let rp = WebauthnRp::new(&url("http://localhost:8080")).expect("rp");
        assert!(matches!(
            rp.claimed("{\"id\": 1}"),
            Err(PasskeyError::Refused)
        ));
    }
}
