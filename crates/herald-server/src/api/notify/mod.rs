//! Notifications for players who are not looking: the channels (Web Push, webhooks, e-mail
//! and an Atom feed, behind [`channel::Channel`]) fed from the event outbox and the other queues by
//! background workers, the per-user settings API, and the workers' error type.

pub mod channel;
pub mod chat;
pub mod confirm;
pub mod egress;
pub mod email;
pub mod fanout;
pub mod feed;
pub mod push;
pub mod push_api;
pub mod push_send;
pub mod registry;
pub mod settings;
pub mod webhooks;

use std::time::Duration;

use crate::web::error::ApiError;
use crate::web::state::AppState;

/// Why a notification worker's step failed (its work stays queued for a retry).
#[derive(Debug, thiserror::Error)]
pub enum NotifyError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    /// A webhook body cannot be serialised: never sent empty, the batch stays queued.
    #[error("cannot serialise a notification: {0}")]
    Payload(#[from] serde_json::Error),
    /// The server's signing key cannot be made: none is ever made up.
    #[error("the random source failed: {0}")]
    Random(getrandom::Error),
    /// The stored signing key cannot key an HMAC (HMAC takes any length: a broken row).
    #[error("the server's signing key is unusable")]
    SigningKey,
    /// The VAPID key (configured or stored) is not a P-256 private key.
    #[error("the Web Push (VAPID) key is unusable: {0}")]
    VapidKey(String),
}

impl From<NotifyError> for ApiError {
    fn from(error: NotifyError) -> ApiError {
        match error {
            // Keeps the database's own answers (503 when unavailable).
            NotifyError::Database(e) => e.into(),
            other => ApiError::internal_from(other),
        }
    }
}

/// Why the notification workers cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot build the webhook HTTP client: {0}")]
    WebhookClient(#[from] reqwest::Error),
    #[error("HERALD_VAPID_PRIVATE_KEY is not usable: {0}")]
    VapidKey(String),
}

/// Starts each channel's sender (webhooks, e-mail) for this instance. Several instances may
/// run them at once: claims in the database make each job run once.
///
/// # Errors
/// A channel cannot set up its sender (the webhook client cannot be built).
pub fn start(state: &AppState) -> Result<(), StartError> {
    for channel in registry::REGISTRY {
        channel.start(state)?;
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
