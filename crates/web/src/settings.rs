use std::path::PathBuf;
use std::time::Duration;

use crate::rate_limit::RateSettings;

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
    pub rate: RateSettings,
    /// Take the client address from `X-Forwarded-For` (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
    /// Largest accepted request body, in bytes.
    pub body_limit: usize,
}

impl WebSettings {
    pub fn new(public_url: url::Url) -> Self {
        Self {
            public_url,
            session_idle: Duration::from_secs(24 * 3600),
            session_absolute: Duration::from_secs(30 * 24 * 3600),
            static_dir: None,
            rate: RateSettings::default(),
            trust_forwarded_for: false,
            body_limit: 64 * 1024,
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
