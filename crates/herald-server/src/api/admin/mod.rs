//! Running a club (issue 19, administration): the administrators' API under
//! `/api/v1/admin/…` and the services the `/admin/…` pages share with it: users
//! ([`users`]: search, suspend, ban, mute, passwords, rights, deletion), games ([`games`]),
//! reports ([`reports`]) and the warnings they leave ([`warnings`]), invitations ([`invitations`]), site settings ([`site`]) and the
//! audit log every action writes ([`audit`]). Only users with `users.is_admin` get past
//! [`AdminUser`]; everyone else gets 403 `forbidden`.

pub mod audit;
pub mod games;
pub mod invitations;
pub mod reports;
pub mod site;
pub mod standing;
pub mod users;
pub mod warnings;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use utoipa_axum::router::OpenApiRouter;

use crate::web::auth::AuthUser;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// An authenticated administrator (a Bearer token or session of a user with `is_admin`).
#[derive(Debug, Clone)]
pub struct AdminUser {
    pub id: i64,
    pub username: String,
}

/// The 403 for everyone who is not an administrator.
#[must_use]
pub fn not_admin() -> ApiError {
    ApiError::forbidden("forbidden", "only administrators may do this")
}

/// `user` as an administrator, if they are one.
///
/// # Errors
/// 403 `forbidden` for a non-administrator; the database fails.
pub async fn require_admin(state: &AppState, user: &AuthUser) -> Result<AdminUser, ApiError> {
    if state.db.is_admin(user.id).await? {
        Ok(AdminUser {
            id: user.id,
            username: user.username.clone(),
        })
    } else {
        Err(not_admin())
    }
}

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        require_admin(state, &user).await
    }
}

/// The administrators' routes (under `/api/v1`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(users::router())
        .merge(games::router())
        .merge(reports::admin_router())
        .merge(invitations::admin_router())
        .merge(site::router())
        .merge(audit::router())
}

/// The members' routes of administration (under `/api/v1`): filing reports and, when the
/// site allows it, inviting.
pub fn member_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(reports::member_router())
        .merge(invitations::member_router())
        .merge(warnings::member_router())
}
