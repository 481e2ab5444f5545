//! One-time notices carried across a POST-redirect-GET: the answer to a refused form sets a
//! short-lived cookie, the page it redirects to shows the notice once and clears it. The
//! notice is never read from the URL (a link could make the page say anything), and the
//! cookie is signed with the session's CSRF secret, so nothing but Herald's own answer to
//! this browser can set it. Each notice names the page it is for.

use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::Response;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::Ctx;

/// The cookie's name.
pub const COOKIE_NAME: &str = "herald_flash";
/// How long a notice waits for its page (the redirect is followed at once).
const MAX_AGE_SECONDS: u32 = 60;

/// A notice for one page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flash {
    pub message: String,
    /// Shown as an error (a refusal) rather than information.
    pub error: bool,
}

fn signature(ctx: &Ctx, page: &str, kind: char, message: &str) -> String {
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(ctx.csrf_token.as_bytes()) else {
        return String::new();
    };
    mac.update(b"herald-flash\0");
    mac.update(page.as_bytes());
    mac.update(&[0, u8::try_from(kind).unwrap_or(b'?'), 0]);
    mac.update(message.as_bytes());
    mac.finalize()
        .into_bytes()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn cookie_line(value: &str, max_age: u32, secure: bool) -> Option<HeaderValue> {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE_NAME}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
    ))
    .ok()
}

/// Adds `flash` for the page at `page` (a path such as `/games/abc`) to `response`.
pub fn set(response: &mut Response, ctx: &Ctx, secure: bool, page: &str, flash: &Flash) {
    let kind = if flash.error { 'e' } else { 'i' };
    let text: String = url::form_urlencoded::byte_serialize(flash.message.as_bytes()).collect();
    let value = format!("{}.{kind}.{text}", signature(ctx, page, kind, &flash.message));
    if let Some(line) = cookie_line(&value, MAX_AGE_SECONDS, secure) {
        response.headers_mut().append(SET_COOKIE, line);
    }
}

/// The notice waiting for `page`, if this browser has a genuine one. A notice for another
/// page is left for it.
#[must_use]
pub fn take(headers: &HeaderMap, ctx: &Ctx, page: &str) -> Option<Flash> {
    let value = headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == COOKIE_NAME)
        .map(|(_, v)| v)?;
    let mut parts = value.splitn(3, '.');
    let (sig, kind, text) = (parts.next()?, parts.next()?, parts.next()?);
    let kind = match kind {
        "e" => 'e',
        "i" => 'i',
        _ => return None,
    };
    let message: String = url::form_urlencoded::parse(format!("m={text}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())?;
    let expected = signature(ctx, page, kind, &message);
    (!expected.is_empty() && crate::auth::same_secret(sig, &expected)).then_some(Flash {
        message,
        error: kind == 'e',
    })
}

/// Clears the notice once shown.
pub fn clear(response: &mut Response, secure: bool) {
    if let Some(line) = cookie_line("", 0, secure) {
        response.headers_mut().append(SET_COOKIE, line);
    }
}
