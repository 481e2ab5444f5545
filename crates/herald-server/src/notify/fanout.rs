//! The outbox worker: turns each committed event into webhook deliveries and emails, in
//! the same transaction that removes it from the outbox, so each happens exactly once.

use std::time::Duration;

use serde::Serialize;

use super::email;
use crate::event_states::NoticeKind;
use crate::events::{EventKind, GameEvent};
use crate::state::AppState;
use crate::storage::Db;

/// The JSON body of a webhook POST.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WebhookPayload<'a> {
    /// Always `game_event`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub event: &'a GameEvent,
}

/// Fans out one batch from the outbox; returns how many events it took.
///
/// # Errors
/// The database fails, or an event cannot be serialised (the batch stays in the outbox).
pub async fn fan_out_once(state: &AppState) -> Result<usize, sqlx::Error> {
    let now = state.now();
    let mut batch = state.db.take_outbox(100).await?;
    let events = std::mem::take(&mut batch.events);
    let email_on = state.config.smtp_url.as_deref().is_some_and(|u| !u.trim().is_empty());
    let (mut deliveries, mut emails) = (0, 0);
    for event in &events {
        let payload = serde_json::to_string(&WebhookPayload {
            kind: "game_event",
            event,
        })
        // Never an empty body: a batch that cannot be serialised stays in the outbox.
        .map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        deliveries += Db::queue_webhook_deliveries(&mut batch.tx, event, &payload, now).await?;
        if email_on
            && email::concerns_email(event.kind)
            && let Some(game) = Db::game_brief(&mut batch.tx, &event.game_id).await?
        {
            for mail in email::emails_for(state, event, &game, &mut batch.tx).await? {
                Db::queue_email(&mut batch.tx, &mail, now).await?;
                emails += 1;
            }
        }
    }
    let taken = batch.finish().await?;
    // Games that ended may close a tournament round: advanced after the commit, each step
    // guarded in the database (the sweeper catches up if this instance stops first).
    let ended: Vec<String> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Finished | EventKind::Aborted))
        .map(|e| e.game_id.clone())
        .collect();
    if !ended.is_empty() {
        crate::tournaments::rounds::after_games_ended(state, &ended).await;
    }
    // After the commit, so the workers find what they are woken for.
    if deliveries > 0 {
        state.hub().work.webhooks.notify_one();
    }
    if emails > 0 {
        state.hub().work.email.notify_one();
    }
    Ok(taken)
}

/// The JSON body of a webhook POST about a tournament (header `X-Herald-Event`:
/// `tournament_started`, `tournament_round_started`, `tournament_finished`,
/// `tournament_cancelled`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TournamentWebhookPayload<'a> {
    /// Always `tournament_notice`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub tournament_id: &'a str,
    pub tournament_name: &'a str,
    pub notice: NoticeKind,
    /// The round that started, or the last round played.
    pub round: i64,
    /// When it happened (UTC epoch ms).
    pub at: i64,
    /// The player's message, as mailed: a headline and a text naming their games.
    pub subject: &'a str,
    pub text: &'a str,
}

/// Sends one batch of tournament notices: each player's message goes to their webhooks and,
/// when they want tournament e-mail at a confirmed address, by e-mail, all queued in the
/// transaction that marks the notices sent, so each goes once. Returns how many notices it
/// took.
///
/// # Errors
/// The database fails (the batch stays queued).
pub async fn send_notices_once(state: &AppState) -> Result<usize, sqlx::Error> {
    let mut batch = state.db.take_tournament_notices(20).await?;
    let email_on = state.config.smtp_url.as_deref().is_some_and(|u| !u.trim().is_empty());
    let now = state.now();
    let (mut deliveries, mut emails) = (0, 0);
    for notice in &batch.rows {
        for message in crate::tournaments::notices::messages(state, notice).await? {
            let payload = serde_json::to_string(&TournamentWebhookPayload {
                kind: "tournament_notice",
                tournament_id: &notice.tournament_id,
                tournament_name: &notice.tournament_name,
                notice: notice.kind,
                round: notice.round,
                at: notice.created_at,
                subject: &message.subject,
                text: &message.body,
            })
            .map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
            deliveries += Db::queue_notice_deliveries(&mut batch.tx, notice, message.user_id, &payload, now).await?;
            if email_on && let Some(mail) = email::tournament_email(state, notice, message).await? {
                Db::queue_email(&mut batch.tx, &mail, now).await?;
                emails += 1;
            }
        }
    }
    let taken = batch.finish(now).await?;
    if deliveries > 0 {
        state.hub().work.webhooks.notify_one();
    }
    if emails > 0 {
        state.hub().work.email.notify_one();
    }
    Ok(taken)
}

/// The outbox worker loop: game events, tournament notices, chat messages' webhook
/// deliveries and e-mail digests.
pub async fn run(state: AppState) {
    loop {
        let events = fan_out_once(&state).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "event fan-out failed");
            0
        });
        let notices = send_notices_once(&state).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "tournament notices failed");
            0
        });
        let chat = super::chat::push_once(&state).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "chat webhook deliveries failed");
            0
        });
        // Digests are due by the clock, not by a wake-up: looked for on every pass.
        if let Err(error) = super::chat::mail_digests_once(&state).await {
            tracing::warn!(%error, "chat digests failed");
        }
        if events + notices + chat > 0 {
            continue;
        }
        if !super::idle(&state, &state.hub().work.outbox, Duration::from_millis(500)).await {
            return;
        }
    }
}
