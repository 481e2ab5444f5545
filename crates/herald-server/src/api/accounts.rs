//! Accounts: registration, log in / log out (server-side sessions), and `me`.

use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::club_states::SignupMode;
use crate::storage::{InviteRefused, InvitedSignup};
use crate::web::auth::{self, AuthUser};
use crate::web::cookies;
use crate::web::error::{ApiError, ApiJson, ApiResult, ErrorBody};
use crate::web::standing::Standing;
use crate::web::state::AppState;

/// How long a login session lasts.
const SESSION_MS: i64 = 30 * crate::infra::clock::DAY_MS;

/// The id of the user called `username` (any case).
///
/// # Errors
/// 404 `user_not_found` for a malformed or unknown name; the database fails.
pub async fn user_id_named(state: &AppState, username: &str) -> ApiResult<i64> {
    let missing = || ApiError::not_found("user_not_found", format!("no user `{}`", username.escape_debug()));
    let key = validate_username(username).map_err(|_| missing())?;
    state.db.user_id_by_key(&key).await?.ok_or_else(missing)
}

/// Username rules: 3-20 characters, ASCII letters, digits, `_` and `-`, starting with a
/// letter or digit. Names are unique regardless of case.
///
/// # Errors
/// Why the name is not acceptable.
pub fn validate_username(name: &str) -> ApiResult<String> {
    let bad = |m: &str| ApiError::bad_request("invalid_username", m);
    if !(3..=20).contains(&name.len()) {
        return Err(bad("a username has 3 to 20 characters"));
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return Err(bad("a username uses only letters, digits, `_` and `-`"));
    }
    if !name.chars().next().is_some_and(|c| c.is_ascii_alphanumeric()) {
        return Err(bad("a username starts with a letter or digit"));
    }
    Ok(name.to_ascii_lowercase())
}

/// Password rules: 8 to 128 characters, and not one of the passwords guessed first: zxcvbn
/// (Dropbox's estimator, with its lists of the most common passwords, names and words)
/// must not find it within about a million guesses, counting the username as a hint.
///
/// # Errors
/// The password is too short, too long or too common.
pub fn validate_password(password: &str, username: &str) -> ApiResult<()> {
    let count = password.chars().count();
    if !(8..=128).contains(&count) {
        return Err(ApiError::bad_request(
            "invalid_password",
            "a password has 8 to 128 characters",
        ));
    }
    if zxcvbn::zxcvbn(password, &[username, "herald"]).score() < MIN_PASSWORD_SCORE {
        return Err(ApiError::bad_request(
            "weak_password",
            "that password is among the most common ones (or too close to your username); choose another",
        ));
    }
    Ok(())
}

/// The weakest zxcvbn score accepted: `Two` refuses what falls within ~10^6 guesses, which
/// is zxcvbn's line for guessing that is not slowed down (`One` let `carol123` in for carol).
const MIN_PASSWORD_SCORE: zxcvbn::Score = zxcvbn::Score::Two;

/// Name and password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 3 to 20 letters, digits, `_` and `-`, starting with a letter or digit.
    #[schema(pattern = "^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$")]
    pub username: String,
    /// 8 to 128 characters.
    #[schema(min_length = 8, max_length = 128)]
    pub password: String,
}

/// An account as others see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Account {
    pub id: i64,
    pub username: String,
}

/// A new account: name, password, and the invitation code when sign-up is `invite_only`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewAccount {
    /// 3 to 20 letters, digits, `_` and `-`, starting with a letter or digit.
    #[schema(pattern = "^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$")]
    pub username: String,
    /// 8 to 128 characters.
    #[schema(min_length = 8, max_length = 128)]
    pub password: String,
    /// The invitation code (needed when the site's sign-up is `invite_only`).
    pub invite: Option<String>,
}

/// Register a new account. When the site's sign-up is `closed`: 403 `signup_closed`; when
/// it is `invite_only`: 403 `invitation_required` without a code, `invalid_invitation`,
/// `invitation_expired` or `invitation_used_up` for a code that does not admit one.
#[utoipa::path(post, path = "/accounts", tag = "accounts", request_body = NewAccount,
    responses((status = 201, body = Account), (status = 400, body = ErrorBody),
        (status = 403, description = "`signup_closed`, `invitation_required`, `invalid_invitation`, `invitation_expired`, `invitation_used_up`", body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn create_account(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<NewAccount>,
) -> ApiResult<(StatusCode, ApiJson<Account>)> {
    let id = register(&state, &body.username, body.password, body.invite.as_deref()).await?;
    Ok((
        StatusCode::CREATED,
        ApiJson(Account {
            id,
            username: body.username,
        }),
    ))
}

/// Creates an account (shared by the API and the sign-up page), as the site's sign-up
/// setting allows: anyone, nobody, or with an invitation code (one use taken with the
/// account, atomically).
///
/// # Errors
/// 400 for a bad name or password, 403 when sign-up is closed or the invitation does not
/// admit one, 409 when the name is taken.
pub async fn register(state: &AppState, username: &str, password: String, invite: Option<&str>) -> ApiResult<i64> {
    let mode = state.db.site_settings().await?.signup;
    if mode == SignupMode::Closed {
        return Err(signup_closed());
    }
    let invite = invite.map(str::trim).filter(|c| !c.is_empty());
    if mode == SignupMode::InviteOnly && invite.is_none() {
        return Err(ApiError::forbidden(
            "invitation_required",
            "this server takes new members by invitation only: sign up with an invitation link",
        ));
    }
    let key = validate_username(username)?;
    validate_password(&password, username)?;
    let hash = auth::hash_password(state.config.password_cost, password).await?;
    let taken = || ApiError::conflict("username_taken", "that username is taken");
    let id = match (mode, invite) {
        (SignupMode::InviteOnly, Some(code)) => {
            match state
                .db
                .create_user_invited(username, &key, &hash, state.now(), &auth::secret_hash(code))
                .await?
            {
                InvitedSignup::Created(id) => id,
                InvitedSignup::NameTaken => return Err(taken()),
                InvitedSignup::Refused(why) => return Err(invitation_refusal(why)),
            }
        }
        _ => state
            .db
            .create_user(username, &key, &hash, state.now())
            .await?
            .ok_or_else(taken)?,
    };
    tracing::info!(user = %username, "account created");
    Ok(id)
}

/// The 403 of a sign-up while the site takes no new members.
#[must_use]
pub fn signup_closed() -> ApiError {
    ApiError::forbidden(
        "signup_closed",
        "this server is not taking new members; ask its administrators for an account",
    )
}

/// Starts a session for the user and returns its `Set-Cookie` value (shared by the API
/// and the log-in page). The cookie is `Secure` when the configuration says so.
///
/// # Errors
/// The random source or the database failed.
pub async fn start_session(state: &AppState, user_id: i64) -> ApiResult<HeaderValue> {
    let secret = auth::random_hex(32)?;
    let now = state.now();
    state
        .db
        .create_session(&auth::secret_hash(&secret), user_id, now, now + SESSION_MS)
        .await?;
    cookies::set(&state.config, cookies::SESSION, secret, Some(SESSION_MS / 1000))
}

/// The `Set-Cookie` value that removes the session cookie.
///
/// # Errors
/// See [`cookies::clear`].
pub fn clear_session_cookie(state: &AppState) -> Result<HeaderValue, ApiError> {
    cookies::clear(&state.config, cookies::SESSION)
}

/// Checks credentials and returns the user.
///
/// # Errors
/// 401 `invalid_credentials` for an unknown name or a wrong password; 403
/// `account_suspended` / `account_banned` for a restricted user with the right password.
pub async fn authenticate(state: &AppState, credentials: Credentials) -> ApiResult<AuthUser> {
    let user = match validate_username(&credentials.username) {
        Ok(key) => state.db.user_by_key(&key).await?,
        Err(_) => None,
    };
    let ok = auth::verify_password(
        state.config.password_cost,
        credentials.password,
        user.as_ref().map(|u| u.password_hash.clone()),
    )
    .await?;
    match user {
        Some(user) if ok => {
            // Only once the password matched: the answer must not tell strangers who is banned.
            Standing::check(user.suspended_until, user.banned_at, state.now())?;
            Ok(AuthUser {
                id: user.id,
                username: user.username,
            })
        }
        _ => Err(ApiError::unauthorized(
            "invalid_credentials",
            "wrong username or password",
        )),
    }
}

/// Log in: starts a server-side session and sets its cookie.
#[utoipa::path(post, path = "/session", tag = "accounts", request_body = Credentials,
    responses((status = 200, body = Account), (status = 401, body = ErrorBody),
        (status = 403, description = "`account_suspended` (with the date it ends) or `account_banned`", body = ErrorBody),
        (status = 503, description = "`busy`: too many password checks at once; try again after `Retry-After`", body = ErrorBody)))]
async fn login(State(state): State<AppState>, ApiJson(body): ApiJson<Credentials>) -> ApiResult<impl IntoResponse> {
    let user = authenticate(&state, body).await?;
    let mut headers = HeaderMap::new();
    headers.insert(SET_COOKIE, start_session(&state, user.id).await?);
    Ok((
        headers,
        ApiJson(Account {
            id: user.id,
            username: user.username,
        }),
    ))
}

/// Log out: ends the session named by the cookie.
#[utoipa::path(delete, path = "/session", tag = "accounts",
    responses((status = 204, description = "Logged out; the cookie is cleared"),
        (status = 403, description = "`csrf_failed`: the session cookie was sent without the page's `X-CSRF-Token` header",
            body = ErrorBody)))]
async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<impl IntoResponse> {
    let (mut parts, ()) = axum::http::Request::new(()).into_parts();
    parts.method = axum::http::Method::DELETE;
    parts.headers = headers;
    // Like every cookie-authenticated write, logging out needs the page's CSRF token: else
    // any site could log a visitor out.
    auth::Credential::of(&parts, &state.config)?;
    if let Some(secret) = auth::session_cookie(&parts, &state.config) {
        state.db.delete_session(&auth::secret_hash(&secret)).await?;
    }
    let mut out = HeaderMap::new();
    out.insert(SET_COOKIE, clear_session_cookie(&state)?);
    Ok((StatusCode::NO_CONTENT, out))
}

/// The caller's account.
#[utoipa::path(get, path = "/me", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Account), (status = 401, body = ErrorBody)))]
async fn me(user: AuthUser) -> ApiJson<Account> {
    ApiJson(Account {
        id: user.id,
        username: user.username,
    })
}

/// Routes: `/accounts`, `/session`, `/me`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_account))
        .routes(routes!(login, logout))
        .routes(routes!(me))
}

/// The 403 of a sign-up an invitation did not admit.
#[must_use]
pub fn invitation_refusal(why: InviteRefused) -> ApiError {
    match why {
        InviteRefused::Unknown | InviteRefused::Revoked => {
            ApiError::forbidden("invalid_invitation", "that invitation code is not valid")
        }
        InviteRefused::Expired => ApiError::forbidden("invitation_expired", "that invitation has expired"),
        InviteRefused::Exhausted => ApiError::forbidden(
            "invitation_used_up",
            "that invitation has been used as often as it allows",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        assert_eq!(validate_username("Alice_1").unwrap(), "alice_1");
        for bad in ["ab", "-abc", "a b c", "ünïcode", "x".repeat(21).as_str(), ""] {
            assert!(validate_username(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn common_and_name_based_passwords_are_refused_and_passphrases_accepted() {
        for (user, weak) in [
            ("carol", "carol123"),
            ("carol", "password1"),
            ("carol", "qwertyuiop"),
            ("dave", "whatever1"),
            ("dave", "password-x"),
            ("dave", "12345678"),
        ] {
            let error = validate_password(weak, user).unwrap_err();
            assert!(error.to_string().contains("most common"), "{weak}: {error}");
        }
        for (user, fine) in [
            ("carol", "correct horse battery"),
            ("alice", "password-alice"),
            ("dave", "a whole new passphrase"),
            ("dave", "secret-pass"),
        ] {
            assert!(validate_password(fine, user).is_ok(), "{fine}");
        }
        assert!(validate_password("short", "dave").is_err());
        assert!(
            validate_password(&"long passphrase ".repeat(9), "dave").is_err(),
            "over 128"
        );
    }
}
