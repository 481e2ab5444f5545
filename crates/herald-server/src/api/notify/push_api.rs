//! The Web Push API: the server's public key, a player's devices (subscribe, list,
//! remove) and a test notification. The settings page's script (`static/push.js`) uses
//! the same routes; the remove form of the page goes through [`remove_device`].

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use base64ct::{Base64UrlUnpadded, Encoding};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use web_push_native::p256::PublicKey;

use super::channel::Kind;
use super::push::{PushPayload, delivery_of};
use super::push_send::Vapid;
use crate::storage::{NewPush, PushSubscriptionRow};
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// How many devices one account may have notified.
pub const MAX_DEVICES: usize = 10;

/// The key browsers subscribe with.
#[derive(Debug, Serialize, ToSchema)]
pub struct PushKey {
    /// The server's VAPID public key (uncompressed P-256 point, base64url), for
    /// `pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })`.
    pub public_key: String,
}

/// A browser's `PushSubscription`, as its `toJSON()` gives it, and optionally a name.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionInput {
    /// The push service's URL for this device (`https://`).
    pub endpoint: String,
    /// When the browser says the subscription ends (ignored: the push service says so).
    #[serde(rename = "expirationTime")]
    pub expiration_time: Option<f64>,
    pub keys: SubscriptionKeys,
    /// The device's name in your list; by default the browser and system the request
    /// comes from ("Chrome on Android").
    pub device: Option<String>,
}

/// The keys a device's messages are encrypted to (RFC 8291).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionKeys {
    /// P-256 public key, base64url (65 bytes uncompressed).
    pub p256dh: String,
    /// Authentication secret, base64url (16 bytes).
    pub auth: String,
}

/// A device notified of your games.
#[derive(Debug, Serialize, ToSchema)]
pub struct PushDevice {
    pub id: i64,
    pub device: String,
    /// The push service's URL (a page compares it with its own subscription's).
    pub endpoint: String,
    /// The push service's host ("fcm.googleapis.com").
    pub service: String,
    pub created_at: i64,
    /// When the push service last accepted a message for it.
    pub last_sent_at: Option<i64>,
    /// Why the last message was not accepted, if it was not.
    pub last_error: Option<String>,
}

fn device(row: PushSubscriptionRow) -> PushDevice {
    PushDevice {
        service: reqwest::Url::parse(&row.endpoint)
            .ok()
            .and_then(|u| u.host_str().map(str::to_owned))
            .unwrap_or_default(),
        id: row.id,
        device: row.device,
        endpoint: row.endpoint,
        created_at: row.created_at,
        last_sent_at: row.last_sent_at,
        last_error: row.last_error,
    }
}

/// "Firefox on Android" from a User-Agent header; "A browser" when it says nothing known.
#[must_use]
pub fn device_label(user_agent: &str) -> String {
    let browser = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Safari/", "Safari"),
    ]
    .into_iter()
    .find(|(mark, _)| user_agent.contains(mark))
    .map_or("A browser", |(_, name)| name);
    let system = [
        ("Android", "Android"),
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    ]
    .into_iter()
    .find(|(mark, _)| user_agent.contains(mark))
    .map(|(_, name)| name);
    match system {
        Some(system) => format!("{browser} on {system}"),
        None => browser.to_owned(),
    }
}

fn decoded(text: &str) -> Option<Vec<u8>> {
    Base64UrlUnpadded::decode_vec(text.trim().trim_end_matches('=')).ok()
}

/// Checks a subscription: an https endpoint of a public host (any host when private
/// addresses are allowed), a P-256 key and a 16-byte secret.
fn checked(state: &AppState, input: &SubscriptionInput) -> ApiResult<(String, String, String)> {
    let invalid = || {
        ApiError::bad_request(
            "invalid_endpoint",
            "the endpoint must be the push service's https:// URL",
        )
    };
    let url = reqwest::Url::parse(input.endpoint.trim()).map_err(|_| invalid())?;
    let allow_private = state.config.webhook_allow_private;
    let scheme_ok = url.scheme() == "https" || (allow_private && url.scheme() == "http");
    if !scheme_ok || url.host_str().is_none() || input.endpoint.len() > 2000 {
        return Err(invalid());
    }
    if !allow_private && let Some(what) = super::egress::refused_host(&url) {
        return Err(ApiError::bad_request(
            "private_endpoint",
            format!("this server does not send notifications to {what}"),
        ));
    }
    let key = decoded(&input.keys.p256dh)
        .filter(|k| k.len() == 65 && PublicKey::from_sec1_bytes(k).is_ok())
        .ok_or_else(|| ApiError::bad_request("invalid_key", "keys.p256dh must be a P-256 public key in base64url"))?;
    let auth = decoded(&input.keys.auth)
        .filter(|a| a.len() == 16)
        .ok_or_else(|| ApiError::bad_request("invalid_key", "keys.auth must be 16 bytes in base64url"))?;
    Ok((
        url.to_string(),
        Base64UrlUnpadded::encode_string(&key),
        Base64UrlUnpadded::encode_string(&auth),
    ))
}

/// The server's public key for subscribing.
#[utoipa::path(get, path = "/push/key", tag = "notifications",
    responses((status = 200, body = PushKey)))]
async fn push_key(State(state): State<AppState>) -> ApiResult<ApiJson<PushKey>> {
    let vapid = Vapid::of(&state).await?;
    Ok(ApiJson(PushKey {
        public_key: vapid.public_key,
    }))
}

/// Your devices that get push notifications.
#[utoipa::path(get, path = "/me/push/subscriptions", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = Vec<PushDevice>), (status = 401, body = ErrorBody)))]
async fn list_push_devices(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<Vec<PushDevice>>> {
    devices(&state, user.id).await.map(ApiJson)
}

/// `user_id`'s devices, oldest first.
///
/// # Errors
/// The database fails.
pub async fn devices(state: &AppState, user_id: i64) -> ApiResult<Vec<PushDevice>> {
    Ok(state
        .db
        .push_subscriptions(user_id)
        .await?
        .into_iter()
        .map(device)
        .collect())
}

/// Notify this device: the browser's subscription (201; 200 when the device was already
/// subscribed, its keys renewed). Which notifications go is the `push_*` settings.
#[utoipa::path(post, path = "/me/push/subscriptions", tag = "notifications", security(("bearer" = [])),
    request_body = SubscriptionInput,
    responses((status = 201, body = PushDevice), (status = 200, body = PushDevice),
        (status = 400, description = "`invalid_endpoint`, `private_endpoint`, `invalid_key`", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 409, description = "`too_many_devices`: remove one first", body = ErrorBody)))]
async fn add_push_device(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    ApiJson(input): ApiJson<SubscriptionInput>,
) -> ApiResult<(StatusCode, ApiJson<PushDevice>)> {
    let (endpoint, p256dh, auth) = checked(&state, &input)?;
    let known = state.db.push_subscription_at(&endpoint).await?;
    let mine = known.as_ref().is_some_and(|k| k.user_id == user.id);
    if !mine && state.db.push_subscriptions(user.id).await?.len() >= MAX_DEVICES {
        return Err(ApiError::conflict(
            "too_many_devices",
            format!("at most {MAX_DEVICES} devices get notifications: remove one first"),
        ));
    }
    let name = match input.device.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(given) => given.chars().filter(|c| !c.is_control()).take(60).collect(),
        None => device_label(
            headers
                .get(axum::http::header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default(),
        ),
    };
    let id = state
        .db
        .save_push_subscription(user.id, &endpoint, &p256dh, &auth, &name, state.now())
        .await?;
    let row = state
        .db
        .push_subscriptions(user.id)
        .await?
        .into_iter()
        .find(|r| r.id == id)
        .ok_or_else(|| ApiError::internal("push subscription vanished"))?;
    let status = if mine { StatusCode::OK } else { StatusCode::CREATED };
    Ok((status, ApiJson(device(row))))
}

/// Stop notifying a device.
#[utoipa::path(delete, path = "/me/push/subscriptions/{id}", tag = "notifications", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 204), (status = 401, body = ErrorBody),
        (status = 404, description = "`push_subscription_not_found`", body = ErrorBody)))]
async fn remove_push_device(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    remove_device(&state, user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Removes one of `user_id`'s devices.
///
/// # Errors
/// 404 `push_subscription_not_found` when it is not theirs.
pub async fn remove_device(state: &AppState, user_id: i64, id: i64) -> ApiResult<()> {
    if state.db.delete_push_subscription(user_id, id).await? {
        Ok(())
    } else {
        Err(ApiError::not_found("push_subscription_not_found", "no such device"))
    }
}

/// How many test notifications were queued.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestQueued {
    /// One per device.
    pub queued: u64,
}

/// Send a test notification to each of your devices.
#[utoipa::path(post, path = "/me/push/test", tag = "notifications", security(("bearer" = [])),
    responses((status = 202, body = TestQueued), (status = 401, body = ErrorBody)))]
async fn send_test_push(State(state): State<AppState>, user: AuthUser) -> ApiResult<(StatusCode, ApiJson<TestQueued>)> {
    let queued = send_test(&state, user.id).await?;
    Ok((StatusCode::ACCEPTED, ApiJson(TestQueued { queued })))
}

/// Queues a test notification to each of `user_id`'s devices; how many.
///
/// # Errors
/// The database fails.
pub async fn send_test(state: &AppState, user_id: i64) -> ApiResult<u64> {
    let now = state.now();
    let payload = PushPayload {
        title: "Herald".to_owned(),
        body: "Notifications work on this device.".to_owned(),
        url: format!("{}/settings#devices", state.config.base_url.trim_end_matches('/')),
        tag: "test".to_owned(),
        kind: "test",
        to_move: state.db.games_to_move(user_id, 100).await?.len(),
        at: now,
    };
    let json = serde_json::to_string(&payload).map_err(|e| ApiError::internal_while("a test push", e))?;
    let (urgency, ttl_secs) = delivery_of(Kind::YourMove);
    let dedupe = format!("test:{now}");
    let push = NewPush {
        user_id,
        dedupe: &dedupe,
        topic: "test",
        kind: "test",
        payload: &json,
        urgency,
        ttl_secs,
    };
    let queued = state.db.queue_push_alone(&push, now).await?;
    state.hub().work.push.notify_one();
    Ok(queued)
}

/// Push routes under `/api/v1`.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(push_key))
        .routes(routes!(list_push_devices, add_push_device))
        .routes(routes!(remove_push_device))
        .routes(routes!(send_test_push))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_are_named_after_browser_and_system() {
        assert_eq!(
            device_label(
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36"
            ),
            "Chrome on Android"
        );
        assert_eq!(
            device_label(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1"
            ),
            "Safari on iPhone"
        );
        assert_eq!(
            device_label("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
            "Firefox on Linux"
        );
        assert_eq!(device_label(""), "A browser");
    }
}
