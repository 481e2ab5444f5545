//! The leaderboards: each game's best established ratings among active players.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::Variant;

use super::{Ctx, PageError, PageResult};
use crate::api::leaderboard::{ACTIVE_DAYS, BoardQuery, RatingView, board};
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "leaderboard.html")]
struct LeaderboardPage {
    ctx: Ctx,
    /// Every game, for the tabs: (id, name in the page's language).
    games: Vec<(&'static str, String)>,
    game_id: &'static str,
    game_name: String,
    rows: Vec<RatingView>,
    active_days: i64,
    /// Bots are listed (`?bots=1`).
    with_bots: bool,
}

impl LeaderboardPage {
    /// The empty board's explanation: the game, and the days a player must have played in.
    fn no_ratings(&self) -> String {
        self.ctx.lang.plain_with(
            "people-no-ratings",
            &[
                ("game", FluentValue::from(self.game_name.as_str())),
                ("days", FluentValue::from(self.active_days)),
            ],
        )
    }
}

async fn page(state: &AppState, ctx: Ctx, variant: Variant, with_bots: bool) -> PageResult<LeaderboardPage> {
    Ok(LeaderboardPage {
        games: Variant::ALL.iter().map(|&v| (v.id(), ctx.lang.game_name(v))).collect(),
        game_id: variant.id(),
        game_name: ctx.lang.game_name(variant),
        ctx,
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
        let name: String = game.chars().take(40).collect();
        PageError::not_found(ctx.t_with("people-no-such-game", "name", &name))
    })?;
    page(&state, ctx, variant, bots_asked(query)).await
}

/// `/leaderboard` (the first game) and `/leaderboard/{game}`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/leaderboard", get(first))
        .route("/leaderboard/{game}", get(of_game))
}
