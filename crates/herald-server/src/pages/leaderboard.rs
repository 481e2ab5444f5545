//! The leaderboards: each game's best established ratings among active players.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use herald_rules::Variant;

use super::{Ctx, PageError, PageResult};
use crate::api::leaderboard::{ACTIVE_DAYS, BoardQuery, RatingView, board};
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "leaderboard.html")]
struct LeaderboardPage {
    ctx: Ctx,
    /// Every game, for the tabs: (id, name).
    games: Vec<(&'static str, &'static str)>,
    game_id: &'static str,
    game_name: &'static str,
    rows: Vec<RatingView>,
    active_days: i64,
    /// Bots are listed (`?bots=1`).
    with_bots: bool,
}

async fn page(state: &AppState, ctx: Ctx, variant: Variant, with_bots: bool) -> PageResult<LeaderboardPage> {
    Ok(LeaderboardPage {
        ctx,
        games: Variant::ALL.iter().map(|v| (v.id(), v.name())).collect(),
        game_id: variant.id(),
        game_name: variant.name(),
        rows: board(state, variant, with_bots).await?,
        active_days: ACTIVE_DAYS,
        with_bots,
    })
}

// A malformed query is the default (people only), as a page should be forgiving.
fn bots_asked(query: Result<Query<BoardQuery>, QueryRejection>) -> bool {
    query.is_ok_and(|Query(q)| q.with_bots())
}

async fn first(
    State(state): State<AppState>,
    ctx: Ctx,
    query: Result<Query<BoardQuery>, QueryRejection>,
) -> PageResult<LeaderboardPage> {
    page(&state, ctx, Variant::ALL[0], bots_asked(query)).await
}

async fn of_game(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(game): Path<String>,
    query: Result<Query<BoardQuery>, QueryRejection>,
) -> PageResult<LeaderboardPage> {
    let variant = game.parse::<Variant>().map_err(|_| {
        PageError::not_found(format!(
            "There is no game called {}",
            game.chars().take(40).collect::<String>()
        ))
    })?;
    page(&state, ctx, variant, bots_asked(query)).await
}

/// `/leaderboard` (the first game) and `/leaderboard/{game}`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/leaderboard", get(first))
        .route("/leaderboard/{game}", get(of_game))
}
