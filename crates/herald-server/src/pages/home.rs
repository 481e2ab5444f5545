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
                    "A 9×9 game where Kings are captured, not mated, and a piece can be given up to save them."
                }
                Variant::NotChess => "A 10×10 game with palaces for the Kings and a rule against endless checks.",
                Variant::Chatrang => "Four players in two teams on one board: partners sit opposite and share the win.",
                Variant::Ancient => {
                    "An early form of chess with a General, a river-like centre line and optional old rules."
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
