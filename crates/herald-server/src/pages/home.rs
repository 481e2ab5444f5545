//! The home page: what Herald is, the four games, and the visitor's games that need a move.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use herald_rules::Variant;

use super::view::GameLine;
use super::{Ctx, PageResult};
use crate::state::AppState;

/// A game Herald plays, as shown on the home page.
#[derive(Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub players: u8,
    pub blurb: &'static str,
}

/// The four games with a one-line description each.
#[must_use]
pub fn games() -> Vec<GameInfo> {
    Variant::ALL
        .into_iter()
        .map(|v| GameInfo {
            id: v.id(),
            name: v.name(),
            players: v.players(),
            blurb: match v {
                Variant::Nowan => {
                    "A 9×9 board in three zones. Check is optional: you win by capturing the King, who may once make a sacrifice."
                }
                Variant::NotChess => "A 10×10 board where each King stays in his palace, the King is captured to win, and seven checks in a row lose.",
                Variant::Chatrang => "Four players in two teams on an 8×8 board; partners share the result.",
                Variant::Ancient => {
                    "An 8×8 game whose General stays in his own half, with Xiangqi-like pieces and three optional rules."
                }
            },
        })
        .collect()
}

#[derive(Template, WebTemplate)]
#[template(path = "home.html")]
struct HomePage {
    ctx: Ctx,
    games: Vec<GameInfo>,
    to_move: Vec<GameLine>,
    waiting: usize,
}

async fn home(State(state): State<AppState>, ctx: Ctx) -> PageResult<HomePage> {
    let (mut to_move, mut waiting) = (Vec::new(), 0);
    if let Some(user) = &ctx.user {
        let rows = state.db.games_of_user(user.id, true, 200).await?;
        let lines = super::my_games::lines(&state, rows, user).await?;
        waiting = lines.iter().filter(|l| !l.your_move).count();
        to_move = lines.into_iter().filter(|l| l.your_move).collect();
    }
    Ok(HomePage {
        ctx,
        games: games(),
        to_move,
        waiting,
    })
}

/// `/`.
pub fn router() -> Router<AppState> {
    Router::new().route("/", get(home))
}
