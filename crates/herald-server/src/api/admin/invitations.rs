//! Invitation links: administrators (and members, when the site allows it) create links with
//! a number of uses and an expiry, list and revoke them. The code is shown once, at
//! creation; only its SHA-256 is stored (like API tokens). When sign-up is `invite_only`,
//! an account needs a valid code, and each sign-up takes one use atomically
//! ([`crate::storage::Db::create_user_invited`]).

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminUser;
use super::audit::{AuditAction, AuditTarget, entry};
use crate::infra::clock::DAY_MS;
use crate::storage::{InvitationRow, NewInvitation};
use crate::web::auth::{self, AuthUser};
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// The most usable links (not revoked, expired or used up) a member may hold at once;
/// administrators have no cap.
pub const MAX_USABLE_INVITATIONS: i64 = 20;

/// What a new invitation allows.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateInvitation {
    /// How many accounts it may create (1 to 1000, default 1).
    #[schema(minimum = 1, maximum = 1000)]
    pub max_uses: Option<i64>,
    /// Days until it expires (1 to 90, default 7).
    #[schema(minimum = 1, maximum = 90)]
    pub expires_in_days: Option<i64>,
    /// A note for the list (who it is for), at most 100 characters.
    pub note: Option<String>,
}

/// An invitation (never its code, except once in [`CreatedInvitation`]).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvitationView {
    pub id: i64,
    /// Who created it; `null` when that account is gone.
    pub created_by: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    pub max_uses: i64,
    pub uses: i64,
    pub revoked_at: Option<i64>,
    pub note: String,
    /// Whether it can still admit a sign-up now.
    pub usable: bool,
}

/// A new invitation with its code and link: shown this once.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreatedInvitation {
    #[serde(flatten)]
    pub invitation: InvitationView,
    pub code: String,
    /// The sign-up page with the code filled in.
    pub url: String,
}

/// An invitation as shown at `now`.
#[must_use]
pub fn view(row: InvitationRow, now: i64) -> InvitationView {
    InvitationView {
        usable: row.revoked_at.is_none() && row.expires_at > now && row.uses < row.max_uses,
        id: row.id,
        created_by: row.creator_name,
        created_at: row.created_at,
        expires_at: row.expires_at,
        max_uses: row.max_uses,
        uses: row.uses,
        revoked_at: row.revoked_at,
        note: row.note,
    }
}

/// Whether `user` may invite: administrators always, members when the site allows it.
/// Returns whether they are an administrator.
///
/// # Errors
/// 403 `forbidden`; the database fails.
pub async fn may_invite(state: &AppState, user: &AuthUser) -> ApiResult<bool> {
    if state.db.is_admin(user.id).await? {
        return Ok(true);
    }
    if state.db.site_settings().await?.member_invites {
        Ok(false)
    } else {
        Err(ApiError::forbidden(
            "forbidden",
            "only administrators may create invitations on this server",
        ))
    }
}

/// Creates an invitation; the code is in the answer only.
///
/// # Errors
/// 400 for out-of-range values; 403 `forbidden`; 409 `too_many_invitation_links` for a
/// member holding [`MAX_USABLE_INVITATIONS`]; the database fails.
pub async fn create(state: &AppState, user: &AuthUser, body: CreateInvitation) -> ApiResult<CreatedInvitation> {
    let admin = may_invite(state, user).await?;
    let max_uses = body.max_uses.unwrap_or(1);
    let days = body.expires_in_days.unwrap_or(7);
    let note = body.note.unwrap_or_default().trim().to_owned();
    if !(1..=1000).contains(&max_uses) || !(1..=90).contains(&days) || note.chars().count() > 100 {
        return Err(ApiError::bad_request(
            "invalid_invitation",
            "an invitation has 1 to 1000 uses, expires in 1 to 90 days, and a note of at most 100 characters",
        ));
    }
    let code = auth::random_id(20)?;
    let now = state.now();
    let new = NewInvitation {
        code_hash: &auth::secret_hash(&code),
        created_by: Some(user.id),
        now,
        expires_at: now + days * DAY_MS,
        max_uses,
        note: &note,
    };
    let actor = AdminUser {
        id: user.id,
        username: user.username.clone(),
    };
    let cap = (!admin).then_some(MAX_USABLE_INVITATIONS);
    let id = state
        .db
        .create_invitation(&new, cap, |id| {
            let mut audit = entry(
                Some(&actor),
                now,
                AuditAction::CreateInvitation,
                AuditTarget::Invitation(id),
            );
            audit.after = Some(serde_json::json!({ "max_uses": max_uses, "expires_at": new.expires_at, "note": note }));
            audit
        })
        .await?
        .ok_or_else(|| {
            ApiError::conflict(
                "too_many_invitation_links",
                format!(
                    "you hold {MAX_USABLE_INVITATIONS} usable invitation links, the most a member may: \
                     revoke one, or wait until one expires or is used up"
                ),
            )
        })?;
    let row = state
        .db
        .invitation(id)
        .await?
        .ok_or_else(|| ApiError::internal("a new invitation cannot be read back"))?;
    tracing::info!(by = %user.username, invitation = id, "invitation created");
    let query = serde_urlencoded::to_string([("invite", code.as_str())]).unwrap_or_default();
    Ok(CreatedInvitation {
        invitation: view(row, now),
        url: format!("{}/signup?{query}", state.config.base_url.trim_end_matches('/')),
        code,
    })
}

/// Revokes an invitation: administrators any, members their own.
///
/// # Errors
/// 403 `forbidden`; 404; 409 `already_revoked`; the database fails.
pub async fn revoke(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<()> {
    let admin = may_invite(state, user).await.or_else(|e| {
        // A member may still revoke their own after the site stopped member invitations.
        if matches!(e, ApiError::Forbidden { .. }) {
            Ok(false)
        } else {
            Err(e)
        }
    })?;
    let missing = || ApiError::not_found("invitation_not_found", "no such invitation");
    let row = state.db.invitation(id).await?.ok_or_else(missing)?;
    if !admin && row.created_by != Some(user.id) {
        return Err(missing());
    }
    let actor = AdminUser {
        id: user.id,
        username: user.username.clone(),
    };
    let now = state.now();
    let mut audit = entry(
        Some(&actor),
        now,
        AuditAction::RevokeInvitation,
        AuditTarget::Invitation(id),
    );
    audit.before = Some(serde_json::json!({ "revoked_at": null, "uses": row.uses }));
    audit.after = Some(serde_json::json!({ "revoked_at": now }));
    if state.db.revoke_invitation(id, now, &audit).await? {
        Ok(())
    } else {
        Err(ApiError::conflict(
            "already_revoked",
            "the invitation is already revoked",
        ))
    }
}

/// Lists invitations, newest first: everyone's (`creator` `None`) or one member's.
///
/// # Errors
/// The database fails.
pub async fn list(
    state: &AppState,
    creator: Option<i64>,
    before: Option<i64>,
    limit: i64,
) -> ApiResult<Vec<InvitationView>> {
    let now = state.now();
    Ok(state
        .db
        .invitations(creator, before.unwrap_or(i64::MAX), limit.clamp(1, 200))
        .await?
        .into_iter()
        .map(|r| view(r, now))
        .collect())
}

/// Paging.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InvitationQuery {
    /// Invitations with ids below this one.
    pub before: Option<i64>,
    /// At most this many (1 to 200, default 50).
    pub limit: Option<i64>,
}

/// Create an invitation link (administrators; members when the site setting
/// `member_invites` is on). The code is in this answer only.
#[utoipa::path(post, path = "/invitations", tag = "accounts", security(("bearer" = [])), request_body = CreateInvitation,
    responses((status = 201, body = CreatedInvitation), (status = 403, description = "`forbidden`: members may not invite here", body = ErrorBody),
        (status = 409, description = "`too_many_invitation_links`: a member holds 20 usable links at most", body = ErrorBody)))]
async fn create_invitation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<CreateInvitation>,
) -> ApiResult<(StatusCode, ApiJson<CreatedInvitation>)> {
    Ok((StatusCode::CREATED, ApiJson(create(&state, &user, body).await?)))
}

/// Your invitations, newest first.
#[utoipa::path(get, path = "/invitations", tag = "accounts", security(("bearer" = [])), params(InvitationQuery),
    responses((status = 200, body = Vec<InvitationView>)))]
async fn my_invitations(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<InvitationQuery>,
) -> ApiResult<ApiJson<Vec<InvitationView>>> {
    list(&state, Some(user.id), q.before, q.limit.unwrap_or(50))
        .await
        .map(ApiJson)
}

/// Revoke an invitation (yours; administrators any).
#[utoipa::path(delete, path = "/invitations/{id}", tag = "accounts", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Invitation id")),
    responses((status = 204, description = "Revoked"), (status = 409, description = "`already_revoked`", body = ErrorBody)))]
async fn revoke_invitation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    revoke(&state, &user, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Every invitation, newest first. Administrators only.
#[utoipa::path(get, path = "/admin/invitations", tag = "admin", security(("bearer" = [])), params(InvitationQuery),
    responses((status = 200, body = Vec<InvitationView>), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_all_invitations(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<InvitationQuery>,
) -> ApiResult<ApiJson<Vec<InvitationView>>> {
    list(&state, None, q.before, q.limit.unwrap_or(50)).await.map(ApiJson)
}

/// `/invitations…`.
pub fn member_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_invitation, my_invitations))
        .routes(routes!(revoke_invitation))
}

/// `/admin/invitations`.
pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_all_invitations))
}
