//! Per-client rate limits on every credential and write path, HTML forms and API alike:
//! one middleware in front of the whole router, so a path cannot be added without them.
//!
//! Clients are keyed by the address [`crate::infra::proxy::resolve_client`] found; IPv6 clients by
//! their /64, since one subscriber usually holds a whole /64 and could otherwise take a
//! fresh address per request. Every 429 says when to come back (`Retry-After`).

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::infra::proxy::ClientAddr;
use crate::web::error::ApiError;

/// What a request costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// A password is checked or set: sign-up, log-in, token requests, password change.
    Credential,
    /// Any other write: moves, game creation, invitations, settings.
    Write,
    /// A page of the archive: public, and each page a database range read.
    Archive,
    /// A position analysed by the analysis board's rules service: public, and each new
    /// position every legal move played.
    Analysis,
    /// The analysis board's engine: each request up to a third of a second of an engine
    /// thread.
    Evaluation,
}

/// The paths whose POST checks or sets a password (HTML and API).
const CREDENTIAL_PATHS: [&str; 6] = [
    "/login",
    "/signup",
    "/settings/password",
    "/api/v1/accounts",
    "/api/v1/session",
    "/api/v1/tokens",
];

fn classify(method: &Method, path: &str) -> Option<Class> {
    let path = path.trim_end_matches('/');
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return if path == "/archive" {
            Some(Class::Archive)
        } else if path.starts_with("/api/v1/analysis/") && path.ends_with("/evaluation") {
            Some(Class::Evaluation)
        } else if path.starts_with("/api/v1/analysis/") {
            Some(Class::Analysis)
        } else {
            None
        };
    }
    if *method == Method::POST && CREDENTIAL_PATHS.contains(&path) {
        Some(Class::Credential)
    } else {
        Some(Class::Write)
    }
}

/// The rate-limit key of a client: an IPv4 address, or the /64 of an IPv6 one. Requests
/// with no known address share one bucket.
#[must_use]
pub fn client_key(addr: Option<IpAddr>) -> Option<IpAddr> {
    match addr?.to_canonical() {
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & !((1_u128 << 64) - 1);
            Some(IpAddr::V6(network.into()))
        }
        v4 => Some(v4),
    }
}

type Limiter = DefaultKeyedRateLimiter<Option<IpAddr>>;

/// The limiters, shared by every route.
#[derive(Debug)]
pub struct Limits {
    credentials: Limiter,
    writes: Limiter,
    archive: Limiter,
    analysis: Limiter,
    evaluation: Limiter,
}

fn quota(every: Duration, burst: u32) -> Quota {
    let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(every).map_or_else(|| Quota::per_second(burst), |q| q.allow_burst(burst))
}

impl Limits {
    /// 10 credential requests at once, then one per 6 s; 60 writes at once, then 10 per
    /// second; 30 archive pages at once, then 10 per second; 120 analysed positions at
    /// once (a board stepping through a game), then 20 per second (per client); 10 engine
    /// evaluations at once, then one a second. `slowdown`
    /// multiplies the refill periods (1 in production): a test that sends a burst on a slow
    /// machine sets it high, so that no request is refilled while it counts the burst.
    #[must_use]
    pub fn shared(slowdown: u32) -> Arc<Limits> {
        let slowdown = slowdown.max(1);
        let limits = Arc::new(Limits {
            credentials: Limiter::keyed(quota(Duration::from_secs(6) * slowdown, 10)),
            writes: Limiter::keyed(quota(Duration::from_millis(100) * slowdown, 60)),
            archive: Limiter::keyed(quota(Duration::from_millis(100) * slowdown, 30)),
            analysis: Limiter::keyed(quota(Duration::from_millis(50) * slowdown, 120)),
            evaluation: Limiter::keyed(quota(Duration::from_secs(1) * slowdown, 10)),
        });
        // Forget idle clients now and then, so the limiters' memory stays bounded.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let weak = Arc::downgrade(&limits);
            runtime.spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_secs(60));
                tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                loop {
                    tick.tick().await;
                    let Some(limits) = weak.upgrade() else { break };
                    limits.credentials.retain_recent();
                    limits.writes.retain_recent();
                    limits.archive.retain_recent();
                    limits.analysis.retain_recent();
                    limits.evaluation.retain_recent();
                }
            });
        }
        limits
    }

    /// `Err(wait)` when the client must wait before this request.
    fn check(&self, class: Class, key: Option<IpAddr>) -> Result<(), Duration> {
        let limiter = match class {
            Class::Credential => &self.credentials,
            Class::Write => &self.writes,
            Class::Archive => &self.archive,
            Class::Analysis => &self.analysis,
            Class::Evaluation => &self.evaluation,
        };
        limiter
            .check_key(&key)
            .map_err(|not_until| not_until.wait_time_from(limiter.clock().now()))
    }
}

/// The 429 answer: the JSON error under `/api/`, the HTML error page elsewhere; both with
/// `Retry-After` in whole seconds (at least 1).
#[must_use]
pub fn too_many(path: &str, wait: Duration) -> Response {
    let mut response = if path.starts_with("/api/") {
        ApiError::RateLimited.into_response()
    } else {
        crate::pages::PageError::from(ApiError::RateLimited).into_response()
    };
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    response
        .headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from(secs.max(1)));
    response
}

/// Middleware: refuses a client's credential or write request over its limit (no limits:
/// `HERALD_RATE_LIMIT=false`).
pub async fn enforce(State(limits): State<Option<Arc<Limits>>>, request: Request, next: Next) -> Response {
    if let (Some(limits), Some(class)) = (limits, classify(request.method(), request.uri().path())) {
        let key = client_key(request.extensions().get::<ClientAddr>().and_then(|c| c.0));
        if let Err(wait) = limits.check(class, key) {
            tracing::info!(client = ?key, ?class, "rate limited");
            return too_many(request.uri().path(), wait);
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_share_their_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:ffff:ffff:ffff".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(Some(a)), client_key(Some(b)));
        assert_ne!(client_key(Some(a)), client_key(Some(c)));
        assert_eq!(client_key(Some(a)), Some("2001:db8:1:2::".parse().unwrap()));
        let v4: IpAddr = "192.0.2.7".parse().unwrap();
        assert_eq!(client_key(Some(v4)), Some(v4));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(client_key(Some(mapped)), Some(v4));
        assert_eq!(client_key(None), None);
    }

    #[test]
    fn every_write_is_classified() {
        assert_eq!(classify(&Method::GET, "/login"), None);
        assert_eq!(classify(&Method::GET, "/archive"), Some(Class::Archive));
        assert_eq!(classify(&Method::GET, "/api/v1/analysis/nowan"), Some(Class::Analysis));
        assert_eq!(
            classify(&Method::GET, "/api/v1/analysis/nowan/evaluation"),
            Some(Class::Evaluation)
        );
        assert_eq!(classify(&Method::GET, "/analysis"), None);
        assert_eq!(classify(&Method::POST, "/login"), Some(Class::Credential));
        assert_eq!(classify(&Method::POST, "/settings/password"), Some(Class::Credential));
        assert_eq!(classify(&Method::POST, "/api/v1/tokens"), Some(Class::Credential));
        assert_eq!(classify(&Method::DELETE, "/api/v1/session"), Some(Class::Write));
        assert_eq!(classify(&Method::POST, "/games/abc/move"), Some(Class::Write));
        assert_eq!(classify(&Method::POST, "/lobby/new"), Some(Class::Write));
        assert_eq!(classify(&Method::PUT, "/api/v1/notifications"), Some(Class::Write));
        // Administration: every action is a limited write, page and API alike.
        assert_eq!(classify(&Method::POST, "/admin/users/bob/ban"), Some(Class::Write));
        assert_eq!(
            classify(&Method::POST, "/api/v1/admin/users/bob/suspend"),
            Some(Class::Write)
        );
        assert_eq!(classify(&Method::PUT, "/api/v1/admin/site"), Some(Class::Write));
        assert_eq!(classify(&Method::POST, "/api/v1/reports"), Some(Class::Write));
    }

    #[test]
    fn a_burst_then_a_wait() {
        let limits = Limits {
            credentials: Limiter::keyed(quota(Duration::from_secs(6), 2)),
            writes: Limiter::keyed(quota(Duration::from_millis(100), 60)),
            archive: Limiter::keyed(quota(Duration::from_millis(100), 30)),
            analysis: Limiter::keyed(quota(Duration::from_millis(50), 120)),
            evaluation: Limiter::keyed(quota(Duration::from_secs(1), 10)),
        };
        let key = Some("192.0.2.1".parse().unwrap());
        assert!(limits.check(Class::Credential, key).is_ok());
        assert!(limits.check(Class::Credential, key).is_ok());
        let wait = limits.check(Class::Credential, key).unwrap_err();
        assert!(
            wait > Duration::from_secs(4) && wait <= Duration::from_secs(6),
            "{wait:?}"
        );
        assert!(
            limits
                .check(Class::Credential, Some("192.0.2.2".parse().unwrap()))
                .is_ok()
        );
    }
}
