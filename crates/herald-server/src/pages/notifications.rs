//! The settings page's notification and vacation sections (email choices, the devices
//! notified by Web Push, the feed URL, webhooks and their delivery log, vacation on/off) and the email unsubscribe page. Every
//! form goes through the same functions as the API (`notify::settings`, `vacation`).

use std::collections::HashMap;

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
use super::{Ctx, PageResult, SignedIn, see_other, time};
use crate::api::games::vacation;
use crate::api::notify::channel::setting;
use crate::api::notify::email::check_unsubscribe_token;
use crate::api::notify::push_api;
use crate::api::notify::registry::all_switches;
use crate::api::notify::settings::{self as notify, Delivery, Webhook};
use crate::domain::game_states::DeliveryStatus;
use crate::web::state::AppState;

/// The notification form: the address, and a checkbox per switch named after its setting
/// (a box left unticked is absent: that switch is off).
async fn save_email(
    State(state): State<AppState>,
    s: SignedIn,
    Form(form): Form<HashMap<String, String>>,
) -> PageResult<Response> {
    let mut changes = Map::new();
    let email = form.get("email").cloned().unwrap_or_default();
    changes.insert("email".to_owned(), Value::String(email));
    for (channel, switch) in all_switches() {
        let name = setting(channel, switch.kind);
        let on = form.contains_key(&name);
        changes.insert(name, Value::Bool(on));
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

async fn delete_device(State(state): State<AppState>, s: SignedIn, Path(id): Path<i64>) -> PageResult<Response> {
    push_api::remove_device(&state, s.user.id, id).await?;
    Ok(see_other("/settings?saved=device-removed#devices"))
}

async fn test_devices(State(state): State<AppState>, s: SignedIn) -> PageResult<Response> {
    push_api::send_test(&state, s.user.id).await?;
    Ok(see_other("/settings?saved=push-test#devices"))
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
    let lang = &s.ctx.lang;
    let deliveries = log
        .into_iter()
        .map(|d| DeliveryLine {
            created: time::local_in(lang, d.created_at, zone),
            next_attempt: d
                .next_attempt_at
                .map(|t| time::local_in(lang, t, zone))
                .unwrap_or_default(),
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
    let valid = check_unsubscribe_token(&state, &q.token)
        .await
        .map_err(crate::web::error::ApiError::from)?
        .is_some();
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
    if crate::api::notify::confirm::confirm(&state, &q.token).await? {
        Ok(see_other("/settings?saved=email-confirmed"))
    } else {
        Err(crate::web::error::ApiError::bad_request(
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
        .route("/settings/push/{id}/delete", post(delete_device))
        .route("/settings/push/test", post(test_devices))
        .route("/settings/vacation", post(set_vacation))
        .route("/email/unsubscribe", get(unsubscribe_page).post(unsubscribe))
        .route("/email/confirm", get(confirm_email))
}
