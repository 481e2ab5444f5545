//! Credentials: password hashing (Argon2, off the async runtime), secret tokens stored
//! only as SHA-256 hashes, and the extractors that identify the caller from a Bearer
//! token or a session cookie.

use std::sync::LazyLock;

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::infra::config::{Config, PasswordCost};
use crate::infra::hub::StreamHolder;
use crate::web::error::ApiError;
use crate::web::standing::Standing;
use crate::web::state::AppState;

/// Prefix of API tokens, so leaked ones are easy to recognise.
pub const TOKEN_PREFIX: &str = "hrd_";

/// The authenticated caller.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: i64,
    pub username: String,
}

/// The caller if authenticated; a malformed or unknown credential is still an error.
#[derive(Debug, Clone)]
pub struct MaybeAuthUser(pub Option<AuthUser>);

/// Argon2 takes 19 MiB and a core for a while per hash: at most one hash per core runs at
/// once, a few more wait, and beyond that a request is turned away (503 `busy`) rather than
/// queued on the blocking pool's 512 threads, where memory would grow with the crowd.
struct Hashing {
    running: tokio::sync::Semaphore,
    admitted: tokio::sync::Semaphore,
}

static HASHING: LazyLock<Hashing> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    Hashing {
        running: tokio::sync::Semaphore::new(cores),
        // Running plus waiting: a short queue of twice the cores.
        admitted: tokio::sync::Semaphore::new(cores * 3),
    }
});

/// Runs one password hash or check on the blocking pool, within [`HASHING`]'s bounds.
async fn bounded<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
    let Ok(admitted) = HASHING.admitted.try_acquire() else {
        return Err(ApiError::Busy);
    };
    let running = HASHING
        .running
        .acquire()
        .await
        .map_err(|e| ApiError::internal_while("hashing gate closed", e))?;
    // The permits go with the work: a client that hangs up does not free its place while
    // its hash still runs.
    tokio::task::spawn_blocking(move || {
        let _permits = (admitted, running);
        work()
    })
    .await
    .map_err(|e| ApiError::internal_while("hashing task failed", e))
}

impl PasswordCost {
    fn hasher(self) -> Argon2<'static> {
        let params = match self {
            PasswordCost::Standard => argon2::Params::default(),
            PasswordCost::Minimal => argon2::Params::new(
                argon2::Params::MIN_M_COST,
                argon2::Params::MIN_T_COST,
                argon2::Params::MIN_P_COST,
                None,
            )
            .unwrap_or_default(),
        };
        Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
    }

    /// A PHC string (`$argon2id$v=19$m=…`) of `password` with a fresh salt.
    fn hash(self, password: &[u8]) -> Result<String, argon2::password_hash::Error> {
        let salt = SaltString::generate(&mut OsRng);
        Ok(self.hasher().hash_password(password, &salt)?.to_string())
    }
}

/// Hashes a password with Argon2id on the blocking pool.
///
/// # Errors
/// 503 `busy` when too many hashes are running or waiting; the blocking task failed.
pub async fn hash_password(cost: PasswordCost, password: String) -> Result<String, ApiError> {
    bounded(move || cost.hash(password.as_bytes()))
        .await?
        .map_err(|e| ApiError::internal_while("password hashing failed", e))
}

/// Checks `password` against a stored PHC string, with the parameters it was made with.
fn matches(password: &[u8], stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| Argon2::default().verify_password(password, &parsed).is_ok())
}

/// A hash of nothing anyone knows, checked when the username is unknown, made at each cost.
static DUMMY_HASHES: LazyLock<[String; 2]> = LazyLock::new(|| {
    [PasswordCost::Standard, PasswordCost::Minimal].map(|cost| cost.hash(b"not a real password").unwrap_or_default())
});

/// Checks a password against a stored hash on the blocking pool. With no hash (unknown
/// user) it checks a dummy hash of the same cost, so timing does not tell which usernames
/// exist.
///
/// # Errors
/// 503 `busy` when too many hashes are running or waiting; the blocking task failed.
pub async fn verify_password(cost: PasswordCost, password: String, hash: Option<String>) -> Result<bool, ApiError> {
    bounded(move || match hash {
        Some(hash) => matches(password.as_bytes(), &hash),
        None => {
            let dummy = &DUMMY_HASHES[usize::from(cost == PasswordCost::Minimal)];
            let _ = matches(password.as_bytes(), dummy);
            false
        }
    })
    .await
}

/// A fresh random secret: 32 bytes, hex encoded.
///
/// # Errors
/// The operating system's random source failed.
pub fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buf = vec![0_u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| ApiError::internal_while("random source failed", e))?;
    Ok(hex::encode(buf))
}

/// A short random id from an unambiguous alphabet (lower-case letters and digits).
///
/// # Errors
/// The operating system's random source failed.
pub fn random_id(len: usize) -> Result<String, ApiError> {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut buf = vec![0_u8; len];
    getrandom::fill(&mut buf).map_err(|e| ApiError::internal_while("random source failed", e))?;
    Ok(buf
        .iter()
        .map(|b| char::from(ALPHABET.get(usize::from(b % 32)).copied().unwrap_or(b'a')))
        .collect())
}

/// The stored form of a secret.
#[must_use]
pub fn secret_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

fn bearer(parts: &Parts) -> Result<Option<&str>, ApiError> {
    let Some(value) = parts.headers.get(AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value
        .to_str()
        .map_err(|_| ApiError::unauthorized("invalid_token", "malformed Authorization header"))?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .ok_or_else(|| ApiError::unauthorized("invalid_token", "expected `Authorization: Bearer <token>`"))?;
    Ok(Some(token.trim()))
}

/// The session cookie's value, if sent.
#[must_use]
pub fn session_cookie(parts: &Parts, config: &Config) -> Option<String> {
    crate::web::cookies::get(config, &parts.headers, crate::web::cookies::SESSION)
}

/// The CSRF token of a cookie secret (session or pre-session): it cannot be computed
/// without the cookie, which another site never sees.
#[must_use]
pub fn csrf_token_for(secret: &str) -> String {
    let digest = Sha256::digest(format!("herald-csrf:{secret}").as_bytes());
    hex::encode(digest.get(..24).unwrap_or(&digest))
}

/// Compares in constant time (for equal lengths), so timing does not reveal how much of a
/// guess was right.
#[must_use]
pub fn same_secret(a: &str, b: &str) -> bool {
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

fn csrf_header_matches(parts: &Parts, session: &str) -> bool {
    parts
        .headers
        .get("x-csrf-token")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|sent| same_secret(sent, &csrf_token_for(session)))
}

/// Who a request says it is, before any lookup. The move route resolves it in the same
/// query that reads the game, which saves a database round trip on the hottest path;
/// everything else goes through [`AuthUser`].
#[derive(Debug, Clone)]
pub enum Credential {
    /// The SHA-256 of a Bearer token.
    Token(String),
    /// The SHA-256 of the session cookie (the CSRF check of an unsafe request passed).
    Session(String),
}

impl Credential {
    /// The credential of a request, if it carries one.
    ///
    /// # Errors
    /// A malformed Authorization header (401); a cookie-authenticated unsafe request
    /// without the page's CSRF token (403 `csrf_failed`).
    pub fn of(parts: &Parts, config: &Config) -> Result<Option<Credential>, ApiError> {
        if let Some(token) = bearer(parts)? {
            return Ok(Some(Credential::Token(secret_hash(token))));
        }
        if let Some(session) = session_cookie(parts, config) {
            // A browser sends the cookie along with requests another site makes it send: an
            // unsafe request must also prove it comes from our pages (the pages' CSRF token).
            if !parts.method.is_safe() && !csrf_header_matches(parts, &session) {
                return Err(ApiError::forbidden(
                    "csrf_failed",
                    "a request authenticated by the session cookie needs the page's X-CSRF-Token header \
                     (programs should use `Authorization: Bearer <token>`)",
                ));
            }
            return Ok(Some(Credential::Session(secret_hash(&session))));
        }
        Ok(None)
    }

    /// The stored hash that names the token or session.
    #[must_use]
    pub fn hash(&self) -> &str {
        match self {
            Credential::Token(hash) | Credential::Session(hash) => hash,
        }
    }

    /// The 401 for a credential that names nobody.
    #[must_use]
    pub fn unknown(&self) -> ApiError {
        match self {
            Credential::Token(_) => ApiError::unauthorized("invalid_token", "unknown or revoked token"),
            Credential::Session(_) => ApiError::unauthorized("invalid_session", "session expired or logged out"),
        }
    }

    /// Looks the credential up on its own.
    ///
    /// # Errors
    /// 401 when it names nobody; 403 `account_suspended` / `account_banned`; the database
    /// fails.
    pub async fn resolve(&self, state: &AppState) -> Result<AuthUser, ApiError> {
        let found = match self {
            Credential::Token(hash) => state.db.user_by_token(hash).await?,
            Credential::Session(hash) => state.db.user_by_session(hash, state.now()).await?,
        };
        let user = found.ok_or_else(|| self.unknown())?;
        // A suspended or banned user's sessions and tokens stay stored (an unban restores
        // them) but are refused here, on every request.
        Standing::check(user.suspended_until, user.banned_at, state.now())?;
        Ok(AuthUser {
            id: user.id,
            username: user.username,
        })
    }
}

/// The 401 for a request that needs a credential and sent none.
pub(crate) fn unauthenticated() -> ApiError {
    ApiError::unauthorized("unauthenticated", "log in or send `Authorization: Bearer <token>`")
}

impl FromRequestParts<AppState> for Credential {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Credential::of(parts, &state.config)?.ok_or_else(unauthenticated)
    }
}

async fn identify(parts: &Parts, state: &AppState) -> Result<Option<(AuthUser, Credential)>, ApiError> {
    match Credential::of(parts, &state.config)? {
        Some(credential) => {
            let user = credential.resolve(state).await?;
            state.db.seen(user.id, state.now());
            Ok(Some((user, credential)))
        }
        None => Ok(None),
    }
}

/// The caller of a live stream, if authenticated, with the credential the stream is opened
/// with: the stream ends when that session is logged out or that token revoked, not only
/// when all of the user's credentials are cut.
#[derive(Debug, Clone, Default)]
pub struct StreamCaller {
    pub user: Option<AuthUser>,
    pub holder: StreamHolder,
}

impl StreamCaller {
    /// The caller's user id, if authenticated.
    #[must_use]
    pub fn id(&self) -> Option<i64> {
        self.user.as_ref().map(|u| u.id)
    }
}

impl FromRequestParts<AppState> for StreamCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(match identify(parts, state).await? {
            Some((user, credential)) => StreamCaller {
                holder: StreamHolder {
                    user: Some(user.id),
                    credential: Some(credential.hash().to_owned()),
                },
                user: Some(user),
            },
            None => StreamCaller::default(),
        })
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        identify(parts, state)
            .await?
            .map(|(user, _)| user)
            .ok_or_else(unauthenticated)
    }
}

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(MaybeAuthUser(identify(parts, state).await?.map(|(user, _)| user)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_hashes() {
        let id = random_id(10).unwrap();
        assert_eq!(id.len(), 10);
        assert!(id.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_eq!(random_hex(32).unwrap().len(), 64);
        assert_eq!(secret_hash("abc").len(), 64);
    }

    #[test]
    fn servers_hash_with_the_recommended_parameters_and_any_cost_verifies() {
        let standard = PasswordCost::Standard.hash(b"correct horse").unwrap();
        assert!(standard.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{standard}");
        let minimal = PasswordCost::Minimal.hash(b"correct horse").unwrap();
        assert!(minimal.starts_with("$argon2id$v=19$m=8,t=1,p=1$"), "{minimal}");
        for stored in [&standard, &minimal] {
            assert!(matches(b"correct horse", stored));
            assert!(!matches(b"correct horsf", stored));
        }
        assert!(!matches(b"anything", "not a hash"));
        assert_eq!(PasswordCost::default(), PasswordCost::Standard);
    }
}
