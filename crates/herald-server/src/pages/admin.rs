//! The administrators' pages under `/admin`: the dashboard with the site settings, users
//! (search, one user with every action), games, the report queue, invitations and the audit
//! log. Plain forms (no JavaScript); every action goes through the same service as the API
//! (`crate::api::admin`), so the checks and the audit entry are the same. Anonymous
//! visitors are sent to log in; signed-in non-administrators get a 403 page.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::Variant;
use serde::Deserialize;

use super::time::local_in;
use super::{Ctx, PageError, PageResult, SessionUser, SignedIn, see_other};
use crate::api::admin::audit::{self, AuditAction, AuditView};
use crate::api::admin::games::{self as admin_games, AdminGame};
use crate::api::admin::invitations::{self, CreateInvitation, InvitationView};
use crate::api::admin::reports::{self, ReportAction, ReportState, ReportTarget, ReportView, Resolve};
use crate::api::admin::site::{self, DeletedChat, SignupMode, SiteSettings, SuspendedGames};
use crate::api::admin::standing::Standing;
use crate::api::admin::users::{self, StandingChange, UserDetail, UserSummary};
use crate::api::admin::{AdminUser, not_admin};
use crate::domain::game_states::GameStatus;
use crate::infra::clock::DAY_MS;
use crate::infra::i18n::Lang;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// A signed-in administrator on an admin page.
pub struct AdminPage {
    pub ctx: Ctx,
    pub admin: AdminUser,
}

impl FromRequestParts<AppState> for AdminPage {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let SignedIn { ctx, user } = SignedIn::from_request_parts(parts, state).await?;
        // Read again rather than trusted from the page context: rights revoked a moment
        // ago must not linger.
        if !state.db.is_admin(user.id).await? {
            return Err(PageError::Api(not_admin()));
        }
        Ok(AdminPage {
            ctx,
            admin: admin_of(&user),
        })
    }
}

fn admin_of(user: &SessionUser) -> AdminUser {
    AdminUser {
        id: user.id,
        username: user.username.clone(),
    }
}

/// A time in the viewer's zone and language.
fn when(ctx: &Ctx, ms: i64) -> String {
    local_in(&ctx.lang, ms, ctx.time_zone())
}

fn standing_text(ctx: &Ctx, standing: Standing) -> String {
    match standing {
        Standing::Active => ctx.lang.text("admin-standing-active"),
        Standing::Suspended { until } => ctx.lang.plain_with(
            "admin-standing-suspended",
            &[("until", FluentValue::from(when(ctx, until)))],
        ),
        Standing::Banned { since } => ctx.lang.plain_with(
            "admin-standing-banned",
            &[("since", FluentValue::from(when(ctx, since)))],
        ),
    }
}

/// An audit action's label (the stored name stays in the log and the API).
fn action_text(lang: &Lang, action: AuditAction) -> String {
    match action {
        AuditAction::CreateUser => lang.text("admin-audit-action-create-user"),
        AuditAction::Suspend => lang.text("admin-audit-action-suspend"),
        AuditAction::Unsuspend => lang.text("admin-audit-action-unsuspend"),
        AuditAction::Ban => lang.text("admin-audit-action-ban"),
        AuditAction::Unban => lang.text("admin-audit-action-unban"),
        AuditAction::Mute => lang.text("admin-audit-action-mute"),
        AuditAction::Unmute => lang.text("admin-audit-action-unmute"),
        AuditAction::ResetPassword => lang.text("admin-audit-action-reset-password"),
        AuditAction::GrantAdmin => lang.text("admin-audit-action-grant-admin"),
        AuditAction::RevokeAdmin => lang.text("admin-audit-action-revoke-admin"),
        AuditAction::DeleteUser => lang.text("admin-audit-action-delete-user"),
        AuditAction::EndGame => lang.text("admin-audit-action-end-game"),
        AuditAction::HideMessage => lang.text("admin-audit-action-hide-message"),
        AuditAction::ResolveReport => lang.text("admin-audit-action-resolve-report"),
        AuditAction::UpdateSite => lang.text("admin-audit-action-update-site"),
        AuditAction::CreateInvitation => lang.text("admin-audit-action-create-invitation"),
        AuditAction::RevokeInvitation => lang.text("admin-audit-action-revoke-invitation"),
        AuditAction::CreateBot => lang.text("admin-audit-action-create-bot"),
        AuditAction::UpdateBot => lang.text("admin-audit-action-update-bot"),
    }
}

// ---- dashboard and site settings ----

#[derive(Template, WebTemplate)]
#[template(path = "admin.html")]
struct DashboardPage {
    ctx: Ctx,
    settings: SiteSettings,
    open_reports: usize,
}

impl DashboardPage {
    fn signup_modes(&self) -> &'static [SignupMode] {
        <SignupMode as strum::VariantArray>::VARIANTS
    }
    fn game_rules(&self) -> &'static [SuspendedGames] {
        <SuspendedGames as strum::VariantArray>::VARIANTS
    }
    fn chat_rules(&self) -> &'static [DeletedChat] {
        DeletedChat::ALL
    }
    fn signup_label(&self, mode: &SignupMode) -> String {
        match mode {
            SignupMode::Open => self.ctx.t("admin-signup-open"),
            SignupMode::Closed => self.ctx.t("admin-signup-closed"),
            SignupMode::InviteOnly => self.ctx.t("admin-signup-invite-only"),
        }
    }
    fn game_rule_label(&self, rule: &SuspendedGames) -> String {
        match rule {
            SuspendedGames::ClockRuns => self.ctx.t("admin-suspended-games-clock-runs"),
            SuspendedGames::Adjourned => self.ctx.t("admin-suspended-games-adjourned"),
        }
    }
    fn chat_rule_label(&self, rule: &DeletedChat) -> String {
        match rule {
            DeletedChat::Anonymise => self.ctx.t("admin-deleted-chat-anonymise"),
            DeletedChat::Remove => self.ctx.t("admin-deleted-chat-remove"),
        }
    }
}

async fn dashboard(State(state): State<AppState>, page: AdminPage) -> PageResult<Response> {
    let settings = state.db.site_settings().await?.as_ref().clone();
    let open_reports = reports::queue(&state, ReportState::Open, None, 200).await?.len();
    Ok(DashboardPage {
        ctx: page.ctx,
        settings,
        open_reports,
    }
    .into_response())
}

#[derive(Debug, Deserialize)]
struct SiteForm {
    signup: SignupMode,
    site_name: String,
    #[serde(default)]
    notice: String,
    suspended_games: SuspendedGames,
    #[serde(default)]
    member_invites: Option<String>,
    #[serde(default)]
    deleted_chat: DeletedChat,
    #[serde(default)]
    analysis_daily_cap: Option<u32>,
    #[serde(default)]
    engine_in_running_games: Option<String>,
    #[serde(default)]
    rated_bot_games: Option<String>,
}

async fn save_site(State(state): State<AppState>, page: AdminPage, Form(form): Form<SiteForm>) -> PageResult<Response> {
    let new = SiteSettings {
        signup: form.signup,
        site_name: form.site_name,
        notice: form.notice.replace("\r\n", "\n"),
        suspended_games: form.suspended_games,
        member_invites: form.member_invites.is_some(),
        deleted_chat: form.deleted_chat,
        analysis_daily_cap: form.analysis_daily_cap.unwrap_or(10).min(1000),
        engine_in_running_games: form.engine_in_running_games.is_some(),
        rated_bot_games: form.rated_bot_games.is_some(),
    };
    site::update(&state, &page.admin, new).await?;
    Ok(see_other("/admin"))
}

// ---- users ----

#[derive(Template, WebTemplate)]
#[template(path = "admin_users.html")]
struct UsersPage {
    ctx: Ctx,
    prefix: String,
    users: Vec<UserSummary>,
    next_after: Option<String>,
}

impl UsersPage {
    fn standing(&self, user: &UserSummary) -> String {
        standing_text(&self.ctx, user.standing)
    }
}

#[derive(Debug, Deserialize)]
struct UsersQuery {
    prefix: Option<String>,
    after: Option<String>,
}

async fn users_page(
    State(state): State<AppState>,
    page: AdminPage,
    Query(q): Query<UsersQuery>,
) -> PageResult<Response> {
    let prefix = q.prefix.unwrap_or_default();
    let found = users::search(&state, &prefix, q.after.as_deref().unwrap_or(""), 50).await?;
    Ok(UsersPage {
        ctx: page.ctx,
        prefix,
        users: found.users,
        next_after: found.next_after,
    }
    .into_response())
}

#[derive(Template, WebTemplate)]
#[template(path = "admin_user.html")]
struct UserPage {
    ctx: Ctx,
    user: UserDetail,
    now: i64,
}

impl UserPage {
    fn standing(&self) -> String {
        standing_text(&self.ctx, self.user.user.standing)
    }
    fn suspended(&self) -> bool {
        matches!(self.user.user.standing, Standing::Suspended { .. })
    }
    fn banned(&self) -> bool {
        matches!(self.user.user.standing, Standing::Banned { .. })
    }
    fn muted(&self) -> Option<String> {
        self.user
            .user
            .muted_until
            .filter(|u| *u > self.now)
            .map(|u| when(&self.ctx, u))
    }
    fn at(&self, ms: &i64) -> String {
        when(&self.ctx, *ms)
    }
    fn change(&self, entry: &AuditView) -> String {
        entry_change(entry)
    }
    fn action(&self, entry: &AuditView) -> String {
        action_text(&self.ctx.lang, entry.action)
    }
}

fn entry_change(entry: &AuditView) -> String {
    let show = |v: &Option<serde_json::Value>| v.as_ref().map_or_else(|| "-".to_owned(), ToString::to_string);
    format!("{} → {}", show(&entry.before), show(&entry.after))
}

async fn user_page(
    State(state): State<AppState>,
    page: AdminPage,
    Path(username): Path<String>,
) -> PageResult<Response> {
    let row = users::find(&state, &username).await?;
    let user = users::detail(&state, &row).await?;
    Ok(UserPage {
        ctx: page.ctx,
        user,
        now: state.now(),
    }
    .into_response())
}

#[derive(Debug, Deserialize)]
struct ActionForm {
    #[serde(default)]
    days: Option<String>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    confirm: Option<String>,
}

fn days(form: &ActionForm) -> Result<i64, PageError> {
    form.days
        .as_deref()
        .and_then(|d| d.trim().parse::<i64>().ok())
        .filter(|d| (1..=3650).contains(d))
        .ok_or_else(|| {
            PageError::Api(ApiError::bad_request(
                "invalid_days",
                "give a number of days from 1 to 3650",
            ))
        })
}

#[derive(Template, WebTemplate)]
#[template(path = "message.html")]
struct SecretPage {
    ctx: Ctx,
    title: String,
    message: String,
    secret: Option<String>,
    back: String,
}

async fn user_action(
    State(state): State<AppState>,
    page: AdminPage,
    Path((username, action)): Path<(String, String)>,
    Form(form): Form<ActionForm>,
) -> PageResult<Response> {
    let row = users::find(&state, &username).await?;
    let back = format!("/admin/users/{}", row.username_key);
    let now = state.now();
    let change = match action.as_str() {
        "suspend" => Some(StandingChange::Suspend {
            until: now + days(&form)? * DAY_MS,
        }),
        "unsuspend" => Some(StandingChange::Unsuspend),
        "ban" => Some(StandingChange::Ban),
        "unban" => Some(StandingChange::Unban),
        "mute" => Some(StandingChange::Mute {
            until: now + days(&form)? * DAY_MS,
        }),
        "unmute" => Some(StandingChange::Unmute),
        _ => None,
    };
    if let Some(change) = change {
        users::change_standing(&state, &page.admin, &row, change, form.note).await?;
        return Ok(see_other(&back));
    }
    match action.as_str() {
        "password" => {
            let reset = users::reset_password(&state, &page.admin, &row, form.password).await?;
            let message = page.ctx.lang.text_with(
                "admin-password-reset",
                &[
                    ("name", FluentValue::from(row.username.as_str())),
                    ("sessions", FluentValue::from(reset.sessions_ended)),
                    ("tokens", FluentValue::from(reset.tokens_revoked)),
                ],
            );
            Ok(SecretPage {
                title: page.ctx.t("admin-password-reset-title"),
                ctx: page.ctx,
                message,
                secret: reset.password,
                back,
            }
            .into_response())
        }
        "grant-admin" | "revoke-admin" => {
            users::set_admin(&state, &page.admin, &row, action == "grant-admin").await?;
            Ok(see_other(&back))
        }
        "delete" => {
            if form.confirm.as_deref() != Some(row.username.as_str()) {
                return Err(PageError::Api(ApiError::bad_request(
                    "confirm_required",
                    "type the username to confirm the deletion",
                )));
            }
            users::delete(&state, &page.admin, &row).await?;
            Ok(see_other("/admin/users"))
        }
        _ => Err(PageError::not_found("no such action")),
    }
}

// ---- games ----

#[derive(Template, WebTemplate)]
#[template(path = "admin_games.html")]
struct GamesPage {
    ctx: Ctx,
    games: Vec<AdminGame>,
}

impl GamesPage {
    fn players(&self, game: &AdminGame) -> String {
        let open = self.ctx.t("admin-games-open-seat");
        game.players
            .iter()
            .map(|p| p.as_deref().unwrap_or(open.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    }
    /// The game's name in the viewer's language (the registry's id where it is unknown).
    fn game_name(&self, game: &AdminGame) -> String {
        game.variant
            .parse::<Variant>()
            .map_or_else(|_| game.variant.clone(), |v| self.ctx.lang.game_name(v))
    }
    fn status(&self, status: GameStatus) -> String {
        match status {
            GameStatus::Waiting => self.ctx.t("admin-game-status-waiting"),
            GameStatus::Active => self.ctx.t("admin-game-status-active"),
            GameStatus::Finished => self.ctx.t("admin-game-status-finished"),
            GameStatus::Aborted => self.ctx.t("admin-game-status-aborted"),
        }
    }
    /// `active, move 12, alice, bob · changed …`.
    fn line(&self, game: &AdminGame) -> String {
        self.ctx.lang.text_with(
            "admin-games-line",
            &[
                ("status", FluentValue::from(self.status(game.status))),
                ("ply", FluentValue::from(game.ply)),
                ("players", FluentValue::from(self.players(game))),
                ("at", FluentValue::from(when(&self.ctx, game.updated_at))),
            ],
        )
    }
}

async fn games_page(State(state): State<AppState>, page: AdminPage) -> PageResult<Response> {
    let games = admin_games::latest(&state, None, 100).await?;
    Ok(GamesPage { ctx: page.ctx, games }.into_response())
}

#[derive(Debug, Deserialize)]
struct EndForm {
    reason: String,
}

async fn end_game(
    State(state): State<AppState>,
    page: AdminPage,
    Path(id): Path<String>,
    Form(form): Form<EndForm>,
) -> PageResult<Response> {
    admin_games::end(&state, &page.admin, &id, &form.reason).await?;
    Ok(see_other(&format!("/games/{id}")))
}

/// Why a message is hidden (optional).
#[derive(Debug, Deserialize)]
struct HideForm {
    #[serde(default)]
    note: String,
}

async fn hide_message(
    State(state): State<AppState>,
    page: AdminPage,
    Path((id, seq)): Path<(String, i64)>,
    Form(form): Form<HideForm>,
) -> PageResult<Response> {
    admin_games::hide_message(&state, &page.admin, &id, seq, &form.note).await?;
    Ok(see_other(&format!("/games/{id}#chat")))
}

// ---- reports ----

#[derive(Template, WebTemplate)]
#[template(path = "admin_reports.html")]
struct ReportsPage {
    ctx: Ctx,
    open: Vec<ReportView>,
    resolved: Vec<ReportView>,
    next_before: Option<i64>,
}

impl ReportsPage {
    fn actions(&self) -> &'static [ReportAction] {
        <ReportAction as strum::VariantArray>::VARIANTS
    }
    fn link(&self, report: &ReportView) -> (Option<String>, String) {
        target_link(&self.ctx.lang, &report.target)
    }
    fn about_user(&self, report: &ReportView) -> bool {
        matches!(report.target, ReportTarget::User { .. })
    }
    fn action_label(&self, action: &ReportAction) -> String {
        match action {
            ReportAction::Dismiss => self.ctx.t("admin-report-action-dismiss"),
            ReportAction::Warn => self.ctx.t("admin-report-action-warn"),
            ReportAction::Suspend => self.ctx.t("admin-report-action-suspend"),
            ReportAction::Ban => self.ctx.t("admin-report-action-ban"),
        }
    }
    /// `By alice, <date>`.
    fn by_at(&self, report: &ReportView) -> String {
        self.ctx.lang.text_with(
            "admin-reports-by-at",
            &[
                ("reporter", FluentValue::from(report.reporter.as_str())),
                ("at", FluentValue::from(when(&self.ctx, report.created_at))),
            ],
        )
    }
    /// `game abc by alice: <reason>`.
    fn reported(&self, report: &ReportView) -> String {
        let (_, target) = target_link(&self.ctx.lang, &report.target);
        self.ctx.lang.text_with(
            "admin-reports-reported",
            &[
                ("target", FluentValue::from(target)),
                ("reporter", FluentValue::from(report.reporter.as_str())),
                ("reason", FluentValue::from(report.reason.as_str())),
            ],
        )
    }
}

/// What a report is about, as a link target and a label.
fn target_link(lang: &Lang, target: &ReportTarget) -> (Option<String>, String) {
    match target {
        ReportTarget::User { username } => (
            Some(format!("/admin/users/{}", username.to_ascii_lowercase())),
            lang.text_with(
                "admin-report-target-user",
                &[("name", FluentValue::from(username.as_str()))],
            ),
        ),
        ReportTarget::Game { id } => (
            Some(format!("/games/{id}")),
            lang.text_with("admin-report-target-game", &[("id", FluentValue::from(id.as_str()))]),
        ),
        ReportTarget::Message { game, seq } => (
            Some(format!("/games/{game}#chat-{seq}")),
            lang.text_with(
                "admin-report-target-message",
                &[
                    ("seq", FluentValue::from(*seq)),
                    ("game", FluentValue::from(game.as_str())),
                ],
            ),
        ),
    }
}

#[derive(Debug, Deserialize)]
struct ReportsQuery {
    before: Option<i64>,
}

async fn reports_page(
    State(state): State<AppState>,
    page: AdminPage,
    Query(q): Query<ReportsQuery>,
) -> PageResult<Response> {
    let open = reports::queue(&state, ReportState::Open, None, 200).await?;
    let resolved = reports::queue(&state, ReportState::Resolved, q.before, 50).await?;
    let next_before = (resolved.len() == 50).then(|| resolved.last().map(|r| r.id)).flatten();
    Ok(ReportsPage {
        ctx: page.ctx,
        open,
        resolved,
        next_before,
    }
    .into_response())
}

#[derive(Debug, Deserialize)]
struct ResolveForm {
    action: ReportAction,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    user: Option<String>,
    #[serde(default)]
    days: Option<String>,
}

async fn resolve_report(
    State(state): State<AppState>,
    page: AdminPage,
    Path(id): Path<i64>,
    Form(form): Form<ResolveForm>,
) -> PageResult<Response> {
    let days = form.days.as_deref().and_then(|d| d.trim().parse().ok());
    let body = Resolve {
        action: form.action,
        note: form.note,
        user: form.user,
        days,
    };
    reports::resolve(&state, &page.admin, id, body).await?;
    Ok(see_other("/admin/reports"))
}

// ---- invitations ----

#[derive(Template, WebTemplate)]
#[template(path = "admin_invitations.html")]
struct InvitationsPage {
    ctx: Ctx,
    invitations: Vec<InvitationView>,
}

impl InvitationsPage {
    fn at(&self, ms: &i64) -> String {
        when(&self.ctx, *ms)
    }
}

async fn invitations_page(State(state): State<AppState>, page: AdminPage) -> PageResult<Response> {
    let invitations = invitations::list(&state, None, None, 100).await?;
    Ok(InvitationsPage {
        ctx: page.ctx,
        invitations,
    }
    .into_response())
}

#[derive(Debug, Deserialize)]
struct InvitationForm {
    max_uses: Option<String>,
    expires_in_days: Option<String>,
    #[serde(default)]
    note: Option<String>,
}

async fn create_invitation(
    State(state): State<AppState>,
    page: AdminPage,
    Form(form): Form<InvitationForm>,
) -> PageResult<Response> {
    let number = |v: &Option<String>| v.as_deref().and_then(|t| t.trim().parse::<i64>().ok());
    let body = CreateInvitation {
        max_uses: number(&form.max_uses),
        expires_in_days: number(&form.expires_in_days),
        note: form.note,
    };
    let user = page.ctx.require_user()?.auth();
    let created = invitations::create(&state, &user, body).await?;
    Ok(SecretPage {
        title: page.ctx.t("admin-invitation-created-title"),
        message: page.ctx.count("admin-invitation-created", created.invitation.max_uses),
        ctx: page.ctx,
        secret: Some(created.url),
        back: "/admin/invitations".to_owned(),
    }
    .into_response())
}

async fn revoke_invitation(
    State(state): State<AppState>,
    page: AdminPage,
    Path(id): Path<i64>,
) -> PageResult<Response> {
    let user = page.ctx.require_user()?.auth();
    invitations::revoke(&state, &user, id).await?;
    Ok(see_other("/admin/invitations"))
}

// ---- audit log ----

#[derive(Template, WebTemplate)]
#[template(path = "admin_audit.html")]
struct AuditPage {
    ctx: Ctx,
    entries: Vec<AuditView>,
    next_before: Option<i64>,
}

impl AuditPage {
    fn change(&self, entry: &AuditView) -> String {
        entry_change(entry)
    }
    fn action(&self, entry: &AuditView) -> String {
        action_text(&self.ctx.lang, entry.action)
    }
    /// What the action was done to: `user alice`, `game abc`, `site settings`.
    fn target(&self, entry: &AuditView) -> String {
        let target = entry
            .target_name
            .as_deref()
            .or(entry.target_id.as_deref())
            .unwrap_or_default();
        let key = match entry.target_kind.as_str() {
            "user" => "admin-audit-target-user",
            "game" => "admin-audit-target-game",
            "report" => "admin-audit-target-report",
            "invitation" => "admin-audit-target-invitation",
            "site" => return self.ctx.t("admin-audit-target-site"),
            other => return format!("{other} {target}"),
        };
        self.ctx.lang.text_with(key, &[("target", FluentValue::from(target))])
    }
    /// `by root, <date>`, with the note when there is one.
    fn by(&self, entry: &AuditView) -> String {
        let actor = FluentValue::from(entry.actor.as_str());
        let at = FluentValue::from(when(&self.ctx, entry.at));
        match entry.note.as_deref() {
            Some(note) => self.ctx.lang.text_with(
                "admin-audit-by-note",
                &[("actor", actor), ("at", at), ("note", FluentValue::from(note))],
            ),
            None => self
                .ctx
                .lang
                .text_with("admin-audit-by", &[("actor", actor), ("at", at)]),
        }
    }
}

#[derive(Debug, Deserialize)]
struct AuditQuery {
    before: Option<i64>,
}

async fn audit_page(
    State(state): State<AppState>,
    page: AdminPage,
    Query(q): Query<AuditQuery>,
) -> PageResult<Response> {
    let found = audit::page(&state, q.before, Some(50)).await?;
    Ok(AuditPage {
        ctx: page.ctx,
        entries: found.entries,
        next_before: found.next_before,
    }
    .into_response())
}

/// `/admin…`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin", get(dashboard))
        .route("/admin/site", post(save_site))
        .route("/admin/users", get(users_page))
        .route("/admin/users/{username}", get(user_page))
        .route("/admin/users/{username}/{action}", post(user_action))
        .route("/admin/games", get(games_page))
        .route("/admin/games/{id}/end", post(end_game))
        .route("/admin/games/{id}/chat/{seq}/hide", post(hide_message))
        .route("/admin/reports", get(reports_page))
        .route("/admin/reports/{id}/resolve", post(resolve_report))
        .route("/admin/invitations", get(invitations_page).post(create_invitation))
        .route("/admin/invitations/{id}/revoke", post(revoke_invitation))
        .route("/admin/audit", get(audit_page))
}
