//! How an action becomes a write: the one builder of a [`GameUpdate`] for every record
//! entry that ends a turn (a move, a Chatrang resignation, a withdrawal on time), the end
//! of a game as a [`Finish`], and the checks every action makes first.

use herald_rules::{Outcome, Player, Variant};
use serde_json::json;

use super::clock::{seat_window_ms, warn_at};
use super::load::Loaded;
use super::view::seat_of;
use crate::domain::events::{EventKind, NewEvent};
use crate::domain::game_states::{EndReason, GameResult, GameStatus};
use crate::domain::rules::GameState;
use crate::domain::time_controls::SeatClocks;
use crate::storage::{
    End, Entry, Expect, Finish, GameRow, GameUpdate, NextTurn, RatedEnd, SeatRow, rated_players, ratings_read_with,
};
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// The end the rules gave the game.
pub(crate) fn finish_for(outcome: Outcome) -> Finish {
    Finish {
        status: GameStatus::Finished,
        result: Some(GameResult::from(outcome)),
        reason: Some(EndReason::Rules(outcome.reason())),
    }
}

/// Whether every seat of the game has made a move, the game being at `ply` entries: a
/// rated game counts only then ([`rated_players`]). A withdrawal is not a move, so a
/// Chatrang game whose players resigned before all four moved is not rated. A stand-in
/// for the rules that does not keep track counts one entry per seat.
pub(crate) fn every_seat_moved(variant: Variant, engine: &dyn GameState, ply: i64) -> bool {
    let players = variant.spec().players();
    (0..players).all(|seat| engine.has_moved(Player::new(seat)).unwrap_or(ply >= i64::from(players)))
}

/// The status check of every action on a game in play, as the rule ([`super::actions`]) has it.
pub(crate) use super::actions::require_status;

pub(crate) fn require_seat(game: &Loaded, user: &AuthUser) -> ApiResult<Player> {
    seat_of(&game.seats, Some(user.id))
        .ok_or_else(|| ApiError::forbidden("not_a_player", "you do not play in this game"))
}

/// A record entry that ends the current turn, with the position after it.
pub(crate) struct TurnEnd {
    /// The seat the entry is by (the mover, the resigning or the late player).
    pub(crate) seat: Player,
    /// The entry as recorded (`e2e4`, `withdraw:2`).
    pub(crate) entry: String,
    /// The position after the entry, and the seat to move in it.
    pub(crate) fen: String,
    pub(crate) turn: Player,
    /// How the game ends with this entry, if it does.
    pub(crate) finish: Option<Finish>,
    /// The next turn's deadline (`None` once the game is over).
    pub(crate) move_by: Option<i64>,
    /// Every seat's clocks after the entry (`None`: unchanged; see `clock::after_move`).
    pub(crate) clocks: Option<SeatClocks>,
    /// Draw offers still standing after the entry.
    pub(crate) draw_offers: i64,
    /// Whether every seat has made a move once the entry is in ([`every_seat_moved`]).
    pub(crate) every_seat_moved: bool,
}

impl TurnEnd {
    /// The event of an entry made by a player (`move`, `resigned`): what was played and
    /// the position after it.
    pub(crate) fn event(&self, kind: EventKind, row: &GameRow) -> NewEvent {
        NewEvent::new(
            kind,
            json!({ "ply": row.ply + 1, "seat": self.seat, "move": self.entry, "fen": self.fen,
                    "turn": self.turn, "move_by": self.move_by }),
        )
    }

    /// The write: `lead` (the entry's own event) and the end of the game, if any, with the
    /// game's new state guarded by the ply it was loaded at.
    pub(crate) fn commit(self, row: &GameRow, seats: &[SeatRow], now: i64, lead: NewEvent) -> GameUpdate {
        let rated = self.finish.as_ref().and_then(|_| {
            let players = rated_players(
                row.rated,
                self.every_seat_moved,
                seats.iter().map(|s| (s.seat, s.user_id)),
            )?;
            let read = ratings_read_with(&players, seats);
            Some(RatedEnd {
                variant: row.variant,
                players,
                read,
            })
        });
        let expect = Expect {
            ply: Some(row.ply),
            version: None,
            waiting: false,
        };
        let mut update = GameUpdate::new(&row.id, now, expect);
        update.events.push(lead);
        update.events.extend(self.finish.as_ref().map(Finish::event));
        update.entries.push(Entry {
            ply: row.ply,
            seat: self.seat,
            text: self.entry,
        });
        let window = seat_window_ms(row.time_control, self.clocks.as_ref().unwrap_or(&row.clocks), self.turn);
        update.next = Some(NextTurn {
            turn: self.turn,
            fen: self.fen,
            move_by: self.move_by,
            sweep_at: self.move_by.map(|m| warn_at(m, window)),
            clocks: self.clocks,
        });
        update.draw_offers = Some(self.draw_offers);
        update.end = self.finish.map(|finish| End {
            points: finish.points(row.variant),
            finish,
            note: None,
        });
        update.rated = rated;
        update
    }
}

/// Ends a game still at the version it was loaded at; 409 if it changed meanwhile.
pub(crate) async fn finish_checked(state: &AppState, game: &Loaded, finish: Finish) -> ApiResult<()> {
    if finish_loaded(state, game, &finish, state.now(), &[]).await? {
        Ok(())
    } else {
        Err(ApiError::conflict("conflict", "the game changed meanwhile: reload it"))
    }
}

/// Ends `game` with `finish` after the events `before`, if it is still at the version it was
/// loaded at (rated as its seats' moves allow); `false` if it changed meanwhile.
pub(crate) async fn finish_loaded(
    state: &AppState,
    game: &Loaded,
    finish: &Finish,
    now: i64,
    before: &[NewEvent],
) -> Result<bool, sqlx::Error> {
    let every_moved = every_seat_moved(game.variant, &*game.engine, game.row.ply);
    state
        .db
        .finish_game(&game.row, &game.seats, finish, every_moved, now, before)
        .await
}
