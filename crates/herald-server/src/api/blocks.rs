//! Who may invite whom: a user can block another from inviting them (challenges addressed
//! to them), and nobody can have more than [`MAX_PENDING_INVITATIONS`] unanswered
//! invitations out at once, so one account cannot flood another's lobby.

use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// Unanswered invitations one user may have out at once.
pub const MAX_PENDING_INVITATIONS: i64 = 20;

/// Refuses an invitation `invitee` has blocked `inviter` from sending.
///
/// # Errors
/// 403 `invitation_refused`; the database fails.
pub async fn check_invite(state: &AppState, inviter: i64, invitee: i64) -> ApiResult<()> {
    if state.db.blocks(invitee, inviter).await? {
        return Err(ApiError::forbidden(
            "invitation_refused",
            "that player does not accept invitations from you",
        ));
    }
    Ok(())
}

/// The refusal of invitations that would take their sender past the cap, who already has
/// `pending` unanswered ones.
#[must_use]
pub fn too_many_invitations(pending: i64) -> ApiError {
    ApiError::conflict(
        "too_many_invitations",
        format!(
            "you have {pending} unanswered invitations (at most {MAX_PENDING_INVITATIONS}); \
             wait for answers or cancel some first"
        ),
    )
}

/// `user` blocks `username` from inviting them (again: no change).
///
/// # Errors
/// 404 for an unknown user, 400 for oneself; the database fails.
pub async fn block(state: &AppState, user: i64, username: &str) -> ApiResult<()> {
    let other = crate::api::accounts::user_id_named(state, username).await?;
    if other == user {
        return Err(ApiError::bad_request("invalid_block", "you cannot block yourself"));
    }
    Ok(state.db.block_user(user, other, state.now()).await?)
}

/// `user` lets `username` invite them again.
///
/// # Errors
/// 404 for an unknown user; the database fails.
pub async fn unblock(state: &AppState, user: i64, username: &str) -> ApiResult<()> {
    let other = crate::api::accounts::user_id_named(state, username).await?;
    state.db.unblock_user(user, other).await?;
    Ok(())
}

/// Usernames you block from inviting you.
#[utoipa::path(get, path = "/me/blocks", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Vec<String>), (status = 401, body = ErrorBody)))]
async fn list_blocks(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<Vec<String>>> {
    Ok(ApiJson(state.db.blocked_users(user.id).await?))
}

/// Block a user from inviting you.
#[utoipa::path(put, path = "/me/blocks/{username}", tag = "accounts", security(("bearer" = [])),
    params(("username" = String, Path)),
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn put_block(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(username): ApiPath<String>,
) -> ApiResult<StatusCode> {
    block(&state, user.id, &username).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Let a blocked user invite you again.
#[utoipa::path(delete, path = "/me/blocks/{username}", tag = "accounts", security(("bearer" = [])),
    params(("username" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete_block(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(username): ApiPath<String>,
) -> ApiResult<StatusCode> {
    unblock(&state, user.id, &username).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Routes: `/me/blocks`, `/me/blocks/{username}`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_blocks))
        .routes(routes!(put_block, delete_block))
}
