//! The cookies Herald sets (the session, the pre-session CSRF cookie and the one-time
//! notice, `pages::flash`): their names,
//! their attributes, and reading them from a request, all through the `cookie` crate.
//!
//! Over HTTPS the names carry the `__Host-` prefix: a browser then accepts the cookie only
//! from this origin, `Secure`, with `Path=/` and no `Domain`, so a neighbouring subdomain
//! or a plain-HTTP answer cannot plant a session of its choosing.

use axum::http::header::COOKIE;
use axum::http::{HeaderMap, HeaderValue};
use cookie::{Cookie, SameSite};

use crate::infra::config::Config;
use crate::web::error::ApiError;

/// The session cookie's base name.
pub const SESSION: &str = "herald_session";
/// The base name of the cookie that ties the CSRF token to a browser before it has a session.
pub const PRE_SESSION: &str = "herald_csrf";
/// The base name of the cookie keeping the language chosen in the footer's menu.
pub const LANGUAGE: &str = "herald_lang";
/// The base name of the one-time notice after a refused form (`pages::flash`).
pub const FLASH: &str = "herald_flash";

/// A cookie's name in force: `base`, or `__Host-` + `base` over HTTPS.
#[must_use]
pub fn name(config: &Config, base: &'static str) -> String {
    if host_prefixed(config) {
        format!("__Host-{base}")
    } else {
        base.to_owned()
    }
}

/// Whether names carry `__Host-`: the base URL is HTTPS and cookies are `Secure` (which the
/// prefix requires).
fn host_prefixed(config: &Config) -> bool {
    config.secure_cookies()
        && config
            .base_url
            .trim_start()
            .to_ascii_lowercase()
            .starts_with("https://")
}

/// The value of the cookie named `name` in the request's `Cookie` headers (empty values
/// count as absent).
#[must_use]
pub fn read(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == name && !c.value().is_empty())
        .map(|c| c.value().to_owned())
}

/// The value of the cookie `base` (under its name in force).
#[must_use]
pub fn get(config: &Config, headers: &HeaderMap, base: &'static str) -> Option<String> {
    read(headers, &name(config, base))
}

fn build(config: &Config, base: &'static str, value: String, max_age_secs: Option<i64>) -> Cookie<'static> {
    let mut built = Cookie::build((name(config, base), value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(config.secure_cookies())
        .build();
    if let Some(secs) = max_age_secs {
        built.set_max_age(cookie::time::Duration::seconds(secs));
    }
    built
}

/// The `Set-Cookie` value for cookie `base` (`HttpOnly`, `SameSite=Lax`, `Path=/`, `Secure`
/// when configured); a session cookie without `max_age_secs`.
///
/// # Errors
/// The value holds characters a header cannot.
pub fn set(
    config: &Config,
    base: &'static str,
    value: String,
    max_age_secs: Option<i64>,
) -> Result<HeaderValue, ApiError> {
    HeaderValue::from_str(&build(config, base, value, max_age_secs).to_string())
        .map_err(|e| ApiError::internal_while("cookie header", e))
}

/// The `Set-Cookie` value that removes cookie `base`.
///
/// # Errors
/// Never in practice (a static name and an empty value); a header error is not papered over
/// with another cookie's name.
pub fn clear(config: &Config, base: &'static str) -> Result<HeaderValue, ApiError> {
    set(config, base, String::new(), Some(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(base_url: &str) -> Config {
        let mut config = Config::for_tests("sqlite::memory:");
        config.base_url = base_url.to_owned();
        config
    }

    #[test]
    fn names_carry_the_host_prefix_over_https_only() {
        assert_eq!(name(&config("http://127.0.0.1"), SESSION), "herald_session");
        assert_eq!(name(&config("https://chess.example"), SESSION), "__Host-herald_session");
        let mut forced_off = config("https://chess.example");
        forced_off.cookie_secure = crate::infra::config::AutoBool(Some(false));
        assert_eq!(name(&forced_off, SESSION), "herald_session");
        let set = set(&config("https://chess.example"), SESSION, "abc".into(), Some(60)).unwrap();
        let set = set.to_str().unwrap();
        assert!(set.starts_with("__Host-herald_session=abc"), "{set}");
        for part in ["Path=/", "HttpOnly", "SameSite=Lax", "Secure", "Max-Age=60"] {
            assert!(set.contains(part), "{set}");
        }
        assert!(!set.contains("Domain"), "{set}");
    }

    #[test]
    fn reads_the_named_cookie_among_others() {
        let mut headers = HeaderMap::new();
        headers.append(COOKIE, HeaderValue::from_static("a=1; herald_session=; x"));
        headers.append(COOKIE, HeaderValue::from_static("herald_session=s3cret; b=2"));
        assert_eq!(read(&headers, "herald_session").as_deref(), Some("s3cret"));
        assert_eq!(read(&headers, "a").as_deref(), Some("1"));
        assert_eq!(read(&headers, "__Host-herald_session"), None);
    }
}
