//! End of the game (section 9): the events after a move, the "safe move" test at the
//! start of a turn, and tournament points.

use super::Nowan;
use super::attacks::attacked;
use super::movegen::{ordinary, sacrifices};
use super::pieces::{KING, Sq, cell, file_of, rank_of};
use crate::board::EMPTY;
use crate::outcome::{EndReason, Outcome, Team};

impl Nowan {
    /// Section 9 step 3: does the player to move have a move that captures the enemy
    /// King, leaves only the two Kings, or leaves his own King unattacked?
    /// Stops at the first one found.
    pub(super) fn has_safe_move(&self, in_check: bool) -> bool {
        let us = self.turn;
        let them = us ^ 1;
        let king = self.kings[usize::from(us)];
        let their_king = cell(KING, them);
        let last_piece = self.piece_count() == 3;
        let original = self.board.cells();
        if !in_check {
            // Not in check, a move of another piece can only uncover a line through
            // the square it leaves (an Elephant ray, a General's middle square): away
            // from the King's rank, file and neighbours it is safe. Usually the first
            // piece found qualifies, so this pass needs no scratch board.
            for &from in self.pieces_of(us) {
                if from != king && quiet(from, king) && ordinary(original, us, &[from], &mut |_, _| true) {
                    return true;
                }
            }
        }
        let mut cells = *original;
        let mut test = |from: Sq, to: Sq| -> bool {
            let captured = cells[to as usize];
            if captured == their_king || (last_piece && captured != EMPTY) {
                return true;
            }
            let moving = cells[from as usize];
            cells[to as usize] = moving;
            cells[from as usize] = EMPTY;
            let target = if from == king { to } else { king };
            let safe = !attacked(&cells, target, them);
            cells[from as usize] = moving;
            cells[to as usize] = captured;
            safe
        };
        if ordinary(original, us, self.pieces_of(us), &mut test) {
            return true;
        }
        if self.may_sacrifice(us, in_check) {
            let mut test_sacrifice = |from: Sq, to: Sq| -> bool {
                if last_piece {
                    return true;
                }
                let removed = cells[to as usize];
                cells[to as usize] = cells[from as usize];
                cells[from as usize] = EMPTY;
                let safe = !attacked(&cells, to, them);
                cells[from as usize] = cells[to as usize];
                cells[to as usize] = removed;
                safe
            };
            return sacrifices(original, us, king, &mut test_sacrifice);
        }
        false
    }

    /// The end of the game as section 9 orders it, for a position with no event.
    pub(super) fn turn_outcome(&self, in_check: bool) -> Option<Outcome> {
        if self.has_safe_move(in_check) {
            return None;
        }
        let reason = if in_check {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        Some(Outcome::Win {
            team: Team::new(self.turn ^ 1),
            reason,
        })
    }

    /// Tournament points `(Black, Red)` for a finished game (section 9): a win 2-0, a
    /// stalemate 1-0 for the stalemating side, a draw 0-0.
    #[must_use]
    pub fn points(outcome: Outcome) -> (u8, u8) {
        match outcome {
            Outcome::Draw { .. } => (0, 0),
            Outcome::Win { team, reason } => {
                let score = if reason == EndReason::Stalemate { 1 } else { 2 };
                if team == Team::FIRST { (score, 0) } else { (0, score) }
            }
        }
    }

    /// The suggested result code of section 9 (`BLACK_WINS`, `RED_STALEMATES_BLACK`, `DRAW`, ...).
    #[must_use]
    pub fn result_code(outcome: Outcome) -> &'static str {
        match outcome {
            Outcome::Draw { .. } => "DRAW",
            Outcome::Win {
                team: Team::FIRST,
                reason: EndReason::Stalemate,
            } => "BLACK_STALEMATES_RED",
            Outcome::Win {
                reason: EndReason::Stalemate,
                ..
            } => "RED_STALEMATES_BLACK",
            Outcome::Win { team: Team::FIRST, .. } => "BLACK_WINS",
            Outcome::Win { .. } => "RED_WINS",
        }
    }
}

/// True if `from` shares no rank or file with the King and is not next to it.
#[inline(always)]
fn quiet(from: Sq, king: Sq) -> bool {
    let df = file_of(from).abs_diff(file_of(king));
    let dr = rank_of(from).abs_diff(rank_of(king));
    df != 0 && dr != 0 && (df > 1 || dr > 1)
}
