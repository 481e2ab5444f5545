//! Live game chat: a follower of one game's messages as one reader may see them (the
//! channels fixed when the stream opens), the ndjson stream under `/api/v1` and the game
//! page's server-sent events. Messages are read from the database after every wake-up,
//! like game events, so a lost or doubled wake-up never loses or repeats a message.

use std::collections::VecDeque;
use std::convert::Infallible;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::games::chat::{self, ChatAfter, ChatMessage};
use crate::infra::hub::{ChatWatch, CutWatch, StreamHolder};
use crate::web::auth::StreamCaller;
use crate::web::error::{ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

const BATCH: i64 = 256;

/// What a chat follower produces next.
#[derive(Debug)]
pub enum ChatStep {
    Message(ChatMessage),
    KeepAlive,
    End,
}

/// Follows one game's chat for one reader.
#[derive(Debug)]
pub struct ChatTail {
    state: AppState,
    watch: ChatWatch,
    cut: CutWatch,
    game_id: String,
    viewer: Option<i64>,
    channels: i64,
    after: i64,
    queue: VecDeque<ChatMessage>,
    must_read: bool,
}

impl ChatTail {
    /// Checks the reader may read the chat, subscribes, then reads from `after` (default:
    /// only new messages).
    ///
    /// # Errors
    /// 404 unknown game; 403 `chat_private`.
    pub async fn open(state: &AppState, id: &str, holder: StreamHolder, after: Option<i64>) -> ApiResult<ChatTail> {
        let viewer = holder.user;
        // Subscribed before the snapshot of the last seq: nothing posted between is missed.
        let watch = state.hub().watch_chat(id);
        let (_, access) = chat::game_access(state, id, viewer).await?;
        chat::require_reader(access)?;
        let after = match after {
            Some(after) => after.max(0),
            None => state.db.chat_last_seq(id, access.read).await?,
        };
        Ok(ChatTail {
            state: state.clone(),
            watch,
            cut: state.hub().watch_cuts(holder),
            game_id: id.to_owned(),
            viewer,
            channels: access.read,
            after,
            queue: VecDeque::new(),
            must_read: true,
        })
    }

    pub async fn next(&mut self) -> ChatStep {
        let keepalive = self.state.config.keepalive();
        loop {
            if let Some(message) = self.queue.pop_front() {
                return ChatStep::Message(message);
            }
            if self.must_read {
                match self
                    .state
                    .db
                    .chat_after(&self.game_id, self.after, self.channels, self.viewer, BATCH)
                    .await
                {
                    Ok(rows) => {
                        self.must_read = rows.len() >= usize::try_from(BATCH).unwrap_or(usize::MAX);
                        if let Some(last) = rows.last() {
                            self.after = last.seq;
                        }
                        self.queue.extend(rows.into_iter().map(ChatMessage::of));
                        if !self.queue.is_empty() {
                            continue;
                        }
                    }
                    Err(error) => {
                        tracing::warn!(%error, game = %self.game_id, "chat stream cannot read messages");
                        return ChatStep::End;
                    }
                }
            }
            tokio::select! {
                () = self.watch.changed() => {
                    // Any post wakes it, also one on a channel this reader cannot see: the
                    // read then finds nothing new after the last message it saw.
                    self.must_read = true;
                }
                () = tokio::time::sleep(keepalive) => return ChatStep::KeepAlive,
                () = self.cut.cut() => return ChatStep::End,
                () = self.state.hub().closed() => return ChatStep::End,
            }
        }
    }
}

fn last_message_id(headers: &HeaderMap) -> Option<i64> {
    headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
}

/// Stream a game's chat (ndjson): one `ChatMessage` per line as it is posted, on the
/// channels the caller may read; an empty line at least every 10 s keeps it alive. Resume
/// with `after` (or `Last-Event-ID`) = the last message seq seen.
#[utoipa::path(get, path = "/games/{id}/chat/stream", tag = "chat",
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$"), ChatAfter),
    responses((status = 200, description = "ndjson: ChatMessage lines", content_type = "application/x-ndjson",
        body = ChatMessage), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn chat_stream(
    State(state): State<AppState>,
    caller: StreamCaller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<ChatAfter>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let after = last_message_id(&headers).or(query.after);
    let tail = ChatTail::open(&state, &id, caller.holder, after).await?;
    let lines = stream::unfold(tail, |mut tail| async move {
        match tail.next().await {
            ChatStep::Message(message) => Some((Ok::<_, Infallible>(super::json_line(&message)), tail)),
            ChatStep::KeepAlive => Some((Ok(Bytes::from_static(b"\n")), tail)),
            ChatStep::End => None,
        }
    });
    Ok(super::ndjson(lines))
}

/// The game page's live chat (server-sent events `chat`, `id` the message seq, `data`
/// the `ChatMessage` JSON). Resumes from `Last-Event-ID` or `after`.
#[utoipa::path(get, path = "/games/{id}/chat/events", tag = "chat",
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$"), ChatAfter),
    responses((status = 200, description = "text/event-stream of ChatMessage", content_type = "text/event-stream",
        body = ChatMessage), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn chat_events(
    State(state): State<AppState>,
    caller: StreamCaller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<ChatAfter>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let after = last_message_id(&headers).or(query.after);
    let tail = ChatTail::open(&state, &id, caller.holder, after).await?;
    Ok(Sse::new(sse(tail, Ids::Seq)).into_response())
}

/// Whether a chat event carries its seq as the event id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ids {
    /// On a stream of its own: the browser resumes it from the last seq.
    Seq,
    /// Beside the game's events, whose seq is the stream's id: no id, and no keep-alives
    /// of its own (the game's keep the stream alive).
    Beside,
}

/// A chat follower as server-sent events `chat`, `data` the `ChatMessage` JSON.
pub fn sse(tail: ChatTail, ids: Ids) -> impl Stream<Item = Result<Event, Infallible>> + Send + 'static {
    stream::unfold(tail, move |mut tail| async move {
        loop {
            let event = match tail.next().await {
                ChatStep::Message(message) => {
                    let event = Event::default().event("chat");
                    let event = if ids == Ids::Seq {
                        event.id(message.seq.to_string())
                    } else {
                        event
                    };
                    event
                        .json_data(&message)
                        .unwrap_or_else(|_| Event::default().comment("unencodable message"))
                }
                ChatStep::KeepAlive if ids == Ids::Beside => continue,
                ChatStep::KeepAlive => Event::default().comment("keep-alive"),
                ChatStep::End => return None,
            };
            return Some((Ok::<_, Infallible>(event), tail));
        }
    })
}

/// The chat stream under `/api/v1`.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(chat_stream))
}

/// The page's chat SSE route (at the root, beside the pages).
pub fn page_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(chat_events))
}
