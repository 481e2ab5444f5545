//! NotChess: placeholder until the rules engine lands.

use crate::board::Board;
use crate::error::PositionError;
use crate::moves::Move;
use crate::outcome::{Outcome, Player};
use crate::position::{History, Position};
use crate::variant::{Options, Variant};

/// A position of NotChess (placeholder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotChess {
    board: Board,
    options: Options,
}

impl Position for NotChess {
    const VARIANT: Variant = Variant::NotChess;

    fn start(options: Options) -> Self {
        let (files, ranks) = Self::VARIANT.board_size();
        NotChess {
            board: Board::empty(files, ranks),
            options,
        }
    }

    fn from_fen(_fen: &str, _options: Options) -> Result<Self, PositionError> {
        Err(PositionError::new("string", "not implemented yet"))
    }

    fn fen(&self) -> String {
        String::new()
    }

    fn options(&self) -> Options {
        self.options
    }

    fn board(&self) -> &Board {
        &self.board
    }

    fn turn(&self) -> Player {
        0
    }

    fn in_check(&self, _player: Player) -> bool {
        false
    }

    fn key(&self) -> u64 {
        0
    }

    fn legal_moves_into(&self, _history: &History, _moves: &mut Vec<Move>) {}

    fn play_unchecked(&self, _m: Move) -> Self {
        self.clone()
    }

    fn outcome(&self, _history: &History) -> Option<Outcome> {
        None
    }
}
