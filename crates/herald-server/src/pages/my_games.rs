//! "My games": games where it is your move first (soonest deadline first), then games
//! waiting for others, then the most recently ended ones (the archive has them all); and
//! the "next game" button's target, the most urgent of those games.

use crate::infra::i18n::Lang;
use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Query, State};
use axum::response::Response;
use axum::routing::get;
use serde::Deserialize;

use super::view::{GameLine, line};
use super::{PageResult, SessionUser, SignedIn};
use crate::domain::game_states::GameStatus;
use crate::storage::GameRow;
use crate::web::error::ApiResult;
use crate::web::state::AppState;

/// Game rows as list lines for a user, sorted: your move by deadline, then the other
/// current games by deadline, then finished games (most recent first, as stored).
///
/// # Errors
/// The database failed.
pub async fn lines(state: &AppState, rows: Vec<GameRow>, user: &SessionUser, lang: &Lang) -> ApiResult<Vec<GameLine>> {
    let now = state.now();
    let summaries = crate::api::games::summaries(state, rows, Some(user.id)).await?;
    let mut keyed: Vec<(u8, i64, usize, GameLine)> = summaries
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let group = match s.status {
                GameStatus::Active if s.your_move => 0,
                GameStatus::Active | GameStatus::Waiting => 1,
                GameStatus::Finished | GameStatus::Aborted => 2,
            };
            (
                group,
                s.move_by.unwrap_or(i64::MAX),
                i,
                line(s, lang, &user.time_zone, now),
            )
        })
        .collect();
    keyed.sort_by_key(|(group, deadline, i, _)| (*group, if *group == 2 { 0 } else { *deadline }, *i));
    Ok(keyed.into_iter().map(|(_, _, _, l)| l).collect())
}

#[derive(Template, WebTemplate)]
#[template(path = "my_games.html")]
struct MyGamesPage {
    ctx: super::Ctx,
    your_move: Vec<GameLine>,
    waiting: Vec<GameLine>,
    finished: Vec<GameLine>,
    /// Ended games beyond those shown: the archive lists them.
    more_finished: bool,
    username: String,
}

/// Ended games the page shows (a long-time player has thousands; the archive pages them).
const ENDED_SHOWN: usize = 30;

async fn my_games(State(state): State<AppState>, SignedIn { ctx, user }: SignedIn) -> PageResult<MyGamesPage> {
    let mut rows = state.db.games_of_user(user.id, true, 500).await?;
    let shown = i64::try_from(ENDED_SHOWN).unwrap_or(i64::MAX);
    let mut ended = state.db.ended_games_of_user(user.id, shown + 1, None).await?;
    let more_finished = ended.len() > ENDED_SHOWN;
    ended.truncate(ENDED_SHOWN);
    rows.extend(ended);
    let all = lines(&state, rows, &user, &ctx.lang).await?;
    let (mut your_move, mut waiting, mut finished) = (Vec::new(), Vec::new(), Vec::new());
    for l in all {
        match l.status {
            GameStatus::Active if l.your_move => your_move.push(l),
            GameStatus::Active | GameStatus::Waiting => waiting.push(l),
            GameStatus::Finished | GameStatus::Aborted => finished.push(l),
        }
    }
    Ok(MyGamesPage {
        ctx,
        your_move,
        waiting,
        finished,
        more_finished,
        username: user.username,
    })
}

/// `?from=ID`: the game the player leaves, never the next one.
#[derive(Debug, Deserialize)]
pub struct NextQuery {
    #[serde(default)]
    pub from: String,
}

/// The game where it is the player's move with the most urgent deadline, other than the
/// one they leave; "My games" when there is none.
async fn next_game(SignedIn { ctx, .. }: SignedIn, Query(query): Query<NextQuery>) -> Response {
    match ctx.to_move.iter().find(|id| **id != query.from) {
        Some(id) => super::see_other(&format!("/games/{id}")),
        None => super::see_other("/my-games"),
    }
}

/// `/my-games` and `/next-game`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/my-games", get(my_games))
        .route("/next-game", get(next_game))
}
