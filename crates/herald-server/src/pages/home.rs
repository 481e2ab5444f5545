//! The home page: what Herald is, the games of the registry, and the visitor's games that
//! need a move.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use herald_rules::{GameSpec, Variant};

use super::view::GameLine;
use super::{Ctx, PageResult};
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "home.html")]
struct HomePage {
    ctx: Ctx,
    games: Vec<&'static GameSpec>,
    to_move: Vec<GameLine>,
    waiting: usize,
}

async fn home(State(state): State<AppState>, ctx: Ctx) -> PageResult<HomePage> {
    let (mut to_move, mut waiting) = (Vec::new(), 0);
    if let Some(user) = &ctx.user {
        let rows = state.db.games_of_user(user.id, true, 200).await?;
        let lines = super::my_games::lines(&state, rows, user, &ctx.lang).await?;
        waiting = lines.iter().filter(|l| !l.your_move).count();
        to_move = lines.into_iter().filter(|l| l.your_move).collect();
    }
    Ok(HomePage {
        ctx,
        games: Variant::ALL.into_iter().map(Variant::spec).collect(),
        to_move,
        waiting,
    })
}

/// `/`.
pub fn router() -> Router<AppState> {
    Router::new().route("/", get(home))
}
