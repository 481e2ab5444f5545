//! The archive of finished games, filtered by game, player and result, a page at a time.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Query, State};
use axum::routing::get;
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::{Team, Variant};
use serde::Deserialize;

use super::view::{GameLine, line};
use super::{Ctx, PageResult};
use crate::domain::game_states::GameResult;
use crate::infra::i18n::Lang;
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
    variants: Vec<(&'static str, String)>,
    results: Vec<(&'static str, String)>,
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
/// Player 1 and Player 3 in Chatrang".
fn team_in_every_game(lang: &Lang, team: Team) -> String {
    let mut names: Vec<(String, Vec<String>)> = Vec::new();
    for variant in Variant::ALL {
        let spec = variant.spec();
        let name = if spec.has_partners() {
            super::view::team_members(lang, variant, team)
        } else {
            lang.team_name(spec.team_name(team))
        };
        match names.iter_mut().find(|(n, _)| *n == name) {
            Some((_, games)) => games.push(lang.game_name(variant)),
            None => names.push((name, vec![lang.game_name(variant)])),
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
                lang.plain_with(
                    "archive-team-in-games",
                    &[
                        ("team", FluentValue::from(name.as_str())),
                        (
                            "games",
                            FluentValue::from(lang.list(&games.iter().map(String::as_str).collect::<Vec<_>>())),
                        ),
                    ],
                )
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The result filter's choices: every result and its label.
fn results(lang: &Lang) -> Vec<(&'static str, String)> {
    GameResult::ALL
        .iter()
        .map(|&result| {
            let who = |team| [("who", FluentValue::from(team_in_every_game(lang, team)))];
            let label = match result {
                GameResult::FirstTeamWon => lang.plain_with("archive-result-first", &who(Team::FIRST)),
                GameResult::SecondTeamWon => lang.plain_with("archive-result-second", &who(Team::SECOND)),
                GameResult::Draw => lang.text("archive-result-drawn"),
            };
            (result.as_str(), label)
        })
        .collect()
}

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
                note = Some(ctx.lang.text("archive-note-no-game"));
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
                note = Some(ctx.lang.text("archive-note-no-player"));
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
        variants: Variant::ALL.iter().map(|v| (v.id(), ctx.lang.game_name(*v))).collect(),
        results: results(&ctx.lang),
        ctx,
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
