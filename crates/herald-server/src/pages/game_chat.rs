//! The game page's chat panel: the messages the viewer may read (links made clickable,
//! everything else plain text), the form to post on the game's conversation or the team
//! channel, and publishing a team channel after the game. Its forms go through the same
//! service as the API (`games::chat`); `static/chat.js` adds live messages.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::post;
use serde::Deserialize;

use super::{PageResult, SignedIn, see_other};
use crate::api::games::chat::{self, ChatChannel, ChatMessage, MAX_CHAT_CHARS};
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// A piece of a message: text, or a link (both escaped by the template).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub text: String,
    /// Set for a web address: the segment is shown as a link to it.
    pub href: Option<String>,
}

/// A message as the panel shows it.
#[derive(Debug, Clone)]
pub struct ChatLine {
    pub seq: i64,
    pub author: String,
    /// Written by the viewer (nothing to report).
    pub mine: bool,
    pub team: bool,
    /// "with move 12"
    pub with_move: Option<i64>,
    pub at_iso: String,
    pub at_text: String,
    pub segments: Vec<Segment>,
}

/// The panel for one viewer.
#[derive(Debug, Clone)]
pub struct ChatPanel {
    pub lines: Vec<ChatLine>,
    pub last_seq: i64,
    pub can_post: bool,
    /// The viewer has a team channel (Chatrang partners).
    pub team_channel: bool,
    pub spectators_read: bool,
    /// A finished team game the viewer played: they may publish their team's channel.
    pub can_publish: bool,
    pub published_by_me: bool,
    pub max_chars: usize,
    /// A signed-in viewer may report messages.
    pub can_report: bool,
    /// An administrator may hide messages.
    pub can_hide: bool,
}

/// Splits `text` into plain text and `http(s)://` links; a link ends at white space and
/// does not take trailing punctuation.
#[must_use]
pub fn segments(text: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = ["https://", "http://"]
        .iter()
        .filter_map(|scheme| rest.find(scheme))
        .min()
    {
        let (before, from) = rest.split_at(start);
        let end = from.find(char::is_whitespace).unwrap_or(from.len());
        let mut link = &from[..end];
        link = link.trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '\'', '"']);
        if !before.is_empty() {
            out.push(Segment {
                text: before.to_owned(),
                href: None,
            });
        }
        if link.len() > "https://".len() {
            out.push(Segment {
                text: link.to_owned(),
                href: Some(link.to_owned()),
            });
        } else {
            out.push(Segment {
                text: link.to_owned(),
                href: None,
            });
        }
        rest = &from[link.len()..];
        if link.is_empty() {
            break;
        }
    }
    if !rest.is_empty() {
        out.push(Segment {
            text: rest.to_owned(),
            href: None,
        });
    }
    out
}

fn line(lang: &crate::infra::i18n::Lang, message: ChatMessage, viewer: Option<&str>, time_zone: &str) -> ChatLine {
    ChatLine {
        seq: message.seq,
        mine: viewer.is_some() && message.username.as_deref() == viewer,
        author: message
            .username
            .unwrap_or_else(|| lang.text("chat-digest-deleted-user")),
        team: message.channel == ChatChannel::Team,
        with_move: message.ply,
        at_iso: super::time::iso(message.at),
        at_text: super::time::local_in(lang, message.at, time_zone),
        segments: segments(&message.text),
    }
}

/// The panel for `viewer` on game `id`; `None` when they may read nothing (a spectator
/// of a game whose chat is private).
///
/// # Errors
/// The database fails.
pub async fn panel(state: &AppState, id: &str, ctx: &super::Ctx, over: bool) -> Result<Option<ChatPanel>, ApiError> {
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let name = ctx.user.as_ref().map(|u| u.username.as_str());
    let time_zone = ctx.time_zone();
    let view = match chat::list(state, viewer, id, 0).await {
        Ok(view) => view,
        Err(ApiError::Forbidden { .. }) => return Ok(None),
        Err(other) => return Err(other),
    };
    let team_channel = view.can_post.contains(&ChatChannel::Team);
    Ok(Some(ChatPanel {
        last_seq: view.messages.last().map_or(0, |m| m.seq),
        lines: view
            .messages
            .into_iter()
            .map(|m| line(&ctx.lang, m, name, time_zone))
            .collect(),
        can_post: !view.can_post.is_empty(),
        team_channel,
        spectators_read: view.spectators_read,
        can_publish: team_channel && over,
        published_by_me: view.published_by_me,
        max_chars: MAX_CHAT_CHARS,
        can_report: viewer.is_some(),
        can_hide: ctx.user.as_ref().is_some_and(|u| u.is_admin),
    }))
}

/// The chat form: the text and the channel (`game` or `team`).
#[derive(Debug, Deserialize)]
struct ChatForm {
    #[serde(default)]
    text: String,
    #[serde(default)]
    channel: String,
}

async fn post_chat(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<ChatForm>,
) -> PageResult<Response> {
    let channel = if form.channel == "team" {
        ChatChannel::Team
    } else {
        ChatChannel::Game
    };
    chat::post(&state, &s.user.auth(), &id, channel, &form.text).await?;
    Ok(see_other(&format!("/games/{id}#chat")))
}

async fn post_publish(State(state): State<AppState>, s: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    chat::publish(&state, &s.user.auth(), &id).await?;
    Ok(see_other(&format!("/games/{id}#chat")))
}

/// `/games/{id}/chat` and `/games/{id}/chat/publish` (forms).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/chat", post(post_chat))
        .route("/games/{id}/chat/publish", post(post_publish))
}

#[cfg(test)]
mod tests {
    use super::{Segment, segments};

    fn text(t: &str) -> Segment {
        Segment {
            text: t.to_owned(),
            href: None,
        }
    }

    fn link(t: &str) -> Segment {
        Segment {
            text: t.to_owned(),
            href: Some(t.to_owned()),
        }
    }

    #[test]
    fn links_are_found_and_keep_no_trailing_punctuation() {
        assert_eq!(
            segments("see https://example.org/a?b=1. and (http://x.y)"),
            vec![
                text("see "),
                link("https://example.org/a?b=1"),
                text(". and ("),
                link("http://x.y"),
                text(")")
            ]
        );
        assert_eq!(segments("no links <b>"), vec![text("no links <b>")]);
        assert_eq!(segments("https://"), vec![text("https://")]);
        assert_eq!(segments("javascript:alert(1)"), vec![text("javascript:alert(1)")]);
    }
}
