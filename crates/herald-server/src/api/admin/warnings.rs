//! Warnings: resolving a report with "warn" ([`super::reports::resolve`]) leaves the warned
//! user a warning, with the administrator's note, that they see on every page of theirs and
//! at `GET /api/v1/me/warnings` until they dismiss it. It is not e-mailed: the e-mail outbox
//! is keyed by game and kind for turn and tournament notices, and a page banner reaches
//! every user, with or without a confirmed address.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::storage::WarningRow;
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// A warning an administrator gave the caller, not yet dismissed.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Warning {
    pub id: i64,
    /// The administrator's note; empty when they left none.
    pub note: String,
    /// When it was given (ms since the epoch).
    pub at: i64,
}

impl From<WarningRow> for Warning {
    fn from(row: WarningRow) -> Warning {
        Warning {
            id: row.id,
            note: row.note,
            at: row.created_at,
        }
    }
}

/// Dismisses one of `user_id`'s warnings.
///
/// # Errors
/// 404 `warning_not_found` when they have no such warning not yet dismissed; the database.
pub async fn dismiss(state: &AppState, user_id: i64, id: i64) -> ApiResult<()> {
    if state.db.dismiss_warning(user_id, id, state.now()).await? {
        Ok(())
    } else {
        Err(ApiError::not_found("warning_not_found", "no such warning"))
    }
}

/// The warnings administrators gave you, oldest first, until you dismiss them.
#[utoipa::path(get, path = "/me/warnings", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Vec<Warning>), (status = 401, body = ErrorBody)))]
async fn list_warnings(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<Vec<Warning>>> {
    let rows = state.db.warnings(user.id).await?;
    Ok(ApiJson(rows.into_iter().map(Warning::from).collect()))
}

/// Dismiss one of your warnings: it is no longer shown.
#[utoipa::path(post, path = "/me/warnings/{id}/dismiss", tag = "accounts", security(("bearer" = [])),
    params(("id" = i64, Path, description = "warning id")),
    responses((status = 204, description = "Dismissed"), (status = 401, body = ErrorBody),
        (status = 404, description = "`warning_not_found`", body = ErrorBody)))]
async fn dismiss_warning(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    dismiss(&state, user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `/me/warnings…`.
pub fn member_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_warnings))
        .routes(routes!(dismiss_warning))
}
