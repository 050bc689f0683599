//! Configuration: `config/default.toml`, then `config/{VITALOG_ENV}.toml`, then `VITALOG_*`
//! environment variables (highest). Every key is documented in README.md.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use serde::Deserialize;
use web::client_addr::{ProxyHeader, TrustedProxies};
use web::rate_limit::{Rate, RateSettings};

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct Config {
    /// `development`, `test` or `production` (`VITALOG_ENV`).
    pub env: String,
    pub bind: String,
    pub public_url: String,
    pub data_dir: PathBuf,
    /// Defaults to `sqlite://{data_dir}/vitalog.db`.
    pub database_url: Option<String>,
    pub database_max_connections: u32,
    /// Longest wait for a pooled connection or a new PostgreSQL connection.
    pub database_connect_timeout_ms: u64,
    /// Longest one statement may run or wait for a lock (PostgreSQL `statement_timeout`,
    /// SQLite `busy_timeout`); a PostgreSQL connection silent for 2 s longer is closed.
    pub database_statement_timeout_ms: u64,
    /// How long an unanswered PostgreSQL connection is trusted (TCP keepalive,
    /// `tcp_user_timeout`).
    pub database_tcp_timeout_seconds: u64,
    /// How often captured but unrecorded payments are reconciled with the provider (also
    /// once at start); 0 means only at start.
    pub payment_reconcile_seconds: u64,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub static_dir: Option<PathBuf>,
    /// HTTP worker threads; 0 means one per CPU.
    pub workers: usize,
    /// After SIGTERM, how long `/health/ready` answers 503 while requests are still served,
    /// so load balancers stop sending new ones before the server stops accepting (at least
    /// their check interval times the failed checks that mark a server down). Unset: 5 on
    /// PostgreSQL (several servers), 0 on SQLite (one server, nothing to move traffic to).
    pub drain_seconds: Option<u64>,
    pub session_idle_minutes: u64,
    pub session_absolute_hours: u64,
    /// Reverse proxies of ours in front of the server; the client is the address the
    /// outermost of them appended to `proxy_header` (0: the TCP peer is the client).
    pub trusted_proxies: usize,
    /// `x-forwarded-for` or `forwarded` (RFC 7239): the header the proxies append to.
    pub proxy_header: String,
    /// Older setting: `true` means one trusted proxy (when `trusted_proxies` is 0).
    pub trust_forwarded_for: bool,
    pub rate_limit_multiplier: f64,
    pub rate_login_per_ip: String,
    pub rate_login_per_account_address: String,
    pub rate_login_per_account: String,
    pub rate_register_per_ip: String,
    pub rate_email_per_ip: String,
    pub rate_email_per_address: String,
    /// Access codes tried from one address, and on one shared link.
    pub rate_share_code_per_ip: String,
    pub rate_share_code_per_link: String,
    /// Shared links' views and PDFs opened from one address.
    pub rate_shared_view_per_ip: String,
    /// PDFs of one shared link, from all addresses.
    pub rate_shared_pdf_per_link: String,
    /// Imports one account stores.
    pub rate_imports_per_account: String,
    /// Shares one account makes (each with a code is an Argon2 hash).
    pub rate_share_create_per_account: String,
    /// Views of all of one owner's shared links, from all addresses.
    pub rate_shared_view_per_owner: String,
    pub outbox_poll_ms: u64,
    /// How often the scheduler looks for due reminders and weekly reports; 0 turns it off.
    pub scheduler_seconds: u64,
    /// Concurrent Argon2 hashes (each ~19 MiB); 0 means one per CPU but one (at least one).
    pub password_hash_concurrency: usize,
    /// Import files checked at once (CPU work on low-priority threads; a few more wait,
    /// the rest get 429); 0 means half the CPUs (at least one).
    pub import_concurrency: usize,
    /// Imports (upload, reading, storing) in flight, all users together, one per user;
    /// 0 means four per import thread.
    pub import_uploads: usize,
    /// Largest import file, in MiB (an Apple Health export is hundreds of MB).
    pub import_max_mb: u64,
    /// PayPal REST API base (sandbox by default; `https://api-m.paypal.com` for live).
    pub paypal_api_base: String,
    /// Without both, payments run in test mode (refused in production).
    pub paypal_client_id: Option<String>,
    pub paypal_client_secret: Option<String>,
    /// Report emails one user may send per 24 hours.
    pub report_emails_per_day: i64,
    /// Report emails one recipient may receive per 24 hours, from all users together.
    pub report_emails_per_recipient_per_day: i64,
    /// Report emails all users together may send per hour.
    pub report_emails_per_hour: i64,
    /// Threads drawing report PDFs (each up to ~150 MiB while it draws); 0 means half the
    /// CPUs (at least one).
    pub report_render_threads: usize,
    /// Reports being drawn or waiting for a thread, all users together; more get `429`.
    pub reports_in_flight: usize,
    /// Reports one user may keep; at the cap, creating another is refused (`409`).
    pub reports_kept_per_user: i64,
}

impl Default for Config {
    fn default() -> Self {
        let r = RateSettings::default();
        let fmt = |rate: Rate| format!("{}/{}", rate.count, unit(rate.period));
        Self {
            env: "development".into(),
            bind: "127.0.0.1:8080".into(),
            public_url: "http://localhost:8080".into(),
            data_dir: PathBuf::from("./data"),
            database_url: None,
            database_max_connections: 8,
            database_connect_timeout_ms: 5000,
            database_statement_timeout_ms: 5000,
            database_tcp_timeout_seconds: 10,
            payment_reconcile_seconds: 60,
            smtp_url: None,
            mail_from: "Vitalog <no-reply@localhost>".into(),
            static_dir: Some(PathBuf::from("frontend/dist")),
            workers: 0,
            drain_seconds: None,
            session_idle_minutes: 24 * 60,
            session_absolute_hours: 30 * 24,
            trusted_proxies: 0,
            proxy_header: "x-forwarded-for".into(),
            trust_forwarded_for: false,
            rate_limit_multiplier: 1.0,
            rate_login_per_ip: fmt(r.login_per_ip),
            rate_login_per_account_address: fmt(r.login_per_account_address),
            rate_login_per_account: fmt(r.login_per_account),
            rate_register_per_ip: fmt(r.register_per_ip),
            rate_email_per_ip: fmt(r.email_per_ip),
            rate_email_per_address: fmt(r.email_per_address),
            rate_share_code_per_ip: fmt(r.share_code_per_ip),
            rate_share_code_per_link: fmt(r.share_code_per_link),
            rate_shared_view_per_ip: fmt(r.shared_view_per_ip),
            rate_shared_pdf_per_link: fmt(r.shared_pdf_per_link),
            rate_imports_per_account: fmt(r.imports_per_account),
            rate_share_create_per_account: fmt(r.share_create_per_account),
            rate_shared_view_per_owner: fmt(r.shared_view_per_owner),
            outbox_poll_ms: 2000,
            scheduler_seconds: 60,
            password_hash_concurrency: 0,
            import_concurrency: 0,
            import_uploads: 0,
            import_max_mb: 500,
            paypal_api_base: "https://api-m.sandbox.paypal.com".into(),
            paypal_client_id: None,
            paypal_client_secret: None,
            report_emails_per_day: 10,
            report_emails_per_recipient_per_day: 3,
            report_emails_per_hour: 100,
            report_render_threads: 0,
            reports_in_flight: 4,
            reports_kept_per_user: 100,
        }
    }
}

fn unit(period: Duration) -> String {
    match period.as_secs() {
        1 => "s".into(),
        60 => "min".into(),
        3600 => "h".into(),
        86_400 => "day".into(),
        s if s % 60 == 0 => format!("{}min", s / 60),
        s => format!("{s}s"),
    }
}

/// `N/15min`-style periods are written by [`Config::default`]; accept them back.
fn parse_rate(text: &str) -> anyhow::Result<Rate> {
    if let Some((n, p)) = text.split_once('/')
        && let Some(mins) = p
            .trim()
            .strip_suffix("min")
            .and_then(|m| m.parse::<u64>().ok())
    {
        let count: u32 = n.trim().parse()?;
        anyhow::ensure!(count > 0, "rate {text:?} must allow at least one request");
        return Ok(Rate::new(count, Duration::from_secs(mins * 60)));
    }
    Rate::parse(text).map_err(anyhow::Error::msg)
}

impl Config {
    /// Reads the files under `VITALOG_CONFIG_DIR` (default `config`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let env = std::env::var("VITALOG_ENV").unwrap_or_else(|_| "development".into());
        let dir =
            PathBuf::from(std::env::var("VITALOG_CONFIG_DIR").unwrap_or_else(|_| "config".into()));
        let cfg = config::Config::builder()
            .add_source(config::File::from(dir.join("default.toml")).required(false))
            .add_source(config::File::from(dir.join(format!("{env}.toml"))).required(false))
            .add_source(
                config::Environment::with_prefix("VITALOG")
                    .prefix_separator("_")
                    .try_parsing(true),
            )
            .build()?;
        let mut c: Config = cfg.try_deserialize()?;
        // An empty variable means "unset" (e.g. VITALOG_SMTP_URL= in a shell).
        c.smtp_url = c.smtp_url.filter(|s| !s.trim().is_empty());
        c.database_url = c.database_url.filter(|s| !s.trim().is_empty());
        c.paypal_client_id = c.paypal_client_id.filter(|s| !s.trim().is_empty());
        c.paypal_client_secret = c.paypal_client_secret.filter(|s| !s.trim().is_empty());
        Ok(c)
    }

    /// Real PayPal payments are configured (otherwise: the test-mode gateway).
    pub fn paypal_enabled(&self) -> bool {
        self.paypal_client_id.is_some() && self.paypal_client_secret.is_some()
    }

    pub fn is_production(&self) -> bool {
        self.env == "production"
    }

    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data_dir.join("vitalog.db").display()))
    }

    pub fn public_url(&self) -> anyhow::Result<url::Url> {
        let u = url::Url::parse(&self.public_url)
            .with_context(|| format!("VITALOG_PUBLIC_URL {:?}", self.public_url))?;
        anyhow::ensure!(
            matches!(u.scheme(), "http" | "https") && u.host().is_some(),
            "VITALOG_PUBLIC_URL must be an http(s) URL, got {:?}",
            self.public_url
        );
        Ok(u)
    }

    pub fn database_options(&self) -> store::DbOptions {
        let mut o = store::DbOptions::new(&self.database_url());
        o.max_connections = self.database_max_connections.max(2);
        o.connect_timeout = Duration::from_millis(self.database_connect_timeout_ms.max(100));
        o.statement_timeout = Duration::from_millis(self.database_statement_timeout_ms.max(100));
        o.tcp_timeout = Duration::from_secs(self.database_tcp_timeout_seconds.max(1));
        o
    }

    /// See [`Config::drain_seconds`].
    pub fn drain(&self) -> Duration {
        let default = if self.database_url().starts_with("postgres") {
            5
        } else {
            0
        };
        Duration::from_secs(self.drain_seconds.unwrap_or(default))
    }

    pub fn report_limits(&self) -> reports::ReportLimits {
        reports::ReportLimits {
            kept_per_user: self.reports_kept_per_user,
            in_flight: self.reports_in_flight,
            emails_per_user_per_day: self.report_emails_per_day,
            emails_per_recipient_per_day: self.report_emails_per_recipient_per_day,
            emails_per_hour: self.report_emails_per_hour,
        }
    }

    pub fn rate_settings(&self) -> anyhow::Result<RateSettings> {
        anyhow::ensure!(
            self.rate_limit_multiplier > 0.0,
            "VITALOG_RATE_LIMIT_MULTIPLIER must be positive"
        );
        Ok(RateSettings {
            login_per_ip: parse_rate(&self.rate_login_per_ip)?,
            login_per_account_address: parse_rate(&self.rate_login_per_account_address)?,
            login_per_account: parse_rate(&self.rate_login_per_account)?,
            register_per_ip: parse_rate(&self.rate_register_per_ip)?,
            email_per_ip: parse_rate(&self.rate_email_per_ip)?,
            email_per_address: parse_rate(&self.rate_email_per_address)?,
            share_code_per_ip: parse_rate(&self.rate_share_code_per_ip)?,
            share_code_per_link: parse_rate(&self.rate_share_code_per_link)?,
            shared_view_per_ip: parse_rate(&self.rate_shared_view_per_ip)?,
            shared_pdf_per_link: parse_rate(&self.rate_shared_pdf_per_link)?,
            imports_per_account: parse_rate(&self.rate_imports_per_account)?,
            share_create_per_account: parse_rate(&self.rate_share_create_per_account)?,
            shared_view_per_owner: parse_rate(&self.rate_shared_view_per_owner)?,
            multiplier: self.rate_limit_multiplier,
        })
    }

    pub fn trusted_proxies(&self) -> anyhow::Result<TrustedProxies> {
        let header = self
            .proxy_header
            .parse::<ProxyHeader>()
            .map_err(|e| anyhow::anyhow!("VITALOG_PROXY_HEADER: {e}"))?;
        let count = match (self.trusted_proxies, self.trust_forwarded_for) {
            (0, true) => 1,
            (n, _) => n,
        };
        Ok(TrustedProxies { count, header })
    }

    /// Refuses settings that are fine on a laptop and wrong in production.
    pub fn check(&self) -> anyhow::Result<()> {
        let url = self.public_url()?;
        self.rate_settings()?;
        self.trusted_proxies()?;
        anyhow::ensure!(
            matches!(self.env.as_str(), "development" | "test" | "production"),
            "VITALOG_ENV must be development, test or production, got {:?}",
            self.env
        );
        if self.is_production() {
            let mut problems = Vec::new();
            if self.smtp_url.is_none() {
                problems.push("VITALOG_SMTP_URL is unset (emails would only be written to files)");
            }
            if !self.paypal_enabled() {
                problems.push(
                    "VITALOG_PAYPAL_CLIENT_ID/SECRET are unset (payments would run in test mode)",
                );
            }
            if url.scheme() != "https" {
                problems.push("VITALOG_PUBLIC_URL is not https (cookies would not be Secure)");
            }
            anyhow::ensure!(
                problems.is_empty(),
                "refusing to start in production: {}",
                problems.join("; ")
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trust_forwarded_for_means_one_proxy() {
        let proxies = |trusted_proxies, trust_forwarded_for| {
            Config {
                trusted_proxies,
                trust_forwarded_for,
                ..Config::default()
            }
            .trusted_proxies()
            .expect("valid")
            .count
        };
        assert_eq!(proxies(0, false), 0);
        assert_eq!(proxies(0, true), 1);
        assert_eq!(proxies(2, true), 2);
        assert_eq!(proxies(2, false), 2);
    }

    #[test]
    fn defaults_match_the_documented_table() {
        let c = Config::default();
        assert_eq!(c.bind, "127.0.0.1:8080");
        assert_eq!(c.public_url, "http://localhost:8080");
        assert_eq!(c.data_dir, PathBuf::from("./data"));
        assert_eq!(c.database_url(), "sqlite://./data/vitalog.db");
        assert_eq!(c.mail_from, "Vitalog <no-reply@localhost>");
        assert_eq!(c.env, "development");
        assert!(c.smtp_url.is_none());
        c.check().expect("development defaults are fine");
        assert_eq!(c.rate_settings().expect("rates"), RateSettings::default());
    }

    #[test]
    fn production_refuses_unsafe_defaults() {
        let c = Config {
            env: "production".into(),
            ..Config::default()
        };
        let msg = c.check().expect_err("unsafe").to_string();
        assert!(msg.contains("VITALOG_SMTP_URL"), "{msg}");
        assert!(msg.contains("https"), "{msg}");
        assert!(msg.contains("test mode"), "{msg}");
        let ok = Config {
            env: "production".into(),
            smtp_url: Some("smtps://u:p@mail.example".into()),
            public_url: "https://vitalog.example".into(),
            paypal_client_id: Some("id".into()),
            paypal_client_secret: Some("secret".into()),
            ..Config::default()
        };
        ok.check().expect("safe production config");
    }

    #[test]
    fn rejects_bad_values() {
        for c in [
            Config {
                public_url: "ftp://x".into(),
                ..Config::default()
            },
            Config {
                rate_login_per_ip: "lots".into(),
                ..Config::default()
            },
            Config {
                env: "staging".into(),
                ..Config::default()
            },
            Config {
                proxy_header: "x-real-ip".into(),
                ..Config::default()
            },
        ] {
            assert!(c.check().is_err(), "{c:?}");
        }
    }
}
