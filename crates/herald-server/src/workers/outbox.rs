//! The outbox worker: each committed event of a game someone is notified of (or of a
//! tournament game) is taken off the event outbox once, by one instance, and handed to its
//! subscribers: the notification channels inside the transaction that deletes it, then,
//! after the commit, the "game ended" subscriber that advances tournament rounds. The same
//! worker, woken by the same signal, sends tournament notices, chat notices and digests.

use std::time::Duration;

use crate::api::notify::{self, NotifyError, fanout};
use crate::domain::events::{EventKind, GameEvent};
use crate::web::state::AppState;

/// Takes one batch from the outbox and hands it to its subscribers; returns how many
/// events it took.
///
/// # Errors
/// The database fails, or a channel cannot make its payload (the batch stays in the
/// outbox, and no subscriber has seen it).
pub async fn take_once(state: &AppState) -> Result<usize, NotifyError> {
    let mut batch = state.db.take_outbox(100).await?;
    let events = std::mem::take(&mut batch.events);
    let woken = fanout::game_events(state, &mut batch.tx, &events).await?;
    let taken = batch.finish().await?;
    game_ended(state, &events).await;
    woken.wake(state);
    Ok(taken)
}

/// The "game ended" subscriber: games that ended may close a tournament round. Run after
/// the commit that took their events, so once per event; each step is guarded in the
/// database (two instances cannot both advance a round), and the sweeper catches up if
/// this instance stops first.
async fn game_ended(state: &AppState, events: &[GameEvent]) {
    let ended: Vec<String> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Finished | EventKind::Aborted))
        .map(|e| e.game_id.clone())
        .collect();
    if !ended.is_empty() {
        crate::api::tournaments::rounds::after_games_ended(state, &ended).await;
    }
}

/// Starts the worker for this instance (several instances may run it: the claims in the
/// database make each step run once).
pub fn start(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move { run(state).await });
}

/// The worker loop: game events, tournament notices, chat messages and e-mail digests.
async fn run(state: AppState) {
    loop {
        let events = take_once(&state).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "event fan-out failed");
            0
        });
        let notices = fanout::send_notices_once(&state).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "tournament notices failed");
            0
        });
        let chat = fanout::push_chat_once(&state).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "chat deliveries failed");
            0
        });
        // Digests are due by the clock, not by a wake-up: looked for on every pass.
        if let Err(error) = notify::chat::mail_digests_once(&state).await {
            tracing::warn!(%error, "chat digests failed");
        }
        if events + notices + chat > 0 {
            continue;
        }
        if !notify::idle(&state, &state.hub().work.outbox, Duration::from_millis(500)).await {
            return;
        }
    }
}
