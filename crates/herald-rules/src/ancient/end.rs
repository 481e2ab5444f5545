//! End of the game (section 9) and the reasons a move is illegal (section 5).

use super::Ancient;
use super::attacks::{attacked, facing};
use super::geometry::in_own_half;
use super::movegen::{Candidate, Filter};
use super::pieces::{self, CHARIOT, ELEPHANT, FERZ, GENERAL, HORSE, START_COUNT};
use crate::board::EMPTY;
use crate::error::IllegalMove;
use crate::moves::MoveText;
use crate::outcome::{EndReason, Outcome, Team};
use crate::position::{History, default_explanation};

const ROYAL: &str = "General";

/// Section 9.4: a bared side has lost; otherwise a side to move with no legal
/// move loses (checkmate, stalemate, or every move barred by repetition).
pub(crate) fn outcome(position: &Ancient, history: &History) -> Option<Outcome> {
    let winner = Team::new(position.turn ^ 1);
    if position.bared {
        return Some(Outcome::Win {
            team: winner,
            reason: EndReason::BareGeneral,
        });
    }
    let mut legal = 0u32;
    let in_check = position.visit(history, Filter::Legal, &mut |_| legal += 1);
    if legal > 0 {
        return None;
    }
    let mut unrepeated = 0u32;
    position.visit(history, Filter::IgnoreRepetition, &mut |_| unrepeated += 1);
    let reason = if unrepeated > 0 {
        EndReason::RepetitionBlocked
    } else if in_check {
        EndReason::Checkmate
    } else {
        EndReason::Stalemate
    };
    Some(Outcome::Win { team: winner, reason })
}

/// The choices a promoting pawn of the side to move has, as text for messages.
fn promotion_choices(position: &Ancient) -> String {
    let own = &position.counts[usize::from(position.turn)];
    let mut out = Vec::new();
    for (kind, letter) in [(CHARIOT, "c"), (ELEPHANT, "e"), (FERZ, "f"), (HORSE, "h")] {
        if kind == FERZ || own[usize::from(kind)] < START_COUNT[usize::from(kind)] {
            out.push(letter);
        }
    }
    out.join(", ")
}

/// The most precise reason why `text` is not a legal move here.
pub(crate) fn explain(position: &Ancient, text: MoveText, history: &History) -> IllegalMove {
    let generic = default_explanation(position, text, history);
    let (from, to, letter) = match (text, &generic) {
        (MoveText::Squares { from, to, promotion }, IllegalMove::CannotMoveThere { .. }) => (from, to, promotion),
        _ => return generic,
    };
    let (from_index, to_index) = (from.index() as u8, to.index() as u8);
    let cell = position.board.at(from);
    let kind = cell & 15;
    let us = position.turn;
    let name = pieces::name(kind);

    let mut reachable: Vec<Candidate> = Vec::new();
    position.visit(history, Filter::Pseudo, &mut |c| {
        if c.from == from_index && c.to == to_index {
            reachable.push(c);
        }
    });
    if reachable.is_empty() {
        if kind == GENERAL && !in_own_half(to_index, us) {
            let dx = i32::from(to.file()) - i32::from(from.file());
            let dy = i32::from(to.rank()) - i32::from(from.rank());
            if dx.abs() + dy.abs() == 1 || dx.abs() * dy.abs() == 2 {
                return IllegalMove::RoyalConfined {
                    royal: ROYAL,
                    area: "its own half of the board",
                };
            }
        }
        return IllegalMove::CannotMoveThere { piece: name, from, to };
    }
    let promotes = reachable.iter().any(|c| c.promotion != 0);
    match (promotes, letter) {
        (true, None) => {
            return IllegalMove::PromotionRequired {
                choices: promotion_choices(position),
            };
        }
        (true, Some(l)) if !reachable.iter().any(|c| c.promotion == l) => {
            return IllegalMove::PromotionNotAllowed {
                letter: char::from(l),
                choices: promotion_choices(position),
            };
        }
        (false, Some(_)) => return IllegalMove::NoPromotionHere,
        _ => {}
    }

    // The move follows the movement rules: find which rule of section 5 it breaks.
    let them = us ^ 1;
    let mut cells = *position.board.cells();
    cells[usize::from(from_index)] = EMPTY;
    cells[usize::from(to_index)] = cell;
    let general = if kind == GENERAL {
        to_index
    } else {
        position.generals[usize::from(us)]
    };
    if attacked(&cells, general, them, position.rules) {
        return IllegalMove::LeavesRoyalAttacked { royal: ROYAL };
    }
    if facing(&cells, general, position.generals[usize::from(them)]) {
        return IllegalMove::RoyalsFacing { royal: ROYAL };
    }
    let mut without_repetition = false;
    position.visit(history, Filter::IgnoreRepetition, &mut |c| {
        without_repetition |= c.from == from_index && c.to == to_index;
    });
    if without_repetition {
        return IllegalMove::RepeatsPosition;
    }
    // Not reached: a move that follows the movement rules and passes every test
    // above is legal. Say the general thing rather than guess.
    IllegalMove::CannotMoveThere { piece: name, from, to }
}
