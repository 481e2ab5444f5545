//! A player's page: results per game, their recent finished games, and (for another signed-in
//! player) the button that blocks or unblocks their invitations.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::{get, post};
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::Variant;

use super::view::{GameLine, line};
use super::{Ctx, PageError, PageResult, SignedIn, see_other};
use crate::api::games::view::team_of;
use crate::domain::tournament_states::{PlayerState, TournamentStatus};
use crate::storage::GameRow;
use crate::web::state::AppState;

/// A profile's chart shows a game's last this many rated games (the API's history has all).
const CHART_POINTS: i64 = 100;

/// Results in one game.
#[derive(Debug, Default)]
pub struct Tally {
    /// The game's name in the page's language.
    pub name: String,
    pub id: &'static str,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

/// A game's rating history: the chart, and its points as (date, rating) for the table
/// under it.
#[derive(Debug)]
pub struct RatingChart {
    /// The game's name in the page's language.
    pub game: String,
    /// The game's id (for the link to its whole history).
    pub id: &'static str,
    /// Only the last [`CHART_POINTS`] games are drawn.
    pub truncated: bool,
    pub svg: String,
    pub rows: Vec<(String, i64)>,
}

/// Results with one seat (colour) of one game.
#[derive(Debug)]
pub struct SeatTally {
    /// The game's id and the seat's registry name, to count the results under.
    pub id: &'static str,
    pub seat_key: &'static str,
    /// The game's and the seat's names in the page's language.
    pub game: String,
    pub seat: String,
    pub tally: Tally,
}

#[derive(Template, WebTemplate)]
#[template(path = "user.html")]
struct UserPage {
    ctx: Ctx,
    username: String,
    /// How many games a chart shows at most.
    chart_points: i64,
    /// The day the account was made, in the viewer's time zone.
    member_since: String,
    /// When the player last used Herald, in words (`today`, `3 days ago`), if ever.
    last_seen: Option<String>,
    tallies: Vec<Tally>,
    /// The same results by the seat played (White, Black; Chatrang's four colours).
    seat_tallies: Vec<SeatTally>,
    /// Games the player is in now.
    current: Vec<GameLine>,
    /// Their rating in each game they played rated.
    ratings: Vec<crate::api::leaderboard::RatingView>,
    /// Per game with two rated games or more.
    charts: Vec<RatingChart>,
    recent: Vec<GameLine>,
    /// Whether the signed-in viewer blocks this player's invitations (none: nobody signed
    /// in, or their own page).
    blocked: Option<bool>,
    /// Their tournaments, newest entry first: (id, name, state words).
    tournaments: Vec<(String, String, String)>,
}

impl UserPage {
    /// A game's name in the page's language.
    fn game_name(&self, variant: &Variant) -> String {
        self.ctx.lang.game_name(*variant)
    }

    /// The note under the results: in the team game, a player shares the team's result.
    fn team_result(&self) -> String {
        self.ctx.lang.plain_with(
            "people-team-result",
            &[("game", FluentValue::from(self.ctx.lang.game_name(Variant::Chatrang)))],
        )
    }
}

async fn user(State(state): State<AppState>, ctx: Ctx, Path(name): Path<String>) -> PageResult<UserPage> {
    let missing = || {
        let shown: String = name.chars().take(40).collect();
        PageError::not_found(ctx.t_with("people-no-such-player", "name", &shown))
    };
    let key = crate::api::accounts::validate_username(&name).map_err(|_| missing())?;
    let found = state.db.user_by_key(&key).await?.ok_or_else(missing)?;
    let mut tallies: Vec<Tally> = Variant::ALL
        .iter()
        .map(|&v| Tally {
            name: ctx.lang.game_name(v),
            id: v.id(),
            ..Tally::default()
        })
        .collect();
    // Every seat of every game, in the registry's order; those never played are dropped.
    let mut seat_tallies: Vec<SeatTally> = Variant::ALL
        .iter()
        .flat_map(|v| {
            v.seat_names().into_iter().map(|seat| SeatTally {
                id: v.id(),
                seat_key: seat,
                game: ctx.lang.game_name(*v),
                seat: ctx.lang.seat_name(seat),
                tally: Tally::default(),
            })
        })
        .collect();
    for r in state.db.results_of(found.id).await? {
        let variant = r.variant;
        let Some(tally) = tallies.iter_mut().find(|t| t.id == variant.id()) else {
            continue;
        };
        let games = u32::try_from(r.games).unwrap_or(u32::MAX);
        let seat = r.seat;
        if seat.get() >= variant.players() {
            tracing::error!(user = found.id, seat = seat.get(), %variant, "a result names a seat the game does not have");
            continue;
        }
        let team = team_of(variant, seat);
        let seat_name = variant.seat_names().get(seat.index()).copied().unwrap_or("?");
        let Some(by_seat) = seat_tallies
            .iter_mut()
            .find(|t| t.id == variant.id() && t.seat_key == seat_name)
        else {
            continue;
        };
        for t in [&mut *tally, &mut by_seat.tally] {
            t.played += games;
            match r.winner_team {
                Some(winner) if winner == team => t.won += games,
                Some(_) => t.lost += games,
                None => t.drawn += games,
            }
        }
    }
    seat_tallies.retain(|t| t.tally.played > 0);
    let blocked = match ctx.user.as_ref() {
        Some(me) if me.id != found.id => Some(state.db.blocks(me.id, found.id).await?),
        _ => None,
    };
    let mut rows: Vec<GameRow> = state
        .db
        .finished_games_of(found.id, 20)
        .await?
        .into_iter()
        .map(|p| p.game)
        .collect();
    let tz = ctx.time_zone().to_owned();
    let now = state.now();
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let recent_count = rows.len();
    let tournaments = state
        .db
        .tournaments_of(found.id, 20)
        .await?
        .into_iter()
        .map(|(t, player)| {
            let words = match (t.status, player) {
                (_, PlayerState::Invited) => "people-tour-invited",
                (_, PlayerState::Withdrawn) => "people-tour-withdrew",
                (TournamentStatus::Registering, _) => "people-tour-entered",
                (TournamentStatus::Running, _) => "people-tour-playing",
                (TournamentStatus::Finished, _) => "people-tour-finished",
                (TournamentStatus::Cancelled, _) => "people-tour-cancelled",
            };
            (t.id, t.name, ctx.lang.text(words))
        })
        .collect();
    rows.extend(state.db.games_of_user(found.id, true, 20).await?);
    // The recent and the current games' seats in one read.
    let mut recent = crate::api::games::summaries(&state, rows, viewer).await?;
    let current: Vec<GameLine> = recent
        .split_off(recent_count)
        .iter()
        .map(|g| line(g, &ctx.lang, &tz, now))
        .collect();
    let recent: Vec<GameLine> = recent.iter().map(|g| line(g, &ctx.lang, &tz, now)).collect();
    let (created_at, last_seen_at) = state.db.user_dates(found.id).await?.ok_or_else(missing)?;
    let ratings: Vec<crate::api::leaderboard::RatingView> = state
        .db
        .ratings_of(found.id, &found.username)
        .await?
        .iter()
        .map(|r| crate::api::leaderboard::RatingView::of(r, now))
        .collect();
    let mut charts = Vec::new();
    for rating in &ratings {
        let history = state
            .db
            .recent_rating_history(found.id, rating.variant, CHART_POINTS)
            .await?;
        let points: Vec<(i64, i64)> = history
            .iter()
            .map(|p| (p.at, crate::domain::ratings::whole(p.rating)))
            .collect();
        if let Some(svg) = super::chart::rating_chart(&points, &ctx.lang) {
            let rows = points
                .iter()
                .map(|(at, r)| (super::time::local_in(&ctx.lang, *at, ctx.time_zone()), *r))
                .collect();
            charts.push(RatingChart {
                game: ctx.lang.game_name(rating.variant),
                id: rating.variant.id(),
                truncated: rating.games > CHART_POINTS,
                svg,
                rows,
            });
        }
    }
    Ok(UserPage {
        chart_points: CHART_POINTS,
        member_since: super::time::local_date_in(&ctx.lang, created_at, ctx.time_zone()),
        last_seen: last_seen_at.map(|at| super::time::ago_in(&ctx.lang, at, now)),
        ctx,
        username: found.username,
        tallies,
        seat_tallies,
        current,
        ratings,
        charts,
        recent,
        tournaments,
        blocked,
    })
}

fn back_to(name: &str) -> Response {
    let path = format!(
        "/users/{}",
        url::form_urlencoded::byte_serialize(name.as_bytes()).collect::<String>()
    );
    see_other(&path)
}

async fn block(State(state): State<AppState>, s: SignedIn, Path(name): Path<String>) -> PageResult<Response> {
    crate::api::blocks::block(&state, s.user.id, &name).await?;
    Ok(back_to(&name))
}

async fn unblock(State(state): State<AppState>, s: SignedIn, Path(name): Path<String>) -> PageResult<Response> {
    crate::api::blocks::unblock(&state, s.user.id, &name).await?;
    Ok(back_to(&name))
}

/// `/users/{name}` and its block and unblock buttons.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users/{name}", get(user))
        .route("/users/{name}/block", post(block))
        .route("/users/{name}/unblock", post(unblock))
}
