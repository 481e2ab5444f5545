//! Settings: time zone, language and the confirm-move preference, password, API tokens (shown
//! once). The notification and vacation sections of the same page are in
//! [`super::sections`] (their forms: [`super::notifications`]).

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::CACHE_CONTROL;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use fluent_templates::fluent_bundle::FluentValue;
use serde::Deserialize;

use super::sections::{DeviceLine, NotificationsSection, SwitchBox, SwitchGroup, VacationSection};
use super::{Ctx, PageResult, SignedIn, see_other, time};
use crate::api::accounts::{self, Credentials};
use crate::api::tokens::{self, CreatedToken};
use crate::domain::club_states::MoveConfirmation;
use crate::infra::i18n::Lang;
use crate::storage::{SettingsRow, TokenRow};
use crate::web::error::ApiError;
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "settings.html")]
pub(super) struct SettingsPage {
    pub ctx: Ctx,
    pub settings: SettingsRow,
    pub time_zones: Vec<String>,
    pub tokens: Vec<TokenLine>,
    pub new_token: Option<CreatedToken>,
    pub notifications: NotificationsSection,
    pub vacation: VacationSection,
    pub notice: Option<String>,
    pub error: Option<String>,
}

impl SettingsPage {
    /// A choice of when moves wait for "Confirm", in the page's language.
    fn confirmation_words(&self, choice: &MoveConfirmation) -> String {
        self.ctx.t(match choice {
            MoveConfirmation::Touch => "settings-confirm-touch",
            MoveConfirmation::Always => "settings-confirm-always",
            MoveConfirmation::Never => "settings-confirm-never",
        })
    }

    /// The catalogue key of a group of notification switches, known by its switches'
    /// settings (`email_…`, `push_…`; the chat group gathers every channel's `…_chat`).
    fn group_key(group: &SwitchGroup) -> Option<&'static str> {
        let first = group.boxes.first()?.name.as_str();
        if first.ends_with("_chat") {
            return Some("settings-group-chat");
        }
        match first.split('_').next()? {
            "email" => Some("settings-group-email"),
            "push" => Some("settings-group-push"),
            "feed" => Some("settings-group-feed"),
            "webhook" => Some("settings-group-webhook"),
            _ => None,
        }
    }

    /// A group's legend in the page's language (the registry's English for a group the
    /// catalogue does not know yet).
    fn group_legend(&self, group: &SwitchGroup) -> String {
        Self::group_key(group).map_or_else(|| group.legend.to_owned(), |key| self.ctx.t(key))
    }

    /// A group's hint; empty for none.
    fn group_hint(&self, group: &SwitchGroup) -> String {
        if group.hint.is_empty() {
            String::new()
        } else if Self::group_key(group) == Some("settings-group-chat") {
            self.ctx.t("settings-group-chat-hint")
        } else {
            group.hint.to_owned()
        }
    }

    /// A switch's label in the page's language, by its setting's name.
    fn switch_label(&self, b: &SwitchBox) -> String {
        let key = match b.name.as_str() {
            "email_your_move" | "push_your_move" => "settings-switch-your-move",
            "email_time_warning" | "push_time_warning" => "settings-switch-time-warning",
            "email_claimable" => "settings-switch-email-claimable",
            "push_claimable" => "settings-switch-push-claimable",
            "email_game_over" => "settings-switch-email-game-over",
            "push_game_over" => "settings-switch-push-game-over",
            "push_offer" => "settings-switch-push-offer",
            "email_tournament" => "settings-switch-email-tournament",
            "push_tournament" => "settings-switch-push-tournament",
            "email_chat" => "settings-switch-email-chat",
            "push_chat" => "settings-switch-push-chat",
            "feed_chat" => "settings-switch-feed-chat",
            "webhook_chat" => "settings-switch-webhook-chat",
            _ => return b.label.to_owned(),
        };
        self.ctx.t(key)
    }

    /// A switch's hint in the page's language; empty for none.
    fn switch_hint(&self, b: &SwitchBox) -> String {
        let key = match b.name.as_str() {
            "email_your_move" => "settings-switch-email-your-move-hint",
            "push_your_move" => "settings-switch-push-your-move-hint",
            "email_chat" => "settings-switch-email-chat-hint",
            "push_chat" => "settings-switch-push-chat-hint",
            _ => return b.hint.to_owned(),
        };
        self.ctx.t(key)
    }

    /// The remove button's label for screen readers: the device and when it was added.
    fn device_remove_label(&self, d: &DeviceLine) -> String {
        self.ctx.lang.text_with(
            "settings-device-remove-label",
            &[
                ("device", FluentValue::from(d.device.as_str())),
                ("added", FluentValue::from(d.added.as_str())),
            ],
        )
    }

    /// How vacation works, with the year's allowance (markup: a link).
    fn vacation_about(&self) -> String {
        self.ctx.lang.plain_with(
            "settings-vacation-about-html",
            &[("count", FluentValue::from(self.vacation.allowance_days))],
        )
    }

    /// Vacation is on: since when, and when it ends (markup: emphasis; dates only).
    fn vacation_on(&self) -> String {
        self.ctx.lang.plain_with(
            "settings-vacation-on-html",
            &[
                ("since", FluentValue::from(self.vacation.since.as_str())),
                ("ends", FluentValue::from(self.vacation.ends.as_str())),
            ],
        )
    }

    /// The vacation used this year and what is left.
    fn vacation_used(&self) -> String {
        self.ctx.lang.plain_with(
            "settings-vacation-used",
            &[
                ("used", FluentValue::from(self.vacation.used.as_str())),
                ("left", FluentValue::from(self.vacation.left.as_str())),
            ],
        )
    }
}

/// A token in the list.
#[derive(Debug)]
pub struct TokenLine {
    pub id: i64,
    pub name: String,
    pub created: String,
}

#[derive(Debug, Deserialize)]
struct SavedQuery {
    saved: Option<String>,
}

fn notice(lang: &Lang, saved: Option<&str>) -> Option<String> {
    let key = match saved? {
        "preferences" => "settings-saved-preferences",
        "password" => "settings-saved-password",
        "revoked" => "settings-saved-revoked",
        "notifications" => "settings-saved-notifications",
        "email-confirmed" => "settings-saved-email-confirmed",
        "feed-removed" => "settings-saved-feed-removed",
        "webhook-changed" => "settings-saved-webhook-changed",
        "webhook-removed" => "settings-saved-webhook-removed",
        "device-removed" => "settings-saved-device-removed",
        "push-test" => "settings-saved-push-test",
        "vacation-on" => "settings-saved-vacation-on",
        "vacation-off" => "settings-saved-vacation-off",
        _ => return None,
    };
    Some(lang.text(key))
}

pub(super) async fn page(state: &AppState, ctx: Ctx) -> PageResult<SettingsPage> {
    let user = ctx.require_user()?.clone();
    let settings = state.db.settings(user.id).await?;
    let tokens = state
        .db
        .list_tokens(user.id)
        .await?
        .into_iter()
        .map(|t: TokenRow| TokenLine {
            id: t.id,
            name: t.name,
            created: time::local_in(&ctx.lang, t.created_at, &user.time_zone),
        })
        .collect();
    let notifications = NotificationsSection::load(state, user.id, &user.time_zone, &ctx.lang).await?;
    let vacation = VacationSection::load(state, &user, &ctx.lang).await?;
    Ok(SettingsPage {
        ctx,
        settings,
        time_zones: time::time_zones(),
        tokens,
        new_token: None,
        notifications,
        vacation,
        notice: None,
        error: None,
    })
}

async fn show(State(state): State<AppState>, s: SignedIn, Query(q): Query<SavedQuery>) -> PageResult<SettingsPage> {
    let mut page = page(&state, s.ctx).await?;
    page.notice = notice(&page.ctx.lang, q.saved.as_deref());
    Ok(page)
}

pub(super) async fn refuse(state: &AppState, ctx: Ctx, status: StatusCode, message: String) -> PageResult<Response> {
    let mut page = page(state, ctx).await?;
    page.error = Some(message);
    Ok((status, page).into_response())
}

/// Shows a refused form on the settings page (4xx), or the error page for anything else.
pub(super) async fn refused(state: &AppState, ctx: Ctx, error: ApiError) -> PageResult<Response> {
    if error.status().is_client_error() {
        let message = crate::web::error_language::message_in(&ctx.lang, &error);
        refuse(state, ctx, error.status(), message).await
    } else {
        Err(error.into())
    }
}

/// The settings page carrying a secret shown this once (a token, a feed URL, a webhook's
/// signing secret): never stored by a cache.
pub(super) fn shown_once(page: SettingsPage) -> Response {
    ([(CACHE_CONTROL, "no-store")], page).into_response()
}

#[derive(Debug, Deserialize)]
struct PreferencesForm {
    #[serde(default)]
    time_zone: String,
    #[serde(default)]
    move_confirmation: String,
    /// A catalogue's tag; empty for the browser's language.
    #[serde(default)]
    language: String,
}

async fn save_preferences(
    State(state): State<AppState>,
    s: SignedIn,
    Form(form): Form<PreferencesForm>,
) -> PageResult<Response> {
    let time_zone = form.time_zone.trim().to_owned();
    if !time::is_time_zone(&time_zone) {
        let message = s.ctx.lang.text("settings-error-time-zone");
        return refuse(&state, s.ctx, StatusCode::BAD_REQUEST, message).await;
    }
    let Ok(move_confirmation) = form.move_confirmation.parse::<MoveConfirmation>() else {
        let message = s.ctx.lang.text("settings-error-confirmation");
        return refuse(&state, s.ctx, StatusCode::BAD_REQUEST, message).await;
    };
    let wanted = form.language.trim();
    let language = if wanted.is_empty() {
        None
    } else if let Ok(known) = crate::api::preferences::known_language(wanted, state.config.pseudo_locale) {
        Some(known)
    } else {
        let message = s.ctx.lang.text("settings-error-language");
        return refuse(&state, s.ctx, StatusCode::BAD_REQUEST, message).await;
    };
    let settings = SettingsRow {
        time_zone,
        move_confirmation,
        language,
    };
    state.db.save_settings(s.user.id, &settings, state.now()).await?;
    Ok(see_other("/settings?saved=preferences"))
}

#[derive(Debug, Deserialize)]
struct PasswordForm {
    #[serde(default)]
    current: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    password_again: String,
}

async fn change_password(
    State(state): State<AppState>,
    s: SignedIn,
    Form(form): Form<PasswordForm>,
) -> PageResult<Response> {
    let credentials = Credentials {
        username: s.user.username.clone(),
        password: form.current,
    };
    match accounts::authenticate(&state, credentials).await {
        Ok(_) => {}
        Err(ApiError::Unauthorized { .. }) => {
            let message = s.ctx.lang.text("settings-error-current-password");
            return refuse(&state, s.ctx, StatusCode::BAD_REQUEST, message).await;
        }
        Err(e) => return Err(e.into()),
    }
    if form.password != form.password_again {
        let message = s.ctx.lang.text("settings-error-passwords-differ");
        return refuse(&state, s.ctx, StatusCode::BAD_REQUEST, message).await;
    }
    if let Err(e) = accounts::validate_password(&form.password, &s.user.username) {
        return {
            let message = crate::web::error_language::message_in(&s.ctx.lang, &e);
            refuse(&state, s.ctx, e.status(), message).await
        };
    }
    let hash = crate::web::auth::hash_password(state.config.password_cost, form.password).await?;
    state
        .db
        .set_password(s.user.id, &hash, s.ctx.session_hash.as_deref())
        .await?;
    Ok(see_other("/settings?saved=password"))
}

#[derive(Debug, Deserialize)]
struct TokenForm {
    #[serde(default)]
    name: String,
}

/// Creates a token and shows it on this one response (never stored, never cached).
async fn create_token(State(state): State<AppState>, s: SignedIn, Form(form): Form<TokenForm>) -> PageResult<Response> {
    let name = form.name.trim().to_owned();
    match tokens::issue(&state, s.user.id, name).await {
        Ok(token) => {
            let mut page = page(&state, s.ctx).await?;
            page.new_token = Some(token);
            Ok(shown_once(page))
        }
        Err(e @ ApiError::BadRequest { .. }) => {
            let message = crate::web::error_language::message_in(&s.ctx.lang, &e);
            refuse(&state, s.ctx, e.status(), message).await
        }
        Err(e) => Err(e.into()),
    }
}

async fn revoke_token(State(state): State<AppState>, s: SignedIn, Path(id): Path<i64>) -> PageResult<Response> {
    if state.db.delete_token(s.user.id, id).await? {
        Ok(see_other("/settings?saved=revoked"))
    } else {
        Err(ApiError::not_found("token_not_found", "no such token").into())
    }
}

/// Where the warning banner's dismiss button came from.
#[derive(Debug, Deserialize)]
struct DismissForm {
    next: Option<String>,
}

/// Dismisses the signed-in user's warning and goes back to the page it was shown on.
async fn dismiss_warning(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<i64>,
    Form(form): Form<DismissForm>,
) -> PageResult<Response> {
    crate::api::admin::warnings::dismiss(&state, s.user.id, id).await?;
    Ok(see_other(&super::account::safe_next(
        &state.config.base_url,
        form.next.as_deref(),
    )))
}

/// The account deletion form.
#[derive(Debug, Deserialize)]
pub struct DeleteForm {
    #[serde(default)]
    pub password: String,
}

async fn delete_account(
    State(state): State<AppState>,
    s: SignedIn,
    Form(form): Form<DeleteForm>,
) -> PageResult<Response> {
    match crate::api::account_data::delete(&state, &s.user.auth(), &form.password).await {
        // The account's sessions are gone with it: home, signed out.
        Ok(()) => Ok(see_other("/")),
        Err(ApiError::Forbidden { message, .. }) => refuse(&state, s.ctx, StatusCode::FORBIDDEN, message).await,
        Err(e) => Err(e.into()),
    }
}

/// `/settings` and its forms.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/settings", get(show))
        .route("/settings/preferences", post(save_preferences))
        .route("/settings/password", post(change_password))
        .route("/settings/tokens", post(create_token))
        .route("/settings/tokens/{id}/revoke", post(revoke_token))
        .route("/warnings/{id}/dismiss", post(dismiss_warning))
        .route("/settings/delete", post(delete_account))
}
