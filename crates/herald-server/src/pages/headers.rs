//! Security headers on every answer, and on HTML answers the content policy: scripts only
//! from our own files, no framing, no referrer to other sites (feed and unsubscribe URLs
//! carry secrets), and no caching of signed-in pages.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

use crate::infra::config::Config;
use crate::web::cookies;

/// Scripts, styles, images and connections from this origin only; no inline script (the
/// templates have none: behaviour lives in `static/*.js`). Style attributes stay allowed:
/// the board sets its size through CSS variables in one (`style-src-attr`), never `<style>`.
pub const CONTENT_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

fn is_html(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"))
}

/// Middleware: `nosniff` everywhere; on HTML the content policy, `DENY` framing,
/// `Referrer-Policy: same-origin`, and `Cache-Control: no-store` when the request came with
/// a session (the page shows that person's games, tokens and settings); on the API,
/// `Cache-Control: no-store` unless the route chose its own caching (answers carry new
/// tokens, feed URLs, webhook secrets, invitation codes and account exports, and a route
/// added later is covered without remembering it).
pub async fn secure(State(config): State<Arc<Config>>, request: Request, next: Next) -> Response {
    let signed_in = cookies::get(&config, request.headers(), cookies::SESSION).is_some();
    let api = request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    if api && !response.headers().contains_key(CACHE_CONTROL) {
        response
            .headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    let html = is_html(response.headers());
    let headers = response.headers_mut();
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if html {
        headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_POLICY));
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        headers.insert(REFERRER_POLICY, HeaderValue::from_static("same-origin"));
        if signed_in {
            headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
        }
    }
    response
}
