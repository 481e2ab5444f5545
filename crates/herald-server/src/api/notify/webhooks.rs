//! The webhook channel: a signed JSON POST per game event, tournament notice and chat
//! message, queued by the fan-out, retried with exponential backoff, the webhook disabled
//! after repeated consecutive failures, every attempt kept in the log.

use std::collections::HashMap;
use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::Serialize;
use sha2::Sha256;

use super::channel::{Channel, Kind, Queued, Switch, Switches, Tx, backoff_ms};
use super::chat::{ChatWebhookPayload, channel_of, game_url};
use super::egress;
use crate::api::tournaments::notices::NoticeMessage;
use crate::domain::events::GameEvent;
use crate::domain::tournament_states::NoticeKind;
use crate::infra::hub::Hub;
use crate::storage::{ChatNoticeRow, ClaimedDelivery, Db, DeliveryRow, NoticeRow};
use crate::web::state::AppState;

/// The webhook channel: every event of one's games, tournament notices, and chat messages
/// unless switched off, to each enabled webhook of the player.
#[derive(Debug, Clone, Copy)]
pub struct Webhooks;

/// The channel's stored name and settings' prefix.
pub const NAME: &str = "webhook";

/// The JSON body of a webhook POST.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WebhookPayload<'a> {
    /// Always `game_event`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub event: &'a GameEvent,
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

impl Channel for Webhooks {
    fn name(&self) -> &'static str {
        NAME
    }

    fn legend(&self) -> &'static str {
        "Post to my webhooks"
    }

    fn switches(&self) -> &'static [Switch] {
        &[Switch {
            kind: Kind::Chat,
            label: "to my webhooks",
            hint: "",
            doc: "Chat messages in one's games to one's webhooks (`X-Herald-Event: chat_message`).",
        }]
    }

    fn start(&self, state: &AppState) -> Result<(), super::StartError> {
        let client = client(state.config.webhook_allow_private)?;
        let hooks = state.clone();
        tokio::spawn(async move { run(hooks, client).await });
        Ok(())
    }

    fn game_event<'a>(&'a self, _state: &'a AppState, tx: &'a mut Tx, event: &'a GameEvent, now: i64) -> Queued<'a> {
        Box::pin(async move {
            // Never an empty body: a batch that cannot be serialised stays in the outbox.
            let payload = serde_json::to_string(&WebhookPayload {
                kind: "game_event",
                event,
            })?;
            Ok(to_count(Db::queue_webhook_deliveries(tx, event, &payload, now).await?))
        })
    }

    fn tournament_notice<'a>(
        &'a self,
        _state: &'a AppState,
        tx: &'a mut Tx,
        notice: &'a NoticeRow,
        message: &'a NoticeMessage,
        now: i64,
    ) -> Queued<'a> {
        Box::pin(async move {
            let payload = serde_json::to_string(&TournamentWebhookPayload {
                kind: "tournament_notice",
                tournament_id: &notice.tournament_id,
                tournament_name: &notice.tournament_name,
                notice: notice.kind,
                round: notice.round,
                at: notice.created_at,
                subject: &message.subject,
                text: &message.body,
            })?;
            Ok(to_count(
                Db::queue_notice_deliveries(tx, notice, message.user_id, &payload, now).await?,
            ))
        })
    }

    fn chat_message<'a>(
        &'a self,
        state: &'a AppState,
        tx: &'a mut Tx,
        notice: &'a ChatNoticeRow,
        now: i64,
    ) -> Queued<'a> {
        Box::pin(async move {
            if !Switches::of(state, notice.user_id).await?.on(NAME, Kind::Chat) {
                return Ok(0);
            }
            let (channel, team) = channel_of(notice.channel);
            let payload = serde_json::to_string(&ChatWebhookPayload {
                kind: "chat_message",
                game_id: &notice.game_id,
                seq: notice.seq,
                channel,
                team,
                from: notice.author.as_deref(),
                ply: notice.ply,
                text: &notice.body,
                at: notice.created_at,
                url: game_url(state, &notice.game_id),
            })?;
            Ok(to_count(Db::queue_chat_deliveries(tx, notice, &payload, now).await?))
        })
    }

    fn wake(&self, hub: &Hub) {
        hub.work.webhooks.notify_one();
    }
}

fn to_count(rows: u64) -> usize {
    usize::try_from(rows).unwrap_or(usize::MAX)
}

/// Header carrying `sha256=<hex HMAC-SHA256 of the raw body, keyed with the webhook secret>`.
pub const SIGNATURE_HEADER: &str = "x-herald-signature";
/// Header carrying the event kind.
pub const EVENT_HEADER: &str = "x-herald-event";
/// Header carrying the delivery id (the same on every retry of one delivery).
pub const DELIVERY_HEADER: &str = "x-herald-delivery";

/// How long a claimed delivery is reserved for the worker sending it.
const LEASE_MS: i64 = 60_000;

/// `sha256=<hex>` signature of `body` with `secret`.
#[must_use]
pub fn sign(secret: &str, body: &[u8]) -> String {
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()) else {
        // HMAC takes keys of any length: this cannot happen.
        return String::new();
    };
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

/// The HTTP client for deliveries: no redirects (a redirect could lead anywhere), and
/// unless private addresses are allowed, a resolver that answers only public ones and no
/// proxy ([`egress::guard`]).
///
/// # Errors
/// The client cannot be built (e.g. no TLS backend): the server must not start then, as a
/// default client would lack the resolver, the timeout and the redirect policy.
pub fn client(allow_private: bool) -> Result<reqwest::Client, reqwest::Error> {
    let builder = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("Herald/", env!("CARGO_PKG_VERSION")));
    egress::guard(builder, allow_private).build()
}

async fn attempt(
    client: &reqwest::Client,
    allow_private: bool,
    delivery: &DeliveryRow,
    url: &str,
    secret: &str,
) -> Result<i64, (Option<i64>, String)> {
    if !allow_private {
        // IP literals never reach the resolver: check them here.
        let parsed = reqwest::Url::parse(url).map_err(|e| (None, e.to_string()))?;
        if let Some(what) = egress::refused_host(&parsed) {
            return Err((None, format!("refused: the URL points to {what}")));
        }
    }
    let response = client
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(SIGNATURE_HEADER, sign(secret, delivery.payload.as_bytes()))
        .header(EVENT_HEADER, &delivery.kind)
        .header(DELIVERY_HEADER, delivery.id.to_string())
        .body(delivery.payload.clone())
        .send()
        .await
        .map_err(|e| (None, error_chain(&e.without_url())))?;
    let status = i64::from(response.status().as_u16());
    if response.status().is_success() {
        Ok(status)
    } else {
        Err((Some(status), format!("HTTP {status}")))
    }
}

/// The error and its causes ("error sending request: …: no public address"), for the log.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let line = cause.to_string();
        if !text.contains(&line) {
            text.push_str(": ");
            text.push_str(&line);
        }
        source = cause.source();
    }
    text
}

/// How many deliveries one instance sends at once. A slow receiver holds one slot for up
/// to the client's timeout; the others keep flowing.
const MAX_IN_FLIGHT: usize = 32;

/// How many of those one user's webhooks may hold: a user whose receivers never answer
/// (ten webhooks, a burst of events) holds an eighth of the worker, not all of it, and
/// everyone else's deliveries go out meanwhile.
const PER_USER_IN_FLIGHT: usize = 4;

/// Sends one claimed delivery and records the attempt.
///
/// # Errors
/// The database fails (the delivery is retried when its lease runs out).
async fn deliver(
    state: AppState,
    client: reqwest::Client,
    ClaimedDelivery {
        delivery, url, secret, ..
    }: ClaimedDelivery,
) -> Result<(), sqlx::Error> {
    let config = &state.config;
    let result = attempt(&client, config.webhook_allow_private, &delivery, &url, &secret).await;
    let now = state.now();
    match result {
        Ok(status) => {
            state
                .db
                .delivery_succeeded(delivery.id, delivery.webhook_id, status, now)
                .await
        }
        Err((status, error)) => {
            let attempts = delivery.attempts + 1;
            let retry_at = (attempts < config.webhook_max_attempts)
                .then(|| now + backoff_ms(config.webhook_retry_base_ms, attempts));
            let disabled = state
                .db
                .delivery_failed(
                    delivery.id,
                    delivery.webhook_id,
                    status,
                    &error,
                    retry_at,
                    config.webhook_max_failures,
                    now,
                )
                .await?;
            if disabled {
                tracing::warn!(
                    webhook = delivery.webhook_id,
                    "webhook disabled after repeated failures"
                );
            }
            Ok(())
        }
    }
}

/// The delivery worker: keeps up to [`MAX_IN_FLIGHT`] deliveries in flight, at most
/// [`PER_USER_IN_FLIGHT`] of one user's, claiming more when deliveries are queued, when a
/// slot frees up while more are due, and every half second (retries falling due,
/// deliveries queued by other instances).
pub async fn run(state: AppState, client: reqwest::Client) {
    let mut in_flight = tokio::task::JoinSet::new();
    // Deliveries in flight per user (users with none are removed), and whose each task is.
    let mut per_user: HashMap<i64, i64> = HashMap::new();
    let mut owner: HashMap<tokio::task::Id, i64> = HashMap::new();
    let mut claim = true;
    // An interval, not a sleep per pass: a steady stream of completions must not keep
    // postponing the poll.
    let mut poll = tokio::time::interval(Duration::from_millis(500));
    poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let free = MAX_IN_FLIGHT - in_flight.len();
        // Claim in halves, not one slot at a time: a claim is a database round trip.
        if claim && free >= MAX_IN_FLIGHT / 2 {
            let limit = i64::try_from(free).unwrap_or(1);
            let busy: Vec<(i64, i64)> = per_user.iter().map(|(user, n)| (*user, *n)).collect();
            let cap = i64::try_from(PER_USER_IN_FLIGHT).unwrap_or(1);
            match state
                .db
                .claim_deliveries(state.now(), LEASE_MS, limit, cap, &busy)
                .await
            {
                Ok(claimed) => {
                    // A full claim may have left more behind: claim again as slots free up.
                    claim = claimed.len() == free;
                    for one in claimed {
                        *per_user.entry(one.user_id).or_default() += 1;
                        let user = one.user_id;
                        let task = in_flight.spawn(deliver(state.clone(), client.clone(), one));
                        owner.insert(task.id(), user);
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "webhook deliveries cannot be claimed");
                    claim = false;
                }
            }
        }
        tokio::select! {
            Some(done) = in_flight.join_next_with_id(), if !in_flight.is_empty() => {
                let task = match &done {
                    Ok((task, _)) => *task,
                    Err(error) => error.id(),
                };
                if let Some(user) = owner.remove(&task)
                    && let Some(n) = per_user.get_mut(&user)
                {
                    *n -= 1;
                    if *n <= 0 {
                        per_user.remove(&user);
                    }
                }
                match done {
                    Ok((_, Ok(()))) => {}
                    Ok((_, Err(error))) => tracing::warn!(%error, "webhook delivery not recorded"),
                    Err(error) => tracing::warn!(%error, "webhook delivery task failed"),
                }
            }
            () = state.hub().work.webhooks.notified() => claim = true,
            _ = poll.tick() => claim = true,
            () = state.hub().closed() => {
                // Sends under way finish and record themselves; nothing new starts.
                in_flight.detach_all();
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_matches_a_known_vector() {
        // RFC 4231 test case 2.
        assert_eq!(
            sign("Jefe", b"what do ya want for nothing?"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn backoff_doubles_and_is_capped() {
        assert_eq!(backoff_ms(1000, 1), 1000);
        assert_eq!(backoff_ms(1000, 3), 4000);
        assert_eq!(backoff_ms(1000, 60), 86_400_000);
    }
}
