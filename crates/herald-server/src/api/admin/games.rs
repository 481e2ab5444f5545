//! Administering games: the latest games (the `herald admin list-games` list) and ending one
//! with a reason, through the same storage call as `herald admin end-game`.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminUser;
use super::audit::{AuditAction, AuditTarget, entry};
use crate::domain::game_states::{EndReason, GameStatus};
use crate::storage::AdminEnd;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// A game in the administrators' list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminGame {
    pub id: String,
    pub variant: String,
    pub status: GameStatus,
    pub ply: i64,
    pub updated_at: i64,
    pub reason: Option<EndReason>,
    /// The players (or invitees), by seat; `null` for an open seat.
    pub players: Vec<Option<String>>,
}

/// Which games.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameQuery {
    pub status: Option<GameStatus>,
    /// At most this many (1 to 200, default 50).
    pub limit: Option<i64>,
}

/// The latest changed games.
///
/// # Errors
/// The database fails.
pub async fn latest(state: &AppState, status: Option<GameStatus>, limit: i64) -> ApiResult<Vec<AdminGame>> {
    let rows = state.db.admin_games(status, limit.clamp(1, 200)).await?;
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let seats = state.db.seats_of(&ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| AdminGame {
            players: seats
                .iter()
                .filter(|s| s.game_id == row.id)
                .map(|s| s.username.clone().or_else(|| s.invited_username.clone()))
                .collect(),
            variant: row.variant.id().to_owned(),
            status: row.status,
            ply: row.ply,
            updated_at: row.updated_at,
            reason: row.reason,
            id: row.id,
        })
        .collect())
}

/// Ends a waiting or active game: aborted with reason `admin`, no result, and `note` (why)
/// stored with it and shown on its page.
///
/// # Errors
/// 400 `invalid_note` for an empty or long reason; 404; 409 `game_over`; the database fails.
pub async fn end(state: &AppState, admin: &AdminUser, id: &str, note: &str) -> ApiResult<()> {
    let note = note.trim();
    if note.is_empty() || note.chars().count() > 500 {
        return Err(ApiError::bad_request(
            "invalid_note",
            "say why the game is ended (1 to 500 characters)",
        ));
    }
    let now = state.now();
    let mut audit = entry(Some(admin), now, AuditAction::EndGame, AuditTarget::Game(id.to_owned()));
    audit.after = Some(serde_json::json!({ "status": "aborted", "reason": "admin" }));
    audit.note = Some(note.to_owned());
    match state.db.admin_end_game(id, now, Some(note), Some(&audit)).await? {
        AdminEnd::Ended => {
            tracing::info!(by = %admin.username, game = %id, "game ended by an administrator");
            Ok(())
        }
        AdminEnd::NoSuchGame => Err(ApiError::not_found("game_not_found", "no such game")),
        AdminEnd::AlreadyOver(status) => Err(ApiError::conflict(
            "game_over",
            format!("the game is already over ({status})"),
        )),
    }
}

/// The latest changed games, with their players. Administrators only.
#[utoipa::path(get, path = "/admin/games", tag = "admin", security(("bearer" = [])), params(GameQuery),
    responses((status = 200, body = Vec<AdminGame>), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_list_games(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<GameQuery>,
) -> ApiResult<ApiJson<Vec<AdminGame>>> {
    latest(&state, q.status, q.limit.unwrap_or(50)).await.map(ApiJson)
}

/// Why a game is ended.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EndGame {
    /// Shown on the game's page (1 to 500 characters).
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
}

/// End a waiting or active game: it is aborted with reason `admin` and no result; the reason
/// given is stored and shown on its page. Administrators only.
#[utoipa::path(post, path = "/admin/games/{id}/end", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "Game id")), request_body = EndGame,
    responses((status = 204, description = "Ended"), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 409, description = "`game_over`", body = ErrorBody)))]
async fn admin_end_game(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<EndGame>,
) -> ApiResult<axum::http::StatusCode> {
    end(&state, &admin, &id, &body.reason).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// Hides chat message `seq` of game `id` from every reader, with an audit entry (the
/// text as it was, and why). Administrators moderate only what they may read: a team
/// channel's message (unless both partners published it after the game, or the
/// administrator plays on that team) is answered as if it did not exist, so hiding it
/// cannot copy its text into the audit log.
///
/// # Errors
/// 404 `message_not_found`; 409 `message_hidden` when it already is.
pub async fn hide_message(state: &AppState, admin: &AdminUser, id: &str, seq: i64, note: &str) -> ApiResult<()> {
    let missing = || ApiError::not_found("message_not_found", "no such message");
    if !crate::api::games::chat::is_game_id(id) {
        return Err(missing());
    }
    let (_, access) = crate::api::games::chat::game_access(state, id, Some(admin.id))
        .await
        .map_err(|_| missing())?;
    let (message, hidden) = state.db.chat_message(id, seq).await?.ok_or_else(missing)?;
    if !access.reads_channel(message.channel) {
        return Err(missing());
    }
    if hidden {
        return Err(ApiError::conflict("message_hidden", "the message is already hidden"));
    }
    let now = state.now();
    let mut audit = entry(
        Some(admin),
        now,
        AuditAction::HideMessage,
        AuditTarget::Game(id.to_owned()),
    );
    audit.before = Some(serde_json::json!({
        "seq": seq, "author": message.username, "text": message.body, "hidden": false,
    }));
    audit.after = Some(serde_json::json!({ "seq": seq, "hidden": true }));
    audit.note = Some(note.trim().to_owned()).filter(|n| !n.is_empty());
    if !state.db.hide_chat(id, seq, admin.id, now, &audit).await? {
        return Err(ApiError::conflict("message_hidden", "the message is already hidden"));
    }
    tracing::info!(by = %admin.username, game = %id, seq, "chat message hidden");
    Ok(())
}

/// Why a message is hidden.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HideMessage {
    /// Kept in the audit log.
    #[serde(default)]
    pub note: String,
}

/// Hide a chat message from every reader (it stays in the audit log). Administrators only,
/// and only a message they can read: a Chatrang team message is `message_not_found` until
/// both partners publish their channel.
#[utoipa::path(post, path = "/admin/games/{id}/chat/{seq}/hide", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "Game id"), ("seq" = i64, Path, description = "The message's number in the game")),
    request_body = HideMessage,
    responses((status = 204, description = "Hidden"), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 404, description = "`message_not_found`", body = ErrorBody), (status = 409, description = "`message_hidden`", body = ErrorBody)))]
async fn admin_hide_message(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath((id, seq)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<HideMessage>,
) -> ApiResult<axum::http::StatusCode> {
    hide_message(&state, &admin, &id, seq, &body.note).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// `/admin/games…`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_list_games))
        .routes(routes!(admin_end_game))
        .routes(routes!(admin_hide_message))
}
