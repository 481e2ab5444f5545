//! A user's own account lifecycle: downloading everything Herald holds about them (JSON),
//! and deleting the account (games, ratings and chat messages stay under a stable
//! "deleted user N"; credentials, sessions, tokens, webhooks and the e-mail address go).

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::notify::channel::{Switches, setting};
use crate::api::notify::registry::all_switches;
use crate::web::auth::{AuthUser, verify_password};
use crate::web::error::{ApiError, ApiJson, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// Everything about `user`, as one JSON document.
///
/// # Errors
/// The database fails.
pub async fn export(state: &AppState, user: &AuthUser) -> ApiResult<serde_json::Value> {
    let mut out = serde_json::Map::new();
    out.insert("exported_at".to_owned(), state.now().into());
    out.insert("user_id".to_owned(), user.id.into());
    for (name, rows) in state.db.account_data(user.id).await? {
        let mut value = if matches!(name, "account" | "notification_settings" | "preferences") {
            rows.into_iter().next().unwrap_or(serde_json::Value::Null)
        } else {
            serde_json::Value::Array(rows)
        };
        // Each channel's switches, as stored before they had a table of their own: 1 or 0.
        if name == "notification_settings"
            && let serde_json::Value::Object(fields) = &mut value
        {
            let switches = Switches::of(state, user.id).await?;
            for (channel, switch) in all_switches() {
                let on = switches.on(channel.name(), switch.kind);
                fields.insert(setting(channel, switch.kind), i64::from(on).into());
            }
        }
        out.insert(name.to_owned(), value);
    }
    Ok(serde_json::Value::Object(out))
}

/// Deletes `user`'s own account once their password is confirmed.
///
/// # Errors
/// 403 `wrong_password`; 409 `last_admin` for the only administrator.
pub async fn delete(state: &AppState, user: &AuthUser, password: &str) -> ApiResult<()> {
    let row = state
        .db
        .user_by_id(user.id)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unauthorized", "no such user"))?;
    if !verify_password(state.config.password_cost, password.to_owned(), Some(row.password_hash)).await? {
        return Err(ApiError::forbidden(
            "wrong_password",
            "the password is not right: the account was not deleted",
        ));
    }
    if state.db.is_admin(user.id).await? {
        return Err(ApiError::conflict(
            "admin_account",
            "an administrator's account cannot be deleted: have another administrator revoke your rights first",
        ));
    }
    let chat = state.db.site_settings().await?.deleted_chat;
    if !state.db.delete_user(user.id, state.now(), chat, None).await? {
        return Err(ApiError::unauthorized("unauthorized", "no such user"));
    }
    tracing::info!(user_id = user.id, "account deleted by its owner");
    Ok(())
}

/// Download everything Herald holds about you: account, games and seats, ratings, notes,
/// variations, conditional moves, chat messages, tokens (names only), sessions, webhooks
/// (no secrets), push devices, notification settings, preferences (time zone, language,
/// move confirmation), blocks, reports filed and warnings received.
#[utoipa::path(get, path = "/me/export", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, description = "The data, as a JSON attachment", body = Object),
        (status = 401, body = ErrorBody)))]
async fn export_me(State(state): State<AppState>, user: AuthUser) -> ApiResult<Response> {
    let data = export(&state, &user).await?;
    let name = format!("attachment; filename=\"herald-{}.json\"", user.id);
    Ok((
        [
            (CONTENT_TYPE, "application/json".to_owned()),
            (CONTENT_DISPOSITION, name),
        ],
        ApiJson(data),
    )
        .into_response())
}

/// The password that confirms a deletion.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeleteAccount {
    pub password: String,
}

/// Delete your account. Your games stay in the archive under "deleted user N" (so do your
/// chat messages); your password, sessions, tokens, webhooks, e-mail address, settings and
/// blocks are removed. It cannot be undone.
#[utoipa::path(delete, path = "/me/account", tag = "accounts", security(("bearer" = [])), request_body = DeleteAccount,
    responses((status = 204, description = "Deleted"), (status = 401, body = ErrorBody),
        (status = 403, description = "`wrong_password`", body = ErrorBody), (status = 409, description = "`admin_account`", body = ErrorBody)))]
async fn delete_me(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<DeleteAccount>,
) -> ApiResult<StatusCode> {
    delete(&state, &user, &body.password).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/v1/me/export` and `DELETE /api/v1/me/account`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(export_me))
        .routes(routes!(delete_me))
}
