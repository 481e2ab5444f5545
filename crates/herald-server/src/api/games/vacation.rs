//! Vacation: a yearly allowance of days during which the clock of the player's turns
//! stops. `start`, `end` and `status` are the one code path for the API, forms, moves (a
//! move ends the mover's vacation) and the sweeper (a vacation ends when the allowance is
//! used up).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::clock::{Deadline, Vacation, cap_ms, deadline, next_sweep, seat_window_ms, utc_year};
use crate::domain::events::{EventKind, NewEvent};
use crate::infra::clock::DAY_MS;
use crate::storage::{TurnResume, TurnRow, VacationRow};
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// A player's vacation.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VacationView {
    /// Whether the vacation is on.
    pub on: bool,
    /// When it was switched on (UTC epoch ms).
    pub since: Option<i64>,
    /// When it ends by itself because the year's allowance is used up, unless switched off
    /// or ended by a move first.
    pub ends_at: Option<i64>,
    /// Vacation days per calendar year (UTC), a server setting.
    pub allowance_days: i64,
    /// Vacation time used this year, including the running vacation (ms).
    pub used_ms: i64,
    /// Vacation time left this year (ms).
    pub left_ms: i64,
}

fn allowance_ms(state: &AppState) -> i64 {
    state.config.vacation_days.max(0).saturating_mul(DAY_MS)
}

/// Time used in the year of `now` by closed vacations.
fn used_before(stored: &VacationRow, now: i64) -> i64 {
    if stored.year == utc_year(now) {
        stored.used_ms
    } else {
        0
    }
}

fn view(state: &AppState, stored: &VacationRow, now: i64) -> VacationView {
    // A vacation past its end (until the sweeper or a move ends it) counts up to its end.
    let running_to = stored.until.map_or(now, |until| now.min(until));
    let running = stored.since.map_or(0, |since| (running_to - since).max(0));
    let used = used_before(stored, stored.since.unwrap_or(now)) + running;
    VacationView {
        on: stored.since.is_some(),
        since: stored.since,
        ends_at: stored.until,
        allowance_days: state.config.vacation_days,
        used_ms: used,
        left_ms: (allowance_ms(state) - used).max(0),
    }
}

/// The caller's vacation.
///
/// # Errors
/// The database fails.
pub async fn status(state: &AppState, user_id: i64) -> ApiResult<VacationView> {
    let stored = state.db.vacation(user_id).await?;
    Ok(view(state, &stored, state.now()))
}

/// Switches vacation on (no change if it already is).
///
/// # Errors
/// 409 `no_vacation_left` when this year's allowance is used up, `vacation_not_allowed`
/// while the player plays in a running tournament that allows none.
pub async fn start(state: &AppState, user: &AuthUser) -> ApiResult<VacationView> {
    start_granted(state, user, None).await
}

/// Switches `user`'s vacation on, granted by the organiser of event `granted_by` when
/// given (that event's no-vacation rule then does not stand in the way: its organiser
/// decides), else by the player.
///
/// # Errors
/// As [`start`].
pub async fn start_granted(state: &AppState, user: &AuthUser, granted_by: Option<&str>) -> ApiResult<VacationView> {
    let now = state.now();
    let stored = state.db.vacation(user.id).await?;
    if stored.since.is_none() {
        if let Some(event) = state.db.event_without_vacation(user.id, granted_by).await? {
            let who = if granted_by.is_some() {
                "that player plays"
            } else {
                "you play"
            };
            return Err(ApiError::conflict(
                "vacation_not_allowed",
                format!("{who} in the tournament “{event}”, which allows no vacation while it runs"),
            ));
        }
        let left = allowance_ms(state) - used_before(&stored, now);
        if left <= 0 {
            return Err(ApiError::conflict(
                "no_vacation_left",
                "this year's vacation allowance is used up",
            ));
        }
        let event = NewEvent::new(
            EventKind::VacationOn,
            json!({ "user_id": user.id, "username": user.username, "until": now + left }),
        );
        if state.db.start_vacation(user.id, now, now + left, &event).await? {
            tracing::info!(user = %user.username, "vacation on");
        }
    }
    status(state, user.id).await
}

/// Ends `user_id`'s vacation at `at`, or when its allowance ran out if that was earlier:
/// the time used
/// is counted against the allowance of the year it began in, and the deadline of every
/// turn of the player that the vacation paused becomes `at` plus the time that was left.
/// Returns whether a vacation was on.
///
/// # Errors
/// The database fails.
pub async fn end(state: &AppState, user_id: i64, at: i64) -> ApiResult<bool> {
    let cap_ms = cap_ms(state.config.claimable_cap_days);
    let event = NewEvent::new(EventKind::VacationOff, json!({ "user_id": user_id }));
    let plan = move |stored: &VacationRow, turns: &[TurnRow]| {
        let since = stored.since.unwrap_or(at);
        // A vacation whose allowance ran out ended then, even if noticed later.
        let end = at.min(stored.until.unwrap_or(at)).max(since);
        let year = utc_year(since);
        let before = if stored.year == year { stored.used_ms } else { 0 };
        // A club adjournment (a suspension under `suspended_games = adjourned`) stopped the
        // clocks without the player's choice: it costs no allowance.
        let charged = if stored.adjourned { 0 } else { end - since };
        let after = VacationRow {
            since: None,
            until: None,
            used_ms: before + charged,
            year,
            adjourned: false,
        };
        let vacation = Vacation { since, until: end };
        let resumed = turns
            .iter()
            .filter_map(|t| {
                let window = seat_window_ms(t.time_control, &t.clocks, t.turn);
                let Deadline::Running(move_by) = deadline(t.move_by, t.paused_ms, window, Some(vacation), end) else {
                    return None;
                };
                if t.paused_ms.is_none() && t.move_by == Some(move_by) {
                    return None;
                }
                let policy = t.timeout_policy;
                let warned = t.warned_ply == Some(t.ply);
                Some(TurnResume {
                    id: t.id.clone(),
                    move_by,
                    sweep_at: next_sweep(move_by, window, warned, false, policy, cap_ms),
                })
            })
            .collect();
        (after, resumed)
    };
    Ok(state.db.end_vacation(user_id, at, &event, Box::new(plan)).await?)
}

/// Vacation on or off.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetVacation {
    pub on: bool,
}

/// Switch vacation on or off. While on, the clock of each of your turns is stopped:
/// its deadline moves on by the time spent on vacation (a turn that began during the
/// vacation keeps its whole length), nobody can claim against you, and no time warning is
/// sent; opponents see `on_vacation` on your seat and `paused` on the game. A turn whose
/// deadline had already passed when the vacation began is not affected. Vacation ends when
/// you switch it off, when you make a move in any game, or when this year's allowance
/// (server setting, default 30 days per UTC calendar year) is used up. Switching on when
/// on, or off when off, changes nothing. Errors: 409 `no_vacation_left`, and
/// `vacation_not_allowed` while you play in a running tournament that allows none.
#[utoipa::path(post, path = "/me/vacation", tag = "accounts", security(("bearer" = [])),
    request_body = SetVacation,
    responses((status = 200, body = VacationView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn set_vacation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<SetVacation>,
) -> ApiResult<ApiJson<VacationView>> {
    if body.on {
        start(&state, &user).await.map(ApiJson)
    } else {
        if end(&state, user.id, state.now()).await? {
            tracing::info!(user = %user.username, "vacation off");
        }
        status(&state, user.id).await.map(ApiJson)
    }
}

/// Your vacation: whether it is on, since when, when it ends by itself, and the allowance
/// used and left this year.
#[utoipa::path(get, path = "/me/vacation", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = VacationView), (status = 401, body = ErrorBody)))]
async fn get_vacation(State(state): State<AppState>, user: AuthUser) -> ApiResult<ApiJson<VacationView>> {
    status(&state, user.id).await.map(ApiJson)
}

/// `/me/vacation`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_vacation, set_vacation))
}
