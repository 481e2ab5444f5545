//! Not Chess: the 10x10 capture-the-King game with palaces, hopping Cannons,
//! the seven-checks loss and the twenty-move draw (`shared/rules/not-chess.md`).

mod attacks;
mod movegen;
mod play;
mod setup;
mod spec;

pub(crate) use spec::SPEC;

pub use setup::START;

use crate::board::{self, Board};
use crate::error::IllegalMove;
use crate::moves::{Move, MoveText};
use crate::outcome::{EndReason, Outcome, Player, Team};
use crate::position::{History, Position};
use crate::square::Square;
use crate::variant::{Options, Variant};
use crate::zobrist;

/// Piece kinds as stored on the board.
pub(crate) mod kind {
    pub const KING: u8 = 1;
    pub const QUEEN: u8 = 2;
    pub const ROOK: u8 = 3;
    pub const BISHOP: u8 = 4;
    pub const ADVISOR: u8 = 5;
    pub const HORSE: u8 = 6;
    pub const CANNON: u8 = 7;
    pub const ELEPHANT: u8 = 8;
    pub const PAWN: u8 = 9;
}

/// Letters of the pieces a pawn may promote to, in the order moves are generated.
pub(crate) const PROMOTIONS: [u8; 4] = [b'q', b'e', b'h', b'c'];

/// Plies without capture or pawn move that draw the game (spec 9.3, Decision N16).
pub(crate) const DRAW_PLIES: u8 = 40;
/// Consecutive non-capturing checks that lose the game (spec 9.2, Decision N15).
pub(crate) const LOSING_CHECKS: u8 = 7;

/// A Not Chess position: the start of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotChess {
    board: Board,
    /// The seat to move, raw: the move generator compares it with cells' owners.
    turn: u8,
    halfmove_clock: u8,
    checks: [u8; 2],
    fullmove: u32,
    kings: [Square; 2],
    /// Set by the move that ended the game (King captured, seventh check, twentieth move).
    ended: Option<Outcome>,
}

impl NotChess {
    /// Plies since the last capture or pawn move.
    #[must_use]
    pub fn halfmove_clock(&self) -> u8 {
        self.halfmove_clock
    }

    /// Consecutive non-capturing checks given by a player (0 White, 1 Black).
    #[must_use]
    pub fn consecutive_checks(&self, player: Player) -> u8 {
        self.checks[usize::from(player.get() & 1)]
    }

    /// The full-move number.
    #[must_use]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The name of a piece kind, for messages.
    pub(crate) fn piece_name(kind: u8) -> &'static str {
        match kind {
            kind::KING => "King",
            kind::QUEEN => "Queen",
            kind::ROOK => "Rook",
            kind::BISHOP => "Bishop",
            kind::ADVISOR => "Advisor",
            kind::HORSE => "Horse",
            kind::CANNON => "Cannon",
            kind::ELEPHANT => "Elephant",
            _ => "Pawn",
        }
    }

    fn has_legal_move(&self) -> bool {
        let mut probe = movegen::FirstMove(false);
        self.generate::<_, false>(&mut probe);
        probe.0
    }
}

impl Position for NotChess {
    const VARIANT: Variant = Variant::NotChess;

    fn start(_options: Options) -> NotChess {
        setup::start()
    }

    fn from_fen(fen: &str, _options: Options) -> Result<NotChess, crate::PositionError> {
        setup::parse(fen)
    }

    fn fen(&self) -> String {
        setup::write(self)
    }

    fn options(&self) -> Options {
        Options::NONE
    }

    fn board(&self) -> &Board {
        &self.board
    }

    fn turn(&self) -> Player {
        Player::new(self.turn)
    }

    fn in_check(&self, player: Player) -> bool {
        let player = player.get() & 1;
        let king = self.kings[usize::from(player)];
        self.board.at(king) == board::piece(kind::KING, player) && attacks::attacked_by(&self.board, king, player ^ 1)
    }

    fn key(&self) -> u64 {
        let mut key = zobrist::FLAGS[usize::from(self.turn)];
        for (square, cell) in self.board.pieces() {
            key ^= zobrist::piece_square(cell, square);
        }
        key
    }

    fn search_key(&self) -> u64 {
        let counters =
            u64::from(self.halfmove_clock) | u64::from(self.checks[0]) << 8 | u64::from(self.checks[1]) << 16;
        self.key() ^ counters.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17)
    }

    fn pass_turn(&self) -> Option<NotChess> {
        // Near the move limit a pass could end the game; the search then plays it out.
        if self.ended.is_some() || self.halfmove_clock >= 38 {
            return None;
        }
        let mut next = self.clone();
        next.checks[usize::from(self.turn & 1)] = 0;
        next.halfmove_clock += 1;
        next.turn = self.turn ^ 1;
        Some(next)
    }

    fn legal_moves_into(&self, _history: &History, moves: &mut Vec<Move>) {
        if self.ended.is_none() {
            self.generate::<_, false>(moves);
        }
    }

    fn count_legal(&self, _history: &History, _scratch: &mut Vec<Move>) -> u64 {
        if self.ended.is_some() {
            return 0;
        }
        let mut counter = movegen::Counter(0);
        self.generate::<_, false>(&mut counter);
        counter.0
    }

    fn play_unchecked(&self, m: Move) -> NotChess {
        play::play(self, m)
    }

    fn outcome(&self, _history: &History) -> Option<Outcome> {
        if self.ended.is_some() {
            return self.ended;
        }
        (!self.has_legal_move()).then_some(Outcome::Win {
            team: Team::new(self.turn ^ 1),
            reason: EndReason::NoLegalMove,
        })
    }

    fn explain_illegal(&self, text: MoveText, history: &History) -> IllegalMove {
        let general = crate::position::default_explanation(self, text, history);
        let MoveText::Squares { from, to, promotion } = text else {
            return general;
        };
        if !matches!(general, IllegalMove::CannotMoveThere { .. }) {
            return general;
        }
        let mover = board::kind(self.board.at(from));
        let mut raw = Vec::new();
        self.generate::<_, true>(&mut raw);
        let reachable: Vec<Move> = raw.into_iter().filter(|m| m.from() == from && m.to() == to).collect();
        let Some(first) = reachable.first() else {
            return IllegalMove::CannotMoveThere {
                piece: NotChess::piece_name(mover),
                from,
                to,
            };
        };
        let choices = || "q (Queen), e (Elephant), h (Horse), c (Cannon)".to_string();
        match (first.promotion(), promotion) {
            (Some(_), None) => return IllegalMove::PromotionRequired { choices: choices() },
            (Some(_), Some(letter)) if !PROMOTIONS.contains(&letter) => {
                return IllegalMove::PromotionNotAllowed {
                    letter: char::from(letter),
                    choices: choices(),
                };
            }
            (None, Some(_)) => return IllegalMove::NoPromotionHere,
            _ => {}
        }
        if mover == kind::KING && !movegen::in_palace(to, self.turn) {
            return IllegalMove::RoyalConfined {
                royal: "King",
                area: "its palace",
            };
        }
        IllegalMove::RoyalsFacing { royal: "King" }
    }
}
