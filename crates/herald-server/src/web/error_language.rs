//! The API's error `message` in the language the client's `Accept-Language` asks for; the
//! stable `code` (and an illegal move's `reason`) stay as they are, and English keeps the
//! detailed message the handler wrote.

use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::{ACCEPT_LANGUAGE, CONTENT_LENGTH, CONTENT_TYPE, VARY};
use axum::middleware::Next;
use axum::response::Response;

use crate::infra::i18n::{self, Lang};

/// Error bodies are a few hundred bytes; anything larger is left alone.
const LARGEST_ERROR_BODY: usize = 16 * 1024;

/// Rewrites the `message` of a JSON error answered under `/api/` into the language the
/// request's `Accept-Language` chooses, when that is not English.
pub async fn localise(request: Request, next: Next) -> Response {
    let is_api = request.uri().path().starts_with("/api/");
    let accept = request
        .headers()
        .get(ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    let mut response = next.run(request).await;
    let status = response.status();
    if !is_api || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    response
        .headers_mut()
        .append(VARY, HeaderValue::from_static("accept-language"));
    let lang = i18n::choose(None, accept.as_deref(), false);
    if lang.tag() == "en" || !is_json(&response) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, LARGEST_ERROR_BODY).await else {
        // Too large to be one of ours, or the body failed: an empty answer keeps the status.
        return Response::from_parts(parts, Body::empty());
    };
    let Some(translated) = translated_body(&bytes, &lang) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    parts.headers.remove(CONTENT_LENGTH);
    parts.headers.insert(
        axum::http::header::CONTENT_LANGUAGE,
        HeaderValue::from_str(&lang.tag()).unwrap_or(HeaderValue::from_static("en")),
    );
    Response::from_parts(parts, Body::from(translated))
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"))
}

/// The error body with its message in `lang`, or `None` when it is not our error shape or
/// the catalogue has no message for its code.
fn translated_body(bytes: &[u8], lang: &Lang) -> Option<Vec<u8>> {
    let mut body: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    let error = body.get_mut("error")?.as_object_mut()?;
    let key = match error.get("reason").and_then(serde_json::Value::as_str) {
        Some(reason) => format!("api-illegal-{reason}"),
        None => format!("api-error-{}", error.get("code")?.as_str()?),
    };
    let message = lang.try_text(&key)?;
    error.insert("message".to_owned(), serde_json::Value::String(message));
    serde_json::to_vec(&body).ok()
}

/// An error's message for a person reading `lang`: the catalogue's sentence for its code
/// (an illegal move's for its reason), or the handler's own English where the language is
/// English or the catalogue has none. Pages show refusals through it.
#[must_use]
pub fn message_in(lang: &Lang, error: &crate::web::error::ApiError) -> String {
    use crate::web::error::ApiError;
    let english = || sentence(&error.to_string());
    if lang.tag() == "en" {
        return english();
    }
    let key = match error {
        ApiError::IllegalMove { reason, .. } => format!("api-illegal-{reason}"),
        other => format!("api-error-{}", other.code()),
    };
    lang.try_text(&key).unwrap_or_else(english)
}

/// API messages are lower-case fragments; a page shows them as a sentence.
#[must_use]
pub fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return "Something went wrong.".to_owned(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}
