//! The settings API for notifications: email choices, the feed's secret URL, webhooks and
//! their delivery log, and the one-click unsubscribe endpoint.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::email::check_unsubscribe_token;
use crate::auth::{AuthUser, random_hex, secret_hash};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::storage::{DeliveryRow, NotificationSettingsRow, WebhookRow};

/// A user's notification settings.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationSettings {
    /// Where emails go; none: no email.
    pub email: Option<String>,
    pub email_your_move: bool,
    pub email_time_warning: bool,
    pub email_claimable: bool,
    pub email_game_over: bool,
    /// Whether a feed URL exists (its secret is shown only when made).
    pub feed: bool,
    /// Whether this server sends email at all.
    pub email_available: bool,
}

/// Changes to notification settings; absent fields stay as they are, `email: null` removes
/// the address.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateSettings {
    pub email: Option<String>,
    pub email_your_move: Option<bool>,
    pub email_time_warning: Option<bool>,
    pub email_claimable: Option<bool>,
    pub email_game_over: Option<bool>,
}

fn render(row: NotificationSettingsRow, state: &AppState) -> NotificationSettings {
    NotificationSettings {
        email: row.email,
        email_your_move: row.email_your_move != 0,
        email_time_warning: row.email_time_warning != 0,
        email_claimable: row.email_claimable != 0,
        email_game_over: row.email_game_over != 0,
        feed: row.feed_secret_hash.is_some(),
        email_available: state.config.smtp_url.as_deref().is_some_and(|u| !u.trim().is_empty()),
    }
}

/// Your notification settings.
#[utoipa::path(get, path = "/me/notifications", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = NotificationSettings), (status = 401, body = ErrorBody)))]
async fn get_settings(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<NotificationSettings>> {
    let row = state.db.notification_settings(user.id).await?;
    Ok(ApiJson(render(row, &state)))
}

fn valid_email(email: &str) -> ApiResult<String> {
    let email = email.trim();
    if email.len() > 254 || email.parse::<lettre::Address>().is_err() {
        return Err(ApiError::bad_request("invalid_email", "not an email address"));
    }
    Ok(email.to_owned())
}

/// Change your notification settings.
#[utoipa::path(put, path = "/me/notifications", tag = "notifications", security(("bearer" = [])),
    request_body = UpdateSettings,
    responses((status = 200, body = NotificationSettings), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn put_settings(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<serde_json::Value>,
) -> ApiResult<ApiJson<NotificationSettings>> {
    let mut row = state.db.notification_settings(user.id).await?;
    let object = body
        .as_object()
        .ok_or_else(|| ApiError::bad_request("malformed_json", "expected an object"))?;
    for (key, value) in object {
        let flag = |v: &serde_json::Value| {
            v.as_bool()
                .map(i64::from)
                .ok_or_else(|| ApiError::bad_request("invalid_setting", format!("`{key}` is true or false")))
        };
        match key.as_str() {
            "email" => {
                row.email = match value {
                    serde_json::Value::Null => None,
                    serde_json::Value::String(s) if s.trim().is_empty() => None,
                    serde_json::Value::String(s) => Some(valid_email(s)?),
                    _ => return Err(ApiError::bad_request("invalid_email", "email is a string or null")),
                };
            }
            "email_your_move" => row.email_your_move = flag(value)?,
            "email_time_warning" => row.email_time_warning = flag(value)?,
            "email_claimable" => row.email_claimable = flag(value)?,
            "email_game_over" => row.email_game_over = flag(value)?,
            other => {
                return Err(ApiError::bad_request(
                    "unknown_setting",
                    format!("unknown setting `{}`", other.escape_debug()),
                ));
            }
        }
    }
    state.db.save_notification_settings(user.id, &row, state.now()).await?;
    Ok(ApiJson(render(row, &state)))
}

/// A feed URL: keep it private, anyone with it can read your feed.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedUrl {
    pub url: String,
}

/// Make a new secret feed URL (the old one stops working).
#[utoipa::path(post, path = "/me/feed", tag = "notifications", security(("bearer" = [])),
    responses((status = 201, body = FeedUrl), (status = 401, body = ErrorBody)))]
async fn regenerate_feed(State(state): State<AppState>, user: AuthUser) -> ApiResult<(StatusCode, ApiJson<FeedUrl>)> {
    let secret = random_hex(24)?;
    state
        .db
        .set_feed_secret(user.id, Some(&secret_hash(&secret)), state.now())
        .await?;
    let url = format!("{}/feeds/{secret}.atom", state.config.base_url.trim_end_matches('/'));
    Ok((StatusCode::CREATED, ApiJson(FeedUrl { url })))
}

/// Remove your feed URL.
#[utoipa::path(delete, path = "/me/feed", tag = "notifications", security(("bearer" = [])),
    responses((status = 204), (status = 401, body = ErrorBody)))]
async fn delete_feed(State(state): State<AppState>, user: AuthUser) -> ApiResult<StatusCode> {
    state.db.set_feed_secret(user.id, None, state.now()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A webhook. `secret` keys the `X-Herald-Signature: sha256=<hex HMAC-SHA256 of the body>`
/// header; it is shown only when the webhook is created.
#[derive(Debug, Serialize, ToSchema)]
pub struct Webhook {
    pub id: i64,
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    pub enabled: bool,
    /// Failed attempts in a row; at the limit the webhook is disabled.
    pub failures: i64,
    pub created_at: i64,
    pub disabled_at: Option<i64>,
}

fn webhook(row: WebhookRow, show_secret: bool) -> Webhook {
    Webhook {
        id: row.id,
        url: row.url,
        secret: show_secret.then_some(row.secret),
        enabled: row.enabled != 0,
        failures: row.failures,
        created_at: row.created_at,
        disabled_at: row.disabled_at,
    }
}

/// A new webhook or a change to one.
#[derive(Debug, Deserialize, ToSchema)]
pub struct WebhookInput {
    /// `http://` or `https://` URL that receives a POST per event of your games.
    pub url: Option<String>,
    /// Re-enable (true) or pause (false); re-enabling resets the failure count.
    pub enabled: Option<bool>,
}

fn valid_url(url: &str) -> ApiResult<String> {
    let parsed = reqwest::Url::parse(url.trim()).map_err(|_| ApiError::bad_request("invalid_url", "not a URL"))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() || url.len() > 2000 {
        return Err(ApiError::bad_request("invalid_url", "an http:// or https:// URL"));
    }
    Ok(parsed.to_string())
}

/// Your webhooks.
#[utoipa::path(get, path = "/me/webhooks", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = Vec<Webhook>), (status = 401, body = ErrorBody)))]
async fn list_webhooks(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<Vec<Webhook>>> {
    let rows = state.db.webhooks(user.id).await?;
    Ok(ApiJson(rows.into_iter().map(|r| webhook(r, false)).collect()))
}

/// Add a webhook: every event of your games is POSTed to it, signed.
#[utoipa::path(post, path = "/me/webhooks", tag = "notifications", security(("bearer" = [])),
    request_body = WebhookInput,
    responses((status = 201, body = Webhook), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn create_webhook(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<WebhookInput>,
) -> ApiResult<(StatusCode, ApiJson<Webhook>)> {
    let url = valid_url(body.url.as_deref().unwrap_or_default())?;
    if state.db.webhooks(user.id).await?.len() >= 10 {
        return Err(ApiError::conflict("too_many_webhooks", "at most 10 webhooks"));
    }
    let secret = random_hex(32)?;
    let id = state.db.create_webhook(user.id, &url, &secret, state.now()).await?;
    let row = state
        .db
        .webhook(user.id, id)
        .await?
        .ok_or_else(|| ApiError::internal("webhook vanished"))?;
    Ok((StatusCode::CREATED, ApiJson(webhook(row, true))))
}

fn no_webhook() -> ApiError {
    ApiError::not_found("webhook_not_found", "no such webhook")
}

/// Change a webhook's URL, or pause / re-enable it.
#[utoipa::path(patch, path = "/me/webhooks/{id}", tag = "notifications", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = WebhookInput,
    responses((status = 200, body = Webhook), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update_webhook(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<WebhookInput>,
) -> ApiResult<ApiJson<Webhook>> {
    let url = body.url.as_deref().map(valid_url).transpose()?;
    if !state
        .db
        .update_webhook(user.id, id, url.as_deref(), body.enabled)
        .await?
    {
        return Err(no_webhook());
    }
    let row = state.db.webhook(user.id, id).await?.ok_or_else(no_webhook)?;
    Ok(ApiJson(webhook(row, false)))
}

/// Delete a webhook and its log.
#[utoipa::path(delete, path = "/me/webhooks/{id}", tag = "notifications", security(("bearer" = [])),
    params(("id" = i64, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_webhook(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    if state.db.delete_webhook(user.id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(no_webhook())
    }
}

/// One delivery in the log.
#[derive(Debug, Serialize, ToSchema)]
pub struct Delivery {
    pub id: i64,
    pub event_id: i64,
    pub game_id: String,
    pub seq: i64,
    pub kind: String,
    /// `pending` (will be tried, again), `delivered` or `failed` (given up).
    pub status: String,
    pub attempts: i64,
    /// HTTP status of the last attempt, if one was received.
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
    /// When the next attempt is due (pending only).
    pub next_attempt_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

fn delivery(row: DeliveryRow) -> Delivery {
    Delivery {
        next_attempt_at: (row.status == "pending").then_some(row.next_attempt_at),
        id: row.id,
        event_id: row.event_id,
        game_id: row.game_id,
        seq: row.seq,
        kind: row.kind,
        status: row.status,
        attempts: row.attempts,
        last_status: row.last_status,
        last_error: row.last_error,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// A webhook's delivery log, newest first (the last 100).
#[utoipa::path(get, path = "/me/webhooks/{id}/deliveries", tag = "notifications", security(("bearer" = [])),
    params(("id" = i64, Path)), responses((status = 200, body = Vec<Delivery>), (status = 404, body = ErrorBody)))]
async fn list_deliveries(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<ApiJson<Vec<Delivery>>> {
    state.db.webhook(user.id, id).await?.ok_or_else(no_webhook)?;
    let rows = state.db.deliveries(id, 100).await?;
    Ok(ApiJson(rows.into_iter().map(delivery).collect()))
}

/// The signed token from an email's unsubscribe link.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct UnsubscribeQuery {
    pub token: String,
}

/// One-click unsubscribe from all email (RFC 8058: mail clients POST here; the link in the
/// email body GETs it).
#[utoipa::path(post, path = "/unsubscribe", tag = "notifications", params(UnsubscribeQuery),
    responses((status = 200, description = "unsubscribed"), (status = 400, body = ErrorBody)))]
async fn unsubscribe(State(state): State<AppState>, ApiQuery(query): ApiQuery<UnsubscribeQuery>) -> ApiResult<String> {
    let user = check_unsubscribe_token(&state, &query.token)
        .await?
        .ok_or_else(|| ApiError::bad_request("invalid_token", "this unsubscribe link is not valid"))?;
    state.db.unsubscribe_email(user, state.now()).await?;
    Ok("You will get no more email from Herald. Change this in your notification settings.\n".to_owned())
}

/// The link in the email body (same as the POST).
#[utoipa::path(get, path = "/unsubscribe", tag = "notifications", params(UnsubscribeQuery),
    responses((status = 200, description = "unsubscribed"), (status = 400, body = ErrorBody)))]
async fn unsubscribe_link(state: State<AppState>, query: ApiQuery<UnsubscribeQuery>) -> ApiResult<String> {
    unsubscribe(state, query).await
}

/// Settings routes under `/api/v1`.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_settings, put_settings))
        .routes(routes!(regenerate_feed, delete_feed))
        .routes(routes!(list_webhooks, create_webhook))
        .routes(routes!(update_webhook, delete_webhook))
        .routes(routes!(list_deliveries))
}

/// Root routes: unsubscribe.
pub fn root_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(unsubscribe, unsubscribe_link))
}
