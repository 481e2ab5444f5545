//! The router with its layers, health checks, the OpenAPI document, and serving with
//! graceful shutdown.

pub mod limits;
pub mod listener;
pub mod openapi;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::{Request, StatusCode};
use axum::routing::get;
use axum::{Json, Router};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::api::games::vacation;
use crate::app::openapi::{ApiDoc, ServedAnswers};
use crate::domain::rules::HeraldRules;
use crate::infra::clock::SystemClock;
use crate::infra::config::Config;
use crate::infra::engine_pool::EnginePool;
use crate::infra::proxy::{self, ClientAddr, TrustedProxy};
use crate::storage::{Db, OpenError};
use crate::web::error::ApiError;
use crate::web::state::AppState;
use crate::{api::accounts, api::games, api::live, api::notify, api::tokens, web::telemetry, workers::sweeper};

/// The OpenAPI document and the API routes under `/api/v1`.
fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let v1 = OpenApiRouter::new()
        .merge(accounts::router())
        .merge(tokens::router())
        .merge(crate::api::blocks::router())
        .merge(crate::api::bots::router())
        .merge(crate::api::account_data::router())
        .merge(crate::api::analysis::router())
        .merge(crate::api::engine_eval::router())
        .merge(crate::api::leaderboard::router())
        .merge(crate::api::players::router())
        .merge(crate::api::preferences::router())
        .merge(games::router())
        .merge(crate::api::tournaments::router())
        .merge(vacation::router())
        .merge(live::api_router())
        .merge(notify::settings::api_router())
        .merge(notify::push_api::api_router())
        .merge(crate::api::admin::router())
        .merge(crate::api::admin::member_router())
        .merge(games::move_router());
    let (router, mut openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest("/api/v1", v1)
        .merge(live::page_router())
        .merge(crate::api::tournaments::live::page_router())
        .merge(notify::feed::router())
        .merge(notify::settings::root_router())
        .split_for_parts();
    openapi.merge(games::ExportDoc::openapi());
    ServedAnswers.modify(&mut openapi);
    (router, openapi)
}

async fn healthz() -> Json<serde_json::Value> {
    Json(serde_json::json!({"status": "ok"}))
}

/// Ready when the database takes a write, not merely answers: a full disk or a read-only
/// file answers reads while every move fails.
async fn readyz(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    match tokio::time::timeout(Duration::from_secs(2), state.db.check_ready()).await {
        Ok(Ok(())) => Ok(Json(serde_json::json!({"status": "ready"}))),
        Ok(Err(reason)) => {
            tracing::warn!(%reason, "not ready: the database cannot take a write");
            Err(ApiError::Unavailable)
        }
        Err(_) => {
            tracing::warn!("not ready: the database did not answer within 2 s");
            Err(ApiError::Unavailable)
        }
    }
}

fn is_api(uri: &axum::http::Uri) -> bool {
    uri.path().starts_with("/api/")
}

/// Unknown paths: the JSON error under `/api/`, the HTML 404 page elsewhere.
async fn not_found(uri: axum::http::Uri) -> axum::response::Response {
    use axum::response::IntoResponse;
    if is_api(&uri) {
        ApiError::not_found("not_found", "no such endpoint").into_response()
    } else {
        crate::pages::not_found_page()
    }
}

async fn method_not_allowed(uri: axum::http::Uri) -> axum::response::Response {
    use axum::response::IntoResponse;
    if is_api(&uri) {
        ApiError::MethodNotAllowed.into_response()
    } else {
        crate::pages::PageError::from(ApiError::MethodNotAllowed).into_response()
    }
}

/// The timeout layer answers an empty 408; give it our JSON error body.
pub(crate) async fn timeout_as_json(response: axum::response::Response) -> axum::response::Response {
    use axum::response::IntoResponse;
    if response.status() == StatusCode::REQUEST_TIMEOUT {
        ApiError::Timeout.into_response()
    } else {
        response
    }
}

/// The request span: method, URI (secrets redacted) and the client address (behind trusted
/// proxies, the forwarded one).
fn request_span<B>(request: &Request<B>) -> tracing::Span {
    let client = request
        .extensions()
        .get::<ClientAddr>()
        .copied()
        .unwrap_or(ClientAddr(None));
    let uri = crate::infra::logging::redacted(request.uri());
    tracing::info_span!("request", method = %request.method(), uri = %uri, client = %client)
}

/// The whole service as a router (tests drive it with `oneshot`).
pub fn app(state: AppState) -> Router {
    let (api, openapi) = api();
    let openapi = Arc::new(openapi);
    let timeout = Duration::from_secs(state.config.request_timeout_secs.max(1));
    let body_limit = state.config.body_limit;
    let trusted: Arc<[TrustedProxy]> = state.config.trusted_proxies.0.clone().into();
    let api = telemetry::route(api, state.config.metrics);
    api.route(
        "/api/v1/openapi.json",
        get(move || {
            let doc = Arc::clone(&openapi);
            async move { Json(doc.as_ref().clone()) }
        }),
    )
    .merge(crate::pages::router(&state))
    .route("/healthz", get(healthz))
    .route("/readyz", get(readyz))
    .fallback(not_found)
    .method_not_allowed_fallback(method_not_allowed)
    .layer(axum::middleware::from_fn_with_state(
        Arc::clone(&state.config),
        crate::pages::headers::secure,
    ))
    .layer(DefaultBodyLimit::max(body_limit))
    .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, timeout))
    .layer(axum::middleware::map_response(timeout_as_json))
    .layer(axum::middleware::from_fn_with_state(
        state
            .config
            .rate_limit
            .then(|| crate::app::limits::Limits::shared(state.config.rate_limit_slowdown)),
        crate::app::limits::enforce,
    ))
    // Outside the rate limits and the timeout, so their errors are translated too.
    .layer(axum::middleware::from_fn(crate::web::error_language::localise))
    .layer(axum::middleware::from_fn_with_state(
        Arc::clone(&state.config),
        crate::pages::error_scope::remember,
    ))
    .layer(
        TraceLayer::new_for_http()
            .make_span_with(request_span)
            .on_response(DefaultOnResponse::new().level(Level::INFO)),
    )
    .layer(axum::middleware::from_fn(telemetry::track_requests))
    // Outermost, so the rate limits and the request span see the resolved client address.
    .layer(axum::middleware::from_fn_with_state(trusted, proxy::resolve_client))
    .with_state(state)
}

/// Builds the production state: the configured database (migrated), the system clock
/// and the real rules.
///
/// # Errors
/// The database cannot be opened or migrated.
pub async fn production_state(config: Config) -> Result<AppState, OpenError> {
    let db = Db::open_serving(&config.effective_database_url(), config.db_max_connections).await?;
    Ok(AppState {
        db,
        clock: Arc::new(SystemClock),
        rules: Arc::new(HeraldRules),
        engine: EnginePool::configured(&config),
        config: Arc::new(config),
        positions: Arc::default(),
    })
}

/// Starts the background tasks of an instance: the hub's wake-up source (PostgreSQL
/// `LISTEN` and the announcer, or the SQLite tailer) and the notification workers (call
/// once per state).
///
/// # Errors
/// A worker cannot be set up (nothing is started then).
pub fn start_live(state: &AppState) -> Result<(), notify::StartError> {
    notify::start(state)?;
    crate::workers::outbox::start(state);
    crate::workers::analysis::start(state);
    crate::workers::bots::start(state);
    crate::api::live::source::start(state.hub(), &state.db, &state.config.effective_database_url());
    Ok(())
}

/// Serves until `shutdown` resolves, then lets in-flight requests finish, for at most the
/// configured grace period.
///
/// # Errors
/// The listener fails.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let hub = Arc::clone(state.hub());
    let grace = state.config.shutdown_grace();
    let router = app(state);
    // Live streams never end by themselves: end them when shutdown starts, or graceful
    // shutdown would wait for them forever.
    let shutdown = async move {
        shutdown.await;
        hub.close();
    };
    crate::app::listener::serve(listener, router, shutdown, grace).await
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing in-flight requests");
}

/// Failure to start the server.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Open(#[from] OpenError),
    #[error("cannot listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    #[error("server failed: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Start(#[from] notify::StartError),
    #[error("cannot create the unsubscribe-link key: {0}")]
    Key(notify::NotifyError),
}

/// `herald serve`: opens the database, runs migrations and serves until Ctrl-C/SIGTERM.
///
/// # Errors
/// The database cannot be opened, the address cannot be bound, or serving fails.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    crate::infra::logging::init(&config.log, config.log_format);
    let bind = config.bind;
    let grace = config.shutdown_grace();
    // Held until serving ends: a second server on the same SQLite file is refused.
    let _instance = crate::storage::lock_instance(&config.effective_database_url()).map_err(OpenError::from)?;
    let state = production_state(config).await?;
    notify::email::ensure_unsubscribe_key(&state)
        .await
        .map_err(ServeError::Key)?;
    start_live(&state)?;
    tracing::info!(backend = ?state.db.backend(), "database ready");
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .map_err(|e| ServeError::Bind(bind, e))?;
    tracing::info!(address = %bind, "Herald is listening");
    let db = state.db.clone();
    let stop = tokio_util::sync::CancellationToken::new();
    let sweeper = sweeper::spawn(state.clone(), stop.clone());
    let stop_sweeper = stop.clone();
    let signalled = Arc::new(std::sync::OnceLock::new());
    let signal_time = Arc::clone(&signalled);
    let served = serve_on(listener, state, async move {
        shutdown_signal().await;
        let _ = signal_time.set(tokio::time::Instant::now());
        stop_sweeper.cancel();
    })
    .await;
    // Whatever ended serving, let a sweep in progress finish before the pool closes, all
    // within the grace period counted from the signal.
    stop.cancel();
    let deadline = signalled.get().copied().unwrap_or_else(tokio::time::Instant::now) + grace;
    match tokio::time::timeout_at(deadline, sweeper).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::warn!(error = %e, "the sweeper task failed"),
        Err(_) => tracing::warn!("the sweep in progress outlasted the shutdown grace period"),
    }
    served?;
    if tokio::time::timeout_at(deadline, db.close()).await.is_err() {
        tracing::warn!("database connections still in use at the end of the shutdown grace period");
    }
    tracing::info!("stopped");
    Ok(())
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::StatusCode;
    use axum::response::Response;
    use http_body_util::BodyExt;

    #[tokio::test]
    async fn a_timed_out_request_gets_the_json_error_body() {
        let empty = Response::builder()
            .status(StatusCode::REQUEST_TIMEOUT)
            .body(Body::empty())
            .unwrap();
        let response = super::timeout_as_json(empty).await;
        assert_eq!(response.status(), StatusCode::REQUEST_TIMEOUT);
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(json["error"]["code"], "timeout");
        let ok = Response::builder()
            .status(StatusCode::OK)
            .body(Body::from("x"))
            .unwrap();
        assert_eq!(super::timeout_as_json(ok).await.status(), StatusCode::OK);
    }
}
