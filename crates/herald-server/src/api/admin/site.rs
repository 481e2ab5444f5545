//! The club's site settings: who may sign up, the site's name, a notice on every page, what
//! happens to a suspended player's games, whether members may invite, and whether players may
//! ask the engine about their running games. One row, cached
//! by each instance (see `storage/site.rs`).

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminUser;
use super::audit::{AuditAction, AuditTarget, entry};
use crate::web::error::{ApiError, ApiJson, ApiResult, ErrorBody};
use crate::web::state::AppState;

pub use crate::domain::club_states::{DeletedChat, SignupMode, SiteSettings, SuspendedGames};

impl SiteSettings {
    /// Trims and checks the texts.
    ///
    /// # Errors
    /// 400 `invalid_site_name` / `invalid_notice` / `invalid_analysis_cap`.
    pub fn validated(mut self) -> ApiResult<SiteSettings> {
        self.site_name = self.site_name.trim().to_owned();
        self.notice = self.notice.trim().to_owned();
        let name_len = self.site_name.chars().count();
        if !(1..=40).contains(&name_len) || self.site_name.chars().any(char::is_control) {
            return Err(ApiError::bad_request(
                "invalid_site_name",
                "the site name has 1 to 40 characters, without control characters",
            ));
        }
        if self.notice.chars().count() > 500 || self.notice.chars().any(|c| c.is_control() && c != '\n') {
            return Err(ApiError::bad_request(
                "invalid_notice",
                "the notice has at most 500 characters of plain text",
            ));
        }
        if self.analysis_daily_cap > 1000 {
            return Err(ApiError::bad_request(
                "invalid_analysis_cap",
                "at most 1000 computer analyses per user per day",
            ));
        }
        Ok(self)
    }
}

/// Saves new settings (audited, before and after).
///
/// # Errors
/// 400 for invalid texts; the database fails.
pub async fn update(state: &AppState, admin: &AdminUser, new: SiteSettings) -> ApiResult<SiteSettings> {
    let new = new.validated()?;
    let before = state.db.site_settings().await?;
    let mut audit = entry(Some(admin), state.now(), AuditAction::UpdateSite, AuditTarget::Site);
    audit.before = serde_json::to_value(before.as_ref()).ok();
    audit.after = serde_json::to_value(&new).ok();
    state.db.save_site_settings(&new, &audit).await?;
    tracing::info!(by = %admin.username, "site settings changed");
    Ok(new)
}

/// The site settings. Administrators only.
#[utoipa::path(get, path = "/admin/site", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = SiteSettings), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_get_site(State(state): State<AppState>, _admin: AdminUser) -> ApiResult<ApiJson<SiteSettings>> {
    Ok(ApiJson(state.db.site_settings().await?.as_ref().clone()))
}

/// Replace the site settings (every field). Changes show on this instance at once and on
/// others within seconds. Administrators only.
#[utoipa::path(put, path = "/admin/site", tag = "admin", security(("bearer" = [])), request_body = SiteSettings,
    responses((status = 200, body = SiteSettings), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_put_site(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiJson(body): ApiJson<SiteSettings>,
) -> ApiResult<ApiJson<SiteSettings>> {
    update(&state, &admin, body).await.map(ApiJson)
}

/// `/admin/site`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_get_site, admin_put_site))
}
