//! Games: creation, challenges, joining, moves, resignation, draws, aborts, exports, the
//! correspondence clock and vacations. Handlers parse and render; the actions live in
//! [`service`] (one module per concern behind it).
//!
//! Layers, lowest first (no module imports one above it): [`clock`] (pure clock rules),
//! [`actions`] (who may do what), [`view`] (the game object), [`load`], [`commit`], then the actions ([`create`],
//! [`moves`], [`ending`], [`timeout`], [`rematch`], [`vacation`]), and [`service`], the front ends'
//! entry point.

pub mod actions;
pub mod analysis;
pub mod chat;
pub mod clock;
mod commit;
pub mod conditional_tree;
pub mod conditionals;
mod create;
mod ending;
pub mod export;
pub(crate) mod load;
mod moves;
pub mod notes;
pub mod paging;
mod rematch;
pub mod service;
pub mod takeback;
pub mod timeout;
pub mod vacation;
pub mod variations;
pub mod view;

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::web::auth::{AuthUser, Credential, MaybeAuthUser};
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;
use service::{CreateRequest, DrawAction, MoveRequest};
use view::{GameSummary, GameView, SeatChoice, summary};

/// An invitation: one username (two-player games: the other seat) or seats by number.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Invite {
    One(String),
    Seats(Vec<SeatInvite>),
}

/// A username as the API document shows it.
const USERNAME_PATTERN: &str = "^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$";

impl utoipa::PartialSchema for Invite {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .description(Some(
                "One username (two-player games: the other seat), or seats reserved by number.",
            ))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some(USERNAME_PATTERN)),
            )
            .item(ArrayBuilder::new().items(utoipa::openapi::Ref::from_schema_name("SeatInvite")))
            .into()
    }
}

impl ToSchema for Invite {
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        use utoipa::PartialSchema;
        schemas.push(("SeatInvite".to_owned(), SeatInvite::schema()));
    }
}

/// A seat reserved for a named player.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatInvite {
    /// 0-based, below the game's number of seats (2, or 4 in Chatrang).
    #[schema(minimum = 0, maximum = 3)]
    pub seat: i64,
    #[schema(pattern = "^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$")]
    pub username: String,
}

/// A new game.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// The game's id (the schema lists them).
    #[schema(value_type = crate::domain::game_states::VariantId)]
    pub variant: String,
    /// Option ids (Ancient chess: `ferz-forward`, `jumping`, `promotion`).
    #[serde(default)]
    #[schema(value_type = Vec<crate::domain::game_states::GameOptionId>)]
    pub options: Vec<String>,
    /// 1 to 14, default 4.
    #[schema(minimum = 1, maximum = 14)]
    pub days_per_move: Option<i64>,
    /// The clock, of any kind: `{"kind": "days", "days": 3}`, `{"kind": "fischer",
    /// "initial_days": 7, "increment_hours": 24, "cap_days": 14}` or `{"kind": "iccf",
    /// "moves": 10, "days": 50}`. Used instead of `days_per_move` when given.
    pub time_control: Option<crate::domain::time_controls::TimeControl>,
    /// What happens when a turn's deadline passes: `claim` (default; the waiting side may
    /// claim the win, the late player may still move until then) or `auto` (the server
    /// ends the game at the deadline).
    pub timeout_policy: Option<clock::TimeoutPolicy>,
    /// The creator's seat: a number, a seat name, or `random` (the default).
    pub seat: Option<SeatChoice>,
    /// Invited players; seats not invited are open to anyone.
    pub invite: Option<Invite>,
    /// Whether the game counts for the players' ratings. The default: rated if the creator's
    /// account is at least a day old, casual for a newer one.
    pub rated: Option<bool>,
    /// Only players rated at least this much in this game (1500 before their first rated
    /// game of it) see the challenge and may take its open seats. Invited players may
    /// always join.
    #[schema(minimum = 0, maximum = 4000)]
    pub rating_min: Option<i64>,
    /// Only players rated at most this much see the challenge and may take its open seats.
    #[schema(minimum = 0, maximum = 4000)]
    pub rating_max: Option<i64>,
    /// Whether spectators may read the game's conversation (they never write). Default:
    /// `false`, only the players read it.
    #[serde(default)]
    pub chat_spectators: bool,
    /// Fill the seats still open with bots near a level, at once or after a wait for
    /// people. Games with bots are casual unless `rated` is true and the site allows it.
    pub bot_fill: Option<BotFill>,
}

/// Bots to fill a new game's open seats.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotFill {
    /// The level wanted, 1-8 (the nearest free bot takes each seat).
    #[schema(minimum = 1, maximum = 8)]
    pub level: u8,
    /// Minutes to wait for people first (default 0: at once).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 10080)]
    pub after_minutes: i64,
}

/// Create a game; the creator takes a seat, the others are invited or open.
#[utoipa::path(post, path = "/games", tag = "games", security(("bearer" = [])), request_body = CreateGame,
    responses((status = 201, body = GameView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`too_many_invitations`: too many unanswered invitations", body = ErrorBody)))]
async fn create_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<CreateGame>,
) -> ApiResult<(StatusCode, ApiJson<GameView>)> {
    let invites = match body.invite {
        None => Vec::new(),
        Some(Invite::One(name)) => vec![(None, name)],
        Some(Invite::Seats(seats)) => seats.into_iter().map(|s| (Some(s.seat), s.username)).collect(),
    };
    let request = CreateRequest {
        rated: body.rated,
        rating_min: body.rating_min,
        rating_max: body.rating_max,
        variant: body.variant,
        options: body.options,
        days_per_move: body.days_per_move,
        time_control: body.time_control,
        timeout_policy: body.timeout_policy,
        seat: body.seat,
        invites,
        chat_spectators: body.chat_spectators,
        bot_fill: body.bot_fill.map(|f| (f.level, f.after_minutes)),
    };
    let game = service::create(&state, &user, request).await?;
    Ok((StatusCode::CREATED, ApiJson(game)))
}

/// List filter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// The caller's games: `true` or absent (the default). `false` is refused: others'
    /// lists are not public yet.
    pub mine: Option<bool>,
    /// `current` (waiting and active, the default), `ended` (finished and aborted, newest
    /// first, a page at a time) or `all` (the current ones, then the first page of ended
    /// ones).
    #[param(inline)]
    pub status: Option<ListStatus>,
    /// Ended games per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Where the page of ended games starts: the `before` of the previous answer's
    /// `Link: <…>; rel="next"` header.
    #[param(pattern = "^[0-9]{1,18}-[A-Za-z0-9]{1,32}$")]
    pub before: Option<String>,
}

/// Which of the caller's games to list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ListStatus {
    /// Waiting and active games.
    #[default]
    Current,
    /// Finished and aborted games, newest first.
    Ended,
    /// The current games, then the ended ones.
    All,
}

/// The caller's games: the current ones (at most 200), their move first, then by deadline;
/// ended ones newest first, `limit` per page, with a `Link: <…>; rel="next"` header while
/// more follow.
#[utoipa::path(get, path = "/games", tag = "games", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = Vec<GameSummary>,
            headers(("Link" = String, description = "`<…>; rel=\"next\"`: the next page of ended games"))),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn list_games(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    if query.mine == Some(false) {
        return Err(ApiError::bad_request(
            "bad_query",
            "only your own games can be listed (`mine=true`, the default)",
        ));
    }
    let status = query.status.unwrap_or_default();
    let limit = paging::limit(query.limit)?;
    let before = query.before.as_deref().map(paging::parse_cursor).transpose()?;
    if status == ListStatus::Current && (before.is_some() || query.limit.is_some()) {
        return Err(ApiError::bad_request(
            "bad_query",
            "limit and before page ended games: ask for status=ended or status=all",
        ));
    }
    let mut rows = Vec::new();
    if status != ListStatus::Ended && before.is_none() {
        rows = state.db.games_of_user(user.id, true, 200).await?;
    }
    let mut next = None;
    if status != ListStatus::Current {
        let mut ended = state
            .db
            .ended_games_of_user(user.id, limit + 1, before.as_ref())
            .await?;
        next = paging::next_page(&mut ended, limit, |g| crate::storage::ListCursor {
            at: g.finished_at.unwrap_or(g.updated_at),
            id: g.id.clone(),
        });
        rows.extend(ended);
    }
    let list = summaries(&state, rows, Some(user.id)).await?;
    let link = next.and_then(|c| paging::next_link("/api/v1/games", &format!("status=ended&limit={limit}"), &c));
    Ok(with_link(ApiJson(list), link))
}

/// An answer with its `Link` header, when there is a next page.
fn with_link(body: impl IntoResponse, link: Option<axum::http::HeaderValue>) -> Response {
    let mut response = body.into_response();
    if let Some(link) = link {
        response.headers_mut().insert(axum::http::header::LINK, link);
    }
    response
}

pub(crate) async fn summaries(
    state: &AppState,
    rows: Vec<crate::storage::GameRow>,
    viewer: Option<i64>,
) -> ApiResult<Vec<GameSummary>> {
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let mut by_game: std::collections::HashMap<String, Vec<crate::storage::SeatRow>> =
        std::collections::HashMap::with_capacity(rows.len());
    for seat in state.db.seats_of(&ids).await? {
        by_game.entry(seat.game_id.clone()).or_default().push(seat);
    }
    let clock = view::ClockNow::of(state);
    Ok(rows
        .iter()
        .map(|row| {
            let seats = by_game.get(&row.id).map_or(&[][..], Vec::as_slice);
            summary(row.variant, row, seats, viewer, clock)
        })
        .collect())
}

/// A page of open challenges.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChallengeQuery {
    /// Challenges per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Where the page starts: the `before` of the previous answer's
    /// `Link: <…>; rel="next"` header.
    #[param(pattern = "^[0-9]{1,18}-[A-Za-z0-9]{1,32}$")]
    pub before: Option<String>,
}

/// Open challenges anyone may accept, newest first, `limit` per page, with a
/// `Link: <…>; rel="next"` header while more follow.
#[utoipa::path(get, path = "/challenges", tag = "games", params(ChallengeQuery),
    responses((status = 200, description = "Open challenges", body = Vec<GameSummary>,
            headers(("Link" = String, description = "`<…>; rel=\"next\"`: the next page"))),
        (status = 400, description = "`bad_query`: a limit out of range or a cursor that is not one", body = ErrorBody),
        (status = 401, description = "A credential was sent but names nobody", body = ErrorBody)))]
async fn list_challenges(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    ApiQuery(query): ApiQuery<ChallengeQuery>,
) -> ApiResult<Response> {
    let limit = paging::limit(query.limit)?;
    let before = query.before.as_deref().map(paging::parse_cursor).transpose()?;
    let mut rows = state
        .db
        .challenges(user.as_ref().map(|u| u.id), limit + 1, before.as_ref(), state.now())
        .await?;
    let next = paging::next_page(&mut rows, limit, |g| crate::storage::ListCursor {
        at: g.created_at,
        id: g.id.clone(),
    });
    let list = summaries(&state, rows, user.map(|u| u.id)).await?;
    let link = next.and_then(|c| paging::next_link("/api/v1/challenges", &format!("limit={limit}"), &c));
    Ok(with_link(ApiJson(list), link))
}

/// A game. Its exports are `GET /games/{id}.pgn` and `GET /games/{id}.json`.
#[utoipa::path(get, path = "/games/{id}", tag = "games",
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, description = "The game, as the caller sees it", body = GameView),
        (status = 401, description = "A credential was sent but names nobody", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn get_game(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Response> {
    // One route serves the game and its exports (the router matches whole segments).
    if let Some(id) = id.strip_suffix(".pgn") {
        return export_pgn(&state, id).await;
    }
    if let Some(id) = id.strip_suffix(".json") {
        return export_json(&state, id).await;
    }
    let game = service::get(&state, &id, user.map(|u| u.id)).await?;
    Ok(ApiJson(game).into_response())
}

/// A two-player game as PGN (Chatrang, with four players, has no PGN: export it as JSON).
#[utoipa::path(get, path = "/api/v1/games/{id}.pgn", tag = "games",
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, description = "The game in PGN", content_type = "application/x-chess-pgn", body = String),
        (status = 400, description = "`pgn_not_supported`: a four-player game", body = ErrorBody),
        (status = 401, description = "A credential was sent but names nobody", body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn export_pgn(state: &AppState, id: &str) -> ApiResult<Response> {
    let record = service::record(state, id).await?;
    let notes = state.db.published_notes(id).await?;
    let variations: Vec<(String, Vec<variations::VariationNode>)> = state
        .db
        .published_variations(id)
        .await?
        .into_iter()
        .map(|v| (v.username, variations::parse_tree(&v.tree)))
        .collect();
    let analysis = match analysis::read(state, id).await {
        Ok(Some(analysis::Found::Done(analysis))) => Some(analysis),
        _ => None,
    };
    let text = export::pgn(
        &record,
        &state.config.base_url,
        &notes,
        &variations,
        analysis.as_deref(),
    )
    .ok_or_else(|| {
        ApiError::bad_request(
            "pgn_not_supported",
            "PGN has two sides: export a Chatrang game as .json",
        )
    })?;
    Ok(([(CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8")], text).into_response())
}

/// A game as a JSON record, with who played each move and when.
#[utoipa::path(get, path = "/api/v1/games/{id}.json", tag = "games",
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, description = "The game's record", body = export::GameRecord),
        (status = 401, description = "A credential was sent but names nobody", body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn export_json(state: &AppState, id: &str) -> ApiResult<Response> {
    let record = service::record(state, id).await?;
    Ok(ApiJson(export::json_record(record)).into_response())
}

/// The export operations: served by [`get_game`]'s route, documented on their own.
#[derive(utoipa::OpenApi)]
#[openapi(paths(export_pgn, export_json))]
#[derive(Debug)]
pub struct ExportDoc;

/// Which seat to take.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    pub seat: Option<SeatChoice>,
}

/// Take a seat: accept an invitation or an open challenge. The body is optional (none:
/// any open seat).
#[utoipa::path(post, path = "/games/{id}/join", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")), request_body = Option<JoinGame>,
    responses((status = 200, body = GameView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn join_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: axum::body::Bytes,
) -> ApiResult<ApiJson<GameView>> {
    // The body is optional: no body (or JSON `null`, as the document allows) means "any open
    // seat".
    let text = body.trim_ascii();
    let seat = if text.is_empty() || text == b"null" {
        None
    } else {
        crate::web::error::strict_from_slice::<JoinGame>(&body)?.seat
    };
    service::join(&state, &user, &id, seat.as_ref()).await.map(ApiJson)
}

/// A move in canonical notation, with an optional guard against a stale view.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    #[serde(rename = "move")]
    pub text: String,
    /// The number of moves the client has seen; if the game has moved on, 409 `stale_ply`.
    pub ply: Option<i64>,
    /// A message to the game's chat, sent with the move (checked before the move is
    /// played: a bad message refuses the move).
    pub message: Option<String>,
}

/// Play a move. It is committed before the answer; of two submissions for one turn,
/// exactly one is accepted and the other gets 409.
#[utoipa::path(post, path = "/games/{id}/moves", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")), request_body = PlayMove,
    responses((status = 200, body = GameView, headers(("Server-Timing" = String,
            description = "the server's time for the move in milliseconds, then its phases, as `move;dur=2.345, read;dur=0.412, rules;dur=0.103, pool;dur=0.010, commit;dur=1.702`"))),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn play_move(
    State(state): State<AppState>,
    credential: Credential,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PlayMove>,
) -> ApiResult<(ServerTiming, ApiJson<GameView>)> {
    let request = MoveRequest {
        text: body.text,
        ply: body.ply,
        message: body.message,
    };
    let (view, phases) = crate::infra::timing::timed(service::play_move_as(&state, &credential, &id, request)).await;
    Ok((
        ServerTiming(phases.header("move", std::time::Instant::now())),
        ApiJson(view?),
    ))
}

/// The `Server-Timing` header of an accepted move: the server's own time for it, from
/// reading the game to its commit (and rating), without the network or the client's
/// queueing, then its phases (`read`: the game and the caller; `rules`: checking and
/// playing the move; `pool`: waiting for a database connection; `commit`: the write until
/// it is durable). Browsers show it in their developer tools; the load benchmark times
/// moves by it.
struct ServerTiming(String);

impl axum::response::IntoResponseParts for ServerTiming {
    type Error = std::convert::Infallible;

    fn into_response_parts(
        self,
        mut parts: axum::response::ResponseParts,
    ) -> Result<axum::response::ResponseParts, Self::Error> {
        if let Ok(value) = axum::http::HeaderValue::from_str(&self.0) {
            parts.headers_mut().insert("server-timing", value);
        }
        Ok(parts)
    }
}

/// Resign.
#[utoipa::path(post, path = "/games/{id}/resign", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = GameView), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn resign_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<GameView>> {
    service::resign(&state, &user, &id).await.map(ApiJson)
}

/// A draw action.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    pub action: DrawAction,
}

/// Offer, accept or decline a draw.
#[utoipa::path(post, path = "/games/{id}/draw", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")), request_body = Draw,
    responses((status = 200, body = GameView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn draw_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<Draw>,
) -> ApiResult<ApiJson<GameView>> {
    service::draw(&state, &user, &id, body.action).await.map(ApiJson)
}

/// Abort before the first move (or decline an invitation).
#[utoipa::path(post, path = "/games/{id}/abort", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = GameView), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn abort_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<GameView>> {
    service::abort(&state, &user, &id).await.map(ApiJson)
}

/// Claim a win on time. Allowed once the deadline of the current turn (`move_by`) has
/// passed, and only to a player waiting for the late player: the opponent, or in Chatrang
/// either player of the other team still in the game (`claimable_by` in the game object).
/// The late player loses on time (result reason `timeout`); in Chatrang the late player is
/// eliminated (a `withdraw:N` record entry) and the game goes on if the partner still plays.
/// If the late player never made a move in this game, the game is aborted instead (status
/// `aborted`, reason `timeout_before_first_move`, no result). Until someone claims, the late
/// player may still move, and that move clears the claimable state. A player on vacation
/// cannot be claimed against while the vacation lasts (their clock is stopped).
/// Errors: 403 `not_a_player`, 403 `not_your_claim` (you are the late player or his
/// partner), 409 `not_claimable` (deadline not passed yet, or the mover is on vacation),
/// 409 `game_over` / `game_not_started`, 409 `conflict` (a move landed first).
#[utoipa::path(post, path = "/games/{id}/claim", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn claim_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<GameView>> {
    service::claim(&state, &user, &id).await.map(ApiJson)
}

/// Offer a rematch of a finished game: the same game for the same players, colours
/// swapped (Chatrang: seats rotated by one, partners stay partners). Answers the new game,
/// waiting for the others, who are invited: they accept by joining it
/// (`POST /games/{rematch}/join`) or decline by aborting it (`POST /games/{rematch}/abort`).
/// The finished game gets a `rematch_offered` event and its `rematch` field names the new
/// game. Errors: 403 `not_a_player`, 409 `game_not_finished`, 409 `rematch_exists` (a game
/// has one rematch), 403 `invitation_refused` (a player blocked you), 409 `too_many_invitations`.
#[utoipa::path(post, path = "/games/{id}/rematch", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 201, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn rematch_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<(StatusCode, ApiJson<GameView>)> {
    let game = service::offer_rematch(&state, &user, &id).await?;
    Ok((StatusCode::CREATED, ApiJson(game)))
}

/// Routes under `/games` and `/challenges` except moves.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_game, list_games))
        .routes(routes!(list_challenges))
        .routes(routes!(get_game))
        .routes(routes!(join_game))
        .routes(routes!(resign_game))
        .routes(routes!(draw_game))
        .routes(routes!(abort_game))
        .routes(routes!(claim_game))
        .routes(routes!(rematch_game))
        .merge(notes::router())
        .merge(analysis::router())
        .merge(chat::router())
        .merge(conditionals::router())
        .merge(variations::router())
        .merge(takeback::router())
}

/// The move route (separate so it can carry its own rate limit).
pub fn move_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(play_move))
}
