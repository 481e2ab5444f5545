//! Server configuration: every setting is a flag and an environment variable.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::{Args, ValueEnum};

use crate::infra::proxy::TrustedProxies;

/// A yes/no setting Herald can also decide itself: `true`/`false` (or `1`/`0`, `yes`/`no`,
/// `on`/`off`), or `auto` (also an empty value, as docker compose passes an unset variable).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AutoBool(pub Option<bool>);

impl FromStr for AutoBool {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "auto" => Ok(AutoBool(None)),
            "true" | "1" | "yes" | "on" => Ok(AutoBool(Some(true))),
            "false" | "0" | "no" | "off" => Ok(AutoBool(Some(false))),
            _ => Err(format!("expected true, false or auto, not `{}`", text.escape_debug())),
        }
    }
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// What one Argon2id password hash costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PasswordCost {
    /// The recommended parameters (OWASP's first choice, Argon2's defaults): 19 MiB, two
    /// passes, one lane. Every server uses these.
    #[default]
    Standard,
    /// The least Argon2 allows (8 KiB, one pass): for test suites that make thousands of
    /// accounts, never for a server (not settable from the command line).
    Minimal,
}

/// How Herald is run: `herald serve --help` lists these.
#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, env = "HERALD_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Database URL: `postgres://…` for PostgreSQL or `sqlite://…` for a SQLite file.
    /// Unset: a SQLite file `herald.db` in the data directory.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,

    /// Directory for Herald's own files (the default SQLite database).
    #[arg(long, env = "HERALD_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,

    /// The public URL people reach Herald at (used in links).
    #[arg(long, env = "HERALD_BASE_URL", default_value = "http://127.0.0.1:8080")]
    pub base_url: String,

    /// Mark session cookies `Secure`: `true`, `false`, or `auto` (on exactly when the base URL
    /// starts with `https://`).
    #[arg(long, env = "HERALD_COOKIE_SECURE", default_value = "auto")]
    pub cookie_secure: AutoBool,

    /// Log filter, e.g. `info` or `herald_server=debug,tower_http=debug`.
    #[arg(long, env = "HERALD_LOG", default_value = "info")]
    pub log: String,

    /// Log line format: `text` or `json`.
    #[arg(long, env = "HERALD_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Largest accepted request body, in bytes.
    #[arg(long, env = "HERALD_BODY_LIMIT", default_value_t = 64 * 1024)]
    pub body_limit: usize,

    /// Longest time a request may take, in seconds.
    #[arg(long, env = "HERALD_REQUEST_TIMEOUT", default_value_t = 30)]
    pub request_timeout_secs: u64,

    /// Longest wait at shutdown for requests in flight, in seconds; those still running
    /// then are cut off. Keep it below the supervisor's kill timeout (the compose file gives
    /// `docker stop` 15 s).
    #[arg(long, env = "HERALD_SHUTDOWN_GRACE", default_value_t = 10)]
    pub shutdown_grace_secs: u64,

    /// Largest number of database connections.
    #[arg(long, env = "HERALD_DB_MAX_CONNECTIONS", default_value_t = 16)]
    pub db_max_connections: u32,

    /// Threads the engine thinks on, for bots and analysis: its CPU budget. Each takes one
    /// core while it thinks; the web side never waits on them.
    #[arg(long, env = "HERALD_ENGINE_THREADS", default_value_t = 1)]
    pub engine_threads: usize,

    /// Requests that may wait for an engine thread; more are refused and asked again later.
    #[arg(long, env = "HERALD_ENGINE_QUEUE", default_value_t = 64)]
    pub engine_queue: usize,

    /// Nodes the engine searches per position of a computer analysis (about a second a
    /// position on one core at the default; tests set a few thousand).
    #[arg(long, env = "HERALD_ANALYSIS_NODES", default_value_t = 200_000)]
    pub analysis_nodes: u64,

    /// Per-IP rate limits on login, registration and moves (off for benchmarks and tests).
    #[arg(long, env = "HERALD_RATE_LIMIT", default_value_t = true, action = clap::ArgAction::Set)]
    pub rate_limit: bool,

    /// Multiplies the rate limits' refill periods; 1 outside tests, where a burst is
    /// counted exactly only if nothing refills while it is sent.
    #[arg(skip = 1_u32)]
    pub rate_limit_slowdown: u32,

    /// SMTP server for email notifications, e.g. `smtp://mail:25`, `smtps://user:pass@host`
    /// or `smtp://host:587?tls=required`. Unset: no email.
    #[arg(long, env = "HERALD_SMTP_URL")]
    pub smtp_url: Option<String>,

    /// The From address of notification emails.
    #[arg(long, env = "HERALD_SMTP_FROM", default_value = "Herald <herald@localhost>")]
    pub smtp_from: String,

    /// The server's VAPID private key for Web Push (RFC 8292): the 32-byte P-256 scalar,
    /// base64url. Unset: one is made at first start and kept in the database (every
    /// instance uses it; changing it stops every device's subscription).
    #[arg(long, env = "HERALD_VAPID_PRIVATE_KEY", hide_env_values = true)]
    pub vapid_private_key: Option<String>,

    /// Who push services may contact about this server's pushes (VAPID `sub`): a
    /// `mailto:` or `https:` URL. Unset: the From address of e-mails.
    #[arg(long, env = "HERALD_VAPID_SUBJECT")]
    pub vapid_subject: Option<String>,

    /// First webhook (and email) retry delay in milliseconds; it doubles on each retry.
    #[arg(long, env = "HERALD_WEBHOOK_RETRY_MS", default_value_t = 30_000)]
    pub webhook_retry_base_ms: u64,

    /// Attempts of one webhook delivery before it is given up.
    #[arg(long, env = "HERALD_WEBHOOK_MAX_ATTEMPTS", default_value_t = 8)]
    pub webhook_max_attempts: i64,

    /// Consecutive failed attempts after which a webhook is disabled.
    #[arg(long, env = "HERALD_WEBHOOK_MAX_FAILURES", default_value_t = 20)]
    pub webhook_max_failures: i64,

    /// Let webhooks reach private, loopback and link-local addresses (off: a user's webhook
    /// cannot probe the server's own network; turn on for a LAN-only server).
    #[arg(long, env = "HERALD_WEBHOOK_ALLOW_PRIVATE", default_value_t = false, action = clap::ArgAction::Set)]
    pub webhook_allow_private: bool,

    /// Offer the pseudo-locale `en-XA` (English accented and 40 % longer) for checking
    /// layouts and finding text left out of the catalogues; chosen with the language form.
    #[arg(long, env = "HERALD_PSEUDO_LOCALE", default_value_t = false, action = clap::ArgAction::Set)]
    pub pseudo_locale: bool,

    /// What a password hash costs: always the standard parameters on a server; test suites
    /// set the minimal ones.
    #[arg(skip)]
    pub password_cost: PasswordCost,

    /// Seconds between keep-alive lines on idle live streams (at most 10).
    #[arg(long, env = "HERALD_STREAM_KEEPALIVE", default_value_t = 10)]
    pub stream_keepalive_secs: u64,

    /// Reverse proxies whose `X-Forwarded-For` is believed: addresses or CIDR ranges, comma
    /// separated (e.g. `127.0.0.1,10.0.0.0/8`). Empty: the peer address is the client.
    #[arg(long, env = "HERALD_TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: TrustedProxies,

    /// Serve Prometheus metrics at `/metrics`.
    #[arg(long, env = "HERALD_METRICS", default_value_t = true, action = clap::ArgAction::Set)]
    pub metrics: bool,

    /// Seconds between two runs of the deadline sweeper (warnings, claimable games,
    /// automatic timeouts, expired vacations and sessions).
    #[arg(long, env = "HERALD_SWEEP_INTERVAL", default_value_t = 60)]
    pub sweep_interval_secs: u64,

    /// Most games (and, separately, vacations and sessions) one sweep handles; a backlog
    /// drains over the following sweeps.
    #[arg(long, env = "HERALD_SWEEP_BATCH", default_value_t = 500)]
    pub sweep_batch: i64,

    /// Days chat and tournament notices, delivered webhook deliveries and sent e-mails are
    /// kept before the sweeper prunes them (0: kept for ever).
    #[arg(long, env = "HERALD_RETENTION_DAYS", default_value_t = 90)]
    pub retention_days: i64,

    /// Days a game may stay claimable before the server ends it on time by itself.
    #[arg(long, env = "HERALD_CLAIMABLE_CAP_DAYS", default_value_t = 30)]
    pub claimable_cap_days: i64,

    /// Vacation days each account may use per calendar year (UTC).
    #[arg(long, env = "HERALD_VACATION_DAYS", default_value_t = 30)]
    pub vacation_days: i64,
}

/// Where the database is, for the commands that only need the database (`herald migrate`,
/// `herald admin`, `herald backup`): the same flags and variables as `herald serve`.
#[derive(Debug, Clone, Args)]
pub struct DatabaseArgs {
    /// Database URL: `postgres://…` or `sqlite://…`. Unset: `herald.db` in the data directory.
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,

    /// Directory for Herald's own files (the default SQLite database).
    #[arg(long, env = "HERALD_DATA_DIR", default_value = "data", global = true)]
    pub data_dir: PathBuf,
}

impl DatabaseArgs {
    /// The database URL in force.
    #[must_use]
    pub fn effective_database_url(&self) -> String {
        effective_database_url(self.database_url.as_deref(), &self.data_dir)
    }
}

fn effective_database_url(configured: Option<&str>, data_dir: &Path) -> String {
    match configured {
        Some(url) if !url.trim().is_empty() => super::database_url::without_loopback_tls(url),
        _ => format!("sqlite://{}?mode=rwc", data_dir.join("herald.db").display()),
    }
}

impl Config {
    /// The database URL in force: the configured one, or the SQLite file in the data directory.
    #[must_use]
    pub fn effective_database_url(&self) -> String {
        effective_database_url(self.database_url.as_deref(), &self.data_dir)
    }

    /// Whether session cookies carry `Secure`: as configured, else when served over HTTPS.
    #[must_use]
    pub fn secure_cookies(&self) -> bool {
        self.cookie_secure
            .0
            .unwrap_or_else(|| self.base_url.trim_start().to_ascii_lowercase().starts_with("https://"))
    }

    /// How long shutdown waits for requests in flight.
    #[must_use]
    pub fn shutdown_grace(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.shutdown_grace_secs)
    }

    /// The keep-alive interval of live streams (1 to 10 s).
    #[must_use]
    pub fn keepalive(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.stream_keepalive_secs.clamp(1, 10))
    }

    /// A configuration for tests: loopback, no rate limits, the given database.
    #[must_use]
    pub fn for_tests(database_url: &str) -> Config {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: Some(database_url.to_owned()),
            data_dir: PathBuf::from("data"),
            base_url: "http://127.0.0.1".to_owned(),
            cookie_secure: AutoBool(None),
            log: "warn".to_owned(),
            log_format: LogFormat::Text,
            body_limit: 64 * 1024,
            request_timeout_secs: 30,
            shutdown_grace_secs: 10,
            db_max_connections: 8,
            engine_threads: 1,
            engine_queue: 64,
            analysis_nodes: 200_000,
            rate_limit: false,
            rate_limit_slowdown: 1000,
            trusted_proxies: TrustedProxies::default(),
            metrics: true,
            sweep_interval_secs: 60,
            sweep_batch: 500,
            retention_days: 90,
            claimable_cap_days: 30,
            vacation_days: 30,
            stream_keepalive_secs: 10,
            smtp_url: None,
            smtp_from: "Herald <herald@localhost>".to_owned(),
            vapid_private_key: None,
            vapid_subject: None,
            webhook_retry_base_ms: 30_000,
            webhook_max_attempts: 8,
            webhook_max_failures: 20,
            // Test receivers listen on loopback; the guard has its own tests.
            webhook_allow_private: true,
            // The browser tests render pages in the pseudo-locale.
            pseudo_locale: true,
            // Thousands of accounts in a test run; `tests/hashing.rs` keeps the standard cost.
            password_cost: PasswordCost::Minimal,
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Debug, Parser)]
    struct Serve {
        #[command(flatten)]
        config: Config,
    }

    #[test]
    fn cookie_security_follows_the_base_url_unless_set() {
        let parse = |args: &[&str]| Serve::try_parse_from([&["herald"], args].concat()).unwrap().config;
        assert!(!parse(&[]).secure_cookies());
        assert!(parse(&["--base-url", "https://chess.example"]).secure_cookies());
        assert!(!parse(&["--base-url", "HTTPS://chess.example", "--cookie-secure", "false"]).secure_cookies());
        assert!(parse(&["--cookie-secure", "true"]).secure_cookies());
        assert!(parse(&["--cookie-secure", ""]).cookie_secure == AutoBool(None));
        assert!(Serve::try_parse_from(["herald", "--cookie-secure", "maybe"]).is_err());
    }

    #[test]
    fn a_server_always_hashes_passwords_at_the_standard_cost() {
        let config = Serve::try_parse_from(["herald"]).unwrap().config;
        assert_eq!(config.password_cost, PasswordCost::Standard);
        assert!(Serve::try_parse_from(["herald", "--password-cost", "minimal"]).is_err());
    }

    #[test]
    fn trusted_proxies_and_log_format_parse() {
        let config = Serve::try_parse_from([
            "herald",
            "--trusted-proxies",
            "127.0.0.1,10.0.0.0/8",
            "--log-format",
            "json",
        ])
        .unwrap()
        .config;
        assert_eq!(config.trusted_proxies.0.len(), 2);
        assert_eq!(config.log_format, LogFormat::Json);
        let config = Serve::try_parse_from(["herald", "--trusted-proxies", ""])
            .unwrap()
            .config;
        assert!(config.trusted_proxies.0.is_empty());
        assert!(Serve::try_parse_from(["herald", "--trusted-proxies", "proxy.lan"]).is_err());
    }
}
