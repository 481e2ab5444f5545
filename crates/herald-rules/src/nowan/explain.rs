//! Why a move is not legal: the most precise `IllegalMove` reason.

use super::Nowan;
use super::pieces::{KING, in_home_zone, name};
use crate::board::{self, EMPTY};
use crate::error::IllegalMove;
use crate::moves::MoveText;
use crate::outcome::Player;
use crate::position::Position;

pub(super) fn explain(position: &Nowan, text: MoveText) -> IllegalMove {
    if position.outcome(&[]).is_some() {
        return IllegalMove::GameOver;
    }
    let (from, to, promotion) = match text {
        MoveText::Pass => return IllegalMove::PassNotAllowed,
        MoveText::Squares { from, to, promotion } => (from, to, promotion),
    };
    let board = position.board();
    for square in [from, to] {
        if !board.contains(square) {
            return IllegalMove::OffBoard(square);
        }
    }
    let us = position.turn;
    let moving = board.at(from);
    if moving == EMPTY {
        return IllegalMove::NoPieceThere(from);
    }
    if board::owner(moving) != us {
        return IllegalMove::NotYourPiece(from);
    }
    if promotion.is_some() {
        return IllegalMove::NoPromotionHere;
    }
    let kind = board::kind(moving);
    let target = board.at(to);
    let own_target = target != EMPTY && board::owner(target) == us;
    if from != to && own_target {
        if kind != KING {
            return IllegalMove::OwnPieceThere(to);
        }
        // A King onto its own piece can only be the sacrifice (section 7).
        let why = if !position.sacrifice_rights(Player::new(us)) {
            "you have already made your sacrifice in this game"
        } else if position.in_check(Player::new(us)) {
            "your King is in check"
        } else if !in_home_zone(from.index() as u8, us) {
            "your King is not in your Home Zone"
        } else {
            "the piece to sacrifice is not in your Home Zone"
        };
        return IllegalMove::SacrificeNotAllowed { why };
    }
    IllegalMove::CannotMoveThere {
        piece: name(kind),
        from,
        to,
    }
}
