//! Accepting connections: HTTP/1.1 served by hyper directly, with graceful shutdown.
//!
//! `axum::serve` speaks HTTP/1 and HTTP/2 on every connection, and its per-connection
//! state costs about 21 KB even for an idle live stream; hyper's HTTP/1 connection costs
//! about 6 KB (measured with 10,000 open streams, see the crate README). A correspondence
//! server holds many long-lived streams, so Herald serves HTTP/1.1 only: browsers use it
//! over plain HTTP anyway, and a TLS-terminating proxy in front speaks HTTP/2 to browsers.

use std::future::Future;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// How long a client may take to send a request's headers (slow clients hold a socket).
const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(30);

/// Serves `router` on `listener` until `shutdown` resolves; then stops accepting and
/// waits up to `grace` for the open connections to finish their current request, and
/// closes the ones still open (a stalled client must not hold shutdown until its own
/// timeout, past the supervisor's patience).
///
/// # Errors
/// Never: accept errors (too many open files, a connection reset while queued) are logged
/// and retried, as `axum::serve` does.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
    grace: Duration,
) -> std::io::Result<()> {
    let graceful = GracefulShutdown::new();
    // Cancelled when the grace period is over: drops the connections still open.
    let cut_off = tokio_util::sync::CancellationToken::new();
    tokio::pin!(shutdown);
    loop {
        let (socket, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(error) => {
                    tracing::warn!(%error, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Moves are small requests answered at once: do not let Nagle hold them back.
        let _ = socket.set_nodelay(true);
        let service = router.clone().map_request(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(remote));
            request
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEADER_READ_TIMEOUT)
            .serve_connection(TokioIo::new(socket), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        let cut_off = cut_off.clone();
        tokio::spawn(async move {
            tokio::select! {
                ended = connection => if let Err(error) = ended {
                    tracing::debug!(%error, %remote, "connection ended with an error");
                },
                () = cut_off.cancelled() => {
                    tracing::warn!(%remote, "connection closed: its request outlasted the shutdown grace period");
                }
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(grace, graceful.shutdown()).await.is_err() {
        cut_off.cancel();
    }
    Ok(())
}
