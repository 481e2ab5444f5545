//! Losing on time: a claim by the waiting side, or the server ending a game under the
//! `auto` policy or past the claimable cap. All three go through [`time_out`], so a claim
//! from a form, from the API and from the sweeper end a game the same way.

use herald_rules::Player;
use serde_json::json;

use super::actions::Action;
use super::clock::{Deadline, ServerTimeout, cap_ms, game_deadline, server_timeout, turn_deadline};
use super::commit::{TurnEnd, every_seat_moved, finish_for, finish_loaded, require_seat};
use super::load::{Loaded, get, load};
use super::view::{GameView, team_of};
use crate::domain::events::{EventKind, NewEvent};
use crate::domain::game_states::{EndReason, GameResult, GameStatus};
use crate::storage::Finish;
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// Who ended the late player's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// A waiting player claimed (their seat).
    Claim(Player),
    /// The server, at the deadline of an `auto` game.
    Auto,
    /// The server, once the game had been claimable longer than the cap.
    Cap,
}

impl How {
    fn name(self) -> &'static str {
        match self {
            How::Claim(_) => "claim",
            How::Auto => "auto",
            How::Cap => "cap",
        }
    }
}

impl From<ServerTimeout> for How {
    fn from(why: ServerTimeout) -> How {
        match why {
            ServerTimeout::Auto => How::Auto,
            ServerTimeout::Cap => How::Cap,
        }
    }
}

/// What a timeout did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimedOut {
    /// The late player lost: the game is over.
    Finished,
    /// The late player never moved: the game is aborted without a result.
    Aborted,
    /// A Chatrang player was eliminated and the game goes on.
    Eliminated,
}

/// The result reason of a game lost on time.
pub const REASON_TIMEOUT: EndReason = EndReason::Timeout;
/// The reason of a game aborted because the late player never moved.
pub const REASON_NEVER_MOVED: EndReason = EndReason::TimeoutBeforeFirstMove;

/// Ends the current turn of `game` on time: the player to move loses (in Chatrang is
/// eliminated, and the game goes on if the partner still plays); if that player never made
/// a move in this game, the game is aborted instead. Writes the change and its events in
/// one transaction, guarded against a move landing meanwhile.
///
/// # Errors
/// 409 `conflict` if the game changed since it was loaded.
pub(crate) async fn time_out(state: &AppState, game: &Loaded, how: How) -> ApiResult<TimedOut> {
    let now = state.now();
    let row = &game.row;
    let late = row.turn;
    let user = game.seats.iter().find(|s| s.seat == row.turn).and_then(|s| s.user_id);
    let by = match how {
        How::Claim(seat) => Some(seat),
        How::Auto | How::Cap => None,
    };
    let claimed = NewEvent::new(
        EventKind::Claimed,
        json!({ "seat": late, "user_id": user, "by_seat": by, "how": how.name(), "move_by": row.move_by }),
    );
    let changed = || ApiError::conflict("conflict", "the game changed meanwhile: reload it");
    if !state.db.has_moved(&row.id, row.turn).await? {
        let finish = Finish {
            status: GameStatus::Aborted,
            result: None,
            reason: Some(REASON_NEVER_MOVED),
        };
        return if finish_loaded(state, game, &finish, now, &[claimed]).await? {
            Ok(TimedOut::Aborted)
        } else {
            Err(changed())
        };
    }
    let mut engine = game.engine.boxed_clone();
    match engine.withdraw(late) {
        Some(Err(message)) => Err(ApiError::conflict("cannot_time_out", message)),
        Some(Ok(entry)) => {
            let finish = engine.outcome().map(|outcome| Finish {
                reason: Some(REASON_TIMEOUT),
                ..finish_for(outcome)
            });
            let ended = finish.is_some();
            let turn = TurnEnd {
                seat: late,
                entry,
                fen: engine.fen(),
                turn: engine.turn(),
                // The late player leaves without a move: nobody's bank changes.
                move_by: finish
                    .is_none()
                    .then(|| turn_deadline(row.time_control, &row.clocks, engine.turn(), now)),
                clocks: None,
                draw_offers: 0,
                every_seat_moved: every_seat_moved(game.variant, &*engine, row.ply + 1),
                finish,
            };
            // Without a message the only refusal is a stale game.
            if !matches!(
                state
                    .db
                    .commit_update(&turn.commit(row, &game.seats, now, claimed), None)
                    .await?,
                crate::storage::Commit::Written(_)
            ) {
                return Err(changed());
            }
            Ok(if ended {
                TimedOut::Finished
            } else {
                TimedOut::Eliminated
            })
        }
        None => {
            let winner = team_of(game.variant, late).other();
            let finish = Finish {
                status: GameStatus::Finished,
                result: Some(GameResult::of(Some(winner))),
                reason: Some(REASON_TIMEOUT),
            };
            if finish_loaded(state, game, &finish, now, &[claimed]).await? {
                Ok(TimedOut::Finished)
            } else {
                Err(changed())
            }
        }
    }
}

/// If the current turn of `game` is past the point where the server ends it by itself
/// (the deadline under `auto`, deadline + cap under `claim`), how; else `None`.
#[must_use]
pub(crate) fn overdue(state: &AppState, game: &Loaded) -> Option<How> {
    let now = state.now();
    let Deadline::Running(move_by) = game_deadline(&game.row, &game.seats, now) else {
        return None;
    };
    server_timeout(
        game.row.timeout_policy,
        move_by,
        cap_ms(state.config.claimable_cap_days),
        now,
    )
    .map(How::from)
}

/// Claims a win on time against the player to move, whose deadline has passed. Only a
/// waiting player may claim: in two-player games the opponent, in Chatrang either player
/// of the other team still in the game. The late player loses (in Chatrang is eliminated
/// and the game goes on if the partner still plays); a late player who never moved gets
/// the game aborted instead. Also works under the `auto` policy before the server's sweep.
///
/// # Errors
/// 403 `not_a_player` / `not_your_claim`; 409 `not_claimable` (deadline not passed, or the
/// player to move is on vacation), `game_over`, `game_not_started`, or `conflict` (a move
/// landed first).
pub async fn claim(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    // Seated, active, on the waiting side, and the deadline passed and not paused.
    game.check(state, user, Action::ClaimTimeout)?;
    let seat = require_seat(&game, user)?;
    let late = game.row.turn.get();
    let outcome = time_out(state, &game, How::Claim(seat)).await?;
    tracing::info!(game = %id, user = %user.username, late, ?outcome, "claimed on time");
    get(state, id, Some(user.id)).await
}
