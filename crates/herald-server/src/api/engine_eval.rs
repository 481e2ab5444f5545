//! The analysis board's engine: an evaluation, best move and line for any position, thought
//! on the engine pool with a short budget, and refused for a position of the asker's own
//! running game unless the site allows engine help (fair play, checked here, not only hidden
//! in the page).
//!
//! Why on the server and not in the browser (WebAssembly): the engine is one pure crate and
//! would compile to WebAssembly, but every client would then download and run a second copy
//! of the rules, and fair play could not be enforced at all. On the server each answer costs
//! at most [`BUDGET_MS`] of one engine thread (the pool's own CPU budget, never the web
//! side's), each client is rate-limited (`app/limits.rs`: a few at once, then one a second),
//! and a full queue answers 429 at once rather than queueing without bound.

use std::time::{Duration, Instant};

use axum::extract::State;
use herald_engine::{Limits, Score, Settings};
use herald_rules::{AnyGame, Variant};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::analysis::{PositionQuery, requested};
use crate::domain::game_states::GameStatus;
use crate::infra::engine_pool::PoolError;
use crate::web::auth::MaybeAuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// Longest think per request: enough for a useful line, short enough for a board.
pub const BUDGET_MS: u64 = 300;
/// Most nodes per request (about the budget on this project's 2-core machine).
pub const BUDGET_NODES: u64 = 200_000;
/// Running games of the asker checked for fair play (their current positions and the
/// positions one move later).
const FAIR_PLAY_GAMES: i64 = 500;

/// What an evaluation's `value` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScoreKind {
    /// Hundredths of a pawn for the side to move.
    Centipawns,
    /// The side to move forces a win in `value` plies.
    Win,
    /// The side to move is lost in `value` plies.
    Loss,
}

/// An evaluation, from the point of view of the side (team) to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Evaluation {
    #[schema(value_type = crate::domain::game_states::VariantId)]
    pub variant: Variant,
    /// The position evaluated, as the rules write it.
    pub fen: String,
    /// `centipawns`, `win` (the side to move forces a win) or `loss`; none when the game
    /// is over in this position.
    pub kind: Option<ScoreKind>,
    /// Centipawns, or plies to the forced end for `win` and `loss`.
    pub value: Option<i32>,
    /// The best move in canonical form, then the expected line.
    pub best: Option<String>,
    pub line: Vec<String>,
    /// The line as the move list writes it (`H b1-c3`).
    pub line_written: Vec<String>,
    pub depth: u32,
    pub nodes: u64,
    /// Time thought, in milliseconds.
    pub ms: u64,
}

/// The analysis board's evaluation of a position (any game, any position string; limited
/// per client; refused for a position of one's own running game unless the site allows
/// engine help).
#[utoipa::path(get, path = "/analysis/{variant}/evaluation", tag = "analysis",
    params(("variant" = crate::domain::game_states::VariantId, Path), PositionQuery),
    responses((status = 200, body = Evaluation), (status = 400, body = ErrorBody),
        (status = 401, description = "a credential was sent that is not valid (revoked or expired)", body = ErrorBody),
        (status = 403, description = "`engine_help_disabled`: the position is one of your running games", body = ErrorBody),
        (status = 429, description = "`rate_limited`: too many evaluations asked, or the engine is busy (see `Retry-After`)", body = ErrorBody)))]
async fn evaluation(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    ApiPath(variant): ApiPath<String>,
    ApiQuery(query): ApiQuery<PositionQuery>,
) -> ApiResult<ApiJson<Evaluation>> {
    let (variant, options, fen) = requested(&variant, query)?;
    let fen = fen.trim();
    let game = AnyGame::new(variant, options, (!fen.is_empty()).then_some(fen))
        .map_err(|e| ApiError::bad_request("invalid_position", e.to_string()))?;
    if let Some(user) = &user
        && !state.db.site_settings().await?.engine_in_running_games
        && in_running_game(&state, user.id, &game).await?
    {
        return Err(ApiError::forbidden(
            "engine_help_disabled",
            "this position is in one of your running games, and this site does not allow engine help in running games",
        ));
    }
    let limits = Limits {
        nodes: Some(BUDGET_NODES),
        deadline: Some(Instant::now() + Duration::from_millis(BUDGET_MS)),
        ..Limits::default()
    };
    let fen = game.fen();
    let thought = state
        .engine
        .think(game, Settings::limits(limits))
        .await
        .map_err(|e| match e {
            PoolError::Busy => ApiError::RateLimited,
            PoolError::Stopped => ApiError::internal_from(e),
        })?;
    let (kind, value) = match thought.found.as_ref().map(|f| f.score) {
        Some(Score::Centipawns(cp)) => (Some(ScoreKind::Centipawns), Some(cp)),
        Some(Score::Win { plies }) => (Some(ScoreKind::Win), Some(i32::try_from(plies).unwrap_or(i32::MAX))),
        Some(Score::Loss { plies }) => (Some(ScoreKind::Loss), Some(i32::try_from(plies).unwrap_or(i32::MAX))),
        None => (None, None),
    };
    let line: Vec<String> = thought
        .found
        .as_ref()
        .map(|f| f.pv.iter().map(ToString::to_string).collect())
        .unwrap_or_default();
    Ok(ApiJson(Evaluation {
        line_written: match state.rules.setup(variant, options, &fen) {
            Ok(start) => crate::domain::board::notation::line(variant, start.as_ref(), &line),
            Err(_) => line.clone(),
        },
        line,
        variant,
        fen,
        kind,
        value,
        best: thought.found.as_ref().map(|f| f.best.to_string()),
        depth: thought.found.as_ref().map_or(0, |f| f.depth),
        nodes: thought.found.as_ref().map_or(0, |f| f.nodes),
        ms: u64::try_from(thought.thought.as_millis()).unwrap_or(u64::MAX),
    }))
}

/// Whether `game`'s position is the current position of one of the user's running games
/// of that game, or one move after it (a candidate move checked by asking about where it
/// leads). Positions compare as the rules write them.
async fn in_running_game(state: &AppState, user_id: i64, game: &AnyGame) -> ApiResult<bool> {
    let asked = game.fen();
    let rows = state.db.games_of_user(user_id, true, FAIR_PLAY_GAMES).await?;
    for row in rows
        .iter()
        .filter(|r| r.status == GameStatus::Active && r.variant == game.variant())
    {
        let Ok(running) = AnyGame::new(row.variant, row.options.0, Some(&row.fen)) else {
            continue;
        };
        if running.fen() == asked {
            return Ok(true);
        }
        for mv in running.legal_moves() {
            let mut next = running.clone();
            if next.play_text(&mv.to_string()).is_ok() && next.fen() == asked {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// `/api/v1/analysis/{variant}/evaluation`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(evaluation))
}
