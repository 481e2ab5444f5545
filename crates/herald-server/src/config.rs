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

    /// Seconds between two runs of the deadline sweeper (warnings, claimable games,
    /// automatic timeouts, expired vacations and sessions).
    #[arg(long, env = "HERALD_SWEEP_INTERVAL", default_value_t = 60)]
    pub sweep_interval_secs: u64,

    /// Most games (and, separately, vacations and sessions) one sweep handles; a backlog
    /// drains over the following sweeps.
    #[arg(long, env = "HERALD_SWEEP_BATCH", default_value_t = 500)]
    pub sweep_batch: i64,

    /// Days a game may stay claimable before the server ends it on time by itself.
    #[arg(long, env = "HERALD_CLAIMABLE_CAP_DAYS", default_value_t = 30)]
    pub claimable_cap_days: i64,

    /// Vacation days each account may use per calendar year (UTC).
    #[arg(long, env = "HERALD_VACATION_DAYS", default_value_t = 30)]
    pub vacation_days: i64,
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
            sweep_interval_secs: 60,
            sweep_batch: 500,
            claimable_cap_days: 30,
            vacation_days: 30,
        }
    }
}
