//! The notification and vacation sections of the settings page, loaded for the page in
//! [`super::settings`] and changed by the forms in [`super::notifications`].

use super::{PageResult, SessionUser, time};
use crate::games::vacation;
use crate::notify::settings::{self as notify, NotificationSettings, Webhook};
use crate::state::AppState;

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
