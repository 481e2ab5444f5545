//! Ending a game by the players' choice: resignation (in Chatrang, leaving the game),
//! draws by agreement, and aborts before the first move.

use herald_rules::Player;
use serde_json::json;

use super::actions::Action;
use super::clock::turn_deadline;
use super::commit::{TurnEnd, every_seat_moved, finish_checked, finish_for, require_seat, require_status};
use super::load::{Loaded, get, load};
use super::view::{GameView, team_of};
use crate::domain::events::{EventKind, NewEvent};
use crate::domain::game_states::{EndReason, GameResult, GameStatus};
use crate::storage::Finish;
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// Resigns. In two-player games the caller's side loses. In Chatrang the caller leaves
/// (a `withdraw:N` record entry) and the partner plays on; the game ends when the rules say
/// so, e.g. when both players of a team are out.
///
/// # Errors
/// 403 not a player or already out; 409 not active or changed meanwhile.
pub async fn resign(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    game.check(state, user, Action::Resign)?;
    let seat = require_seat(&game, user)?;
    resign_seat(state, &game, seat, EndReason::Resignation).await?;
    get(state, id, Some(user.id)).await
}

/// Resigns for every seat `user_id` holds in game `id` that is still in play, with
/// `reason` (a tournament withdrawal forfeits this way); whether the game is over after.
/// A game already over is left as it is.
///
/// # Errors
/// 404 unknown game; 409 the game changed meanwhile.
pub async fn forfeit(state: &AppState, id: &str, user_id: i64, reason: EndReason) -> ApiResult<()> {
    let game = load(state, id).await?;
    for seat in game.seats.iter().filter(|s| s.user_id == Some(user_id)) {
        let game = load(state, id).await?;
        if game.row.status.is_over() {
            break;
        }
        let seat = seat.seat;
        if game.engine.eliminated().contains(&seat) {
            continue;
        }
        require_status(&game.row)?;
        resign_seat(state, &game, seat, reason).await?;
    }
    Ok(())
}

/// Resigns `seat` of a loaded game, active and with `seat` still in (the caller checked):
/// in two-player games its side loses, in Chatrang its player leaves and the partner plays on.
async fn resign_seat(state: &AppState, game: &Loaded, seat: Player, reason: EndReason) -> ApiResult<()> {
    let mut engine = game.engine.boxed_clone();
    match engine.withdraw(seat) {
        Some(Err(message)) => return Err(ApiError::conflict("cannot_resign", message)),
        Some(Ok(entry)) => {
            let now = state.now();
            let finish = engine.outcome().map(|outcome| Finish {
                reason: Some(reason),
                ..finish_for(outcome)
            });
            let turn_changed = engine.turn() != game.row.turn;
            let move_by = if finish.is_some() {
                None
            } else if turn_changed {
                Some(turn_deadline(
                    game.row.time_control,
                    &game.row.clocks,
                    engine.turn(),
                    now,
                ))
            } else {
                game.row.move_by
            };
            let turn = TurnEnd {
                seat,
                entry,
                fen: engine.fen(),
                turn: engine.turn(),
                move_by,
                clocks: None,
                draw_offers: 0,
                every_seat_moved: every_seat_moved(game.variant, &*engine, game.row.ply + 1),
                finish,
            };
            let lead = turn.event(EventKind::Resigned, &game.row);
            // Without a message the only refusal is a stale game.
            if !matches!(
                state
                    .db
                    .commit_update(&turn.commit(&game.row, &game.seats, now, lead), None)
                    .await?,
                crate::storage::Commit::Written(_)
            ) {
                return Err(ApiError::conflict("conflict", "the game changed meanwhile: reload it"));
            }
        }
        None => {
            let winner = team_of(game.variant, seat).other();
            finish_checked(
                state,
                game,
                Finish {
                    status: GameStatus::Finished,
                    result: Some(GameResult::of(Some(winner))),
                    reason: Some(reason),
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// A draw action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
}

impl From<DrawAction> for Action {
    fn from(action: DrawAction) -> Action {
        match action {
            DrawAction::Offer => Action::OfferDraw,
            DrawAction::Accept => Action::AcceptDraw,
            DrawAction::Decline => Action::DeclineDraw,
        }
    }
}

/// The event for a draw action that does not end the game.
fn draw_event(action: DrawAction, seat: Player, offers: i64) -> NewEvent {
    let kind = match action {
        DrawAction::Decline => EventKind::DrawDeclined,
        DrawAction::Offer | DrawAction::Accept => EventKind::DrawOffered,
    };
    NewEvent::new(kind, json!({ "seat": seat, "offers": offers }))
}

/// Offers, accepts or declines a draw. The game is drawn once every player still in the
/// game agrees (in Chatrang, all non-eliminated players).
///
/// # Errors
/// 403 not a player; 409 not active, a game without draws (Ancient chess), no offer to
/// answer, or changed meanwhile.
pub async fn draw(state: &AppState, user: &AuthUser, id: &str, action: DrawAction) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    // Seated, active, a game with draws, still in, and an offer to answer (accept, decline).
    game.check(state, user, action.into())?;
    let seat = require_seat(&game, user)?;
    let eliminated = game.engine.eliminated();
    let mine = 1_i64 << seat.get();
    // Every player still in the game must agree (eliminated Chatrang players have no say).
    let all = (0..game.variant.players())
        .filter(|&p| !eliminated.contains(&Player::new(p)))
        .fold(0_i64, |mask, p| mask | (1_i64 << p));
    let current = game.row.draw_offers;
    let next = match action {
        DrawAction::Offer | DrawAction::Accept => current | mine,
        DrawAction::Decline => 0,
    };
    if next & all == all {
        finish_checked(
            state,
            &game,
            Finish {
                status: GameStatus::Finished,
                result: Some(GameResult::Draw),
                reason: Some(EndReason::DrawAgreed),
            },
        )
        .await?;
    } else if next != current
        && !state
            .db
            .set_draw_offers(
                &game.row.id,
                game.row.version,
                next,
                state.now(),
                &draw_event(action, seat, next),
            )
            .await?
    {
        return Err(ApiError::conflict("conflict", "the game changed meanwhile: reload it"));
    }
    get(state, id, Some(user.id)).await
}

/// Aborts a game before its first move: any seated or invited player may (for an
/// invitee this declines the invitation). An aborted game has no result.
///
/// # Errors
/// 403 not in the game; 409 moves already played, game over, or changed meanwhile.
pub async fn abort(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    let seated = game.seats.iter().any(|s| s.user_id == Some(user.id));
    // An invitee's abort declines the invitation: the same rule, its own action.
    game.check(
        state,
        user,
        if seated {
            Action::Abort
        } else {
            Action::DeclineInvitation
        },
    )?;
    finish_checked(
        state,
        &game,
        Finish {
            status: GameStatus::Aborted,
            result: None,
            // The creator is told the invitation was declined, not just that it ended.
            reason: Some(if seated {
                EndReason::Aborted
            } else {
                EndReason::Declined
            }),
        },
    )
    .await?;
    get(state, id, Some(user.id)).await
}
