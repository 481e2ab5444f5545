//! Prometheus metrics: the process-wide recorder, the helpers the rest of the server calls
//! (one line each at the place an event happens), the request middleware, and `GET /metrics`.
//!
//! Without a recorder (metrics disabled) every helper is a cheap no-op.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{FromRef, MatchedPath, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::storage::Db;

const REQUESTS: &str = "herald_http_requests_total";
const REQUEST_SECONDS: &str = "herald_http_request_duration_seconds";
const MOVES: &str = "herald_moves_accepted_total";
const BOT_MOVES: &str = "herald_bot_moves_total";
const ACTIVE_GAMES: &str = "herald_active_games";
const WAITING_GAMES: &str = "herald_waiting_games";
const SWEEPER_RUNS: &str = "herald_sweeper_runs_total";
const SWEEPER_EXPIRED: &str = "herald_sweeper_expired_total";
const PUSHES: &str = "herald_push_messages_total";
const SUBSCRIBERS: &str = "herald_stream_subscribers";
const DB_CONNECTIONS: &str = "herald_db_connections";
const OUTBOX_BACKLOG: &str = "herald_event_outbox_backlog";

/// Latency buckets in seconds: a move is a few milliseconds, a slow request seconds.
const BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the process-wide Prometheus recorder (once; later calls return the same handle).
/// `None` if another recorder was installed first.
pub fn install() -> Option<PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(REQUEST_SECONDS.to_owned()), BUCKETS)
                .ok()?;
            match builder.install_recorder() {
                Ok(handle) => {
                    describe();
                    Some(handle)
                }
                Err(error) => {
                    tracing::warn!(%error, "metrics disabled: cannot install the Prometheus recorder");
                    None
                }
            }
        })
        .clone()
}

fn describe() {
    describe_counter!(
        REQUESTS,
        "HTTP requests answered, by method, route template and status."
    );
    describe_histogram!(
        REQUEST_SECONDS,
        metrics::Unit::Seconds,
        "HTTP request latency by method and route template."
    );
    describe_counter!(MOVES, "Moves committed, by variant.");
    describe_counter!(BOT_MOVES, "Moves bots committed, by variant.");
    describe_gauge!(
        ACTIVE_GAMES,
        "Games in progress (the whole database, not per instance)."
    );
    describe_gauge!(WAITING_GAMES, "Games waiting for players (the whole database).");
    describe_counter!(SWEEPER_RUNS, "Deadline sweeper passes run by this instance.");
    describe_counter!(SWEEPER_EXPIRED, "Games this instance's sweeper ended on time.");
    describe_counter!(
        PUSHES,
        "Web Push messages this instance sent, by outcome (sent, retry, failed, gone)."
    );
    describe_gauge!(SUBSCRIBERS, "Event streams currently held open by this instance.");
    describe_gauge!(
        OUTBOX_BACKLOG,
        "Events waiting to be fanned out to webhooks and e-mail (the whole database)."
    );
    describe_gauge!(DB_CONNECTIONS, "Database pool connections of this instance, by state.");
    describe_counter!(
        crate::storage::RATED_ENDINGS,
        "Rated games a move ended (PostgreSQL), by how the ratings were written: in the move's \
         statement, or in a locked transaction because a rating changed since it was read."
    );
}

/// A move was committed.
pub fn move_accepted(variant: &str) {
    counter!(MOVES, "variant" => variant.to_owned()).increment(1);
}

/// A bot's move was committed (it counts in [`move_accepted`] too).
pub fn bot_moved(variant: &str) {
    counter!(BOT_MOVES, "variant" => variant.to_owned()).increment(1);
}

/// A Web Push message was sent or not (`sent`, `retry`, `failed`, `gone`).
pub fn push_sent(outcome: &'static str) {
    counter!(PUSHES, "outcome" => outcome).increment(1);
}

/// The deadline sweeper ran once and ended `expired` games.
pub fn sweeper_run(expired: u64) {
    counter!(SWEEPER_RUNS).increment(1);
    counter!(SWEEPER_EXPIRED).increment(expired);
}

/// An event stream opened (`+1`) or closed (`-1`).
pub fn stream_subscribers(delta: i64) {
    #[allow(clippy::cast_precision_loss)] // a subscriber count is far below 2^52
    gauge!(SUBSCRIBERS).increment(delta as f64);
}

fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Middleware: counts and times every request by its route template (`/api/v1/games/{id}`,
/// never the raw path, so the number of series stays bounded).
pub async fn track_requests(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(request.method());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |p| p.as_str().to_owned());
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    counter!(REQUESTS, "method" => method, "route" => route.clone(), "status" => status).increment(1);
    histogram!(REQUEST_SECONDS, "method" => method, "route" => route).record(started.elapsed().as_secs_f64());
    response
}

/// Reads the gauges that live in the database (shared by every instance) and the pool's.
#[allow(clippy::cast_precision_loss)] // counts far below 2^52
async fn refresh(db: &Db) {
    let pool = db.pool();
    let idle = pool.num_idle();
    gauge!(DB_CONNECTIONS, "state" => "idle").set(f64::from(u32::try_from(idle).unwrap_or(u32::MAX)));
    gauge!(DB_CONNECTIONS, "state" => "in_use")
        .set(f64::from(pool.size().saturating_sub(u32::try_from(idle).unwrap_or(0))));
    if let Some((waiting, active)) = from_db("count games", db.open_game_counts()).await {
        gauge!(ACTIVE_GAMES).set(active as f64);
        gauge!(WAITING_GAMES).set(waiting as f64);
    }
    if let Some(backlog) = from_db("count the event outbox", db.outbox_backlog()).await {
        gauge!(OUTBOX_BACKLOG).set(backlog as f64);
    }
}

/// A gauge's reading from the database, or a warning (`what` failed or took over 2 s).
async fn from_db<T>(what: &str, read: impl Future<Output = Result<T, sqlx::Error>>) -> Option<T> {
    match tokio::time::timeout(Duration::from_secs(2), read).await {
        Ok(Ok(value)) => Some(value),
        Ok(Err(error)) => {
            tracing::warn!(%error, "metrics: cannot {what}");
            None
        }
        Err(_) => {
            tracing::warn!("metrics: cannot {what}: timed out");
            None
        }
    }
}

/// `GET /metrics` in the Prometheus text format (absent when metrics are disabled).
pub fn route<S>(router: Router<S>, enabled: bool) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    let Some(handle) = enabled.then(install).flatten() else {
        return router;
    };
    router.route(
        "/metrics",
        get(move |State(db): State<Db>| {
            let handle = handle.clone();
            async move {
                refresh(&db).await;
                handle.run_upkeep();
                (
                    [(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
                    handle.render(),
                )
                    .into_response()
            }
        }),
    )
}
