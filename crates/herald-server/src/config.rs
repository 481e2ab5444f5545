//! Server configuration: every setting is a flag and an environment variable.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

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

    /// Mark session cookies `Secure` (turn off only when serving plain HTTP on a LAN).
    #[arg(long, env = "HERALD_COOKIE_SECURE", default_value_t = false, action = clap::ArgAction::Set)]
    pub cookie_secure: bool,

    /// Log filter, e.g. `info` or `herald_server=debug,tower_http=debug`.
    #[arg(long, env = "HERALD_LOG", default_value = "info")]
    pub log: String,

    /// Largest accepted request body, in bytes.
    #[arg(long, env = "HERALD_BODY_LIMIT", default_value_t = 64 * 1024)]
    pub body_limit: usize,

    /// Longest time a request may take, in seconds.
    #[arg(long, env = "HERALD_REQUEST_TIMEOUT", default_value_t = 30)]
    pub request_timeout_secs: u64,

    /// Largest number of database connections.
    #[arg(long, env = "HERALD_DB_MAX_CONNECTIONS", default_value_t = 16)]
    pub db_max_connections: u32,

    /// Per-IP rate limits on login, registration and moves (off for benchmarks and tests).
    #[arg(long, env = "HERALD_RATE_LIMIT", default_value_t = true, action = clap::ArgAction::Set)]
    pub rate_limit: bool,

    /// Trust `X-Forwarded-For` for the client address (only behind your own reverse proxy).
    #[arg(long, env = "HERALD_TRUST_PROXY", default_value_t = false, action = clap::ArgAction::Set)]
    pub trust_proxy: bool,

    /// SMTP server for email notifications, e.g. `smtp://mail:25`, `smtps://user:pass@host`
    /// or `smtp://host:587?tls=required`. Unset: no email.
    #[arg(long, env = "HERALD_SMTP_URL")]
    pub smtp_url: Option<String>,

    /// The From address of notification emails.
    #[arg(long, env = "HERALD_SMTP_FROM", default_value = "Herald <herald@localhost>")]
    pub smtp_from: String,

    /// First webhook (and email) retry delay in milliseconds; it doubles on each retry.
    #[arg(long, env = "HERALD_WEBHOOK_RETRY_MS", default_value_t = 30_000)]
    pub webhook_retry_base_ms: u64,

    /// Attempts of one webhook delivery before it is given up.
    #[arg(long, env = "HERALD_WEBHOOK_MAX_ATTEMPTS", default_value_t = 8)]
    pub webhook_max_attempts: i64,

    /// Consecutive failed attempts after which a webhook is disabled.
    #[arg(long, env = "HERALD_WEBHOOK_MAX_FAILURES", default_value_t = 20)]
    pub webhook_max_failures: i64,

    /// Seconds between keep-alive lines on idle live streams (at most 10).
    #[arg(long, env = "HERALD_STREAM_KEEPALIVE", default_value_t = 10)]
    pub stream_keepalive_secs: u64,
}

impl Config {
    /// The database URL in force: the configured one, or the SQLite file in the data directory.
    #[must_use]
    pub fn effective_database_url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.trim().is_empty() => url.clone(),
            _ => format!("sqlite://{}?mode=rwc", self.data_dir.join("herald.db").display()),
        }
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
            cookie_secure: false,
            log: "warn".to_owned(),
            body_limit: 64 * 1024,
            request_timeout_secs: 30,
            db_max_connections: 8,
            rate_limit: false,
            trust_proxy: false,
            stream_keepalive_secs: 10,
            smtp_url: None,
            smtp_from: "Herald <herald@localhost>".to_owned(),
            webhook_retry_base_ms: 30_000,
            webhook_max_attempts: 8,
            webhook_max_failures: 20,
        }
    }
}
