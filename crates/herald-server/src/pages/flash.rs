//! One-time notices carried across a POST-redirect-GET: the answer to a refused form sets a
//! short-lived cookie, the page it redirects to shows the notice once and clears it. The
//! notice is never read from the URL (a link could make the page say anything), and the
//! cookie is signed with the session's CSRF secret, so nothing but Herald's own answer to
//! this browser can set it. Each notice names the page it is for.

use axum::http::HeaderMap;
use axum::http::header::SET_COOKIE;
use axum::response::Response;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::Ctx;
use crate::infra::config::Config;
use crate::web::cookies::{self, FLASH};
use crate::web::error::ApiError;

/// How long a notice waits for its page (the redirect is followed at once).
const MAX_AGE_SECONDS: i64 = 60;
/// The signature's length in bytes (hex-encoded in the cookie).
const SIGNATURE_BYTES: usize = 16;

/// A notice for one page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flash {
    pub message: String,
    /// Shown as an error (a refusal) rather than information.
    pub error: bool,
}

/// The MAC of a notice for `page`, keyed by this browser's CSRF secret.
fn mac(ctx: &Ctx, page: &str, kind: char, message: &str) -> Result<Hmac<Sha256>, ApiError> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(ctx.csrf_token.as_bytes()).map_err(ApiError::internal_from)?;
    mac.update(b"herald-flash\0");
    mac.update(page.as_bytes());
    let mut buffer = [0_u8; 4];
    mac.update(&[0]);
    mac.update(kind.encode_utf8(&mut buffer).as_bytes());
    mac.update(&[0]);
    mac.update(message.as_bytes());
    Ok(mac)
}

/// Adds `flash` for the page at `page` (a path such as `/games/abc`) to `response`.
///
/// # Errors
/// The notice cannot be signed or set (never in practice).
pub fn set(response: &mut Response, ctx: &Ctx, config: &Config, page: &str, flash: &Flash) -> Result<(), ApiError> {
    let kind = if flash.error { 'e' } else { 'i' };
    let text: String = url::form_urlencoded::byte_serialize(flash.message.as_bytes()).collect();
    let full = mac(ctx, page, kind, &flash.message)?.finalize().into_bytes();
    let signature = hex::encode(full.iter().take(SIGNATURE_BYTES).copied().collect::<Vec<u8>>());
    let line = cookies::set(
        config,
        FLASH,
        format!("{signature}.{kind}.{text}"),
        Some(MAX_AGE_SECONDS),
    )?;
    response.headers_mut().append(SET_COOKIE, line);
    Ok(())
}

/// The notice waiting for `page`, if this browser has a genuine one. A notice for another
/// page, or one whose signature does not verify, is ignored.
#[must_use]
pub fn take(headers: &HeaderMap, ctx: &Ctx, config: &Config, page: &str) -> Option<Flash> {
    let value = cookies::get(config, headers, FLASH)?;
    let mut parts = value.splitn(3, '.');
    let (signature, kind, text) = (parts.next()?, parts.next()?, parts.next()?);
    let kind = match kind {
        "e" => 'e',
        "i" => 'i',
        _ => return None,
    };
    let message: String = url::form_urlencoded::parse(format!("m={text}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())?;
    let signature = hex::decode(signature).ok().filter(|s| s.len() == SIGNATURE_BYTES)?;
    // `verify_truncated_left` compares in constant time.
    mac(ctx, page, kind, &message)
        .ok()?
        .verify_truncated_left(&signature)
        .ok()
        .map(|()| Flash {
            message,
            error: kind == 'e',
        })
}

/// Clears the notice once shown.
///
/// # Errors
/// See [`cookies::clear`].
pub fn clear(response: &mut Response, config: &Config) -> Result<(), ApiError> {
    response
        .headers_mut()
        .append(SET_COOKIE, cookies::clear(config, FLASH)?);
    Ok(())
}
