//! Configuration: `config/default.toml`, then `config/{VITALOG_ENV}.toml`, then `VITALOG_*`
//! environment variables (highest). Every key is documented by its field's doc comment in
//! [`Config`].

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use serde::Deserialize;
use web::client_addr::{ProxyHeader, TrustedProxies};
use web::rate_limit::{Rate, RateSettings};

/// Every field is a setting: a key of `config/*.toml` and a variable `VITALOG_<FIELD>`,
/// described by its doc comment.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct Config {
    /// `development`, `test` or `production`. Chooses the file read after
    /// `config/default.toml` (`config/{VITALOG_ENV}.toml`), so set it in the environment.
    /// `production` refuses to start without `VITALOG_SMTP_URL`, with an `http`
    /// `VITALOG_PUBLIC_URL`, or without PayPal credentials.
    pub env: String,
    /// Listen address, `host:port`.
    pub bind: String,
    /// Base of every link in emails (never the request's `Host` header) and the only origin
    /// allowed to change state; `https` makes cookies `Secure` and adds HSTS (and is what
    /// lets a phone install the app).
    pub public_url: String,
    /// This server's own files: the SQLite database `vitalog.db` (unless
    /// `VITALOG_DATABASE_URL` names another), `mail/*.eml` when there is no SMTP server, and
    /// `uploads/` (import files while they are read).
    pub data_dir: PathBuf,
    /// `sqlite://PATH` or `postgres://...` selects the backend. Unset (or empty): the SQLite
    /// file `vitalog.db` in `VITALOG_DATA_DIR`.
    pub database_url: Option<String>,
    /// Connection pool size (at least 2).
    pub database_max_connections: u32,
    /// Longest wait for a pooled connection, and for PostgreSQL to accept a new one (libpq
    /// `connect_timeout`, at least 2 s); then the request answers `503`.
    pub database_connect_timeout_ms: u64,
    /// Longest one statement may run or wait for a lock: PostgreSQL `statement_timeout`,
    /// SQLite `busy_timeout`; a PostgreSQL connection that stays silent 2 s longer is closed
    /// by Vitalog and replaced (migrations and `copy-database` are exempt).
    pub database_statement_timeout_ms: u64,
    /// PostgreSQL over TCP: keepalive probes after half of this, `tcp_user_timeout` of this;
    /// parameters already in the URL win.
    pub database_tcp_timeout_seconds: u64,
    /// How often payments captured at PayPal but not yet recorded (the database failed in
    /// between) are recorded; also once at start; `0` = only at start.
    pub payment_reconcile_seconds: u64,
    /// E.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@host`. Unset (or empty): each
    /// email is written as an `.eml` file under `VITALOG_DATA_DIR/mail` and its path is
    /// logged.
    pub smtp_url: Option<String>,
    /// The sender of every email.
    pub mail_from: String,
    /// The built client; unknown non-`/api` GETs get its `index.html` (`/` signed in, with
    /// `Link` preloads from its `preload.json`, read at start).
    pub static_dir: Option<PathBuf>,
    /// HTTP worker threads; `0` = one per CPU.
    pub workers: usize,
    /// After SIGTERM, how long `/health/ready` answers `503` while requests are still
    /// served, so a load balancer moves traffic away before the server stops accepting; set
    /// it above the balancer's check interval × the failed checks that mark a server down.
    /// A second signal ends it. Unset: 5 on PostgreSQL (several servers), 0 on SQLite (one
    /// server, nothing to move traffic to).
    pub drain_seconds: Option<u64>,
    /// A session ends after this long without a request.
    pub session_idle_minutes: u64,
    /// A session ends after this long in any case, requests or not.
    pub session_absolute_hours: u64,
    /// How many reverse proxies of yours stand in front of the server; the client address is
    /// the entry the outermost one appended (the Nth from the right of the proxy header),
    /// never what the client wrote. `0`: the TCP peer is the client.
    pub trusted_proxies: usize,
    /// The header those proxies append to: `x-forwarded-for`, or `forwarded` (RFC 7239
    /// `for=`).
    pub proxy_header: String,
    /// Older setting: `true` means `VITALOG_TRUSTED_PROXIES=1` (when that is `0`).
    pub trust_forwarded_for: bool,
    /// Scales every `VITALOG_RATE_*` limit (tests and load tests raise it); must be positive.
    pub rate_limit_multiplier: f64,
    /// Login attempts per client address.
    pub rate_login_per_ip: String,
    /// Login attempts per username from one client address.
    pub rate_login_per_account_address: String,
    /// Login attempts per username from browsers that never signed in to it (a device cookie
    /// exempts the owner's); each attempt past half of it is delayed (250 ms, doubling, at
    /// most 10 s), then `429`.
    pub rate_login_per_account: String,
    /// Registrations per client address.
    pub rate_register_per_ip: String,
    /// Verification resends and password-reset requests per client address.
    pub rate_email_per_ip: String,
    /// Verification resends and password-reset requests per target email address.
    pub rate_email_per_address: String,
    /// Access codes of shared links tried from one client address.
    pub rate_share_code_per_ip: String,
    /// Access codes tried on one shared link, from all addresses together.
    pub rate_share_code_per_link: String,
    /// Shared links' views and PDFs opened from one client address.
    pub rate_shared_view_per_ip: String,
    /// PDFs of one shared link, from all addresses (each is drawn in the owner's one report
    /// slot).
    pub rate_shared_pdf_per_link: String,
    /// Imports (a file's preview stored, or a CSV imported) one account may store, then
    /// `429` with `Retry-After`; each account also keeps at most 200,000 readings and 32 MB
    /// of notes (`409` past them).
    pub rate_imports_per_account: String,
    /// Shares one account makes (an access code is an Argon2 hash).
    pub rate_share_create_per_account: String,
    /// Views of all of one owner's shared links, from all addresses (anonymous visits spend
    /// the owner's budget).
    pub rate_shared_view_per_owner: String,
    /// How often the email worker looks for due emails.
    pub outbox_poll_ms: u64,
    /// How often each server looks for due reminders and weekly reports; `0` turns the
    /// scheduler off on that server.
    pub scheduler_seconds: u64,
    /// Argon2 hashes run at once (each ~19 MiB), on dedicated low-priority threads; the rest
    /// queue. `0` = CPUs − 1, at least 1.
    pub password_hash_concurrency: usize,
    /// Import files (Vitalog CSV, OMRON, Withings, Apple Health, spreadsheets) parsed and
    /// checked at once, on dedicated low-priority threads, one per account; twice as many
    /// wait, further ones get `429` with `Retry-After`. `0` = half the CPUs, at least 1.
    pub import_concurrency: usize,
    /// Imports of other apps' exports in flight (upload, reading, storing), all accounts
    /// together, one per account; more get `429` with `Retry-After`. `0` = four per import
    /// thread.
    pub import_uploads: usize,
    /// Largest import file, in MiB (an Apple Health export is hundreds of MB); written to
    /// `VITALOG_DATA_DIR/uploads` as it arrives and deleted once read.
    pub import_max_mb: u64,
    /// PayPal REST API (`https://api-m.paypal.com` for live payments).
    pub paypal_api_base: String,
    /// PayPal REST app client id (also given to the browser's PayPal buttons). Empty counts as
    /// unset.
    pub paypal_client_id: Option<String>,
    /// Its secret (empty counts as unset). Without both, payments run in a clearly labelled test mode (no money
    /// moves), which `production` refuses.
    pub paypal_client_secret: Option<String>,
    /// Reports one user may email in any 24 hours (then `429`); only subscribers email
    /// reports, and only reports with readings.
    pub report_emails_per_day: i64,
    /// Report emails one address may receive in any 24 hours, from all users together (then
    /// `429`).
    pub report_emails_per_recipient_per_day: i64,
    /// Report emails all users together may send in any hour (then `429`).
    pub report_emails_per_hour: i64,
    /// Report PDFs drawn at once (each up to ~150 MiB while drawn), on dedicated
    /// low-priority threads. `0` = half the CPUs, at least 1.
    pub report_render_threads: usize,
    /// Reports being drawn or waiting for a thread, all users together; one per user; more
    /// get `429` with `Retry-After`.
    pub reports_in_flight: usize,
    /// Reports one user may keep; creating another is refused (`409`) until they delete one.
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
