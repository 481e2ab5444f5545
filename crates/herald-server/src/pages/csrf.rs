//! CSRF protection for every page form: a synchronizer token derived from the session
//! cookie (or, before log-in, from a random pre-session cookie), checked on every
//! non-GET request before the handler runs.
//!
//! The token is `SHA-256("herald-csrf:" + cookie secret)`: another site cannot read it
//! (it never sees the cookie or our pages), and it changes when the session changes. It
//! comes in the `csrf_token` form field or the `X-CSRF-Token` header. Session cookies are
//! also `SameSite=Lax`, so this is a second, independent defence.

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::Method;
use axum::http::header::{CONTENT_TYPE, SET_COOKIE};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::PageError;
use crate::web::auth;
use crate::web::cookies;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// Form field and header carrying the token.
pub const FIELD: &str = "csrf_token";
pub const HEADER: &str = "x-csrf-token";

/// The expected token for this request (in request extensions for [`super::Ctx`]).
#[derive(Debug, Clone)]
pub struct CsrfToken(pub String);

use crate::web::auth::{csrf_token_for as token_for, same_secret as same};

fn is_form(request: &Request) -> bool {
    request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"))
}

/// Middleware: sets the token for the handler; refuses unsafe requests without it.
pub async fn protect(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let config = &state.config;
    let sent = cookies::get(config, request.headers(), cookies::SESSION)
        .or_else(|| cookies::get(config, request.headers(), cookies::PRE_SESSION));
    let (secret, new_cookie) = match sent {
        Some(secret) => (secret, None),
        None => match auth::random_hex(16) {
            Ok(fresh) => (fresh.clone(), Some(fresh)),
            Err(e) => return PageError::Api(e).into_response(),
        },
    };
    let expected = token_for(&secret);
    let mut request = request;
    if !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        match checked(request, &expected, state.config.body_limit).await {
            Ok(r) => request = r,
            Err(e) => return e.into_response(),
        }
    }
    request.extensions_mut().insert(CsrfToken(expected));
    let mut response = next.run(request).await;
    if let Some(fresh) = new_cookie
        && let Ok(value) = cookies::set(&state.config, cookies::PRE_SESSION, fresh, None)
    {
        response.headers_mut().append(SET_COOKIE, value);
    }
    response
}

/// Checks the header or the form field; gives the request back with its body intact.
async fn checked(request: Request, expected: &str, limit: usize) -> Result<Request, PageError> {
    if let Some(header) = request.headers().get(HEADER) {
        return if header.to_str().is_ok_and(|h| same(h, expected)) {
            Ok(request)
        } else {
            Err(PageError::Csrf)
        };
    }
    if !is_form(&request) {
        return Err(PageError::Csrf);
    }
    let (parts, body) = request.into_parts();
    let bytes = to_bytes(body, limit).await.map_err(|_| ApiError::PayloadTooLarge)?;
    let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(&bytes)
        .map_err(|_| ApiError::bad_request("malformed_form", "the form could not be read"))?;
    let sent = fields.iter().find(|(k, _)| k == FIELD).map(|(_, v)| v.as_str());
    if !sent.is_some_and(|s| same(s, expected)) {
        return Err(PageError::Csrf);
    }
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_depend_on_the_secret() {
        assert_eq!(token_for("a"), token_for("a"));
        assert_ne!(token_for("a"), token_for("b"));
        assert_eq!(token_for("a").len(), 48);
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "ab"));
    }
}
