use std::path::PathBuf;
use std::time::Duration;

use crate::client_addr::TrustedProxies;
use crate::rate_limit::RateSettings;
use crate::spa::Preloads;

/// What the HTTP layer needs from the configuration.
#[derive(Debug, Clone)]
pub struct WebSettings {
    /// Base of every emailed link and the only origin allowed to change state.
    pub public_url: url::Url,
    /// Idle lifetime of a session: it ends after this long without a request.
    pub session_idle: Duration,
    /// Absolute lifetime of a session, however active.
    pub session_absolute: Duration,
    /// Built client (`frontend/dist`); `None` serves the API only.
    pub static_dir: Option<PathBuf>,
    /// What `GET /` preloads for a signed-in browser (the build's `preload.json`, read once).
    pub preloads: Preloads,
    pub rate: RateSettings,
    /// Our reverse proxies, whose forwarding header names the client (none by default).
    pub proxies: TrustedProxies,
    /// Largest accepted request body, in bytes.
    pub body_limit: usize,
    /// Where uploaded import files are written while they are read (the data directory's
    /// `uploads`; each file is removed once read).
    pub upload_dir: PathBuf,
    /// Largest import file, in bytes (500 MiB: an Apple Health export).
    pub upload_limit: u64,
    /// The page's Content-Security-Policy (see [`content_security_policy`]).
    pub csp: String,
}

/// Only our own scripts, no framing; PayPal's checkout SDK and frames are admitted only
/// when real PayPal payments are configured.
pub fn content_security_policy(paypal: bool) -> String {
    let (script, frame, connect, img) = if paypal {
        // The hosts PayPal's CSP guidance lists for the JS SDK (buttons, card fields,
        // risk checks); the SDK loads further scripts and frames from them.
        (
            " https://*.paypal.com https://*.paypalobjects.com",
            "https://*.paypal.com https://*.paypalobjects.com",
            " https://*.paypal.com https://*.paypalobjects.com https://*.braintreegateway.com",
            " https://*.paypal.com https://*.paypalobjects.com",
        )
    } else {
        ("", "'none'", "", "")
    };
    format!(
        "default-src 'self'; script-src 'self'{script}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:{img}; font-src 'self' data:; connect-src 'self'{connect}; \
         frame-src {frame}; object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

impl WebSettings {
    pub fn new(public_url: url::Url) -> Self {
        Self {
            public_url,
            session_idle: Duration::from_secs(24 * 3600),
            session_absolute: Duration::from_secs(30 * 24 * 3600),
            static_dir: None,
            preloads: Preloads::default(),
            rate: RateSettings::default(),
            proxies: TrustedProxies::default(),
            body_limit: 64 * 1024,
            upload_dir: std::env::temp_dir().join("vitalog-uploads"),
            upload_limit: 500 * 1024 * 1024,
            csp: content_security_policy(false),
        }
    }

    /// Cookies are `Secure` when the public URL is https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url.scheme() == "https"
    }

    /// `scheme://host[:port]` of the public URL, as browsers send it in `Origin`.
    pub fn origin(&self) -> String {
        self.public_url.origin().ascii_serialization()
    }
}
