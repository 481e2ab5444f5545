//! The Web Push channel: what a game event, a tournament notice or a chat message says on
//! a player's phones and browsers, queued per device by the fan-out (`storage::push`) and
//! sent, encrypted and signed, by [`super::push_send`]. One topic per game, so several
//! moves waiting on a device that was off make one notification.

use fluent_templates::fluent_bundle::FluentValue;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::channel::{Channel, Kind, Queued, Switch, Tx};
use super::chat::game_url;
use super::email::{concerns_email, is_turn_change, to_move};
use crate::api::tournaments::notices::NoticeMessage;
use crate::domain::events::{EventKind, GameEvent};
use crate::infra::hub::Hub;
use crate::infra::i18n::Lang;
use crate::storage::{ChatNoticeRow, Db, GameBrief, NewPush, NoticeRow};
use crate::web::state::AppState;

/// The Web Push channel.
#[derive(Debug, Clone, Copy)]
pub struct WebPush;

/// The channel's stored name and settings' prefix.
pub const NAME: &str = "push";

/// The JSON a notification carries (encrypted), read by the service worker
/// (`static/sw.js`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PushPayload {
    pub title: String,
    pub body: String,
    /// The page the notification opens.
    pub url: String,
    /// The notification's tag: a newer one of the same tag (game) replaces it on screen.
    pub tag: String,
    /// The kind (`your_move`…).
    pub kind: &'static str,
    /// Games where it is the player's move now, for the app's badge.
    pub to_move: usize,
    /// When it happened (UTC epoch ms): the notification's time on the phone.
    pub at: i64,
}

impl Channel for WebPush {
    fn name(&self) -> &'static str {
        NAME
    }

    fn legend(&self) -> &'static str {
        "Notify my devices (phones and browsers where I turned notifications on)"
    }

    fn switches(&self) -> &'static [Switch] {
        &[
            Switch {
                kind: Kind::YourMove,
                label: "when it is my move",
                hint: "one notification per game, not while I have the game open",
                doc: "A push notification when it is your move (one per game, none while you watch the game).",
            },
            Switch {
                kind: Kind::TimeWarning,
                label: "when 80 % of my time for a move is used",
                hint: "",
                doc: "A push notification when 80 % of your time for a move is used.",
            },
            Switch {
                kind: Kind::Claimable,
                label: "when I can claim a win on time",
                hint: "",
                doc: "A push notification when your opponent's time ran out and you may claim the win.",
            },
            Switch {
                kind: Kind::GameOver,
                label: "when a game ends or a rematch is offered",
                hint: "",
                doc: "A push notification when a game ends or a rematch is offered.",
            },
            Switch {
                kind: Kind::Offer,
                label: "when an opponent offers a draw or asks to take back a move",
                hint: "",
                doc: "A push notification when an opponent offers a draw or asks to take back a move.",
            },
            Switch {
                kind: Kind::Tournament,
                label: "when a round of a tournament I play in starts, and when it ends",
                hint: "",
                doc: "A push notification when a round of an event you play in starts, and when it ends.",
            },
            Switch {
                kind: Kind::Chat,
                label: "on my devices",
                hint: "each message, not while I have the game open",
                doc: "Chat messages in one's games as push notifications (none while you watch the game).",
            },
        ]
    }

    fn start(&self, state: &AppState) -> Result<(), super::StartError> {
        // A configured key that cannot sign stops the server now, not at the first push.
        if let Some(key) = state
            .config
            .vapid_private_key
            .as_deref()
            .filter(|k| !k.trim().is_empty())
        {
            super::push_send::parse_vapid_key(key).map_err(super::StartError::VapidKey)?;
        }
        let client = super::push_send::client(state.config.webhook_allow_private)?;
        let worker = state.clone();
        tokio::spawn(async move { super::push_send::run(worker, client).await });
        Ok(())
    }

    fn game_event<'a>(&'a self, state: &'a AppState, tx: &'a mut Tx, event: &'a GameEvent, now: i64) -> Queued<'a> {
        Box::pin(async move {
            if !concerns_push(event.kind) {
                return Ok(0);
            }
            let Some(game) = Db::game_brief(tx, &event.game_id).await? else {
                return Ok(0);
            };
            let mut queued = 0;
            for (user, kind, words) in messages_for(event, &game) {
                if kind == Kind::YourMove && state.hub().is_watching(&event.game_id, user) {
                    continue;
                }
                let Some(recipient) = Db::push_recipient(tx, user, kind.as_str()).await? else {
                    continue;
                };
                let (title, body) = words.render(&recipient.lang(), &game, user);
                let to_move = recipient.to_move;
                let topic = topic("g", &event.game_id);
                let payload = PushPayload {
                    title,
                    body,
                    url: game_url(state, &event.game_id),
                    tag: topic.clone(),
                    kind: kind.as_str(),
                    to_move,
                    at: event.at,
                };
                let dedupe = dedupe_of(event, &game, kind);
                queued += queue(tx, user, &dedupe, &topic, kind, &payload, now).await?;
            }
            Ok(queued)
        })
    }

    fn tournament_notice<'a>(
        &'a self,
        state: &'a AppState,
        tx: &'a mut Tx,
        notice: &'a NoticeRow,
        message: &'a NoticeMessage,
        now: i64,
    ) -> Queued<'a> {
        Box::pin(async move {
            let user = message.user_id;
            let Some(recipient) = Db::push_recipient(tx, user, Kind::Tournament.as_str()).await? else {
                return Ok(0);
            };
            let to_move = recipient.to_move;
            let topic = topic("t", &notice.tournament_id);
            let payload = PushPayload {
                title: message.subject.clone(),
                body: first_paragraph(&message.body),
                url: format!(
                    "{}/tournaments/{}",
                    state.config.base_url.trim_end_matches('/'),
                    notice.tournament_id
                ),
                tag: topic.clone(),
                kind: Kind::Tournament.as_str(),
                to_move,
                at: notice.created_at,
            };
            let dedupe = format!("notice:{}", notice.id);
            queue(tx, user, &dedupe, &topic, Kind::Tournament, &payload, now).await
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
            let user = notice.user_id;
            if state.hub().is_watching(&notice.game_id, user) {
                return Ok(0);
            }
            let Some(recipient) = Db::push_recipient(tx, user, Kind::Chat.as_str()).await? else {
                return Ok(0);
            };
            let (lang, to_move) = (recipient.lang(), recipient.to_move);
            let topic = topic("c", &notice.game_id);
            let from = notice
                .author
                .clone()
                .unwrap_or_else(|| lang.text("push-deleted-player"));
            let key = if notice.channel > 0 {
                "push-chat-team-title"
            } else {
                "push-chat-title"
            };
            let payload = PushPayload {
                title: lang.plain_with(
                    key,
                    &[
                        ("author", FluentValue::from(from)),
                        ("game", FluentValue::from(notice.game_id.as_str())),
                    ],
                ),
                body: shortened(&notice.body, 180),
                url: format!("{}#chat", game_url(state, &notice.game_id)),
                tag: topic.clone(),
                kind: Kind::Chat.as_str(),
                to_move,
                at: notice.created_at,
            };
            let dedupe = format!("chat:{}:{}", notice.game_id, notice.seq);
            queue(tx, user, &dedupe, &topic, Kind::Chat, &payload, now).await
        })
    }

    fn wake(&self, hub: &Hub) {
        hub.work.push.notify_one();
    }
}

/// Whether events of this kind may notify a device.
fn concerns_push(kind: EventKind) -> bool {
    concerns_email(kind) || matches!(kind, EventKind::DrawOffered | EventKind::TakebackOffered)
}

/// How urgent a kind is for the push service (RFC 8030 §5.3), and how long it keeps the
/// message for a device that is off: a deadline's warnings wake a phone in power saving,
/// a chat line waits.
#[must_use]
pub fn delivery_of(kind: Kind) -> (&'static str, i64) {
    const DAY: i64 = 86_400;
    match kind {
        Kind::TimeWarning | Kind::Claimable => ("high", DAY),
        Kind::YourMove | Kind::GameOver | Kind::Tournament => ("normal", 4 * DAY),
        Kind::Offer => ("normal", 2 * DAY),
        Kind::Chat => ("low", DAY),
    }
}

async fn queue(
    tx: &mut Tx,
    user_id: i64,
    dedupe: &str,
    topic: &str,
    kind: Kind,
    payload: &PushPayload,
    now: i64,
) -> Result<usize, super::NotifyError> {
    let json = serde_json::to_string(payload)?;
    let (urgency, ttl_secs) = delivery_of(kind);
    let push = NewPush {
        user_id,
        dedupe,
        topic,
        kind: kind.as_str(),
        payload: &json,
        urgency,
        ttl_secs,
    };
    Ok(usize::try_from(Db::queue_push(tx, &push, now).await?).unwrap_or(usize::MAX))
}

/// The RFC 8030 `Topic` of a game (`g`), its chat (`c`) or a tournament (`t`): at most 32
/// characters of the URL-safe base64 alphabet; a longer or stranger id is hashed.
#[must_use]
pub fn topic(prefix: &str, id: &str) -> String {
    let plain = format!("{prefix}-{id}");
    if plain.len() <= 32
        && plain
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return plain;
    }
    let digest = Sha256::digest(plain.as_bytes());
    let mut hashed = format!("{prefix}-{}", hex::encode(digest));
    hashed.truncate(32);
    hashed
}

fn shortened(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max_chars - 1).collect();
    cut.push('…');
    cut
}

fn first_paragraph(text: &str) -> String {
    shortened(text.split("\n\n").next().unwrap_or(text).trim(), 240)
}

/// The others in the game, by name ("alice", "alice, bob and carol").
fn others(lang: &Lang, game: &GameBrief, user: i64) -> String {
    let names: Vec<&str> = game
        .players
        .iter()
        .filter(|(_, id, _)| *id != user)
        .map(|(_, _, name)| name.as_str())
        .collect();
    if names.is_empty() {
        lang.text("push-yourself")
    } else {
        lang.list(&names)
    }
}

/// What makes a message once-only. Messages about whose move it is are keyed by the game's
/// ply as the fan-out reads it, not by the event: a fan-out running behind sees an older move's
/// event after a newer move, and both then describe the same turn, which is told once.
fn dedupe_of(event: &GameEvent, game: &GameBrief, kind: Kind) -> String {
    match kind {
        Kind::YourMove | Kind::TimeWarning | Kind::Claimable => {
            format!("{}:{}:{}", kind.as_str(), event.game_id, game.ply)
        }
        _ => format!("event:{}", event.id),
    }
}

/// A message's words before its reader's language is known: catalogue keys and arguments.
struct Words {
    title: &'static str,
    body: &'static str,
    /// `game` (its name) and `opponents` always; `result` for a game's end.
    result: Option<String>,
}

impl Words {
    const fn of(title: &'static str, body: &'static str) -> Words {
        Words {
            title,
            body,
            result: None,
        }
    }

    /// The title and body in `lang`, for `user` in `game`.
    fn render(&self, lang: &Lang, game: &GameBrief, user: i64) -> (String, String) {
        let mut args = vec![
            ("game", FluentValue::from(lang.game_name(game.variant))),
            ("opponents", FluentValue::from(others(lang, game, user))),
        ];
        if let Some(result) = &self.result {
            args.push(("result", FluentValue::from(result.clone())));
        }
        (lang.plain_with(self.title, &args), lang.plain_with(self.body, &args))
    }
}

/// Who gets what for an event: (user, kind, words).
fn messages_for(event: &GameEvent, game: &GameBrief) -> Vec<(i64, Kind, Words)> {
    let mover = to_move(game);
    let seat_of = |key: &str| event.data.get(key).and_then(serde_json::Value::as_i64);
    let others_of_seat = |seat: Option<i64>| {
        game.players
            .iter()
            .filter(move |(s, _, _)| Some(i64::from(s.get())) != seat)
            .map(|(_, user, _)| *user)
    };
    let mut out = Vec::new();
    match event.kind {
        k if is_turn_change(k) => {
            if let Some((user, _)) = mover {
                // The game as read now: a start seen after the first move is a plain turn.
                let body = if k == EventKind::Started && game.ply == 0 {
                    "push-started-body"
                } else {
                    "push-your-move-body"
                };
                out.push((user, Kind::YourMove, Words::of("push-your-move-title", body)));
            }
        }
        EventKind::TimeWarning => {
            if let Some((user, _)) = mover {
                let words = Words::of("push-time-warning-title", "push-time-warning-body");
                out.push((user, Kind::TimeWarning, words));
            }
        }
        EventKind::Claimable => {
            for (_, user, _) in &game.players {
                if mover.is_some_and(|(m, _)| m == *user) {
                    continue;
                }
                let words = Words::of("push-claimable-title", "push-claimable-body");
                out.push((*user, Kind::Claimable, words));
            }
        }
        EventKind::Finished | EventKind::Aborted => {
            let declined = event.data.get("reason").and_then(|r| r.as_str()) == Some("declined");
            let result = event.data.get("result").and_then(|r| r.as_str()).unwrap_or("no result");
            for (_, user, _) in &game.players {
                let words = if declined {
                    Words::of("push-game-over-title", "push-declined-body")
                } else {
                    Words {
                        result: Some(result.to_owned()),
                        ..Words::of("push-game-over-title", "push-game-over-body")
                    }
                };
                out.push((*user, Kind::GameOver, words));
            }
        }
        EventKind::RematchOffered => {
            for user in others_of_seat(seat_of("seat")) {
                out.push((
                    user,
                    Kind::GameOver,
                    Words::of("push-rematch-title", "push-rematch-body"),
                ));
            }
        }
        EventKind::DrawOffered => {
            for user in others_of_seat(seat_of("seat")) {
                out.push((user, Kind::Offer, Words::of("push-draw-title", "push-draw-body")));
            }
        }
        EventKind::TakebackOffered => {
            let answer = seat_of("answer");
            for (seat, user, _) in &game.players {
                if Some(i64::from(seat.get())) == answer {
                    out.push((
                        *user,
                        Kind::Offer,
                        Words::of("push-takeback-title", "push-takeback-body"),
                    ));
                }
            }
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topics_fit_rfc_8030() {
        assert_eq!(topic("g", "AbC123"), "g-AbC123");
        let long = topic("t", &"x".repeat(40));
        assert_eq!(long.len(), 32);
        assert!(long.starts_with("t-"));
        let odd = topic("g", "a b/c");
        assert!(odd.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_ne!(topic("g", "a b/c"), topic("g", "a b/d"));
    }

    #[test]
    fn warnings_are_urgent_and_chat_is_not() {
        assert_eq!(delivery_of(Kind::TimeWarning).0, "high");
        assert_eq!(delivery_of(Kind::Chat).0, "low");
        assert!(delivery_of(Kind::YourMove).1 >= 86_400);
    }

    #[test]
    fn long_chat_lines_are_cut() {
        assert_eq!(shortened("hello", 10), "hello");
        let cut = shortened(&"é".repeat(300), 180);
        assert_eq!(cut.chars().count(), 180);
        assert!(cut.ends_with('…'));
    }
}
