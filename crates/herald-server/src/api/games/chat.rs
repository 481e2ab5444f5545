//! Game chat: who reads and writes a game's conversation and, in team games, each team's
//! private channel; posting (alone or with a move), the per-user limit, publishing a team
//! channel after the game, and the API routes. The live stream is in `live::chat`.

use axum::extract::State;
use axum::http::StatusCode;
use herald_rules::{GameSpec, Player, Team};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::view::seat_of;
use crate::storage::{ChatLimit, ChatReader, ChatRow, GameRow, GameSeats, NewChat, SeatRow};
use crate::web::auth::{AuthUser, MaybeAuthUser};
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// The longest message, in characters.
pub const MAX_CHAT_CHARS: usize = 1_000;
/// Messages one user may post per [`CHAT_WINDOW_MS`], across all games.
pub const CHAT_BURST: i64 = 10;
pub const CHAT_WINDOW_MS: i64 = 60_000;
/// Messages per page of the history.
const PAGE: i64 = 200;

/// Which conversation a message belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChatChannel {
    /// The game's conversation: its players, and spectators if the creator allows.
    #[default]
    Game,
    /// The author's team (Chatrang partners): the other team never sees it.
    Team,
}

/// A message as a reader sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChatMessage {
    /// The game's message number: resume after it.
    pub seq: i64,
    pub channel: ChatChannel,
    /// The team whose channel it is (team messages only).
    #[schema(value_type = Option<u8>)]
    pub team: Option<Team>,
    /// The author's seat.
    #[schema(value_type = u8)]
    pub seat: Player,
    /// The author (absent once their account is deleted).
    pub username: Option<String>,
    /// Sent with the move that brought the game to this ply.
    pub ply: Option<i64>,
    /// Plain text, never HTML.
    pub text: String,
    /// Epoch milliseconds.
    pub at: i64,
}

impl ChatMessage {
    pub(crate) fn of(row: ChatRow) -> ChatMessage {
        let team = (row.channel > 0).then(|| Team::new(u8::try_from(row.channel - 1).unwrap_or(u8::MAX)));
        ChatMessage {
            seq: row.seq,
            channel: if team.is_some() {
                ChatChannel::Team
            } else {
                ChatChannel::Game
            },
            team,
            seat: row.seat,
            username: row.username,
            ply: row.ply,
            text: row.body,
            at: row.created_at,
        }
    }
}

/// A game's chat as the caller may read it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChatView {
    /// Oldest first; at most 200 (ask again with `after` for more).
    pub messages: Vec<ChatMessage>,
    /// The channels the caller may post on (none for a spectator).
    pub can_post: Vec<ChatChannel>,
    /// Whether spectators read the game's conversation.
    pub spectators_read: bool,
    /// Teams whose channel their partners published after the game (readable by all).
    pub published_teams: Vec<u8>,
    /// Whether the caller published their own team's channel.
    pub published_by_me: bool,
}

/// What one reader may do in one game's chat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    /// The channels readable (bit c: channel c; 0 is the game's, 1 + t team t's).
    pub read: i64,
    /// The reader's seat, if they play.
    pub seat: Option<Player>,
    /// Their team's channel, when the game has partners.
    pub team_channel: Option<i64>,
    /// The teams whose channel is public (bit t).
    pub published_teams: i64,
    /// The seats that published their team's channel (bit s).
    pub published_seats: i64,
}

impl Access {
    /// Whether the reader may read anything at all.
    #[must_use]
    pub const fn reads_anything(self) -> bool {
        self.read != 0
    }

    /// Whether the reader may read channel `channel` (0: the game's, 1 + t: team t's).
    #[must_use]
    pub fn reads_channel(self, channel: i64) -> bool {
        u32::try_from(channel)
            .ok()
            .and_then(|c| self.read.checked_shr(c))
            .is_some_and(|bits| bits & 1 == 1)
    }

    /// The channels the reader may post on.
    #[must_use]
    pub fn can_post(self) -> Vec<ChatChannel> {
        match (self.seat, self.team_channel) {
            (None, _) => Vec::new(),
            (Some(_), None) => vec![ChatChannel::Game],
            (Some(_), Some(_)) => vec![ChatChannel::Game, ChatChannel::Team],
        }
    }
}

/// Who reads what: the players read the game's conversation, spectators only if the
/// creator allowed it (and administrators, see [`game_access`]); a team channel is read by that team's seats, and by everyone once
/// the game is over and every seat of the team published it.
#[must_use]
pub fn access(spec: &GameSpec, row: &GameRow, seats: &[SeatRow], published_seats: i64, viewer: Option<i64>) -> Access {
    let seat = seat_of(seats, viewer);
    let mut read = i64::from(seat.is_some() || row.chat_spectators);
    let team_channel = seat
        .filter(|_| spec.has_partners())
        .map(|s| 1 + i64::from(spec.team_of(s).get()));
    if let Some(channel) = team_channel {
        read |= 1 << channel;
    }
    let mut published_teams = 0;
    if spec.has_partners() && row.status.is_over() {
        for team in 0..u8::try_from(spec.teams.len()).unwrap_or(0) {
            let members = (0..spec.players()).filter(|s| spec.team_of(Player::new(*s)).get() == team);
            if members.clone().count() > 0 && members.into_iter().all(|s| published_seats & (1 << s) != 0) {
                published_teams |= 1 << team;
                read |= 1 << (1 + i64::from(team));
            }
        }
    }
    Access {
        read,
        seat,
        team_channel,
        published_teams,
        published_seats,
    }
}

/// A game's row and seats, and what `viewer` may do in its chat.
///
/// # Errors
/// 404 `game_not_found`.
pub async fn game_access(state: &AppState, id: &str, viewer: Option<i64>) -> ApiResult<(GameSeats, Access)> {
    if !super::load::is_game_id(id) {
        return Err(ApiError::not_found("game_not_found", "no such game"));
    }
    let game = state
        .db
        .game_with_seats(id)
        .await?
        .ok_or_else(|| ApiError::not_found("game_not_found", "no such game"))?;
    let published = state.db.chat_published(id).await?;
    let mut access = access(game.game.variant.spec(), &game.game, &game.seats, published, viewer);
    // Administrators moderate the games' conversations (never the teams' channels).
    if access.read & 1 == 0
        && let Some(user) = viewer
        && state.db.is_admin(user).await?
    {
        access.read |= 1;
    }
    Ok((game, access))
}

/// 403 for a reader who may read nothing.
///
/// # Errors
/// 403 `chat_private`.
pub fn require_reader(access: Access) -> ApiResult<()> {
    if access.reads_anything() {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "chat_private",
            "this game's chat is open to its players only",
        ))
    }
}

pub(crate) use super::load::is_game_id;

/// Succeeds when `user_id` can read message `seq` of game `id` (a report must name a
/// message its reporter saw).
///
/// # Errors
/// 404 `message_not_found` for a message that does not exist or that they cannot read.
pub async fn readable(state: &AppState, user_id: i64, id: &str, seq: i64) -> ApiResult<()> {
    let missing = || ApiError::not_found("message_not_found", "no such message");
    let (_, access) = game_access(state, id, Some(user_id)).await.map_err(|_| missing())?;
    let found = state
        .db
        .chat_after(id, seq - 1, access.read, Some(user_id), 1)
        .await?
        .first()
        .is_some_and(|m| m.seq == seq);
    if found { Ok(()) } else { Err(missing()) }
}

/// Whether `c` is kept in a message: line breaks, and neither another control character
/// nor an invisible format character (Unicode category Cf: the bidirectional overrides and
/// isolates that show words in another order than they are stored, zero-width spaces, tag
/// characters), except the zero-width joiner and non-joiner that emoji sequences and
/// scripts such as Persian need.
fn kept(c: char) -> bool {
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
    c == '\n'
        || matches!(c, '\u{200C}' | '\u{200D}')
        || !(c.is_control() || c.general_category() == GeneralCategory::Format)
}

/// A message as typed, cleaned: line breaks kept, other control characters and format
/// characters dropped (see `kept`), trimmed; refused when empty or too long.
///
/// # Errors
/// 400 `empty_message`, `message_too_long`.
pub fn clean_text(text: &str) -> ApiResult<String> {
    let cleaned: String = text.replace("\r\n", "\n").chars().filter(|c| kept(*c)).collect();
    let cleaned = cleaned.trim();
    if cleaned.is_empty() {
        return Err(ApiError::bad_request("empty_message", "the message is empty"));
    }
    if cleaned.chars().count() > MAX_CHAT_CHARS {
        return Err(ApiError::bad_request(
            "message_too_long",
            format!("a message is at most {MAX_CHAT_CHARS} characters"),
        ));
    }
    Ok(cleaned.to_owned())
}

/// The chat of game `id` after message `after`, as `viewer` may read it.
///
/// # Errors
/// 404 unknown game; 403 `chat_private` for a spectator when spectators may not read.
pub async fn list(state: &AppState, viewer: Option<i64>, id: &str, after: i64) -> ApiResult<ChatView> {
    let (game, access) = game_access(state, id, viewer).await?;
    require_reader(access)?;
    let rows = state.db.chat_after(id, after, access.read, viewer, PAGE).await?;
    Ok(ChatView {
        messages: rows.into_iter().map(ChatMessage::of).collect(),
        can_post: access.can_post(),
        spectators_read: game.game.chat_spectators,
        published_teams: (0..8_u8).filter(|t| access.published_teams & (1 << t) != 0).collect(),
        published_by_me: access
            .seat
            .is_some_and(|s| access.published_seats & (1 << s.get()) != 0),
    })
}

/// The per-user limit for a message posted at `now`.
pub(super) fn limit(now: i64) -> ChatLimit {
    ChatLimit {
        since: now - CHAT_WINDOW_MS,
        max: CHAT_BURST,
    }
}

/// Refuses a post over the per-user limit early (it is counted again, under a lock, when
/// it is written: [`crate::storage::Db::post_chat`], [`crate::storage::Db::commit_update`]).
async fn check_rate(state: &AppState, user: &AuthUser) -> ApiResult<()> {
    let limit = limit(state.now());
    let recent = state.db.chat_posted_since(user.id, limit.since).await?;
    if recent >= limit.max {
        return Err(ApiError::RateLimited);
    }
    Ok(())
}

/// Posts `text` on `channel` of game `id` as `user` (a player).
///
/// # Errors
/// 404 unknown game; 403 `not_a_player`, `no_team_channel`; 400 bad text; 429 over the
/// per-user limit.
pub async fn post(
    state: &AppState,
    user: &AuthUser,
    id: &str,
    channel: ChatChannel,
    text: &str,
) -> ApiResult<ChatMessage> {
    let text = clean_text(text)?;
    let (game, access) = game_access(state, id, Some(user.id)).await?;
    let seat = access
        .seat
        .ok_or_else(|| ApiError::forbidden("not_a_player", "only the game's players write in its chat"))?;
    let channel = match channel {
        ChatChannel::Game => 0,
        ChatChannel::Team => access
            .team_channel
            .ok_or_else(|| ApiError::forbidden("no_team_channel", "this game has no team channel"))?,
    };
    crate::web::standing::check_not_muted(state, user.id).await?;
    check_rate(state, user).await?;
    let readers = readers(state, game.game.variant.spec(), id, &game.seats, channel, user.id);
    let now = state.now();
    let seq = state
        .db
        .post_chat(
            &NewChat {
                game_id: id,
                channel,
                seat,
                user_id: user.id,
                ply: None,
                body: &text,
                now,
                readers: &readers,
            },
            limit(now),
        )
        .await?
        .ok_or(ApiError::RateLimited)?;
    Ok(ChatMessage::of(ChatRow {
        seq,
        channel,
        seat,
        user_id: Some(user.id),
        username: Some(user.username.clone()),
        ply: None,
        body: text,
        created_at: now,
    }))
}

/// Who is told of a message by `author` on `channel` of game `id`: the players who read
/// the channel (its team's seats for a team channel), marked when they watch the game live
/// on this instance.
#[must_use]
pub fn readers(
    state: &AppState,
    spec: &GameSpec,
    id: &str,
    seats: &[SeatRow],
    channel: i64,
    author: i64,
) -> Vec<ChatReader> {
    let mut readers: Vec<ChatReader> = Vec::new();
    for seat in seats {
        let on_channel = channel == 0 || 1 + i64::from(spec.team_of(seat.seat).get()) == channel;
        if let Some(user_id) = seat.user_id
            && on_channel
            && user_id != author
            && !readers.iter().any(|r| r.user_id == user_id)
        {
            readers.push(ChatReader {
                user_id,
                watching: state.hub().is_watching(id, user_id),
            });
        }
    }
    readers
}

/// Checks a message to be sent with a move, before the move is played: it is then
/// committed with the move (`games::moves`), both or neither.
///
/// # Errors
/// 400 bad text; 403 `muted`; 429 over the limit.
pub async fn check_move_message(state: &AppState, user: &AuthUser, text: &str) -> ApiResult<String> {
    let text = clean_text(text)?;
    crate::web::standing::check_not_muted(state, user.id).await?;
    check_rate(state, user).await?;
    Ok(text)
}

/// Publishes `user`'s team channel of a finished game: once every partner has, anyone
/// reads it with the game.
///
/// # Errors
/// 404; 403 `not_a_player`, `no_team_channel`; 409 `game_not_over`.
pub async fn publish(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<ChatView> {
    let (game, access) = game_access(state, id, Some(user.id)).await?;
    let seat = access
        .seat
        .ok_or_else(|| ApiError::forbidden("not_a_player", "only the game's players publish its chat"))?;
    if access.team_channel.is_none() {
        return Err(ApiError::forbidden("no_team_channel", "this game has no team channel"));
    }
    if !game.game.status.is_over() {
        return Err(ApiError::conflict(
            "game_not_over",
            "a team channel can be published once the game is over",
        ));
    }
    state.db.publish_team_chat(id, seat).await?;
    list(state, Some(user.id), id, 0).await
}

/// Where to start reading.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChatAfter {
    /// The last message seq seen (default 0: from the first).
    pub after: Option<i64>,
}

/// A message to post.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PostChat {
    /// Plain text, at most 1,000 characters.
    pub text: String,
    /// `game` (default) or `team` (Chatrang partners only).
    #[serde(default)]
    pub channel: ChatChannel,
}

/// Read a game's chat: the players read its conversation (spectators too if the creator
/// allowed it), Chatrang partners their team's channel. Messages of users you block are
/// left out.
#[utoipa::path(get, path = "/games/{id}/chat", tag = "chat",
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$"), ChatAfter),
    responses((status = 200, body = ChatView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn get_chat(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<ChatAfter>,
) -> ApiResult<ApiJson<ChatView>> {
    list(&state, user.map(|u| u.id), &id, query.after.unwrap_or(0).max(0))
        .await
        .map(ApiJson)
}

/// Post a message (players only; at most 10 a minute per user).
#[utoipa::path(post, path = "/games/{id}/chat", tag = "chat", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")), request_body = PostChat,
    responses((status = 201, body = ChatMessage), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn post_chat(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PostChat>,
) -> ApiResult<(StatusCode, ApiJson<ChatMessage>)> {
    let message = post(&state, &user, &id, body.channel, &body.text).await?;
    Ok((StatusCode::CREATED, ApiJson(message)))
}

/// Publish your team's channel of a finished Chatrang game: once both partners have, it
/// is readable by everyone with the game.
#[utoipa::path(post, path = "/games/{id}/chat/publish", tag = "chat", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = ChatView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn publish_chat(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<ChatView>> {
    publish(&state, &user, &id).await.map(ApiJson)
}

/// The chat routes under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_chat, post_chat))
        .routes(routes!(publish_chat))
}
