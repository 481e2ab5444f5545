//! Computer analysis of a finished game, for the API and the game page: asking for it once
//! (any signed-in user: every game on Herald is public), within the site's daily cap per
//! user, and reading it back (202 while queued or running). The worker that computes it is
//! `workers::analysis`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::load::game_row;
use crate::domain::analysis_marks::GameAnalysis;
use crate::domain::game_states::AnalysisState;
use crate::storage::Requested;
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Where a requested analysis is.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnalysisStatus {
    pub state: AnalysisState,
}

/// What reading an analysis found.
#[derive(Debug, Clone)]
pub enum Found {
    /// Queued or running.
    Pending(AnalysisState),
    Done(Box<GameAnalysis>),
}

/// Queues game `id` for analysis for `user`. The one code path for the API and the page.
///
/// # Errors
/// 404 unknown game; 409 `game_not_finished`; 403 `analysis_off` (the cap is 0);
/// 409 `analysis_cap_reached`.
pub async fn request(state: &AppState, user: &AuthUser, id: &str, now: i64) -> ApiResult<AnalysisState> {
    let game = game_row(state, id).await?;
    if !game.status.is_over() {
        return Err(ApiError::conflict(
            "game_not_finished",
            "a game is analysed once it is over",
        ));
    }
    let cap = state.db.site_settings().await?.analysis_daily_cap;
    if cap == 0 {
        return Err(ApiError::forbidden(
            "analysis_off",
            "this site does not offer computer analysis",
        ));
    }
    let day_start = now - now.rem_euclid(DAY_MS);
    match state
        .db
        .request_analysis(id, user.id, now, day_start, i64::from(cap))
        .await?
    {
        Requested::Queued => Ok(AnalysisState::Queued),
        Requested::Already => Ok(state.db.analysis(id).await?.map_or(AnalysisState::Queued, |a| a.state)),
        Requested::Capped => Err(ApiError::conflict(
            "analysis_cap_reached",
            format!("at most {cap} analyses a day; ask again tomorrow (UTC)"),
        )),
    }
}

/// The analysis of game `id`, if requested.
///
/// # Errors
/// 404 unknown game or `analysis_not_requested`; 409 `analysis_failed`.
pub async fn read(state: &AppState, id: &str) -> ApiResult<Option<Found>> {
    game_row(state, id).await?;
    let Some(row) = state.db.analysis(id).await? else {
        return Ok(None);
    };
    match (row.state, row.result) {
        (AnalysisState::Done, Some(json)) => serde_json::from_str(&json)
            .map(|a| Some(Found::Done(Box::new(a))))
            .map_err(|e| ApiError::internal_while(format!("the analysis of {id}"), e)),
        (AnalysisState::Failed | AnalysisState::Done, _) => Err(ApiError::conflict(
            "analysis_failed",
            "the engine could not analyse this game",
        )),
        (pending, _) => Ok(Some(Found::Pending(pending))),
    }
}

/// Ask for the computer analysis of a finished game (once per game; later requests answer
/// its state). Errors: 404 unknown game, 409 `game_not_finished`, 403 `analysis_off`,
/// 409 `analysis_cap_reached` (the site's daily cap per user).
#[utoipa::path(post, path = "/games/{id}/analysis", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 202, body = AnalysisStatus), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn request_analysis(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<(StatusCode, ApiJson<AnalysisStatus>)> {
    let now = state.now();
    let state_now = request(&state, &user, &id, now).await?;
    Ok((StatusCode::ACCEPTED, ApiJson(AnalysisStatus { state: state_now })))
}

/// A game's computer analysis: 200 with each move's evaluation (first team's view), the
/// engine's best move and line before it, its mark and accuracy, and each seat's accuracy;
/// 202 while queued or running; 404 `analysis_not_requested`; 409 `analysis_failed`.
#[utoipa::path(get, path = "/games/{id}/analysis", tag = "games",
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = GameAnalysis), (status = 202, body = AnalysisStatus),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn get_analysis(State(state): State<AppState>, ApiPath(id): ApiPath<String>) -> ApiResult<Response> {
    match read(&state, &id).await? {
        None => Err(ApiError::not_found(
            "analysis_not_requested",
            "nobody asked for this game's analysis",
        )),
        Some(Found::Pending(pending)) => {
            Ok((StatusCode::ACCEPTED, ApiJson(AnalysisStatus { state: pending })).into_response())
        }
        Some(Found::Done(analysis)) => Ok(ApiJson(*analysis).into_response()),
    }
}

/// `/games/{id}/analysis`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(request_analysis, get_analysis))
}
