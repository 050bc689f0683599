//! A software passkey authenticator for tests: answers WebAuthn JSON options the way a
//! browser's `PublicKeyCredential.toJSON()` would, with a P-256 key per credential,
//! attestation "none", user present and verified, and discoverable credentials (it keeps
//! the user handle and returns it). Counters rise by one per assertion.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use openssl::bn::BigNumContext;
use openssl::ec::{EcGroup, EcKey};
use openssl::hash::MessageDigest;
use openssl::nid::Nid;
use openssl::pkey::{PKey, Private};
use openssl::sign::Signer;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// User present, user verified, attested credential data.
const FLAGS_REGISTER: u8 = 0x01 | 0x04 | 0x40;
const FLAGS_ASSERT: u8 = 0x01 | 0x04;

pub struct Credential {
    pub id: Vec<u8>,
    pub user_handle: Vec<u8>,
    key: PKey<Private>,
    pub counter: u32,
}

pub struct SoftAuthenticator {
    /// The page's origin the browser would write into clientDataJSON.
    pub origin: String,
    pub credentials: Vec<Credential>,
}

fn cbor_head(major: u8, n: usize, out: &mut Vec<u8>) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | n as u8),
        24..=0xff => out.extend([m | 24, n as u8]),
        _ => {
            out.push(m | 25);
            out.extend((n as u16).to_be_bytes());
        }
    }
}

fn cbor_bytes(b: &[u8], out: &mut Vec<u8>) {
    cbor_head(2, b.len(), out);
    out.extend(b);
}

fn cbor_text(t: &str, out: &mut Vec<u8>) {
    cbor_head(3, t.len(), out);
    out.extend(t.as_bytes());
}

/// A small CBOR integer (COSE labels and values).
fn cbor_int(i: i64, out: &mut Vec<u8>) {
    if i >= 0 {
        cbor_head(0, i as usize, out);
    } else {
        cbor_head(1, (-1 - i) as usize, out);
    }
}

fn b64(v: &Value) -> Vec<u8> {
    B64.decode(v.as_str().expect("base64url string"))
        .expect("base64url")
}

impl SoftAuthenticator {
    pub fn new(origin: &str) -> Self {
        Self {
            origin: origin.to_owned(),
            credentials: Vec::new(),
        }
    }

    fn client_data(&self, kind: &str, options: &Value) -> Vec<u8> {
        json!({
            "type": kind,
            "challenge": options["challenge"],
            "origin": self.origin,
            "crossOrigin": false,
        })
        .to_string()
        .into_bytes()
    }

    /// Creates a credential for `options` (`publicKey` creation options as JSON) and
    /// answers as the browser would.
    pub fn register(&mut self, options: &Value) -> Value {
        let rp_id = options["rp"]["id"].as_str().expect("rp id");
        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).expect("group");
        let ec = EcKey::generate(&group).expect("key");
        let mut ctx = BigNumContext::new().expect("ctx");
        let (mut x, mut y) = (
            openssl::bn::BigNum::new().expect("x"),
            openssl::bn::BigNum::new().expect("y"),
        );
        ec.public_key()
            .affine_coordinates(&group, &mut x, &mut y, &mut ctx)
            .expect("coordinates");
        let mut id = vec![0u8; 32];
        openssl::rand::rand_bytes(&mut id).expect("random");
        // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
        let mut cose = Vec::new();
        cbor_head(5, 5, &mut cose);
        for (label, value) in [(1, 2), (3, -7), (-1, 1)] {
            cbor_int(label, &mut cose);
            cbor_int(value, &mut cose);
        }
        cbor_int(-2, &mut cose);
        cbor_bytes(&x.to_vec_padded(32).expect("x"), &mut cose);
        cbor_int(-3, &mut cose);
        cbor_bytes(&y.to_vec_padded(32).expect("y"), &mut cose);
        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(FLAGS_REGISTER);
        auth_data.extend(0u32.to_be_bytes());
        auth_data.extend([0u8; 16]);
        auth_data.extend((id.len() as u16).to_be_bytes());
        auth_data.extend(&id);
        auth_data.extend(&cose);
        let mut attestation = Vec::new();
        cbor_head(5, 3, &mut attestation);
        cbor_text("fmt", &mut attestation);
        cbor_text("none", &mut attestation);
        cbor_text("attStmt", &mut attestation);
        cbor_head(5, 0, &mut attestation);
        cbor_text("authData", &mut attestation);
        cbor_bytes(&auth_data, &mut attestation);
        let client_data = self.client_data("webauthn.create", options);
        self.credentials.push(Credential {
            id: id.clone(),
            user_handle: b64(&options["user"]["id"]),
            key: PKey::from_ec_key(ec).expect("pkey"),
            counter: 0,
        });
        json!({
            "id": B64.encode(&id),
            "rawId": B64.encode(&id),
            "type": "public-key",
            "response": {
                "clientDataJSON": B64.encode(&client_data),
                "attestationObject": B64.encode(&attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        })
    }

    /// Signs in with credential `index` for `options` (request options as JSON).
    pub fn assert(&mut self, index: usize, options: &Value) -> Value {
        let rp_id = options["rpId"].as_str().expect("rp id").to_owned();
        let client_data = self.client_data("webauthn.get", options);
        let cred = &mut self.credentials[index];
        cred.counter += 1;
        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(FLAGS_ASSERT);
        auth_data.extend(cred.counter.to_be_bytes());
        let mut signer = Signer::new(MessageDigest::sha256(), &cred.key).expect("signer");
        signer.update(&auth_data).expect("sign");
        signer.update(&Sha256::digest(&client_data)).expect("sign");
        let signature = signer.sign_to_vec().expect("signature");
        json!({
            "id": B64.encode(&cred.id),
            "rawId": B64.encode(&cred.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": B64.encode(&client_data),
                "authenticatorData": B64.encode(&auth_data),
                "signature": B64.encode(&signature),
                "userHandle": B64.encode(&cred.user_handle),
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        })
    }
}
