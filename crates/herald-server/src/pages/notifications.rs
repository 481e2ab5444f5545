//! The settings page's notification and vacation sections (email choices, the feed URL,
//! webhooks and their delivery log, vacation on/off) and the email unsubscribe page. Every
//! form goes through the same functions as the API (`notify::settings`, `vacation`).

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::settings::{page, refused, shown_once};
use super::{Ctx, PageResult, SessionUser, SignedIn, see_other, time};
use crate::notify::email::check_unsubscribe_token;
use crate::notify::settings::{self as notify, Delivery, NotificationSettings, Webhook};
use crate::state::AppState;
use crate::vacation;

/// The notification section of the settings page.
#[derive(Debug)]
pub struct NotificationsSection {
    pub settings: NotificationSettings,
    pub webhooks: Vec<WebhookLine>,
    /// The feed URL just made (shown once: only its hash is stored).
    pub new_feed: Option<String>,
    /// The webhook just added, with its signing secret (shown once).
    pub new_webhook: Option<Webhook>,
}

/// A webhook in the list.
#[derive(Debug)]
pub struct WebhookLine {
    pub id: i64,
    pub url: String,
    pub enabled: bool,
    pub failures: i64,
}

impl NotificationsSection {
    pub(super) async fn load(state: &AppState, user_id: i64) -> PageResult<NotificationsSection> {
        let webhooks = notify::webhooks(state, user_id)
            .await?
            .into_iter()
            .map(|w| WebhookLine {
                id: w.id,
                url: w.url,
                enabled: w.enabled,
                failures: w.failures,
            })
            .collect();
        Ok(NotificationsSection {
            settings: notify::current(state, user_id).await?,
            webhooks,
            new_feed: None,
            new_webhook: None,
        })
    }

    /// The address in the email field (empty when none).
    #[must_use]
    pub fn email(&self) -> &str {
        self.settings.email.as_deref().unwrap_or_default()
    }
}

/// The vacation section of the settings page.
#[derive(Debug)]
pub struct VacationSection {
    pub on: bool,
    pub since: String,
    pub ends: String,
    pub allowance_days: i64,
    pub used: String,
    pub left: String,
    pub any_left: bool,
}

impl VacationSection {
    pub(super) async fn load(state: &AppState, user: &SessionUser) -> PageResult<VacationSection> {
        let v = vacation::status(state, user.id).await?;
        let local = |at: Option<i64>| at.map(|t| time::local(t, &user.time_zone)).unwrap_or_default();
        Ok(VacationSection {
            on: v.on,
            since: local(v.since),
            ends: local(v.ends_at),
            allowance_days: v.allowance_days,
            used: time::span(v.used_ms),
            left: time::span(v.left_ms),
            any_left: v.left_ms > 0,
        })
    }
}

/// The notice after a redirect back to the settings page (`?saved=`).
pub(super) fn notice(saved: &str) -> Option<&'static str> {
    match saved {
        "notifications" => Some("Your notification choices are saved."),
        "email-confirmed" => Some("Your e-mail address is confirmed: notifications will go to it."),
        "feed-removed" => Some("The feed URL is removed: readers using it get nothing more."),
        "webhook-changed" => Some("The webhook is changed."),
        "webhook-removed" => Some("The webhook and its delivery log are removed."),
        "vacation-on" => Some("Vacation is on: your clocks are stopped until you move or switch it off."),
        "vacation-off" => Some("Vacation is off: your clocks run again."),
        _ => None,
    }
}

#[derive(Debug, Deserialize)]
struct EmailForm {
    #[serde(default)]
    email: String,
    your_move: Option<String>,
    time_warning: Option<String>,
    claimable: Option<String>,
    game_over: Option<String>,
}

async fn save_email(State(state): State<AppState>, s: SignedIn, Form(form): Form<EmailForm>) -> PageResult<Response> {
    let mut changes = Map::new();
    changes.insert("email".to_owned(), Value::String(form.email));
    for (key, on) in [
        ("email_your_move", form.your_move),
        ("email_time_warning", form.time_warning),
        ("email_claimable", form.claimable),
        ("email_game_over", form.game_over),
    ] {
        changes.insert(key.to_owned(), Value::Bool(on.is_some()));
    }
    match notify::update(&state, s.user.id, &changes).await {
        Ok(_) => Ok(see_other("/settings?saved=notifications#notifications")),
        Err(e) => refused(&state, s.ctx, e).await,
    }
}

/// Makes a feed URL and shows it on this one response (never stored, never cached).
async fn make_feed(State(state): State<AppState>, s: SignedIn) -> PageResult<Response> {
    let feed = notify::new_feed(&state, s.user.id).await?;
    let mut page = page(&state, s.ctx).await?;
    page.notifications.new_feed = Some(feed.url);
    Ok(shown_once(page))
}

async fn remove_feed(State(state): State<AppState>, s: SignedIn) -> PageResult<Response> {
    notify::delete_feed_of(&state, s.user.id).await?;
    Ok(see_other("/settings?saved=feed-removed#notifications"))
}

#[derive(Debug, Deserialize)]
struct WebhookForm {
    #[serde(default)]
    url: String,
}

/// Adds a webhook and shows its signing secret on this one response.
async fn add_webhook(
    State(state): State<AppState>,
    s: SignedIn,
    Form(form): Form<WebhookForm>,
) -> PageResult<Response> {
    match notify::add_webhook(&state, s.user.id, &form.url).await {
        Ok(hook) => {
            let mut page = page(&state, s.ctx).await?;
            page.notifications.new_webhook = Some(hook);
            Ok(shown_once(page))
        }
        Err(e) => refused(&state, s.ctx, e).await,
    }
}

#[derive(Debug, Deserialize)]
struct EnableForm {
    enabled: String,
}

async fn enable_webhook(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<i64>,
    Form(form): Form<EnableForm>,
) -> PageResult<Response> {
    let enabled = form.enabled == "true";
    match notify::change_webhook(&state, s.user.id, id, None, Some(enabled)).await {
        Ok(_) => Ok(see_other("/settings?saved=webhook-changed#notifications")),
        Err(e) => refused(&state, s.ctx, e).await,
    }
}

async fn delete_webhook(State(state): State<AppState>, s: SignedIn, Path(id): Path<i64>) -> PageResult<Response> {
    notify::remove_webhook(&state, s.user.id, id).await?;
    Ok(see_other("/settings?saved=webhook-removed#notifications"))
}

#[derive(Template, WebTemplate)]
#[template(path = "webhook.html")]
struct WebhookPage {
    ctx: Ctx,
    webhook: Webhook,
    deliveries: Vec<DeliveryLine>,
}

/// A delivery in the log, times in the viewer's zone.
#[derive(Debug)]
pub struct DeliveryLine {
    pub delivery: Delivery,
    pub created: String,
    pub next_attempt: String,
}

/// A webhook's delivery log (the last 100).
async fn webhook_log(State(state): State<AppState>, s: SignedIn, Path(id): Path<i64>) -> PageResult<WebhookPage> {
    let (webhook, log) = notify::webhook_log(&state, s.user.id, id, 100).await?;
    let zone = &s.user.time_zone;
    let deliveries = log
        .into_iter()
        .map(|d| DeliveryLine {
            created: time::local(d.created_at, zone),
            next_attempt: d.next_attempt_at.map(|t| time::local(t, zone)).unwrap_or_default(),
            delivery: d,
        })
        .collect();
    Ok(WebhookPage {
        ctx: s.ctx,
        webhook,
        deliveries,
    })
}

#[derive(Debug, Deserialize)]
struct VacationForm {
    on: String,
}

async fn set_vacation(
    State(state): State<AppState>,
    s: SignedIn,
    Form(form): Form<VacationForm>,
) -> PageResult<Response> {
    if form.on == "true" {
        match vacation::start(&state, &s.user.auth()).await {
            Ok(_) => Ok(see_other("/settings?saved=vacation-on#vacation")),
            Err(e) => refused(&state, s.ctx, e).await,
        }
    } else {
        vacation::end(&state, s.user.id, state.now()).await?;
        Ok(see_other("/settings?saved=vacation-off#vacation"))
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "unsubscribe.html")]
struct UnsubscribePage {
    ctx: Ctx,
    token: String,
    valid: bool,
    done: bool,
}

#[derive(Debug, Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// The link in an email's body: a page with a button, so that link scanners and
/// prefetchers (which only GET) unsubscribe nobody.
async fn unsubscribe_page(
    State(state): State<AppState>,
    ctx: Ctx,
    Query(q): Query<TokenQuery>,
) -> PageResult<Response> {
    let valid = check_unsubscribe_token(&state, &q.token).await?.is_some();
    Ok(unsubscribe_answer(ctx, q.token, valid, false))
}

async fn unsubscribe(State(state): State<AppState>, ctx: Ctx, Form(q): Form<TokenQuery>) -> PageResult<Response> {
    let done = notify::unsubscribe_by_token(&state, &q.token).await?;
    Ok(unsubscribe_answer(ctx, q.token, done, done))
}

fn unsubscribe_answer(ctx: Ctx, token: String, valid: bool, done: bool) -> Response {
    let status = if valid { StatusCode::OK } else { StatusCode::BAD_REQUEST };
    let page = UnsubscribePage {
        ctx,
        token,
        valid,
        done,
    };
    (status, page).into_response()
}

/// The link in the confirmation mail: confirms the address it was mailed to, then shows
/// the settings (after logging in, if needed).
async fn confirm_email(State(state): State<AppState>, Query(q): Query<TokenQuery>) -> PageResult<Response> {
    if crate::notify::confirm::confirm(&state, &q.token).await? {
        Ok(see_other("/settings?saved=email-confirmed"))
    } else {
        Err(crate::error::ApiError::bad_request(
            "invalid_token",
            "this confirmation link is not valid: it is incomplete, or the address was changed after it was sent",
        )
        .into())
    }
}

/// The forms of the notification and vacation sections, the delivery log and the
/// unsubscribe page.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/settings/notifications", post(save_email))
        .route("/settings/feed", post(make_feed))
        .route("/settings/feed/remove", post(remove_feed))
        .route("/settings/webhooks", post(add_webhook))
        .route("/settings/webhooks/{id}", get(webhook_log))
        .route("/settings/webhooks/{id}/enable", post(enable_webhook))
        .route("/settings/webhooks/{id}/delete", post(delete_webhook))
        .route("/settings/vacation", post(set_vacation))
        .route("/email/unsubscribe", get(unsubscribe_page).post(unsubscribe))
        .route("/email/confirm", get(confirm_email))
}
