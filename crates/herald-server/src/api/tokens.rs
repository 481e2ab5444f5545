//! Personal API tokens: created with name and password, shown once, stored hashed,
//! listed and revoked by their owner.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::accounts::{Credentials, authenticate};
use crate::web::auth::{self, AuthUser, TOKEN_PREFIX};
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// Credentials and an optional label for the token.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    #[schema(pattern = "^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$")]
    pub username: String,
    #[schema(min_length = 8, max_length = 128)]
    pub password: String,
    /// A label to recognise the token by (default `api`): 1 to 64 printable characters.
    #[schema(min_length = 1, max_length = 64)]
    pub name: Option<String>,
}

/// A new token: `token` is shown only this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedToken {
    pub id: i64,
    pub name: String,
    pub token: String,
}

/// A token's metadata.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenInfo {
    pub id: i64,
    pub name: String,
    /// Epoch milliseconds.
    pub created_at: i64,
}

/// Create a personal API token (use it as `Authorization: Bearer <token>`).
#[utoipa::path(post, path = "/tokens", tag = "tokens", request_body = NewToken,
    responses((status = 201, body = CreatedToken), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "`account_suspended` (with the date it ends) or `account_banned`", body = ErrorBody),
        (status = 503, description = "`busy`: too many password checks at once; try again after `Retry-After`", body = ErrorBody)))]
async fn create_token(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<NewToken>,
) -> ApiResult<(StatusCode, ApiJson<CreatedToken>)> {
    let name = body.name.unwrap_or_else(|| "api".to_owned());
    validate_name(&name)?;
    let user = authenticate(
        &state,
        Credentials {
            username: body.username,
            password: body.password,
        },
    )
    .await?;
    Ok((StatusCode::CREATED, ApiJson(issue(&state, user.id, name).await?)))
}

fn validate_name(name: &str) -> ApiResult<()> {
    if name.trim().is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "invalid_name",
            "a token name has 1 to 64 printable characters",
        ));
    }
    Ok(())
}

/// Creates a token for an already authenticated user (the API checks the password, the
/// settings page the session).
///
/// # Errors
/// 400 for a bad name; the random source or the database failed.
pub async fn issue(state: &AppState, user_id: i64, name: String) -> ApiResult<CreatedToken> {
    validate_name(&name)?;
    let token = format!("{TOKEN_PREFIX}{}", auth::random_hex(32)?);
    let id = state
        .db
        .create_token(user_id, &name, &auth::secret_hash(&token), state.now())
        .await?;
    Ok(CreatedToken { id, name, token })
}

/// List the caller's tokens (without their secrets).
#[utoipa::path(get, path = "/tokens", tag = "tokens", security(("bearer" = [])),
    responses((status = 200, body = Vec<TokenInfo>), (status = 401, body = ErrorBody)))]
async fn list_tokens(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<Vec<TokenInfo>>> {
    let rows = state.db.list_tokens(user.id).await?;
    Ok(ApiJson(
        rows.into_iter()
            .map(|r| TokenInfo {
                id: r.id,
                name: r.name,
                created_at: r.created_at,
            })
            .collect(),
    ))
}

/// Revoke one of the caller's tokens.
#[utoipa::path(delete, path = "/tokens/{id}", tag = "tokens", security(("bearer" = [])),
    params(("id" = i64, Path, description = "token id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn revoke_token(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    if state.db.delete_token(user.id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found("token_not_found", "no such token"))
    }
}

/// Routes: `/tokens`, `/tokens/{id}`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_token, list_tokens))
        .routes(routes!(revoke_token))
}
