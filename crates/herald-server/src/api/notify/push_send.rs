//! Sending Web Push messages: the server's VAPID key (RFC 8292: configured, or made at
//! first start and kept in the database for every instance), each message encrypted to
//! its device (RFC 8291, aes128gcm) with `TTL`, `Urgency` and `Topic` (RFC 8030), and the
//! worker that claims queued messages by leases, retries with back-off, and drops a
//! subscription its push service says is gone (404, 410).

use std::time::Duration;

use base64ct::{Base64UrlUnpadded, Encoding};
use futures_util::future::join_all;
use web_push_native::jwt_simple::algorithms::{ECDSAP256KeyPairLike, ECDSAP256PublicKeyLike, ES256KeyPair};
use web_push_native::jwt_simple::claims::Claims;
use web_push_native::p256::PublicKey;
use web_push_native::{Auth, WebPushBuilder};

use super::NotifyError;
use super::channel::backoff_ms;
use super::egress;
use crate::storage::ClaimedPush;
use crate::web::state::AppState;

/// The server's VAPID identity.
pub struct Vapid {
    key: ES256KeyPair,
    /// The public key as browsers take it (`applicationServerKey`): uncompressed P-256
    /// point, base64url without padding.
    pub public_key: String,
    subject: String,
}

impl std::fmt::Debug for Vapid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the private key.
        f.debug_struct("Vapid")
            .field("public_key", &self.public_key)
            .finish_non_exhaustive()
    }
}

const VAPID_KEY: &str = "vapid_private";

/// Decodes a VAPID private key (base64url of the 32-byte scalar).
///
/// # Errors
/// Not base64url, or not a valid P-256 scalar.
pub fn parse_vapid_key(text: &str) -> Result<ES256KeyPair, String> {
    let bytes = Base64UrlUnpadded::decode_vec(text.trim().trim_end_matches('=')).map_err(|e| e.to_string())?;
    ES256KeyPair::from_bytes(&bytes).map_err(|e| e.to_string())
}

impl Vapid {
    /// The server's VAPID identity: the configured key, or the stored one, made by the
    /// first instance that needs it (never made up when the random source fails).
    ///
    /// # Errors
    /// The database or the random source fails, or a key is unusable.
    pub async fn of(state: &AppState) -> Result<Vapid, NotifyError> {
        let key = match state.config.vapid_private_key.as_deref() {
            Some(configured) if !configured.trim().is_empty() => {
                parse_vapid_key(configured).map_err(NotifyError::VapidKey)?
            }
            _ => parse_vapid_key(&stored_key(state).await?).map_err(NotifyError::VapidKey)?,
        };
        let public_key = Base64UrlUnpadded::encode_string(&key.public_key().public_key().to_bytes_uncompressed());
        let subject = state
            .config
            .vapid_subject
            .clone()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| default_subject(&state.config.smtp_from, &state.config.base_url));
        Ok(Vapid {
            key,
            public_key,
            subject,
        })
    }

    /// The `Authorization` header for a push service at `origin` (`https://host[:port]`):
    /// a JWT signed with ES256 for 12 hours, and the public key.
    ///
    /// # Errors
    /// Signing fails.
    pub fn authorization(&self, origin: &str) -> Result<String, String> {
        let claims = Claims::create(web_push_native::jwt_simple::prelude::Duration::from_hours(12))
            .with_audience(origin)
            .with_subject(&self.subject);
        let token = self.key.sign(claims).map_err(|e| e.to_string())?;
        Ok(format!("vapid t={token}, k={}", self.public_key))
    }
}

/// `mailto:` the e-mails' From address, or the site's address when it is https.
fn default_subject(from: &str, base_url: &str) -> String {
    let address = from
        .rsplit_once('<')
        .map_or(from, |(_, rest)| rest.trim_end_matches('>'))
        .trim();
    if address.contains('@') && !address.ends_with("@localhost") || !base_url.starts_with("https://") {
        format!("mailto:{address}")
    } else {
        base_url.trim_end_matches('/').to_owned()
    }
}

async fn stored_key(state: &AppState) -> Result<String, NotifyError> {
    if let Some(key) = state.db.server_key(VAPID_KEY).await? {
        return Ok(key);
    }
    // A random 32-byte string is a valid P-256 scalar but for about 2^-32 of them.
    let fresh = loop {
        let mut bytes = [0_u8; 32];
        getrandom::fill(&mut bytes).map_err(NotifyError::Random)?;
        if ES256KeyPair::from_bytes(&bytes).is_ok() {
            break Base64UrlUnpadded::encode_string(&bytes);
        }
    };
    Ok(state.db.create_server_key(VAPID_KEY, &fresh).await?)
}

/// How one attempt went.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Outcome {
    Sent(i64),
    /// 404 or 410: the browser unsubscribed or the subscription expired.
    Gone(i64),
    /// Worth another try (network, 429, 5xx), no sooner than the push service asks.
    Retry(Option<i64>, String, Option<i64>),
    /// Refused for good (a bad key, a payload too large, a refused address).
    Failed(Option<i64>, String),
}

/// The HTTP client for push services: the webhooks' guard against private addresses,
/// no redirects, a 10-second timeout.
///
/// # Errors
/// The client cannot be built.
pub fn client(allow_private: bool) -> Result<reqwest::Client, reqwest::Error> {
    super::webhooks::client(allow_private)
}

/// The encrypted body of a message, and its headers so far (`TTL`, `Content-Encoding`).
fn encrypted(push: &ClaimedPush) -> Result<(reqwest::header::HeaderMap, Vec<u8>), String> {
    let endpoint = push
        .endpoint
        .parse()
        .map_err(|_| "the endpoint is not a URL".to_owned())?;
    let public =
        Base64UrlUnpadded::decode_vec(&push.p256dh).map_err(|_| "the device key is not base64url".to_owned())?;
    let public = PublicKey::from_sec1_bytes(&public).map_err(|_| "the device key is not a P-256 point".to_owned())?;
    let auth =
        Base64UrlUnpadded::decode_vec(&push.auth).map_err(|_| "the device secret is not base64url".to_owned())?;
    if auth.len() != 16 {
        return Err("the device secret is not 16 bytes".to_owned());
    }
    let ttl = Duration::from_secs(u64::try_from(push.ttl_secs).unwrap_or(0));
    let request = WebPushBuilder::new(endpoint, public, Auth::clone_from_slice(&auth))
        .with_valid_duration(ttl)
        .build(push.payload.as_bytes())
        .map_err(|e| e.to_string())?;
    let (parts, body) = request.into_parts();
    Ok((parts.headers, body))
}

async fn attempt(client: &reqwest::Client, allow_private: bool, vapid: &Vapid, push: &ClaimedPush) -> Outcome {
    let Ok(url) = reqwest::Url::parse(&push.endpoint) else {
        return Outcome::Failed(None, "the endpoint is not a URL".to_owned());
    };
    if !allow_private && let Some(what) = egress::refused_host(&url) {
        return Outcome::Failed(None, format!("refused: the endpoint points to {what}"));
    }
    let (headers, body) = match encrypted(push) {
        Ok(sealed) => sealed,
        Err(error) => return Outcome::Failed(None, error),
    };
    let authorization = match vapid.authorization(&url.origin().ascii_serialization()) {
        Ok(header) => header,
        Err(error) => return Outcome::Failed(None, error),
    };
    let response = client
        .post(url)
        .headers(headers)
        .header(reqwest::header::AUTHORIZATION, authorization)
        .header("Urgency", &push.urgency)
        .header("Topic", &push.topic)
        .body(body)
        .send()
        .await;
    let response = match response {
        Ok(response) => response,
        Err(error) => return Outcome::Retry(None, error.without_url().to_string(), None),
    };
    let status = response.status();
    let code = i64::from(status.as_u16());
    if status.is_success() {
        Outcome::Sent(code)
    } else if code == 404 || code == 410 {
        Outcome::Gone(code)
    } else if code == 429 || status.is_server_error() {
        let after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<i64>().ok())
            .map(|secs| secs.clamp(0, 86_400) * 1000);
        Outcome::Retry(Some(code), format!("HTTP {code}"), after)
    } else {
        Outcome::Failed(Some(code), format!("HTTP {code}"))
    }
}

/// Sends one claimed message and records how it went.
async fn deliver(
    state: &AppState,
    client: &reqwest::Client,
    vapid: &Vapid,
    push: ClaimedPush,
) -> Result<(), sqlx::Error> {
    let config = &state.config;
    let outcome = attempt(client, config.webhook_allow_private, vapid, &push).await;
    let now = state.now();
    match outcome {
        Outcome::Sent(status) => {
            crate::web::telemetry::push_sent("sent");
            state.db.push_sent(&push, status, now).await
        }
        Outcome::Gone(status) => {
            crate::web::telemetry::push_sent("gone");
            tracing::info!(
                subscription = push.subscription_id,
                status,
                "push subscription gone; removed"
            );
            state.db.drop_push_subscription(push.subscription_id).await
        }
        Outcome::Retry(status, error, after) => {
            let attempts = push.attempts + 1;
            let retry_at = (attempts < config.webhook_max_attempts)
                .then(|| now + backoff_ms(config.webhook_retry_base_ms, attempts).max(after.unwrap_or(0)));
            crate::web::telemetry::push_sent(if retry_at.is_some() { "retry" } else { "failed" });
            state.db.push_failed(&push, status, &error, retry_at, now).await
        }
        Outcome::Failed(status, error) => {
            crate::web::telemetry::push_sent("failed");
            state.db.push_failed(&push, status, &error, None, now).await
        }
    }
}

/// How long a claimed message is reserved for the worker sending it.
const LEASE_MS: i64 = 60_000;
/// Messages one claim takes, and of those one player's at most.
const BATCH: i64 = 32;
const PER_USER: i64 = 4;

/// The push worker: claims due messages (every player's first before anyone's fifth),
/// sends a batch at once, and waits for more to be queued or for retries to fall due.
pub async fn run(state: AppState, client: reqwest::Client) {
    loop {
        let claimed = match state.db.claim_pushes(state.now(), LEASE_MS, BATCH, PER_USER).await {
            Ok(claimed) => claimed,
            Err(error) => {
                tracing::warn!(%error, "push messages cannot be claimed");
                Vec::new()
            }
        };
        let full = i64::try_from(claimed.len()).unwrap_or(0) == BATCH;
        if !claimed.is_empty() {
            match Vapid::of(&state).await {
                Ok(vapid) => {
                    let sends = claimed.into_iter().map(|push| deliver(&state, &client, &vapid, push));
                    for result in join_all(sends).await {
                        if let Err(error) = result {
                            tracing::warn!(%error, "a push attempt was not recorded");
                        }
                    }
                }
                // The lease runs out and the messages are claimed again.
                Err(error) => tracing::error!(%error, "push messages cannot be signed"),
            }
        }
        if !full && !super::idle(&state, &state.hub().work.push, Duration::from_millis(500)).await {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subject_is_an_address_or_the_site() {
        assert_eq!(
            default_subject("Herald <club@example.org>", "http://x"),
            "mailto:club@example.org"
        );
        assert_eq!(
            default_subject("Herald <herald@localhost>", "https://chess.example.org/"),
            "https://chess.example.org"
        );
    }

    #[test]
    fn a_vapid_key_is_a_p256_scalar() {
        assert!(parse_vapid_key("not a key").is_err());
        assert!(parse_vapid_key(&Base64UrlUnpadded::encode_string(&[0_u8; 32])).is_err());
        let key = parse_vapid_key("RS0WdYWWo1HajXg3NZR1olzCf31i-ZBGDkFyCs7j1jw");
        assert!(key.is_ok());
    }
}
