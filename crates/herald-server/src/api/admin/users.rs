//! Administering users: search, one user's facts, suspension, ban, mute, password reset,
//! administrator rights and deletion. Each action is one service function, shared by the
//! API (here), the `/admin` pages and report resolution, and writes its audit entry in the
//! transaction of the change.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminUser;
use super::audit::{AuditAction, AuditTarget, AuditView, entry};
use super::site::SuspendedGames;
use super::standing::Standing;
use crate::api::accounts::{validate_password, validate_username};
use crate::domain::events::{EventKind, NewEvent};
use crate::storage::{Adjourn, AdminChange, AdminUserRow, Moderation};
use crate::web::auth;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// The vacation end of a ban under `suspended_games = adjourned`: no end by itself (the
/// unban ends it), but far from overflowing the clock arithmetic.
const BANNED_UNTIL: i64 = i64::MAX / 4;

/// A user in the administrators' list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserSummary {
    pub id: i64,
    pub username: String,
    pub created_at: i64,
    pub is_admin: bool,
    pub standing: Standing,
    /// Until when chat refuses their posts, while in the future.
    pub muted_until: Option<i64>,
}

/// One user with counts, for the administrators.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserDetail {
    #[serde(flatten)]
    pub user: UserSummary,
    /// Games they play or played.
    pub games: i64,
    /// Live log-in sessions.
    pub sessions: i64,
    pub api_tokens: i64,
    /// The latest audit entries about them, newest first.
    pub history: Vec<AuditView>,
}

/// A user as listed at `now`.
#[must_use]
pub fn summary(row: &AdminUserRow, now: i64) -> UserSummary {
    UserSummary {
        id: row.id,
        username: row.username.clone(),
        created_at: row.created_at,
        is_admin: row.is_admin,
        standing: Standing::of(row.suspended_until, row.banned_at, now),
        muted_until: row.muted_until.filter(|until| *until > now),
    }
}

/// The user called `username` (any case).
///
/// # Errors
/// 404 `user_not_found`; the database fails.
pub async fn find(state: &AppState, username: &str) -> ApiResult<AdminUserRow> {
    let missing = || ApiError::not_found("user_not_found", format!("no user `{}`", username.escape_debug()));
    let key = validate_username(username).map_err(|_| missing())?;
    state.db.admin_user_by_key(&key).await?.ok_or_else(missing)
}

/// A user's facts and history.
///
/// # Errors
/// The database fails.
pub async fn detail(state: &AppState, row: &AdminUserRow) -> ApiResult<UserDetail> {
    let now = state.now();
    let (games, sessions, api_tokens) = state.db.user_counts(row.id, now).await?;
    let target = target(row);
    let history = state
        .db
        .audit_of(&target, 20)
        .await?
        .into_iter()
        .map(AuditView::from)
        .collect();
    Ok(UserDetail {
        user: summary(row, now),
        games,
        sessions,
        api_tokens,
        history,
    })
}

fn target(row: &AdminUserRow) -> AuditTarget {
    AuditTarget::User {
        id: row.id,
        name: row.username.clone(),
    }
}

fn fields_json(fields: Moderation) -> serde_json::Value {
    json!({
        "suspended_until": fields.suspended_until,
        "banned_at": fields.banned_at,
        "muted_until": fields.muted_until,
    })
}

fn not_yourself(admin: &AdminUser, row: &AdminUserRow) -> ApiResult<()> {
    if admin.id == row.id {
        Err(ApiError::conflict(
            "cannot_target_self",
            "administrators cannot do this to themselves",
        ))
    } else {
        Ok(())
    }
}

/// A change of standing or mute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandingChange {
    Suspend { until: i64 },
    Unsuspend,
    Ban,
    Unban,
    Mute { until: i64 },
    Unmute,
}

impl StandingChange {
    fn action(self) -> AuditAction {
        match self {
            StandingChange::Suspend { .. } => AuditAction::Suspend,
            StandingChange::Unsuspend => AuditAction::Unsuspend,
            StandingChange::Ban => AuditAction::Ban,
            StandingChange::Unban => AuditAction::Unban,
            StandingChange::Mute { .. } => AuditAction::Mute,
            StandingChange::Unmute => AuditAction::Unmute,
        }
    }
}

/// Suspends, bans, mutes or lifts one of those. A suspension or ban cuts the user's sessions
/// and tokens off at once (they are refused where credentials are resolved) and, under the
/// club rule `suspended_games = adjourned`, stops their clocks until it ends; lifting it
/// restarts them. Returns the user afterwards.
///
/// # Errors
/// 400 for a date not in the future; 409 `cannot_target_self` for a suspension or ban of
/// oneself; the database fails.
pub async fn change_standing(
    state: &AppState,
    admin: &AdminUser,
    row: &AdminUserRow,
    change: StandingChange,
    note: Option<String>,
) -> ApiResult<AdminUserRow> {
    let now = state.now();
    let before = Moderation {
        suspended_until: row.suspended_until,
        banned_at: row.banned_at,
        muted_until: row.muted_until,
    };
    let mut after = before;
    let mut restricts = None;
    match change {
        StandingChange::Suspend { until } | StandingChange::Mute { until } if until <= now => {
            return Err(ApiError::bad_request("invalid_until", "`until` must be in the future"));
        }
        StandingChange::Suspend { until } => {
            not_yourself(admin, row)?;
            after.suspended_until = Some(until);
            restricts = Some(until);
        }
        StandingChange::Unsuspend => after.suspended_until = None,
        StandingChange::Ban => {
            not_yourself(admin, row)?;
            after.banned_at = Some(row.banned_at.unwrap_or(now));
            restricts = Some(BANNED_UNTIL);
        }
        StandingChange::Unban => after.banned_at = None,
        StandingChange::Mute { until } => after.muted_until = Some(until),
        StandingChange::Unmute => after.muted_until = None,
    }
    let rule = state.db.site_settings().await?.suspended_games;
    let adjourn = match restricts {
        Some(until) if rule == SuspendedGames::Adjourned => Adjourn::Until {
            until,
            event: NewEvent::new(
                EventKind::VacationOn,
                json!({ "user_id": row.id, "username": row.username, "until": until, "adjourned": true }),
            ),
        },
        _ => Adjourn::No,
    };
    let mut audit = entry(Some(admin), now, change.action(), target(row));
    audit.before = Some(fields_json(before));
    audit.after = Some(fields_json(after));
    audit.note = note.filter(|n| !n.trim().is_empty());
    if !state.db.moderate(row.id, after, &adjourn, &audit).await? {
        return Err(ApiError::not_found("user_not_found", "no such user"));
    }
    // Lifting the last restriction ends a club adjournment: the clocks run again from now.
    let active = Standing::of(after.suspended_until, after.banned_at, now) == Standing::Active;
    if active && state.db.adjourned(row.id).await? {
        crate::api::games::vacation::end(state, row.id, now).await?;
    }
    tracing::info!(by = %admin.username, user = %row.username, action = change.action().as_str(), "user moderated");
    state
        .db
        .admin_user_by_id(row.id)
        .await?
        .ok_or_else(|| ApiError::not_found("user_not_found", "no such user"))
}

/// Sets a new password (`None`: generates one), ends the user's sessions and revokes their
/// tokens. Returns the generated password (shown once, never logged) and the counts.
///
/// # Errors
/// 400 for an invalid password; 503 `busy`; the database fails.
pub async fn reset_password(
    state: &AppState,
    admin: &AdminUser,
    row: &AdminUserRow,
    password: Option<String>,
) -> ApiResult<PasswordReset> {
    let (password, generated) = match password.filter(|p| !p.is_empty()) {
        Some(given) => (given, false),
        None => (auth::random_id(20)?, true),
    };
    validate_password(&password, &row.username)?;
    let hash = auth::hash_password(state.config.password_cost, password.clone()).await?;
    let mut audit = entry(Some(admin), state.now(), AuditAction::ResetPassword, target(row));
    audit.after = Some(json!({ "generated": generated }));
    let (sessions_ended, tokens_revoked) = state
        .db
        .admin_set_password(row.id, &hash, &audit)
        .await?
        .ok_or_else(|| ApiError::not_found("user_not_found", "no such user"))?;
    tracing::info!(by = %admin.username, user = %row.username, "password reset by an administrator");
    Ok(PasswordReset {
        password: generated.then_some(password),
        sessions_ended,
        tokens_revoked,
    })
}

/// Grants or revokes administrator rights.
///
/// # Errors
/// 409 `last_admin` when revoking the only administrator; the database fails.
pub async fn set_admin(state: &AppState, admin: &AdminUser, row: &AdminUserRow, grant: bool) -> ApiResult<()> {
    let action = if grant {
        AuditAction::GrantAdmin
    } else {
        AuditAction::RevokeAdmin
    };
    let mut audit = entry(Some(admin), state.now(), action, target(row));
    audit.before = Some(json!({ "is_admin": row.is_admin }));
    audit.after = Some(json!({ "is_admin": grant }));
    match state.db.set_admin_by_id(row.id, grant, &audit).await? {
        AdminChange::Done => {
            tracing::info!(by = %admin.username, user = %row.username, grant, "administrator rights changed");
            Ok(())
        }
        AdminChange::NoSuchUser => Err(ApiError::not_found("user_not_found", "no such user")),
        AdminChange::LastAdmin => Err(ApiError::conflict(
            "last_admin",
            "this is the last administrator; make someone else an administrator first",
        )),
    }
}

/// Deletes (anonymises) an account.
///
/// # Errors
/// 409 `cannot_target_self`, `target_is_admin` (revoke the rights first); the database fails.
pub async fn delete(state: &AppState, admin: &AdminUser, row: &AdminUserRow) -> ApiResult<()> {
    not_yourself(admin, row)?;
    if row.is_admin {
        return Err(ApiError::conflict(
            "target_is_admin",
            "revoke the administrator rights before deleting the account",
        ));
    }
    let now = state.now();
    let mut audit = entry(Some(admin), now, AuditAction::DeleteUser, target(row));
    audit.before = Some(json!({ "username": row.username }));
    let chat = state.db.site_settings().await?.deleted_chat;
    audit.after = Some(json!({ "username": crate::storage::deleted_name(row.id), "deleted_at": now, "chat": chat }));
    if !state.db.delete_user(row.id, now, chat, Some(&audit)).await? {
        return Err(ApiError::not_found("user_not_found", "no such user"));
    }
    tracing::info!(by = %admin.username, user_id = row.id, "account deleted");
    Ok(())
}

/// The answer to a password reset.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PasswordReset {
    /// The generated password, shown this once; `null` when the administrator chose it.
    pub password: Option<String>,
    pub sessions_ended: u64,
    pub tokens_revoked: u64,
}

/// Search parameters.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    /// Name prefix, any case (empty: everyone).
    pub prefix: Option<String>,
    /// The last name of the previous page (from `next_after`).
    pub after: Option<String>,
    /// At most this many (1 to 100, default 50).
    pub limit: Option<i64>,
}

/// A page of users.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserPage {
    pub users: Vec<UserSummary>,
    /// Pass as `after` for the next page; `null` on the last page.
    pub next_after: Option<String>,
}

/// Users by name prefix, alphabetically.
///
/// # Errors
/// The database fails.
pub async fn search(state: &AppState, prefix: &str, after: &str, limit: i64) -> ApiResult<UserPage> {
    let limit = limit.clamp(1, 100);
    let prefix = prefix.trim().to_ascii_lowercase();
    let rows = state
        .db
        .admin_users_by_prefix(&prefix, &after.to_ascii_lowercase(), limit + 1)
        .await?;
    let more = i64::try_from(rows.len()).unwrap_or(0) > limit;
    let now = state.now();
    let rows: Vec<&AdminUserRow> = rows.iter().take(usize::try_from(limit).unwrap_or(50)).collect();
    let next_after = if more {
        rows.last().map(|r| r.username_key.clone())
    } else {
        None
    };
    Ok(UserPage {
        users: rows.into_iter().map(|r| summary(r, now)).collect(),
        next_after,
    })
}

/// Search users by name prefix (case-insensitive), alphabetically. Administrators only.
#[utoipa::path(get, path = "/admin/users", tag = "admin", security(("bearer" = [])), params(UserQuery),
    responses((status = 200, body = UserPage), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_list_users(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<UserQuery>,
) -> ApiResult<ApiJson<UserPage>> {
    search(
        &state,
        q.prefix.as_deref().unwrap_or(""),
        q.after.as_deref().unwrap_or(""),
        q.limit.unwrap_or(50),
    )
    .await
    .map(ApiJson)
}

/// One user: standing, mute, rights, games, sessions and tokens counts, recent audit
/// entries. Administrators only.
#[utoipa::path(get, path = "/admin/users/{username}", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")),
    responses((status = 200, body = UserDetail), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn admin_get_user(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath(username): ApiPath<String>,
) -> ApiResult<ApiJson<UserDetail>> {
    let row = find(&state, &username).await?;
    detail(&state, &row).await.map(ApiJson)
}

/// A restriction until a time.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Until {
    /// When it ends (UTC epoch ms, in the future).
    pub until: i64,
    /// Why (kept in the audit log).
    pub note: Option<String>,
}

/// A note for the audit log.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Note {
    pub note: Option<String>,
}

async fn standing_of(
    state: &AppState,
    admin: &AdminUser,
    username: &str,
    change: StandingChange,
    note: Option<String>,
) -> ApiResult<ApiJson<UserSummary>> {
    let row = find(state, username).await?;
    let row = change_standing(state, admin, &row, change, note).await?;
    Ok(ApiJson(summary(&row, state.now())))
}

/// Suspend a user until a time: their sessions and tokens are refused at once (403
/// `account_suspended`) and work again from then; their games follow the site rule
/// `suspended_games`. Administrators only.
#[utoipa::path(post, path = "/admin/users/{username}/suspend", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")), request_body = Until,
    responses((status = 200, body = UserSummary), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 409, description = "`cannot_target_self`", body = ErrorBody)))]
async fn admin_suspend(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<Until>,
) -> ApiResult<ApiJson<UserSummary>> {
    standing_of(
        &state,
        &admin,
        &username,
        StandingChange::Suspend { until: body.until },
        body.note,
    )
    .await
}

/// Lift a suspension. Administrators only.
#[utoipa::path(post, path = "/admin/users/{username}/unsuspend", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")), request_body = Note,
    responses((status = 200, body = UserSummary), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_unsuspend(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<Note>,
) -> ApiResult<ApiJson<UserSummary>> {
    standing_of(&state, &admin, &username, StandingChange::Unsuspend, body.note).await
}

/// Ban a user until unbanned: their sessions and tokens are refused at once (403
/// `account_banned`). Administrators only.
#[utoipa::path(post, path = "/admin/users/{username}/ban", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")), request_body = Note,
    responses((status = 200, body = UserSummary), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 409, description = "`cannot_target_self`", body = ErrorBody)))]
async fn admin_ban(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<Note>,
) -> ApiResult<ApiJson<UserSummary>> {
    standing_of(&state, &admin, &username, StandingChange::Ban, body.note).await
}

/// Lift a ban: the user's sessions and tokens work again. Administrators only.
#[utoipa::path(post, path = "/admin/users/{username}/unban", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")), request_body = Note,
    responses((status = 200, body = UserSummary), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_unban(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<Note>,
) -> ApiResult<ApiJson<UserSummary>> {
    standing_of(&state, &admin, &username, StandingChange::Unban, body.note).await
}

/// Mute a user until a time: chat refuses their posts (403 `muted`). Administrators only.
#[utoipa::path(post, path = "/admin/users/{username}/mute", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")), request_body = Until,
    responses((status = 200, body = UserSummary), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_mute(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<Until>,
) -> ApiResult<ApiJson<UserSummary>> {
    standing_of(
        &state,
        &admin,
        &username,
        StandingChange::Mute { until: body.until },
        body.note,
    )
    .await
}

/// Lift a mute. Administrators only.
#[utoipa::path(post, path = "/admin/users/{username}/unmute", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")), request_body = Note,
    responses((status = 200, body = UserSummary), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_unmute(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<Note>,
) -> ApiResult<ApiJson<UserSummary>> {
    standing_of(&state, &admin, &username, StandingChange::Unmute, body.note).await
}

/// A new password, or none to have one generated.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPassword {
    /// 8 to 128 characters; absent or `null`: a random one is generated and answered once.
    pub password: Option<String>,
}

/// Reset a user's password: their sessions end and their API tokens are revoked.
/// Administrators only.
#[utoipa::path(post, path = "/admin/users/{username}/password", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")), request_body = NewPassword,
    responses((status = 200, body = PasswordReset), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_password(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<NewPassword>,
) -> ApiResult<ApiJson<PasswordReset>> {
    let row = find(&state, &username).await?;
    reset_password(&state, &admin, &row, body.password).await.map(ApiJson)
}

/// Administrator rights on or off.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetAdmin {
    pub admin: bool,
}

/// Grant or revoke administrator rights (the last administrator cannot lose them: 409
/// `last_admin`). Administrators only.
#[utoipa::path(post, path = "/admin/users/{username}/admin", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")), request_body = SetAdmin,
    responses((status = 200, body = UserSummary), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 409, description = "`last_admin`", body = ErrorBody)))]
async fn admin_admin_rights(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<SetAdmin>,
) -> ApiResult<ApiJson<UserSummary>> {
    let row = find(&state, &username).await?;
    set_admin(&state, &admin, &row, body.admin).await?;
    let row = find(&state, &username).await?;
    Ok(ApiJson(summary(&row, state.now())))
}

/// Delete an account: it is anonymised (`deleted user`), its credentials, sessions, tokens
/// and settings go; its games stay. Administrators only; not oneself, not an administrator.
#[utoipa::path(delete, path = "/admin/users/{username}", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path, description = "The user's name (any case)")),
    responses((status = 204, description = "Deleted"), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 409, description = "`cannot_target_self`, `target_is_admin`", body = ErrorBody)))]
async fn admin_delete_user(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
) -> ApiResult<StatusCode> {
    let row = find(&state, &username).await?;
    delete(&state, &admin, &row).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `/admin/users…`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_list_users))
        .routes(routes!(admin_get_user, admin_delete_user))
        .routes(routes!(admin_suspend))
        .routes(routes!(admin_unsuspend))
        .routes(routes!(admin_ban))
        .routes(routes!(admin_unban))
        .routes(routes!(admin_mute))
        .routes(routes!(admin_unmute))
        .routes(routes!(admin_password))
        .routes(routes!(admin_admin_rights))
}
