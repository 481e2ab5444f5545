//! What the benchmarks share: a Herald server on a loopback port, accounts and games made
//! through the API, percentiles and the resident memory of a process.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod allocator;
pub mod finishing;
pub mod push;

use herald_server::Config;
use serde_json::{Value, json};

/// A Herald server in this process on a loopback port; dropping `stop` ends it.
pub struct Server {
    pub base: String,
    pub backend: herald_server::storage::Backend,
    pub stop: tokio::sync::oneshot::Sender<()>,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
    /// The server's state, for benchmarks that set things up directly (bots).
    pub state: herald_server::web::state::AppState,
}

/// Serves Herald as `herald serve` does (live events and the notification workers
/// running), with rate limits off: benchmarks play faster than people.
pub async fn serve(database_url: &str, db_max_connections: u32) -> Server {
    let mut config = Config::for_tests(database_url);
    config.db_max_connections = db_max_connections;
    config.rate_limit = false;
    let state = herald_server::app::production_state(config).await.expect("database");
    herald_server::app::start_live(&state).unwrap();
    let backend = state.db.backend();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(herald_server::serve_on(listener, state.clone(), async move {
        let _ = stopped.await;
    }));
    Server {
        base,
        backend,
        stop,
        task,
        state,
    }
}

pub async fn post(http: &reqwest::Client, url: String, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut req = http.post(url).json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let response = req.send().await.expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The password of every benchmark account.
pub const PASSWORD: &str = "benchmark-pass";

/// Registers `name` and returns an API token for it.
pub async fn user(http: &reqwest::Client, base: &str, name: &str) -> String {
    let creds = json!({"username": name, "password": PASSWORD});
    let (s, b) = post(http, format!("{base}/api/v1/accounts"), None, creds.clone()).await;
    assert_eq!(s, 201, "{b}");
    let (s, b) = post(http, format!("{base}/api/v1/tokens"), None, creds).await;
    assert_eq!(s, 201, "{b}");
    b["token"].as_str().unwrap().to_owned()
}

/// A started game: `a` (seat 0) invites `b_name`, who joins with token `b`.
/// A started game of `variant`: `a` invites `b` (named `b_name`), who joins. Rated when
/// `rated` (new accounts' games are casual by default): a finishing move rates both.
pub async fn new_game(
    http: &reqwest::Client,
    base: &str,
    variant: &str,
    players: (&str, &str, &str),
    rated: bool,
) -> Value {
    let (a, b, b_name) = players;
    let (s, g) = post(
        http,
        format!("{base}/api/v1/games"),
        Some(a),
        json!({"variant": variant, "seat": 0, "invite": b_name, "rated": rated}),
    )
    .await;
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap();
    let (s, g) = post(http, format!("{base}/api/v1/games/{id}/join"), Some(b), json!({})).await;
    assert_eq!(s, 200, "{g}");
    g
}

/// The `p` quantile (0..=1) of sorted values.
pub fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted
        .get(((sorted.len() as f64 * p) as usize).min(sorted.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0.0)
}

/// Resident memory of process `pid` in MB.
pub fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// A small xorshift generator: the benchmarks' choices are the same on every run.
pub fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
