//! Reports: any member reports a user, a game or (through the chat) a message, with a
//! reason; administrators work through the queue (open first) and resolve each report with
//! an action: dismiss, warn, suspend or ban, and a note. Filing is limited per user.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AdminUser;
use super::audit::{AuditAction, AuditTarget, entry};
use super::users::{StandingChange, change_standing, find};
use crate::infra::clock::DAY_MS;
use crate::storage::ReportRow;
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// Reports one user may file per hour.
pub const REPORTS_PER_HOUR: i64 = 10;
const HOUR_MS: i64 = 3_600_000;

/// What is reported, as a client names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ReportTarget {
    /// A user, by name.
    User { username: String },
    /// A game, by id.
    Game { id: String },
    /// A chat message: its game and its number there (`seq`).
    Message { game: String, seq: i64 },
}

pub use crate::domain::club_states::{ReportAction, ReportState, ReportSubject};

/// A new report.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewReport {
    pub target: ReportTarget,
    /// What is wrong (1 to 1000 characters).
    #[schema(min_length = 1, max_length = 1000)]
    pub reason: String,
}

/// A report as administrators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReportView {
    pub id: i64,
    pub reporter: String,
    pub target: ReportTarget,
    pub reason: String,
    pub created_at: i64,
    pub state: ReportState,
    pub resolved_by: Option<String>,
    pub resolved_at: Option<i64>,
    pub action: Option<ReportAction>,
    pub resolution_note: Option<String>,
}

impl From<ReportRow> for ReportView {
    fn from(row: ReportRow) -> ReportView {
        let target = match row.subject {
            ReportSubject::User(_) => ReportTarget::User {
                username: row.target_user_name.unwrap_or_default(),
            },
            ReportSubject::Game(id) => ReportTarget::Game { id },
            ReportSubject::Message(game, seq) => ReportTarget::Message { game, seq },
        };
        ReportView {
            id: row.id,
            reporter: row.reporter_name,
            target,
            reason: row.reason,
            created_at: row.created_at,
            state: row.state,
            resolved_by: row.resolver_name,
            resolved_at: row.resolved_at,
            action: row.action,
            resolution_note: row.resolution_note,
        }
    }
}

/// The answer to a filed report.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Filed {
    pub id: i64,
}

/// Files a report by `user`.
///
/// # Errors
/// 400 `invalid_report` (empty or long reason, reporting oneself); 404 for an unknown user or
/// game; 429 past [`REPORTS_PER_HOUR`]; the database fails.
pub async fn file(state: &AppState, user: &AuthUser, report: NewReport) -> ApiResult<i64> {
    let reason = report.reason.trim();
    if reason.is_empty() || reason.chars().count() > 1000 {
        return Err(ApiError::bad_request(
            "invalid_report",
            "say what is wrong (1 to 1000 characters)",
        ));
    }
    let subject = match &report.target {
        ReportTarget::User { username } => {
            let id = crate::api::accounts::user_id_named(state, username).await?;
            if id == user.id {
                return Err(ApiError::bad_request("invalid_report", "you cannot report yourself"));
            }
            ReportSubject::User(id)
        }
        ReportTarget::Game { id } => {
            let well_formed = !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric());
            if !well_formed || state.db.game_with_seats(id).await?.is_none() {
                return Err(ApiError::not_found("game_not_found", "no such game"));
            }
            ReportSubject::Game(id.clone())
        }
        ReportTarget::Message { game, seq } => {
            // Only a message the reporter can read can be reported.
            crate::api::games::chat::readable(state, user.id, game, *seq).await?;
            ReportSubject::Message(game.clone(), *seq)
        }
    };
    let now = state.now();
    let id = state
        .db
        .create_report(user.id, &subject, reason, now, now - HOUR_MS, REPORTS_PER_HOUR)
        .await?
        .ok_or(ApiError::RateLimited)?;
    tracing::info!(by = %user.username, report = id, kind = subject.kind(), "report filed");
    Ok(id)
}

/// How a report is resolved.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Resolve {
    pub action: ReportAction,
    /// Kept with the report and in the audit log.
    pub note: Option<String>,
    /// Whom `warn`, `suspend` and `ban` apply to, when the report is about a game or a
    /// message (a user report applies to the reported user).
    pub user: Option<String>,
    /// Days of suspension (1 to 3650, default 7).
    pub days: Option<i64>,
}

/// Resolves an open report: applies the action (suspension and ban as in
/// [`change_standing`]) and records it.
///
/// # Errors
/// 400 when the action needs a user and none is known; 404; 409 `report_resolved`.
pub async fn resolve(state: &AppState, admin: &AdminUser, id: i64, body: Resolve) -> ApiResult<ReportView> {
    let missing = || ApiError::not_found("report_not_found", "no such report");
    let report = state.db.report(id).await?.ok_or_else(missing)?;
    if report.state != ReportState::Open {
        return Err(ApiError::conflict("report_resolved", "the report is already resolved"));
    }
    let note = body.note.unwrap_or_default().trim().to_owned();
    // The user a warning goes to: they see it (with the note) until they dismiss it.
    let mut warned = None;
    if body.action != ReportAction::Dismiss {
        let name = match (&report.subject, body.user.as_deref().filter(|u| !u.trim().is_empty())) {
            (_, Some(name)) => name.trim().to_owned(),
            (ReportSubject::User(_), None) => report.target_user_name.clone().unwrap_or_default(),
            _ => {
                return Err(ApiError::bad_request(
                    "user_required",
                    "name the user this action applies to",
                ));
            }
        };
        let target = find(state, &name).await?;
        let change = match body.action {
            ReportAction::Suspend => {
                let days = body.days.unwrap_or(7);
                if !(1..=3650).contains(&days) {
                    return Err(ApiError::bad_request(
                        "invalid_days",
                        "a suspension lasts 1 to 3650 days",
                    ));
                }
                Some(StandingChange::Suspend {
                    until: state.now() + days * DAY_MS,
                })
            }
            ReportAction::Ban => Some(StandingChange::Ban),
            ReportAction::Warn => {
                warned = Some(target.id);
                None
            }
            ReportAction::Dismiss => None,
        };
        if let Some(change) = change {
            let why = format!("report {id}: {note}");
            change_standing(state, admin, &target, change, Some(why)).await?;
        }
    }
    let now = state.now();
    let mut audit = entry(Some(admin), now, AuditAction::ResolveReport, AuditTarget::Report(id));
    audit.before = Some(serde_json::json!({ "state": "open" }));
    audit.after = Some(serde_json::json!({ "state": "resolved", "action": body.action.as_str() }));
    audit.note = (!note.is_empty()).then(|| note.clone());
    if !state
        .db
        .resolve_report(id, admin.id, body.action, &note, warned, &audit)
        .await?
    {
        return Err(ApiError::conflict("report_resolved", "the report is already resolved"));
    }
    state.db.report(id).await?.map(ReportView::from).ok_or_else(missing)
}

/// One page of the queue.
///
/// # Errors
/// The database fails.
pub async fn queue(
    state: &AppState,
    which: ReportState,
    before: Option<i64>,
    limit: i64,
) -> ApiResult<Vec<ReportView>> {
    Ok(state
        .db
        .reports(which, before.unwrap_or(i64::MAX), limit.clamp(1, 200))
        .await?
        .into_iter()
        .map(ReportView::from)
        .collect())
}

/// Report a user, a game or a chat message to the administrators (at most 10 an hour).
#[utoipa::path(post, path = "/reports", tag = "accounts", security(("bearer" = [])), request_body = NewReport,
    responses((status = 201, body = Filed), (status = 404, body = ErrorBody)))]
async fn create_report(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<NewReport>,
) -> ApiResult<(StatusCode, ApiJson<Filed>)> {
    let id = file(&state, &user, body).await?;
    Ok((StatusCode::CREATED, ApiJson(Filed { id })))
}

/// The queue's paging.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportQuery {
    /// `open` (default) or `resolved`.
    pub state: Option<ReportState>,
    /// Reports with ids below this one.
    pub before: Option<i64>,
    /// At most this many (1 to 200, default 50).
    pub limit: Option<i64>,
}

/// The report queue, newest first. Administrators only.
#[utoipa::path(get, path = "/admin/reports", tag = "admin", security(("bearer" = [])), params(ReportQuery),
    responses((status = 200, body = Vec<ReportView>), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody)))]
async fn admin_list_reports(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<ReportQuery>,
) -> ApiResult<ApiJson<Vec<ReportView>>> {
    queue(&state, q.state.unwrap_or_default(), q.before, q.limit.unwrap_or(50))
        .await
        .map(ApiJson)
}

/// Resolve a report with an action and a note. Administrators only.
#[utoipa::path(post, path = "/admin/reports/{id}/resolve", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Report id")), request_body = Resolve,
    responses((status = 200, body = ReportView), (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 409, description = "`report_resolved`", body = ErrorBody)))]
async fn admin_resolve_report(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<Resolve>,
) -> ApiResult<ApiJson<ReportView>> {
    resolve(&state, &admin, id, body).await.map(ApiJson)
}

/// `/reports`.
pub fn member_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_report))
}

/// `/admin/reports…`.
pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_list_reports))
        .routes(routes!(admin_resolve_report))
}
