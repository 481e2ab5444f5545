//! Playing a Not Chess move: the board change, promotion, and the end-of-game
//! checks in the spec's order (9.5): King captured, seventh check, twentieth move.

use super::{DRAW_PLIES, LOSING_CHECKS, NotChess, attacks, kind};
use crate::board::{self, EMPTY};
use crate::moves::Move;
use crate::outcome::{EndReason, Outcome, Team};

pub(super) fn play(position: &NotChess, m: Move) -> NotChess {
    let mut next = position.clone();
    let us = position.turn;
    let them = us ^ 1;
    let moving = position.board.at(m.from());
    let captured = position.board.at(m.to());
    let placed = match m.promotion() {
        Some(letter) => board::piece(promoted_kind(letter), us),
        None => moving,
    };
    next.board.set(m.from(), EMPTY);
    next.board.set(m.to(), placed);
    if board::kind(moving) == kind::KING {
        next.kings[usize::from(us)] = m.to();
    }
    next.turn = them;
    if us == 1 {
        next.fullmove = next.fullmove.saturating_add(1);
    }

    let is_capture = captured != EMPTY;
    let mover = usize::from(us);
    if is_capture {
        next.checks = [0, 0];
    } else if attacks::attacked_by(&next.board, next.kings[usize::from(them)], us) {
        next.checks[mover] += 1;
    } else {
        next.checks[mover] = 0;
    }
    next.halfmove_clock = if is_capture || board::kind(moving) == kind::PAWN {
        0
    } else {
        next.halfmove_clock + 1
    };

    next.ended = if is_capture && board::kind(captured) == kind::KING {
        Some(Outcome::Win {
            team: Team::new(us),
            reason: EndReason::KingCaptured,
        })
    } else if next.checks[mover] >= LOSING_CHECKS {
        Some(Outcome::Win {
            team: Team::new(them),
            reason: EndReason::SevenChecks,
        })
    } else if next.halfmove_clock >= DRAW_PLIES {
        Some(Outcome::Draw {
            reason: EndReason::TwentyMoveRule,
        })
    } else {
        None
    };
    next
}

fn promoted_kind(letter: u8) -> u8 {
    match letter {
        b'e' => kind::ELEPHANT,
        b'h' => kind::HORSE,
        b'c' => kind::CANNON,
        _ => kind::QUEEN,
    }
}
