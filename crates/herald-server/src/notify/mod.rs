//! Notifications for players who are not looking: webhooks, email and an Atom feed, each
//! fed from the event outbox by background workers, and the per-user settings API.

pub mod chat;
pub mod confirm;
pub mod egress;
pub mod email;
pub mod fanout;
pub mod feed;
pub mod settings;
pub mod webhooks;

use std::time::Duration;

use crate::state::AppState;

/// Why the notification workers cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot build the webhook HTTP client: {0}")]
    WebhookClient(#[from] reqwest::Error),
}

/// Starts the outbox fan-out, webhook and email workers for this instance. Several
/// instances may run them at once: claims in the database make each job run once.
///
/// # Errors
/// The webhook client cannot be built (nothing is started then).
pub fn start(state: &AppState) -> Result<(), StartError> {
    let client = webhooks::client(state.config.webhook_allow_private)?;
    let fan = state.clone();
    tokio::spawn(async move { fanout::run(fan).await });
    let hooks = state.clone();
    tokio::spawn(async move { webhooks::run(hooks, client).await });
    if state.config.smtp_url.as_deref().is_some_and(|u| !u.trim().is_empty()) {
        let mail = state.clone();
        tokio::spawn(async move { email::run(mail).await });
    }
    Ok(())
}

/// Waits until `work` is signalled or `poll` has passed (work queued by another instance,
/// retries falling due), whichever comes first; returns false once the server is shutting
/// down.
pub(crate) async fn idle(state: &AppState, work: &tokio::sync::Notify, poll: Duration) -> bool {
    tokio::select! {
        () = work.notified() => true,
        () = tokio::time::sleep(poll) => true,
        () = state.hub().closed() => false,
    }
}
