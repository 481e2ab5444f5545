//! The notifications' fan-out: hands each committed game event, tournament notice and
//! chat message to every channel of the registry ([`super::registry::REGISTRY`]) inside the
//! transaction that takes it off its queue, so each is queued exactly once, then wakes the
//! channels that queued something. Game events come through the event outbox's worker
//! (`crate::workers::outbox`), which also has the event's other subscribers.

use super::NotifyError;
use super::channel::Tx;
use super::registry::REGISTRY;
use crate::domain::events::GameEvent;
use crate::web::state::AppState;

/// Which channels of the registry queued something in a pass: their workers are woken
/// after the commit, so that they find what they are woken for.
#[derive(Debug)]
pub struct Woken(Vec<bool>);

impl Default for Woken {
    fn default() -> Woken {
        Woken(vec![false; REGISTRY.len()])
    }
}

impl Woken {
    fn mark(&mut self, index: usize, queued: usize) {
        if queued > 0
            && let Some(slot) = self.0.get_mut(index)
        {
            *slot = true;
        }
    }

    /// Wakes the workers of the channels that queued something (after the commit).
    pub fn wake(&self, state: &AppState) {
        for (channel, woken) in REGISTRY.iter().zip(&self.0) {
            if *woken {
                channel.wake(state.hub());
            }
        }
    }
}

/// Queues, on `tx`, what each available channel makes of `events`.
///
/// # Errors
/// The database fails, or a payload cannot be serialised (the batch stays queued).
pub async fn game_events(state: &AppState, tx: &mut Tx, events: &[GameEvent]) -> Result<Woken, NotifyError> {
    let now = state.now();
    let mut woken = Woken::default();
    for event in events {
        for (index, channel) in REGISTRY.iter().enumerate() {
            if channel.available(state) {
                woken.mark(index, channel.game_event(state, tx, event, now).await?);
            }
        }
    }
    Ok(woken)
}

/// Sends one batch of tournament notices: each player's message goes to every channel
/// (webhooks; e-mail when they want tournament e-mail at a confirmed address), all queued
/// in the transaction that marks the notices sent, so each goes once. Returns how many
/// notices it took.
///
/// # Errors
/// The database fails (the batch stays queued).
pub async fn send_notices_once(state: &AppState) -> Result<usize, NotifyError> {
    let mut batch = state.db.take_tournament_notices(20).await?;
    let now = state.now();
    let mut woken = Woken::default();
    for notice in &batch.rows {
        for message in crate::api::tournaments::notices::messages(state, notice).await? {
            for (index, channel) in REGISTRY.iter().enumerate() {
                if channel.available(state) {
                    let queued = channel
                        .tournament_notice(state, &mut batch.tx, notice, &message, now)
                        .await?;
                    woken.mark(index, queued);
                }
            }
        }
    }
    let taken = batch.finish(now).await?;
    woken.wake(state);
    Ok(taken)
}

/// Hands one batch of new chat messages to the channels (hidden messages go nowhere; each
/// channel heeds its reader's chat switch), marking them pushed in the same transaction so
/// each goes once. Returns how many notices it took.
///
/// # Errors
/// The database fails (the batch stays queued).
pub async fn push_chat_once(state: &AppState) -> Result<usize, NotifyError> {
    let now = state.now();
    let mut batch = state.db.take_chat_pushes(100).await?;
    let mut woken = Woken::default();
    for notice in batch.rows.iter().filter(|n| !n.hidden) {
        for (index, channel) in REGISTRY.iter().enumerate() {
            if channel.available(state) {
                woken.mark(index, channel.chat_message(state, &mut batch.tx, notice, now).await?);
            }
        }
    }
    let taken = batch.finish(now).await?;
    woken.wake(state);
    Ok(taken)
}
