//! Static files from the top-level `static/` folder, embedded in the binary and served
//! at `/static/...` with an ETag. Templates link them through [`url`], which adds the
//! content hash, so a versioned URL can be cached for a year.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::Router;
use axum::extract::{Path, RawQuery};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rust_embed::RustEmbed;

use crate::web::state::AppState;

#[derive(RustEmbed)]
#[folder = "../../static/"]
struct Files;

/// Short content hash per file, computed once.
static HASHES: LazyLock<HashMap<String, String>> = LazyLock::new(|| {
    Files::iter()
        .filter_map(|name| {
            let file = Files::get(&name)?;
            let digest = file.metadata.sha256_hash();
            let hash = hex::encode(digest.get(..6).unwrap_or(&digest));
            Some((name.into_owned(), hash))
        })
        .collect()
});

/// The URL of a static file, with its content hash for caching (`/static/herald.css?v=…`).
#[must_use]
pub fn url(name: &str) -> String {
    match HASHES.get(name) {
        Some(hash) => format!("/static/{name}?v={hash}"),
        None => format!("/static/{name}"),
    }
}

/// A static file's bytes (the service worker is served from the site's root, not `/static/`).
#[must_use]
pub fn bytes(name: &str) -> Option<Vec<u8>> {
    Files::get(name).map(|file| file.data.into_owned())
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or_default() {
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "json" | "webmanifest" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        _ => "application/octet-stream",
    }
}

async fn serve(Path(name): Path<String>, RawQuery(query): RawQuery, headers: HeaderMap) -> Response {
    let (Some(file), Some(hash)) = (Files::get(&name), HASHES.get(&name)) else {
        return super::not_found_page();
    };
    let etag = format!("\"{hash}\"");
    // A URL naming the current hash never changes; any other is revalidated hourly.
    let cache = if query.as_deref() == Some(&format!("v={hash}")) {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    let mut out = HeaderMap::new();
    out.insert(CONTENT_TYPE, HeaderValue::from_static(content_type(&name)));
    out.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        out.insert(ETAG, value);
    }
    let unchanged = headers
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    if unchanged {
        return (StatusCode::NOT_MODIFIED, out).into_response();
    }
    (out, file.data.into_owned()).into_response()
}

/// `/static/{*path}`.
pub fn router() -> Router<AppState> {
    Router::new().route("/static/{*path}", get(serve))
}
