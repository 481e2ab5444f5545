//! Live game events: the wake-up [`hub`], its [`source`] (PostgreSQL LISTEN or the SQLite
//! tailer), the log followers in [`tail`], and the stream endpoints: ndjson under
//! `/api/v1` (a game, or all of the caller's games) and server-sent events for the game page.

pub use crate::infra::hub;
pub mod chat;
pub mod source;
pub mod tail;

use std::convert::Infallible;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::games::service;
use crate::domain::events::GameEvent;
use crate::infra::hub::StreamHolder;
use crate::web::auth::StreamCaller;
use crate::web::error::{ApiError, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;
use tail::{Cursor, GameTail, Step, UserTail};

/// Where to resume a game stream.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameSince {
    /// The last event seq seen: events after it are sent. Default: only new events.
    /// (`Last-Event-ID` does the same and wins.)
    pub since: Option<i64>,
}

/// Where to resume the game page's feed, and whether it carries the chat.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageSince {
    /// The last event seq seen: events after it are sent. Default: only new events.
    /// (`Last-Event-ID` does the same and wins.)
    pub since: Option<i64>,
    /// Also send the game's chat as the caller may read it: the messages after this seq,
    /// then each as it is posted (events `chat`, without an id, so `Last-Event-ID` stays
    /// the game's; a reconnect sends again those after this seq). Left out when the caller
    /// may not read the chat. One stream per game page: a browser opens at most six
    /// connections per host over HTTP/1.1.
    pub chat_after: Option<i64>,
}

/// Where to resume the user stream.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserSince {
    /// The last `cursor` seen on this stream. Default: only new events.
    pub since: Option<String>,
}

fn last_event_id(headers: &HeaderMap) -> ApiResult<Option<i64>> {
    match headers.get("last-event-id") {
        None => Ok(None),
        Some(v) => v
            .to_str()
            .ok()
            .and_then(|v| v.trim().parse::<i64>().ok())
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("bad_last_event_id", "Last-Event-ID is an event seq")),
    }
}

/// Subscribes, then takes the snapshot: nothing committed in between is missed.
async fn game_tail(
    state: &AppState,
    id: &str,
    after: Option<i64>,
    holder: &StreamHolder,
    stop_at_end: bool,
) -> ApiResult<(GameTail, crate::api::games::view::GameView)> {
    let current = if id.bytes().all(|b| b.is_ascii_alphanumeric()) && id.len() <= 32 {
        state.db.event_seq(id).await?
    } else {
        None
    }
    .ok_or_else(|| ApiError::not_found("game_not_found", "no such game"))?;
    let mut tail = GameTail::new(state, id, after.unwrap_or(current), holder, stop_at_end);
    let game = service::get(state, id, holder.user).await?;
    if game.status.is_over() {
        tail.game_over();
    }
    Ok((tail, game))
}

fn json_line<T: serde::Serialize>(value: &T) -> Bytes {
    let mut line = match serde_json::to_vec(value) {
        Ok(line) => line,
        // Never in practice (plain structs); the client then reads an error, not a blank line.
        Err(error) => {
            tracing::error!(%error, "a stream line could not be written as JSON");
            br#"{"error":{"code":"internal","message":"internal error"}}"#.to_vec()
        }
    };
    line.push(b'\n');
    Bytes::from(line)
}

fn ndjson(lines: impl Stream<Item = Result<Bytes, Infallible>> + Send + 'static) -> Response {
    (
        [(CONTENT_TYPE, "application/x-ndjson"), (CACHE_CONTROL, "no-cache")],
        Body::from_stream(lines),
    )
        .into_response()
}

/// Stream a game (ndjson, like lichess's Board API): the first line is the game as
/// `GET /games/{id}` returns it, then one `GameEvent` per line; an empty line at least
/// every 10 s keeps the connection alive. The stream ends after the game ends.
/// Resume with `since` (or `Last-Event-ID`) = the last event seq seen.
#[utoipa::path(get, path = "/games/{id}/stream", tag = "streams", params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$"), GameSince),
    responses((status = 200, description = "ndjson: the game, then GameEvent lines", content_type = "application/x-ndjson",
        body = GameEvent), (status = 400, body = ErrorBody),
        (status = 401, description = "A credential was sent but names nobody", body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn game_stream(
    State(state): State<AppState>,
    caller: StreamCaller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<GameSince>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let after = last_event_id(&headers)?.or(query.since);
    let (tail, game) = game_tail(&state, &id, after, &caller.holder, true).await?;
    let first = stream::once(async move { Ok(json_line(&game)) });
    let rest = stream::unfold(tail, |mut tail| async move {
        match tail.next().await {
            Step::Event(event) => Some((Ok(json_line(&event)), tail)),
            Step::KeepAlive => Some((Ok(Bytes::from_static(b"\n")), tail)),
            Step::End => None,
        }
    });
    Ok(ndjson(futures_util::StreamExt::chain(first, rest)))
}

/// A line of the user stream: the event and the cursor to resume after it.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct UserStreamLine {
    #[serde(flatten)]
    pub event: GameEvent,
    /// Send back as `since` to resume right after this event.
    pub cursor: String,
}

/// Stream the events of all the caller's games (ndjson): first a line `{"cursor": …}`, then
/// one event per line, each with the `cursor` to resume after it (`since=<cursor>`); an empty
/// line at least every 10 s keeps the connection alive.
#[utoipa::path(get, path = "/me/stream", tag = "streams", security(("bearer" = [])), params(UserSince),
    responses((status = 200, description = "ndjson: UserStreamLine lines", content_type = "application/x-ndjson",
        body = UserStreamLine), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn user_stream(
    State(state): State<AppState>,
    caller: StreamCaller,
    ApiQuery(query): ApiQuery<UserSince>,
) -> ApiResult<Response> {
    let user_id = caller.id().ok_or_else(crate::web::auth::unauthenticated)?;
    let cursor = query.since.as_deref().map(Cursor::parse).transpose()?;
    let tail = UserTail::new(&state, user_id, caller.holder, cursor).await?;
    let hello = json_line(&serde_json::json!({ "cursor": tail.cursor.render() }));
    let first = stream::once(async move { Ok(hello) });
    let rest = stream::unfold(tail, |mut tail| async move {
        match tail.next().await {
            Step::Event(event) => {
                let line = UserStreamLine {
                    event,
                    cursor: tail.cursor.render(),
                };
                Some((Ok(json_line(&line)), tail))
            }
            Step::KeepAlive => Some((Ok(Bytes::from_static(b"\n")), tail)),
            Step::End => None,
        }
    });
    Ok(ndjson(futures_util::StreamExt::chain(first, rest)))
}

/// The game page's live feed (server-sent events): `id` is the event seq, `event` its kind
/// and `data` the `GameEvent` JSON; a comment at least every 10 s keeps it alive. Resumes from
/// `Last-Event-ID` (sent by browsers on reconnect) or `since`. With `chat_after`, the
/// game's chat comes on the same stream (events `chat`, `data` the `ChatMessage` JSON).
#[utoipa::path(get, path = "/games/{id}/events", tag = "streams", params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$"), PageSince),
    responses((status = 200, description = "text/event-stream of GameEvent (and ChatMessage with `chat_after`)", content_type = "text/event-stream",
        body = GameEvent), (status = 400, body = ErrorBody),
        (status = 401, description = "A credential was sent but names nobody", body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn game_events(
    State(state): State<AppState>,
    caller: StreamCaller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageSince>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let after = last_event_id(&headers)?.or(query.since);
    let (tail, _) = game_tail(&state, &id, after, &caller.holder, false).await?;
    let events = stream::unfold(tail, |mut tail| async move {
        let event = match tail.next().await {
            Step::Event(event) => Event::default()
                .id(event.seq.to_string())
                .event(event.kind.as_str())
                .json_data(&event)
                .unwrap_or_else(|_| Event::default().comment("unencodable event")),
            Step::KeepAlive => Event::default().comment("keep-alive"),
            Step::End => return None,
        };
        Some((Ok::<_, Infallible>(event), tail))
    });
    let Some(chat_after) = query.chat_after else {
        return Ok(Sse::new(events).into_response());
    };
    // A caller who may not read the chat still gets the game's events.
    match chat::ChatTail::open(&state, &id, caller.holder.clone(), Some(chat_after)).await {
        Ok(chat_tail) => {
            let messages = chat::sse(chat_tail, chat::Ids::Beside);
            Ok(Sse::new(either_ends(events, messages)).into_response())
        }
        Err(ApiError::Forbidden { .. }) => Ok(Sse::new(events).into_response()),
        Err(error) => Err(error),
    }
}

/// Both streams' items as they come, ending when either ends: a page whose game events
/// stopped (or whose chat did) must see its stream end and reconnect, not stay open on
/// the other half.
fn either_ends<T: Send + 'static>(
    one: impl Stream<Item = T> + Send + 'static,
    other: impl Stream<Item = T> + Send + 'static,
) -> impl Stream<Item = T> + Send + 'static {
    use futures_util::StreamExt;
    let ended = || stream::once(std::future::ready(None));
    stream::select(one.map(Some).chain(ended()), other.map(Some).chain(ended()))
        .take_while(|item| std::future::ready(item.is_some()))
        .filter_map(std::future::ready)
}

/// Stream routes under `/api/v1`.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(game_stream))
        .routes(routes!(user_stream))
        .merge(chat::api_router())
}

/// The page's SSE route (at the root, beside the pages).
pub fn page_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(game_events))
        .merge(chat::page_router())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use futures_util::StreamExt;
    use futures_util::stream;

    /// The page's merged stream ends with either half: a stream that waited forever on the
    /// other half would time out here.
    #[tokio::test]
    async fn a_merged_stream_ends_when_either_half_ends() {
        let limit = Duration::from_secs(5);
        let first = super::either_ends(stream::iter([1, 2]), stream::pending()).collect::<Vec<i32>>();
        let first = tokio::time::timeout(limit, first).await;
        assert_eq!(first.expect("ended with the first half"), [1, 2]);
        let second = super::either_ends(stream::pending(), stream::iter([3])).collect::<Vec<i32>>();
        let second = tokio::time::timeout(limit, second).await;
        assert_eq!(second.expect("ended with the second half"), [3]);
    }
}
