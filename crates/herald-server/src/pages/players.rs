//! The player directory page: find a player by the start of their name.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Query, State};
use axum::routing::get;
use serde::Deserialize;

use super::{Ctx, PageResult};
use crate::api::players::{DEFAULT_LIMIT, PlayerEntry, directory};
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "players.html")]
struct PlayersPage {
    ctx: Ctx,
    q: String,
    /// (name, member since, in the viewer's time zone)
    players: Vec<(String, String)>,
    /// The next page's `after`, when there are more.
    next_after: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
struct PlayersQuery {
    #[serde(default)]
    q: String,
    #[serde(default)]
    after: String,
}

async fn players(
    State(state): State<AppState>,
    ctx: Ctx,
    Query(query): Query<PlayersQuery>,
) -> PageResult<PlayersPage> {
    let q = query.q.trim().to_owned();
    let page = directory(&state, &q, query.after.trim(), DEFAULT_LIMIT).await?;
    let tz = ctx.time_zone().to_owned();
    let players = page
        .players
        .into_iter()
        .map(|PlayerEntry { username, member_since }| (username, super::time::local_in(&ctx.lang, member_since, &tz)))
        .collect();
    Ok(PlayersPage {
        ctx,
        q,
        players,
        next_after: page.next_after,
    })
}

/// `/players`.
pub fn router() -> Router<AppState> {
    Router::new().route("/players", get(players))
}
