//! The notification and vacation sections of the settings page, loaded for the page in
//! [`super::settings`] and changed by the forms in [`super::notifications`].

use super::{PageResult, SessionUser, time};
use crate::api::games::vacation;
use crate::api::notify::channel::{Channel, Kind, Switch, setting};
use crate::api::notify::push_api;
use crate::api::notify::registry::{REGISTRY, all_switches};
use crate::api::notify::settings::{self as notify, NotificationSettings, Webhook};
use crate::infra::i18n::Lang;
use crate::web::state::AppState;

/// The notification section of the settings page.
#[derive(Debug)]
pub struct NotificationsSection {
    pub settings: NotificationSettings,
    pub webhooks: Vec<WebhookLine>,
    /// The feed URL just made (shown once: only its hash is stored).
    pub new_feed: Option<String>,
    /// The webhook just added, with its signing secret (shown once).
    pub new_webhook: Option<Webhook>,
    /// The switches' checkboxes, in fieldsets: each channel's own, then the kinds gathered
    /// across channels (chat).
    pub groups: Vec<SwitchGroup>,
    /// The devices that get push notifications.
    pub devices: Vec<DeviceLine>,
}

/// A device in the list, times in the viewer's zone.
#[derive(Debug)]
pub struct DeviceLine {
    pub id: i64,
    pub device: String,
    pub endpoint: String,
    pub service: String,
    pub added: String,
    pub last_sent: String,
    pub last_error: Option<String>,
}

/// A fieldset of notification switches.
#[derive(Debug)]
pub struct SwitchGroup {
    pub legend: &'static str,
    pub hint: &'static str,
    pub boxes: Vec<SwitchBox>,
}

/// One switch's checkbox: its field is the setting's name (`email_your_move`).
#[derive(Debug)]
pub struct SwitchBox {
    pub name: String,
    pub label: &'static str,
    pub hint: &'static str,
    pub checked: bool,
}

/// The settings page's fieldsets, from the registry of channels.
fn switch_groups(settings: &NotificationSettings) -> Vec<SwitchGroup> {
    let checkbox = |channel: &dyn Channel, switch: &Switch| {
        let name = setting(channel, switch.kind);
        SwitchBox {
            checked: settings.on(&name),
            name,
            label: switch.label,
            hint: switch.hint,
        }
    };
    let mut groups: Vec<SwitchGroup> = REGISTRY
        .iter()
        .map(|channel| SwitchGroup {
            legend: channel.legend(),
            hint: "",
            boxes: channel
                .switches()
                .iter()
                .filter(|s| !s.kind.grouped())
                .map(|s| checkbox(*channel, s))
                .collect(),
        })
        .collect();
    for kind in Kind::ALL.into_iter().filter(|k| k.grouped()) {
        let (legend, hint) = kind.group_legend();
        groups.push(SwitchGroup {
            legend,
            hint,
            boxes: all_switches()
                .filter(|(_, s)| s.kind == kind)
                .map(|(channel, s)| checkbox(channel, s))
                .collect(),
        });
    }
    groups.retain(|g| !g.boxes.is_empty());
    groups
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
    pub(super) async fn load(
        state: &AppState,
        user_id: i64,
        zone: &str,
        lang: &Lang,
    ) -> PageResult<NotificationsSection> {
        let devices = push_api::devices(state, user_id)
            .await?
            .into_iter()
            .map(|d| DeviceLine {
                added: time::local_in(lang, d.created_at, zone),
                last_sent: d
                    .last_sent_at
                    .map(|t| time::local_in(lang, t, zone))
                    .unwrap_or_default(),
                id: d.id,
                device: d.device,
                endpoint: d.endpoint,
                service: d.service,
                last_error: d.last_error,
            })
            .collect();
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
        let settings = notify::current(state, user_id).await?;
        Ok(NotificationsSection {
            groups: switch_groups(&settings),
            devices,
            settings,
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
    pub(super) async fn load(state: &AppState, user: &SessionUser, lang: &Lang) -> PageResult<VacationSection> {
        let v = vacation::status(state, user.id).await?;
        let local = |at: Option<i64>| at.map(|t| time::local_in(lang, t, &user.time_zone)).unwrap_or_default();
        Ok(VacationSection {
            on: v.on,
            since: local(v.since),
            ends: local(v.ends_at),
            allowance_days: v.allowance_days,
            used: time::span_in(lang, v.used_ms),
            left: time::span_in(lang, v.left_ms),
            any_left: v.left_ms > 0,
        })
    }
}
