//! Ratings as players look them up: each game's leaderboard, a player's ratings and a
//! player's rating history, through the API (the pages show the same).

use axum::extract::State;
use herald_rules::Variant;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::ratings::{Glicko, PROVISIONAL_DEVIATION};
use crate::storage::RatingRow;
use crate::web::auth::MaybeAuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// A leaderboard lists players who played a rated game in the last 180 days: correspondence
/// games take weeks, so a shorter window would empty it between games.
pub const ACTIVE_DAYS: i64 = 180;
/// Players on a leaderboard.
pub const LEADERBOARD_SIZE: i64 = 100;

use crate::domain::ratings::whole;

/// A player's rating in one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RatingView {
    #[schema(value_type = crate::domain::game_states::VariantId)]
    pub variant: Variant,
    pub username: String,
    pub rating: i64,
    /// The rating's deviation as of now (it grows while the player is away).
    pub deviation: i64,
    /// Deviation above 110: shown with "?", left off the leaderboard.
    pub provisional: bool,
    /// Rated games played.
    pub games: i64,
    /// A bot (leaderboards list bots only when asked: `?bots=1`).
    pub is_bot: bool,
}

impl RatingView {
    /// The rating as it stands at `now`.
    #[must_use]
    pub fn of(row: &RatingRow, now: i64) -> RatingView {
        let current: Glicko = row.glicko.at(now);
        RatingView {
            variant: row.variant,
            username: row.username.clone(),
            rating: whole(current.rating),
            deviation: whole(current.deviation),
            provisional: current.provisional(),
            games: row.games,
            is_bot: row.is_bot,
        }
    }
}

/// A point of a player's rating history: after which game, when, and the rating then.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct HistoryEntry {
    pub game_id: String,
    /// UTC epoch milliseconds.
    pub at: i64,
    pub rating: i64,
    pub deviation: i64,
}

fn game_of(id: &str) -> ApiResult<Variant> {
    id.parse::<Variant>()
        .map_err(|e| ApiError::not_found("variant_not_found", e.to_string()))
}

/// The best established ratings of one game among active players, best first: established
/// as of now, as each row shows its deviation (one that grew past the threshold while its
/// player was away is provisional again, and off the list).
///
/// # Errors
/// 404 unknown game; the database fails.
pub async fn board(state: &AppState, variant: Variant, with_bots: bool) -> ApiResult<Vec<RatingView>> {
    let now = state.now();
    let since = now - ACTIVE_DAYS * 24 * 60 * 60 * 1000;
    let rows = state
        .db
        .leaderboard(variant, PROVISIONAL_DEVIATION, since, now, LEADERBOARD_SIZE, with_bots)
        .await?;
    Ok(rows.iter().map(|r| RatingView::of(r, now)).collect())
}

/// A player's ratings, one per game they have played rated.
///
/// # Errors
/// 404 unknown player; the database fails.
pub async fn ratings_of(state: &AppState, username: &str) -> ApiResult<(i64, Vec<RatingView>)> {
    let user = user(state, username).await?;
    let now = state.now();
    let rows = state.db.ratings_of(user.0, &user.1).await?;
    Ok((user.0, rows.iter().map(|r| RatingView::of(r, now)).collect()))
}

async fn user(state: &AppState, username: &str) -> ApiResult<(i64, String)> {
    let missing = || ApiError::not_found("user_not_found", format!("no user `{}`", username.escape_debug()));
    let key = crate::api::accounts::validate_username(username).map_err(|_| missing())?;
    let found = state.db.user_by_key(&key).await?.ok_or_else(missing)?;
    Ok((found.id, found.username))
}

/// Whether a leaderboard lists bots.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    /// `1`: bots too (default: people only).
    #[param(minimum = 0, maximum = 1)]
    pub bots: Option<u8>,
}

impl BoardQuery {
    /// Whether bots are asked for.
    #[must_use]
    pub fn with_bots(&self) -> bool {
        self.bots == Some(1)
    }
}

/// A game's leaderboard: the 100 best established ratings (deviation at most 110) of players
/// who played a rated game in the last 180 days. Bots only with `?bots=1`.
#[utoipa::path(get, path = "/leaderboard/{game}", tag = "ratings",
    params(("game" = String, Path, description = "a game id, as `variant` in a game object"), BoardQuery),
    responses((status = 200, description = "Best first", body = Vec<RatingView>), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_leaderboard(
    State(state): State<AppState>,
    _caller: MaybeAuthUser,
    ApiPath(game): ApiPath<String>,
    ApiQuery(query): ApiQuery<BoardQuery>,
) -> ApiResult<ApiJson<Vec<RatingView>>> {
    if query.bots.is_some_and(|b| b > 1) {
        return Err(ApiError::bad_request(
            "bad_query",
            "bots is 0 (people only, the default) or 1 (bots too)",
        ));
    }
    board(&state, game_of(&game)?, query.with_bots()).await.map(ApiJson)
}

/// A player's ratings, one per game they have played rated.
#[utoipa::path(get, path = "/users/{username}/ratings", tag = "ratings",
    params(("username" = String, Path)),
    responses((status = 200, body = Vec<RatingView>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_ratings(
    State(state): State<AppState>,
    _caller: MaybeAuthUser,
    ApiPath(username): ApiPath<String>,
) -> ApiResult<ApiJson<Vec<RatingView>>> {
    ratings_of(&state, &username).await.map(|(_, list)| ApiJson(list))
}

/// A player's rating after each of their rated games of one game, oldest first.
#[utoipa::path(get, path = "/users/{username}/ratings/{game}/history", tag = "ratings",
    params(("username" = String, Path), ("game" = String, Path, description = "a game id")),
    responses((status = 200, body = Vec<HistoryEntry>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_history(
    State(state): State<AppState>,
    _caller: MaybeAuthUser,
    ApiPath((username, game)): ApiPath<(String, String)>,
) -> ApiResult<ApiJson<Vec<HistoryEntry>>> {
    let variant = game_of(&game)?;
    let (id, _) = user(&state, &username).await?;
    let points = state.db.rating_history(id, variant).await?;
    Ok(ApiJson(
        points
            .into_iter()
            .map(|p| HistoryEntry {
                game_id: p.game_id,
                at: p.at,
                rating: whole(p.rating),
                deviation: whole(p.deviation),
            })
            .collect(),
    ))
}

/// The ratings routes under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_leaderboard))
        .routes(routes!(get_ratings))
        .routes(routes!(get_history))
}
