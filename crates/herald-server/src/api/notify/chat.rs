//! Chat messages through the notification channels, as each reader's settings say: a
//! webhook delivery per message, an e-mail digest of the messages a reader has not seen
//! (at most one per [`DIGEST_WAIT_MS`]), and entries in the Atom feed (`notify::feed`).
//! Readers are the players who read the message's channel, never spectators, so a team's
//! channel reaches its partners only.

use fluent_templates::fluent_bundle::FluentValue;
use serde::Serialize;

use super::NotifyError;
use super::email::confirmed_recipient;
use crate::api::games::chat::ChatChannel;
use crate::infra::i18n::Lang;
use crate::storage::{ChatNoticeRow, Db, NewEmail};
use crate::web::state::AppState;

/// How long a message waits for the reader to see it before it goes in an e-mail digest;
/// what arrives meanwhile goes in the same one.
pub const DIGEST_WAIT_MS: i64 = 30 * 60_000;

/// The JSON body of a webhook POST about a chat message (header `X-Herald-Event:
/// chat_message`), sent to the webhooks of each player who reads its channel.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ChatWebhookPayload<'a> {
    /// Always `chat_message`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub game_id: &'a str,
    /// The game's message number.
    pub seq: i64,
    pub channel: ChatChannel,
    /// The team whose channel it is (team messages only).
    pub team: Option<i64>,
    /// The author (absent once their account is deleted).
    pub from: Option<&'a str>,
    /// Sent with the move that brought the game to this ply.
    pub ply: Option<i64>,
    /// Plain text, never HTML.
    pub text: &'a str,
    /// When it was posted (UTC epoch ms).
    pub at: i64,
    /// The game's page.
    pub url: String,
}

/// The channel and team of a stored channel number.
#[must_use]
pub fn channel_of(channel: i64) -> (ChatChannel, Option<i64>) {
    if channel > 0 {
        (ChatChannel::Team, Some(channel - 1))
    } else {
        (ChatChannel::Game, None)
    }
}

pub(crate) fn game_url(state: &AppState, game_id: &str) -> String {
    format!("{}/games/{game_id}", state.config.base_url.trim_end_matches('/'))
}

/// Sends the digests that are due: each reader whose oldest unseen message waited
/// [`DIGEST_WAIT_MS`] gets one e-mail with every message not yet mailed (when they want
/// chat by e-mail at a confirmed address; otherwise the messages are marked and dropped).
/// Returns how many readers it handled.
///
/// # Errors
/// The database fails (what was not committed stays queued).
pub async fn mail_digests_once(state: &AppState) -> Result<usize, NotifyError> {
    let now = state.now();
    let due = state.db.chat_digests_due(now - DIGEST_WAIT_MS, 200).await?;
    let email_on = super::email::sends_mail(state);
    let mut emails = 0;
    for user_id in &due {
        let settings = state.db.notification_settings(*user_id).await?;
        // The digest is in the reader's language, like every notification.
        let lang = crate::infra::i18n::for_reader(state.db.settings(*user_id).await?.language.as_deref());
        let recipient = confirmed_recipient(&settings).filter(|_| email_on).map(str::to_owned);
        let mut batch = state.db.take_chat_digest(*user_id, super::email::NAME).await?;
        let shown: Vec<&ChatNoticeRow> = batch.rows.iter().filter(|n| n.wanted && !n.hidden).collect();
        if let (Some(recipient), Some(first)) = (recipient, shown.first()) {
            let mail = NewEmail {
                user_id: *user_id,
                game_id: first.game_id.clone(),
                kind: "chat",
                turn_key: format!("digest:{}", first.id),
                recipient,
                subject: digest_subject(&lang, &shown),
                body: digest_body(state, &lang, &shown),
            };
            if Db::queue_email(&mut batch.tx, &mail, now).await? {
                emails += 1;
            }
        }
        batch.finish(now).await?;
    }
    if emails > 0 {
        state.hub().work.email.notify_one();
    }
    Ok(due.len())
}

fn digest_subject(lang: &Lang, messages: &[&ChatNoticeRow]) -> String {
    let games = distinct_games(messages);
    match (messages.len(), games.len()) {
        (1, _) => lang.plain_with(
            "chat-digest-one",
            &[("game", FluentValue::from(messages[0].game_id.as_str()))],
        ),
        (n, 1) => lang.plain_with(
            "chat-digest-in-game",
            &[("count", FluentValue::from(n)), ("game", FluentValue::from(games[0]))],
        ),
        (n, g) => lang.plain_with(
            "chat-digest-in-games",
            &[("count", FluentValue::from(n)), ("games", FluentValue::from(g))],
        ),
    }
}

fn distinct_games<'a>(messages: &[&'a ChatNoticeRow]) -> Vec<&'a str> {
    let mut games: Vec<&str> = Vec::new();
    for m in messages {
        if !games.contains(&m.game_id.as_str()) {
            games.push(&m.game_id);
        }
    }
    games
}

/// The digest: each game's messages in order, with who wrote them and on which channel,
/// and the link to answer.
fn digest_body(state: &AppState, lang: &Lang, messages: &[&ChatNoticeRow]) -> String {
    let mut body = String::new();
    for game in distinct_games(messages) {
        body.push_str(&lang.plain_with("chat-digest-game", &[("game", FluentValue::from(game))]));
        body.push('\n');
        for m in messages.iter().filter(|m| m.game_id == game) {
            let author = m
                .author
                .clone()
                .unwrap_or_else(|| lang.text("chat-digest-deleted-user"));
            let team = if m.channel > 0 {
                format!(" {}", lang.text("chat-digest-to-team"))
            } else {
                String::new()
            };
            let with_move = m
                .ply
                .map(|p| {
                    format!(
                        " {}",
                        lang.plain_with("chat-digest-with-move", &[("move", FluentValue::from(p))])
                    )
                })
                .unwrap_or_default();
            body.push_str(&format!("  {author}{team}{with_move}:\n"));
            for line in m.body.lines() {
                body.push_str(&format!("    {line}\n"));
            }
        }
        let answer = lang.plain_with(
            "chat-digest-answer",
            &[("link", FluentValue::from(game_url(state, game)))],
        );
        body.push_str(&format!("  {answer}\n\n"));
    }
    body
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(id: i64, game: &str, channel: i64, body: &str) -> ChatNoticeRow {
        ChatNoticeRow {
            id,
            user_id: 7,
            game_id: game.to_owned(),
            seq: id,
            channel,
            seat: herald_rules::Player::new(0),
            author: Some("ann".to_owned()),
            ply: None,
            body: body.to_owned(),
            created_at: 0,
            hidden: false,
            wanted: true,
        }
    }

    #[test]
    fn a_digest_names_its_games_and_messages() {
        let (a, b, c) = (
            message(1, "g1", 0, "hello"),
            message(2, "g1", 1, "psst"),
            message(3, "g2", 0, "hi"),
        );
        assert_eq!(digest_subject(&Lang::english(), &[&a]), "A new message in game g1");
        assert_eq!(digest_subject(&Lang::english(), &[&a, &b]), "2 new messages in game g1");
        assert_eq!(
            digest_subject(&Lang::english(), &[&a, &b, &c]),
            "3 new messages in 2 games"
        );
        assert_eq!(channel_of(0), (ChatChannel::Game, None));
        assert_eq!(channel_of(2), (ChatChannel::Team, Some(1)));
    }
}
