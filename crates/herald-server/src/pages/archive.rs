//! The archive of finished games, filtered by game, player and result, a page at a time.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Query, State};
use axum::routing::get;
use herald_rules::{Team, Variant};
use serde::Deserialize;

use super::view::{GameLine, line};
use super::{Ctx, PageResult};
use crate::domain::game_states::GameResult;
use crate::storage::{ARCHIVE_COUNT_CAP, ArchiveFilter};
use crate::web::state::AppState;

/// Games per archive page.
pub const PAGE_SIZE: i64 = 20;

/// The filter form's fields.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ArchiveQuery {
    #[serde(default)]
    pub variant: String,
    #[serde(default)]
    pub player: String,
    #[serde(default)]
    pub result: String,
    pub page: Option<i64>,
}

#[derive(Template, WebTemplate)]
#[template(path = "archive.html")]
struct ArchivePage {
    ctx: Ctx,
    query: ArchiveQuery,
    variants: Vec<(&'static str, &'static str)>,
    results: Vec<(&'static str, &'static str)>,
    games: Vec<GameLine>,
    total: i64,
    /// More games match than were counted (`total` is the cap).
    more: bool,
    page: i64,
    pages: i64,
    prev: Option<String>,
    next: Option<String>,
    note: Option<String>,
}

/// Who a team is in every game, most common name first: "White, Black in Nowan chess,
/// players 1 and 3 in Chatrang".
fn team_in_every_game(team: Team) -> String {
    let mut names: Vec<(String, Vec<&'static str>)> = Vec::new();
    for variant in Variant::ALL {
        let spec = variant.spec();
        let name = if spec.has_partners() {
            let seats: Vec<&str> = spec.seats.iter().filter(|s| s.team == team).map(|s| s.name).collect();
            seats.join(" and ").to_lowercase()
        } else {
            spec.team_name(team).to_owned()
        };
        match names.iter_mut().find(|(n, _)| *n == name) {
            Some((_, games)) => games.push(spec.name),
            None => names.push((name, vec![spec.name])),
        }
    }
    names.sort_by_key(|(_, games)| std::cmp::Reverse(games.len()));
    names
        .iter()
        .enumerate()
        .map(|(i, (name, games))| {
            if i == 0 {
                name.clone()
            } else {
                format!("{name} in {}", games.join(" and "))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The result filter's choices: every result and its label.
static RESULTS: std::sync::LazyLock<Vec<(GameResult, String)>> = std::sync::LazyLock::new(|| {
    GameResult::ALL
        .iter()
        .map(|&result| {
            let label = match result {
                GameResult::FirstTeamWon => format!("First side won ({})", team_in_every_game(Team::FIRST)),
                GameResult::SecondTeamWon => format!("Second side won ({})", team_in_every_game(Team::SECOND)),
                GameResult::Draw => "Drawn".to_owned(),
            };
            (result, label)
        })
        .collect()
});

fn page_link(q: &ArchiveQuery, page: i64) -> String {
    let fields = [
        ("variant", q.variant.as_str()),
        ("player", q.player.as_str()),
        ("result", q.result.as_str()),
    ];
    let mut pairs: Vec<(&str, String)> = fields
        .iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| (*k, (*v).to_owned()))
        .collect();
    pairs.push(("page", page.to_string()));
    format!("/archive?{}", serde_urlencoded::to_string(pairs).unwrap_or_default())
}

async fn archive(State(state): State<AppState>, ctx: Ctx, Query(q): Query<ArchiveQuery>) -> PageResult<ArchivePage> {
    let mut note = None;
    let variant = match q.variant.trim() {
        "" => None,
        id => match id.parse::<Variant>() {
            Ok(v) => Some(v.id().to_owned()),
            Err(_) => {
                note = Some("Herald has no game by that name, so no games match.".to_owned());
                // Matches nothing, like an unknown player.
                Some(String::new())
            }
        },
    };
    // An unknown result filters nothing, as a form never sends one.
    let result = q.result.parse::<GameResult>().ok();
    let player = match q.player.trim() {
        "" => None,
        name => match crate::api::accounts::validate_username(name) {
            Ok(key) => Some(key),
            Err(_) => {
                note = Some("No player has that name, so no games match.".to_owned());
                Some(String::new())
            }
        },
    };
    let filter = ArchiveFilter {
        variant,
        player,
        result,
    };
    // Pages go as deep as the count does: older games are reached by filtering.
    let page = q.page.unwrap_or(1).clamp(1, ARCHIVE_COUNT_CAP / PAGE_SIZE);
    let (rows, counted) = state.db.archive(&filter, PAGE_SIZE, (page - 1) * PAGE_SIZE).await?;
    let (total, more) = (counted.min(ARCHIVE_COUNT_CAP), counted > ARCHIVE_COUNT_CAP);
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let tz = ctx.time_zone().to_owned();
    let now = state.now();
    let games = crate::api::games::summaries(&state, rows, viewer)
        .await?
        .iter()
        .map(|g| line(g, &ctx.lang, &tz, now))
        .collect();
    let pages = ((total + PAGE_SIZE - 1) / PAGE_SIZE).max(1);
    Ok(ArchivePage {
        prev: (page > 1).then(|| page_link(&q, page - 1)),
        next: (page < pages).then(|| page_link(&q, page + 1)),
        ctx,
        variants: Variant::ALL.iter().map(|v| (v.id(), v.name())).collect(),
        results: RESULTS.iter().map(|(r, label)| (r.as_str(), label.as_str())).collect(),
        games,
        total,
        more,
        page,
        pages,
        note,
        query: q,
    })
}

/// `/archive`. The archive is public, like the finished games and results it lists (a
/// player's page shows the same); every form of it is an index range (`Db::archive`), and
/// the shared limits ([`crate::app::limits`]) give a client 30 pages at once, then 10 a second, so
/// nobody can keep the database busy with it.
pub fn router() -> Router<AppState> {
    Router::new().route("/archive", get(archive))
}
