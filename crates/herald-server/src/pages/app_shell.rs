//! The installable app: the web app manifest (name, icons, colours, standalone display) and
//! the service worker at the site's root (`static/sw.js`: push notifications, and pages
//! already opened readable offline).

use axum::Router;
use axum::extract::State;
use axum::http::HeaderValue;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;

use crate::web::error::ApiError;
use crate::web::state::AppState;

/// The header's brand colour (`--brand` in `herald.css`): the app's title bar.
pub const THEME_COLOUR: &str = "#1d3b5e";

/// `/manifest.webmanifest`: the club's name, opening on "My games".
async fn manifest(State(state): State<AppState>) -> Result<Response, ApiError> {
    let site = state.db.site_settings().await?;
    // The visitor's language (their menu choice, else their browser's).
    let lang = super::error_scope::context().lang;
    let icon = |name: &str, size: &str, purpose: &str| json!({"src": super::assets::url(name), "sizes": size, "type": "image/png", "purpose": purpose});
    let body = json!({
        "name": site.site_name,
        "short_name": site.site_name.chars().take(12).collect::<String>(),
        "description": lang.text("site-manifest-description"),
        "lang": lang.tag(),
        "dir": lang.dir(),
        "id": "/",
        "start_url": "/my-games",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [
            icon("icon-any-192.png", "192x192", "any"),
            icon("icon-any-512.png", "512x512", "any"),
            icon("icon-maskable-192.png", "192x192", "maskable"),
            icon("icon-maskable-512.png", "512x512", "maskable"),
        ],
    });
    Ok((
        [
            (CONTENT_TYPE, HeaderValue::from_static("application/manifest+json")),
            (CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
            (
                axum::http::header::VARY,
                HeaderValue::from_static("accept-language, cookie"),
            ),
        ],
        body.to_string(),
    )
        .into_response())
}

/// `/sw.js`: the service worker, from the root so that its scope is the whole site, and
/// revalidated on every check so that a new version reaches browsers at once.
async fn service_worker() -> Response {
    let Some(script) = super::assets::bytes("sw.js") else {
        return super::not_found_page();
    };
    (
        [
            (CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8")),
            (CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (
                axum::http::HeaderName::from_static("service-worker-allowed"),
                HeaderValue::from_static("/"),
            ),
        ],
        script,
    )
        .into_response()
}

/// `/manifest.webmanifest` and `/sw.js`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/manifest.webmanifest", get(manifest))
        .route("/sw.js", get(service_worker))
}
