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
use serde::Deserialize;

use super::sections::{NotificationsSection, VacationSection};
use super::{Ctx, PageResult, SignedIn, see_other, time};
use crate::api::accounts::{self, Credentials};
use crate::api::tokens::{self, CreatedToken};
use crate::domain::club_states::MoveConfirmation;
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
    pub notice: Option<&'static str>,
    pub error: Option<String>,
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

fn notice(saved: Option<&str>) -> Option<&'static str> {
    match saved? {
        "preferences" => Some("Your preferences are saved."),
        "password" => Some(
            "Your password is changed. Other devices were logged out and your API tokens revoked: \
             make new tokens for your programs.",
        ),
        "revoked" => Some("The token is revoked: programs using it can no longer act for you."),
        other => super::sections::notice(other),
    }
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
            created: time::local(t.created_at, &user.time_zone),
        })
        .collect();
    let notifications = NotificationsSection::load(state, user.id, &user.time_zone).await?;
    let vacation = VacationSection::load(state, &user).await?;
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
    page.notice = notice(q.saved.as_deref());
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
        refuse(state, ctx, error.status(), super::error::sentence(&error.to_string())).await
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
        return refuse(
            &state,
            s.ctx,
            StatusCode::BAD_REQUEST,
            "Choose a time zone from the list.".to_owned(),
        )
        .await;
    }
    let Ok(move_confirmation) = form.move_confirmation.parse::<MoveConfirmation>() else {
        return refuse(
            &state,
            s.ctx,
            StatusCode::BAD_REQUEST,
            "Choose when moves wait for confirmation: on touch screens, always or never.".to_owned(),
        )
        .await;
    };
    let wanted = form.language.trim();
    let language = if wanted.is_empty() {
        None
    } else if let Ok(known) = crate::api::preferences::known_language(wanted, state.config.pseudo_locale) {
        Some(known)
    } else {
        return refuse(
            &state,
            s.ctx,
            StatusCode::BAD_REQUEST,
            "Choose a language from the list.".to_owned(),
        )
        .await;
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
            return refuse(
                &state,
                s.ctx,
                StatusCode::BAD_REQUEST,
                "Your current password is not right.".to_owned(),
            )
            .await;
        }
        Err(e) => return Err(e.into()),
    }
    if form.password != form.password_again {
        return refuse(
            &state,
            s.ctx,
            StatusCode::BAD_REQUEST,
            "The two new passwords are not the same.".to_owned(),
        )
        .await;
    }
    if let Err(e) = accounts::validate_password(&form.password, &s.user.username) {
        return refuse(&state, s.ctx, e.status(), super::error::sentence(&e.to_string())).await;
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
            refuse(&state, s.ctx, e.status(), super::error::sentence(&e.to_string())).await
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
