//! The settings API for notifications: email choices, the feed's secret URL, webhooks and
//! their delivery log, and the one-click unsubscribe endpoint.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::{Deserialize, Serialize};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::channel::{Channel, Switches, setting};
use super::email::check_unsubscribe_token;
use super::registry::all_switches;
use crate::domain::game_states::DeliveryStatus;
use crate::storage::{DeliveryRow, NotificationSettingsRow, WebhookRow};
use crate::web::auth::{AuthUser, random_hex, secret_hash};
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// A user's notification settings: the address, the feed, and one switch per channel and
/// kind of the registry (`<channel>_<kind>`: `email_your_move`, `webhook_chat`…), whose
/// fields and API document are generated from [`super::registry::REGISTRY`].
#[derive(Debug, Serialize)]
pub struct NotificationSettings {
    /// Where emails go; none: no email.
    pub email: Option<String>,
    /// Whether the address was confirmed through the mailed link (no mail goes to it before).
    pub email_confirmed: bool,
    /// Every channel's switches, by setting's name.
    #[serde(flatten)]
    pub switches: BTreeMap<String, bool>,
    /// Whether a feed URL exists (its secret is shown only when made).
    pub feed: bool,
    /// Whether this server sends email at all.
    pub email_available: bool,
}

impl NotificationSettings {
    /// Whether the switch named `setting` (`email_chat`) is on.
    #[must_use]
    pub fn on(&self, setting: &str) -> bool {
        self.switches.get(setting).copied().unwrap_or(true)
    }
}

/// The settings' switches in the API document: a boolean per channel and kind, described by
/// the channel, in `update`'s form (`nullable`) or the answer's.
fn switch_properties(mut object: ObjectBuilder, nullable: bool) -> ObjectBuilder {
    for (channel, switch) in all_switches() {
        let kind = if nullable {
            SchemaType::from_iter([Type::Boolean, Type::Null])
        } else {
            SchemaType::Type(Type::Boolean)
        };
        let name = setting(channel, switch.kind);
        object = object.property(
            &name,
            ObjectBuilder::new().schema_type(kind).description(Some(switch.doc)),
        );
        if !nullable {
            object = object.required(name);
        }
    }
    object
}

fn nullable(kind: Type) -> SchemaType {
    SchemaType::from_iter([kind, Type::Null])
}

impl PartialSchema for NotificationSettings {
    fn schema() -> RefOr<Schema> {
        let object = ObjectBuilder::new()
            .description(Some("A user's notification settings."))
            .property(
                "email",
                ObjectBuilder::new()
                    .schema_type(nullable(Type::String))
                    .description(Some("Where emails go; none: no email.")),
            )
            .property(
                "email_confirmed",
                ObjectBuilder::new().schema_type(Type::Boolean).description(Some(
                    "Whether the address was confirmed through the mailed link (no mail goes to it before).",
                )),
            )
            .required("email_confirmed");
        switch_properties(object, false)
            .property(
                "feed",
                ObjectBuilder::new()
                    .schema_type(Type::Boolean)
                    .description(Some("Whether a feed URL exists (its secret is shown only when made).")),
            )
            .required("feed")
            .property(
                "email_available",
                ObjectBuilder::new()
                    .schema_type(Type::Boolean)
                    .description(Some("Whether this server sends email at all.")),
            )
            .required("email_available")
            .into()
    }
}

impl ToSchema for NotificationSettings {}

/// Changes to notification settings: a field that is absent or `null` stays as it is
/// (`null` is what generated clients send for a field they do not set); `email: ""` removes
/// the address. Unknown fields are refused. Its fields are generated like
/// [`NotificationSettings`]'.
#[derive(Debug)]
pub struct UpdateSettings;

impl PartialSchema for UpdateSettings {
    fn schema() -> RefOr<Schema> {
        let object = ObjectBuilder::new()
            .description(Some(
                "Changes to notification settings: a field that is absent or `null` stays as it is \
                 (`null` is what generated clients send for a field they do not set); `email: \"\"` removes \
                 the address. Unknown fields are refused.",
            ))
            .property(
                "email",
                ObjectBuilder::new()
                    .schema_type(nullable(Type::String))
                    .description(Some("The address to send email to; `\"\"` removes it (no more email).")),
            )
            .additional_properties(Some(AdditionalProperties::FreeForm(false)));
        switch_properties(object, true).into()
    }
}

impl ToSchema for UpdateSettings {}

async fn render(row: NotificationSettingsRow, state: &AppState, user_id: i64) -> ApiResult<NotificationSettings> {
    let switches = Switches::of(state, user_id).await?;
    Ok(NotificationSettings {
        email_confirmed: super::email::confirmed_recipient(&row).is_some(),
        email: row.email,
        switches: all_switches()
            .map(|(channel, switch)| (setting(channel, switch.kind), switches.on(channel.name(), switch.kind)))
            .collect(),
        feed: row.feed_secret_hash.is_some(),
        email_available: super::email::sends_mail(state),
    })
}

/// Your notification settings.
#[utoipa::path(get, path = "/me/notifications", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = NotificationSettings), (status = 401, body = ErrorBody)))]
async fn get_settings(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<NotificationSettings>> {
    current(&state, user.id).await.map(ApiJson)
}

fn valid_email(email: &str) -> ApiResult<String> {
    let email = email.trim();
    if email.len() > 254 || email.parse::<lettre::Address>().is_err() {
        return Err(ApiError::bad_request("invalid_email", "not an email address"));
    }
    Ok(email.to_owned())
}

/// Applies `changes` (an object of setting → value; absent or `null` settings stay as they
/// are, `email: ""` removes the address) to `user_id`'s notification settings. The
/// one code path for the API and the settings page.
///
/// # Errors
/// 400 `invalid_email`, `invalid_setting` or `unknown_setting`; nothing is saved then.
pub async fn update(
    state: &AppState,
    user_id: i64,
    changes: &serde_json::Map<String, serde_json::Value>,
) -> ApiResult<NotificationSettings> {
    let row = state.db.notification_settings(user_id).await?;
    let mut email = row.email.clone();
    let mut switches = Switches::of(state, user_id).await?;
    // `null` is "not set", as for the other optional fields of the API (a generated client
    // sends it for every field it leaves alone): it must not erase the address.
    for (key, value) in changes {
        if key == "email" {
            if !value.is_null() {
                email = match value {
                    serde_json::Value::String(s) if s.trim().is_empty() => None,
                    serde_json::Value::String(s) => Some(valid_email(s)?),
                    _ => {
                        return Err(ApiError::bad_request(
                            "invalid_email",
                            "email is a string (`\"\"` removes the address)",
                        ));
                    }
                };
            }
            continue;
        }
        let Some((channel, switch)) = all_switches().find(|(c, s)| setting(*c, s.kind) == *key) else {
            return Err(ApiError::bad_request(
                "unknown_setting",
                format!("unknown setting `{}`", key.escape_debug()),
            ));
        };
        if value.is_null() {
            continue;
        }
        let on = value
            .as_bool()
            .ok_or_else(|| ApiError::bad_request("invalid_setting", format!("`{key}` is true or false")))?;
        switches.set(channel.name(), switch.kind, on);
    }
    let saved: Vec<(&str, &str, bool)> = all_switches()
        .map(|(channel, switch)| {
            (
                channel.name(),
                switch.kind.as_str(),
                switches.on(channel.name(), switch.kind),
            )
        })
        .collect();
    state
        .db
        .save_notification_settings(user_id, email.as_deref(), &saved, state.now())
        .await?;
    let row = NotificationSettingsRow { email, ..row };
    super::confirm::request(state, user_id, &row).await?;
    render(row, state, user_id).await
}

/// `user_id`'s notification settings.
///
/// # Errors
/// The database fails.
pub async fn current(state: &AppState, user_id: i64) -> ApiResult<NotificationSettings> {
    let row = state.db.notification_settings(user_id).await?;
    render(row, state, user_id).await
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
    let changes = body
        .as_object()
        .ok_or_else(|| ApiError::bad_request("malformed_json", "expected an object"))?;
    update(&state, user.id, changes).await.map(ApiJson)
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
    Ok((StatusCode::CREATED, ApiJson(new_feed(&state, user.id).await?)))
}

/// Makes a new secret feed URL for `user_id` (the old one stops working); the secret is
/// stored hashed, so this is the only time the URL is known.
///
/// # Errors
/// The database or the random source fails.
pub async fn new_feed(state: &AppState, user_id: i64) -> ApiResult<FeedUrl> {
    let secret = random_hex(24)?;
    state
        .db
        .set_feed_secret(user_id, Some(&secret_hash(&secret)), state.now())
        .await?;
    let url = format!("{}/feeds/{secret}.atom", state.config.base_url.trim_end_matches('/'));
    Ok(FeedUrl { url })
}

/// Remove your feed URL.
#[utoipa::path(delete, path = "/me/feed", tag = "notifications", security(("bearer" = [])),
    responses((status = 204), (status = 401, body = ErrorBody)))]
async fn delete_feed(State(state): State<AppState>, user: AuthUser) -> ApiResult<StatusCode> {
    delete_feed_of(&state, user.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Removes `user_id`'s feed URL.
///
/// # Errors
/// The database fails.
pub async fn delete_feed_of(state: &AppState, user_id: i64) -> ApiResult<()> {
    state.db.set_feed_secret(user_id, None, state.now()).await?;
    Ok(())
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
#[serde(deny_unknown_fields)]
pub struct WebhookInput {
    /// `http://` or `https://` URL that receives a POST per event of your games.
    pub url: Option<String>,
    /// Re-enable (true) or pause (false); re-enabling resets the failure count.
    pub enabled: Option<bool>,
}

fn valid_url(state: &AppState, url: &str) -> ApiResult<String> {
    let parsed = reqwest::Url::parse(url.trim()).map_err(|_| ApiError::bad_request("invalid_url", "not a URL"))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() || url.len() > 2000 {
        return Err(ApiError::bad_request("invalid_url", "an http:// or https:// URL"));
    }
    if !state.config.webhook_allow_private
        && let Some(what) = super::egress::refused_host(&parsed)
    {
        return Err(ApiError::bad_request(
            "private_url",
            format!("this server does not send webhooks to {what}"),
        ));
    }
    Ok(parsed.to_string())
}

/// Your webhooks.
#[utoipa::path(get, path = "/me/webhooks", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = Vec<Webhook>), (status = 401, body = ErrorBody)))]
async fn list_webhooks(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<Vec<Webhook>>> {
    webhooks(&state, user.id).await.map(ApiJson)
}

/// Add a webhook: every event of your games is POSTed to it, signed.
#[utoipa::path(post, path = "/me/webhooks", tag = "notifications", security(("bearer" = [])),
    request_body = WebhookInput,
    responses((status = 201, body = Webhook), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 409, description = "`too_many_webhooks`: the account has the most it may have", body = ErrorBody)))]
async fn create_webhook(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<WebhookInput>,
) -> ApiResult<(StatusCode, ApiJson<Webhook>)> {
    let created = add_webhook(&state, user.id, body.url.as_deref().unwrap_or_default()).await?;
    Ok((StatusCode::CREATED, ApiJson(created)))
}

/// Adds a webhook for `user_id`; the answer carries its secret, shown only this once.
///
/// # Errors
/// 400 `invalid_url`; 409 `too_many_webhooks` (at most 10).
pub async fn add_webhook(state: &AppState, user_id: i64, url: &str) -> ApiResult<Webhook> {
    let url = valid_url(state, url)?;
    if state.db.webhooks(user_id).await?.len() >= 10 {
        return Err(ApiError::conflict("too_many_webhooks", "at most 10 webhooks"));
    }
    let secret = random_hex(32)?;
    let id = state.db.create_webhook(user_id, &url, &secret, state.now()).await?;
    let row = state
        .db
        .webhook(user_id, id)
        .await?
        .ok_or_else(|| ApiError::internal("webhook vanished"))?;
    Ok(webhook(row, true))
}

/// `user_id`'s webhooks (without their secrets).
///
/// # Errors
/// The database fails.
pub async fn webhooks(state: &AppState, user_id: i64) -> ApiResult<Vec<Webhook>> {
    let rows = state.db.webhooks(user_id).await?;
    Ok(rows.into_iter().map(|r| webhook(r, false)).collect())
}

/// The last `limit` deliveries of one of `user_id`'s webhooks, newest first.
///
/// # Errors
/// 404 `webhook_not_found` when the webhook is not the user's.
pub async fn webhook_log(state: &AppState, user_id: i64, id: i64, limit: i64) -> ApiResult<(Webhook, Vec<Delivery>)> {
    let hook = state.db.webhook(user_id, id).await?.ok_or_else(no_webhook)?;
    let rows = state.db.deliveries(id, limit).await?;
    Ok((webhook(hook, false), rows.into_iter().map(delivery).collect()))
}

/// Changes one of `user_id`'s webhooks: a new URL, paused or re-enabled.
///
/// # Errors
/// 400 `invalid_url`; 404 `webhook_not_found`.
pub async fn change_webhook(
    state: &AppState,
    user_id: i64,
    id: i64,
    url: Option<&str>,
    enabled: Option<bool>,
) -> ApiResult<Webhook> {
    let url = url.map(|u| valid_url(state, u)).transpose()?;
    if !state.db.update_webhook(user_id, id, url.as_deref(), enabled).await? {
        return Err(no_webhook());
    }
    let row = state.db.webhook(user_id, id).await?.ok_or_else(no_webhook)?;
    Ok(webhook(row, false))
}

/// Deletes one of `user_id`'s webhooks and its log.
///
/// # Errors
/// 404 `webhook_not_found`.
pub async fn remove_webhook(state: &AppState, user_id: i64, id: i64) -> ApiResult<()> {
    if state.db.delete_webhook(user_id, id).await? {
        Ok(())
    } else {
        Err(no_webhook())
    }
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
    change_webhook(&state, user.id, id, body.url.as_deref(), body.enabled)
        .await
        .map(ApiJson)
}

/// Delete a webhook and its log.
#[utoipa::path(delete, path = "/me/webhooks/{id}", tag = "notifications", security(("bearer" = [])),
    params(("id" = i64, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_webhook(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    remove_webhook(&state, user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// One delivery in the log.
#[derive(Debug, Serialize, ToSchema)]
pub struct Delivery {
    pub id: i64,
    /// A game event's delivery: the event, its game, its number in the game.
    pub event_id: Option<i64>,
    pub game_id: Option<String>,
    pub seq: Option<i64>,
    /// A tournament notice's delivery: the notice and its tournament.
    pub notice_id: Option<i64>,
    pub tournament_id: Option<String>,
    /// The event's kind (`move`, `finished`…), or `tournament_started`,
    /// `tournament_round_started`, `tournament_finished`, `tournament_cancelled`.
    pub kind: String,
    pub status: DeliveryStatus,
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
        next_attempt_at: (row.status == DeliveryStatus::Pending).then_some(row.next_attempt_at),
        id: row.id,
        event_id: row.event_id,
        game_id: row.game_id,
        seq: row.seq,
        notice_id: row.notice_id,
        tournament_id: row.tournament_id,
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
    let (_, log) = webhook_log(&state, user.id, id, 100).await?;
    Ok(ApiJson(log))
}

/// The signed token from an email's unsubscribe link.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    pub token: String,
}

/// Turns off all email for the user a valid unsubscribe token names; false when the token
/// is not valid. The one path for mail clients' one-click POST and the page's button.
///
/// # Errors
/// The database fails.
pub async fn unsubscribe_by_token(state: &AppState, token: &str) -> ApiResult<bool> {
    let Some(user) = check_unsubscribe_token(state, token).await? else {
        return Ok(false);
    };
    let email = super::email::Email;
    let kinds: Vec<&str> = email.switches().iter().map(|s| s.kind.as_str()).collect();
    state.db.switch_off(user, email.name(), &kinds, state.now()).await?;
    Ok(true)
}

/// One-click unsubscribe from all email (RFC 8058: mail clients POST here, as the
/// `List-Unsubscribe` header says).
#[utoipa::path(post, path = "/unsubscribe", tag = "notifications", params(UnsubscribeQuery),
    responses((status = 200, description = "unsubscribed"), (status = 400, body = ErrorBody)))]
async fn unsubscribe(State(state): State<AppState>, ApiQuery(query): ApiQuery<UnsubscribeQuery>) -> ApiResult<String> {
    if unsubscribe_by_token(&state, &query.token).await? {
        Ok("You will get no more email from Herald. Change this in your notification settings.\n".to_owned())
    } else {
        Err(ApiError::bad_request(
            "invalid_token",
            "this unsubscribe link is not valid",
        ))
    }
}

/// Opened in a browser, the `List-Unsubscribe` URL leads to the page with the button:
/// a GET never unsubscribes (link scanners and prefetchers follow links).
#[utoipa::path(get, path = "/unsubscribe", tag = "notifications", params(UnsubscribeQuery),
    responses((status = 303, description = "to the unsubscribe page")))]
async fn unsubscribe_link(ApiQuery(query): ApiQuery<UnsubscribeQuery>) -> Response {
    // Tokens are `<digits>.<hex>`; anything else is invalid anyway and is not echoed.
    let token = if query.token.bytes().all(|b| b.is_ascii_hexdigit() || b == b'.') {
        query.token.as_str()
    } else {
        ""
    };
    Redirect::to(&format!("/email/unsubscribe?token={token}")).into_response()
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
