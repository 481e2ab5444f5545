//! Games: creation, challenges, joining, moves, resignation, draws, aborts, exports, the
//! correspondence clock and vacations. Handlers parse and render; the actions live in
//! [`service`] (one module per concern behind it).
//!
//! Layers, lowest first (no module imports one above it): [`clock`] (pure clock rules),
//! [`view`] (the game object), [`load`], [`commit`], then the actions ([`create`],
//! [`moves`], [`ending`], [`timeout`], [`vacation`]), and [`service`], the front ends'
//! entry point.

pub mod clock;
mod commit;
mod create;
mod ending;
pub mod export;
mod load;
mod moves;
pub mod service;
pub mod timeout;
pub mod vacation;
pub mod view;

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{AuthUser, Credential, MaybeAuthUser};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::state::AppState;
use service::{CreateRequest, DrawAction, MoveRequest};
use view::{GameSummary, GameView, SeatChoice, summary};

/// An invitation: one username (two-player games: the other seat) or seats by number.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Invite {
    One(String),
    Seats(Vec<SeatInvite>),
}

/// A seat reserved for a named player.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SeatInvite {
    pub seat: i64,
    pub username: String,
}

/// A new game.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CreateGame {
    /// `nowan`, `not-chess`, `chatrang` or `ancient`.
    pub variant: String,
    /// Option ids (Ancient chess: `ferz-forward`, `jumping`, `promotion`).
    #[serde(default)]
    pub options: Vec<String>,
    /// 1 to 14, default 4.
    pub days_per_move: Option<i64>,
    /// What happens when a turn's deadline passes: `claim` (default; the waiting side may
    /// claim the win, the late player may still move until then) or `auto` (the server
    /// ends the game at the deadline).
    pub timeout_policy: Option<clock::TimeoutPolicy>,
    /// The creator's seat: a number, a seat name, or `random` (the default).
    pub seat: Option<SeatChoice>,
    /// Invited players; seats not invited are open to anyone.
    pub invite: Option<Invite>,
}

/// Create a game; the creator takes a seat, the others are invited or open.
#[utoipa::path(post, path = "/games", tag = "games", security(("bearer" = [])), request_body = CreateGame,
    responses((status = 201, body = GameView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
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
        variant: body.variant,
        options: body.options,
        days_per_move: body.days_per_move,
        timeout_policy: body.timeout_policy,
        seat: body.seat,
        invites,
    };
    let game = service::create(&state, &user, request).await?;
    Ok((StatusCode::CREATED, ApiJson(game)))
}

/// List filter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ListQuery {
    /// Must be true: the caller's games (others' lists are not public yet).
    pub mine: Option<bool>,
    /// `current` (waiting and active, the default) or `all`.
    pub status: Option<String>,
}

/// The caller's games, those where it is their move first, then by deadline.
#[utoipa::path(get, path = "/games", tag = "games", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = Vec<GameSummary>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn list_games(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<ApiJson<Vec<GameSummary>>> {
    if query.mine != Some(true) {
        return Err(ApiError::bad_request("bad_query", "only `mine=true` is supported"));
    }
    let current = match query.status.as_deref() {
        None | Some("current") => true,
        Some("all") => false,
        Some(_) => return Err(ApiError::bad_request("bad_query", "status is `current` or `all`")),
    };
    let rows = state.db.games_of_user(user.id, current, 200).await?;
    summaries(&state, rows, Some(user.id)).await.map(ApiJson)
}

pub(crate) async fn summaries(
    state: &AppState,
    rows: Vec<crate::storage::GameRow>,
    viewer: Option<i64>,
) -> ApiResult<Vec<GameSummary>> {
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let seats = state.db.seats_of(&ids).await?;
    rows.iter()
        .filter_map(|row| {
            let variant = row.variant.parse().ok()?;
            let mine: Vec<_> = seats.iter().filter(|s| s.game_id == row.id).cloned().collect();
            Some(Ok(summary(variant, row, &mine, viewer, view::ClockNow::of(state))))
        })
        .collect()
}

/// Open challenges anyone may accept, newest first.
#[utoipa::path(get, path = "/challenges", tag = "games",
    responses((status = 200, body = Vec<GameSummary>)))]
async fn list_challenges(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
) -> ApiResult<ApiJson<Vec<GameSummary>>> {
    let rows = state.db.challenges(200).await?;
    summaries(&state, rows, user.map(|u| u.id)).await.map(ApiJson)
}

/// A game. `GET /games/{id}.pgn` exports PGN (two-player games) and `GET /games/{id}.json`
/// a JSON record with move times.
#[utoipa::path(get, path = "/games/{id}", tag = "games",
    params(("id" = String, Path, description = "game id, optionally with `.pgn` or `.json`")),
    responses((status = 200, body = GameView), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_game(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Response> {
    if let Some(id) = id.strip_suffix(".pgn") {
        let record = service::record(&state, id).await?;
        let text = export::pgn(&record, &state.config.base_url, None).ok_or_else(|| {
            ApiError::bad_request(
                "pgn_not_supported",
                "PGN has two sides: export a Chatrang game as .json",
            )
        })?;
        return Ok(([(CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8")], text).into_response());
    }
    if let Some(id) = id.strip_suffix(".json") {
        let record = service::record(&state, id).await?;
        return Ok(ApiJson(export::json_record(record)).into_response());
    }
    let game = service::get(&state, &id, user.map(|u| u.id)).await?;
    Ok(ApiJson(game).into_response())
}

/// Which seat to take.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct JoinGame {
    pub seat: Option<SeatChoice>,
}

/// Take a seat: accept an invitation or an open challenge.
#[utoipa::path(post, path = "/games/{id}/join", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = JoinGame,
    responses((status = 200, body = GameView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn join_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: axum::body::Bytes,
) -> ApiResult<ApiJson<GameView>> {
    // The body is optional: no body means "any open seat".
    let seat = if body.iter().all(u8::is_ascii_whitespace) {
        None
    } else {
        serde_json::from_slice::<JoinGame>(&body)
            .map_err(|e| ApiError::bad_request("malformed_json", e.to_string()))?
            .seat
    };
    service::join(&state, &user, &id, seat.as_ref()).await.map(ApiJson)
}

/// A move in canonical notation, with an optional guard against a stale view.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct PlayMove {
    #[serde(rename = "move")]
    pub text: String,
    /// The number of moves the client has seen; if the game has moved on, 409 `stale_ply`.
    pub ply: Option<i64>,
}

/// Play a move. It is committed before the answer; of two submissions for one turn,
/// exactly one is accepted and the other gets 409.
#[utoipa::path(post, path = "/games/{id}/moves", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PlayMove,
    responses((status = 200, body = GameView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn play_move(
    State(state): State<AppState>,
    credential: Credential,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PlayMove>,
) -> ApiResult<ApiJson<GameView>> {
    service::play_move_as(
        &state,
        &credential,
        &id,
        MoveRequest {
            text: body.text,
            ply: body.ply,
        },
    )
    .await
    .map(ApiJson)
}

/// Resign.
#[utoipa::path(post, path = "/games/{id}/resign", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path)),
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
pub struct Draw {
    pub action: DrawAction,
}

/// Offer, accept or decline a draw.
#[utoipa::path(post, path = "/games/{id}/draw", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = Draw,
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
    params(("id" = String, Path)),
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
    params(("id" = String, Path)),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn claim_game(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<GameView>> {
    service::claim(&state, &user, &id).await.map(ApiJson)
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
}

/// The move route (separate so it can carry its own rate limit).
pub fn move_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(play_move))
}
