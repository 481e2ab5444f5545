//! Why a move is refused: the most precise `IllegalMove` for a text that is not a legal move.

use super::bitboards::{Bits, KING, KNIGHT, PAWN_CAPTURES, bishop_attacks, bit, index_of, rook_attacks};
use super::{Chatrang, ROYAL, kind};
use crate::board;
use crate::error::IllegalMove;
use crate::moves::{Move, MoveText};
use crate::position::{History, Position, default_explanation};

/// Where a piece on `sq` could go by section 7, ignoring the safety of its Shah.
fn reach(piece: u8, sq: u8, occ: Bits, friends: Bits, enemies: Bits) -> Bits {
    let team = usize::from(board::owner(piece) & 1);
    match board::kind(piece) {
        kind::SHAH => KING[usize::from(sq)] & !friends,
        kind::RUKH => rook_attacks(sq, occ) & !friends,
        kind::PIL => bishop_attacks(sq, occ) & !friends,
        kind::ASB => KNIGHT[usize::from(sq)] & !friends,
        kind::SARBAZ => {
            let push = if team == 0 { bit(sq) << 8 } else { bit(sq) >> 8 };
            (push & !occ) | (PAWN_CAPTURES[team][usize::from(sq)] & enemies)
        }
        _ => 0,
    }
}

fn piece_name(kind: u8) -> &'static str {
    match kind {
        kind::SHAH => "Shah",
        kind::RUKH => "Rukh",
        kind::PIL => "Pil",
        kind::ASB => "Asb",
        _ => "Sarbaz",
    }
}

/// The most precise reason why `text` is not a legal move here.
pub(super) fn explain(position: &Chatrang, text: MoveText, history: &History) -> IllegalMove {
    if position.outcome.is_some() {
        return IllegalMove::GameOver;
    }
    let MoveText::Squares { from, to, promotion } = text else {
        return IllegalMove::PassNotAllowed;
    };
    let general = default_explanation(position, text, history);
    if !matches!(general, IllegalMove::CannotMoveThere { .. }) {
        return general;
    }
    if position.must_pass() {
        return IllegalMove::MustPass;
    }
    let (Some(f), Some(t)) = (index_of(from), index_of(to)) else {
        return IllegalMove::OffBoard(from);
    };
    let piece = position.cell(f);
    let p = usize::from(position.turn & 3);
    let friends = position.by_owner[p] | position.by_owner[p ^ 2];
    let enemies = position.enemies_of(p);
    let reachable = reach(piece, f, friends | enemies, friends, enemies);
    if reachable & bit(t) == 0 {
        return IllegalMove::CannotMoveThere {
            piece: piece_name(board::kind(piece)),
            from,
            to,
        };
    }
    let legal = position.legal_moves(history);
    if legal.contains(&Move::normal(from, to)) {
        return match promotion {
            Some(_) => IllegalMove::NoPromotionHere,
            None => general,
        };
    }
    IllegalMove::LeavesRoyalAttacked { royal: ROYAL }
}
