//! The audit log: what every administrative action records (who, which action, on what,
//! when, the target before and after), and its reading in the API (`GET /admin/audit`).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminUser;
use crate::storage::{AuditEntry, AuditRow};
use crate::web::error::{ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

pub use crate::domain::club_states::{AuditAction, AuditTarget};

/// An entry of `actor` (`None`: the command line) at `at`.
#[must_use]
pub fn entry(actor: Option<&AdminUser>, at: i64, action: AuditAction, target: AuditTarget) -> AuditEntry {
    AuditEntry {
        at,
        actor: actor.map(|a| (a.id, a.username.clone())),
        action,
        target,
        before: None,
        after: None,
        note: None,
    }
}

/// An audit-log entry as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuditView {
    pub id: i64,
    /// When (UTC epoch ms).
    pub at: i64,
    /// The administrator's id; `null` for `herald admin` on the command line.
    pub actor_id: Option<i64>,
    /// The administrator's name at the time, or `cli`.
    pub actor: String,
    pub action: AuditAction,
    /// `user`, `game`, `report`, `invitation` or `site`.
    pub target_kind: String,
    pub target_id: Option<String>,
    /// A user target's name at the time.
    pub target_name: Option<String>,
    /// The target's relevant fields before the change.
    #[schema(value_type = Option<Object>)]
    pub before: Option<serde_json::Value>,
    /// The same fields after it.
    #[schema(value_type = Option<Object>)]
    pub after: Option<serde_json::Value>,
    pub note: Option<String>,
}

impl From<AuditRow> for AuditView {
    fn from(row: AuditRow) -> AuditView {
        let json = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
        AuditView {
            id: row.id,
            at: row.at,
            actor_id: row.actor_id,
            actor: row.actor_name,
            action: row.action,
            target_kind: row.target.kind().to_owned(),
            target_id: row.target.id(),
            target_name: row.target_name,
            before: json(row.before),
            after: json(row.after),
            note: row.note,
        }
    }
}

/// A page of the audit log.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuditPage {
    pub entries: Vec<AuditView>,
    /// Pass as `before` for the next (older) page; `null` on the last page.
    pub next_before: Option<i64>,
}

/// Paging of the audit log.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Entries with ids below this one (from `next_before`).
    pub before: Option<i64>,
    /// At most this many (1 to 200, default 50).
    pub limit: Option<i64>,
}

/// One page of the log, newest first.
///
/// # Errors
/// The database fails.
pub async fn page(state: &AppState, before: Option<i64>, limit: Option<i64>) -> ApiResult<AuditPage> {
    let limit = limit.unwrap_or(50).clamp(1, 200);
    let rows = state.db.audit_page(before.unwrap_or(i64::MAX), limit + 1).await?;
    let more = i64::try_from(rows.len()).unwrap_or(0) > limit;
    let entries: Vec<AuditView> = rows
        .into_iter()
        .take(usize::try_from(limit).unwrap_or(50))
        .map(AuditView::from)
        .collect();
    let next_before = if more { entries.last().map(|e| e.id) } else { None };
    Ok(AuditPage { entries, next_before })
}

/// The audit log, newest first: every administrative action from the web, the API and
/// `herald admin` (actor `cli`), with the target before and after. Administrators only.
#[utoipa::path(get, path = "/admin/audit", tag = "admin", security(("bearer" = [])), params(AuditQuery),
    responses((status = 200, body = AuditPage), (status = 401, body = ErrorBody),
        (status = 403, description = "`forbidden`: not an administrator; `account_suspended` / `account_banned`", body = ErrorBody)))]
async fn admin_get_audit(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<AuditQuery>,
) -> ApiResult<ApiJson<AuditPage>> {
    page(&state, query.before, query.limit).await.map(ApiJson)
}

/// `/admin/audit`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_get_audit))
}
