//! Ancient chess (`shared/rules/ancient-chess.md`): the position type and its
//! [`Position`] implementation.
//!
//! Files: `pieces` (kinds and letters), `geometry` (grid steps and lame paths),
//! `attacks` (check and facing), `movegen` (legal moves), `fen` (position
//! string), `end` (end of game and explanations of illegal moves).

mod attacks;
mod end;
mod fen;
mod geometry;
mod movegen;
mod pieces;
mod spec;

pub(crate) use spec::SPEC;

use attacks::{Rules, attacked, forward};
use geometry::square;
use movegen::{Filter, Generator};
use pieces::{BLACK, GENERAL, KINDS, PAWN, WHITE};

use crate::board::{Board, EMPTY, piece};
use crate::error::{IllegalMove, PositionError};
use crate::moves::{Move, MoveText};
use crate::outcome::{Outcome, Player};
use crate::position::{History, Position};
use crate::square::Square;
use crate::variant::{GameOption, Options, Variant};
use crate::zobrist;

/// Key of "Black to move".
pub(crate) const SIDE_KEY: u64 = zobrist::FLAGS[0];
/// Keys of the General-unmoved flags, White then Black.
const UNMOVED_KEY: [u64; 2] = [zobrist::FLAGS[1], zobrist::FLAGS[2]];

/// `reversible` value meaning "unknown": a position read from a string may have
/// any history before it, so the repetition scan is bounded by the history alone.
const UNKNOWN_STRETCH: u16 = u16::MAX;

/// A position of Ancient chess: the start of a turn.
///
/// Equality compares what the position string holds (placement, side to move,
/// General flags, move number) and the options; it ignores the bookkeeping that
/// depends on how the position was reached (the reversible-ply count, and whether
/// the last move bared the side to move, which ends the game).
#[derive(Clone, Debug)]
pub struct Ancient {
    board: Board,
    turn: u8,
    /// Bit `side` set: that side's General has never moved.
    unmoved: u8,
    fullmove: u32,
    options: Options,
    rules: Rules,
    generals: [u8; 2],
    /// Men of each kind on the board, per side (promotion choices, bare test).
    counts: [[u8; KINDS]; 2],
    key: u64,
    /// Plies since the last move that no later position can undo (a capture, a
    /// pawn's forward step, a promotion, a General losing its unmoved flag).
    reversible: u16,
    /// The move that produced this position left the side to move bare (9.1).
    bared: bool,
}

impl PartialEq for Ancient {
    fn eq(&self, other: &Ancient) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.unmoved == other.unmoved
            && self.fullmove == other.fullmove
            && self.options == other.options
    }
}

impl Eq for Ancient {}

impl Ancient {
    /// The position string of the starting array (section 3).
    pub const START_FEN: &'static str = "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1";

    /// Whether `player`'s General has never moved (its one-time Horse move is still available).
    #[must_use]
    pub fn general_unmoved(&self, player: Player) -> bool {
        player.get() < 2 && self.unmoved & (1 << player.get()) != 0
    }

    /// The square of `player`'s General.
    #[must_use]
    pub fn general(&self, player: Player) -> Square {
        square(self.generals[usize::from(player.get() & 1)])
    }

    /// The full-move number (1 at the start, +1 after each Black move).
    #[must_use]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The number of `player`'s men other than the General.
    #[must_use]
    pub fn men(&self, player: Player) -> u32 {
        self.counts[usize::from(player.get() & 1)][2..]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    /// True if the move that produced this position bared the side to move: the
    /// mover has won (section 9.1) and nobody moves any more.
    #[must_use]
    pub fn is_bared(&self) -> bool {
        self.bared
    }

    /// The key recomputed from scratch (the stored one is kept incrementally).
    fn full_key(board: &Board, turn: u8, unmoved: u8) -> u64 {
        let mut key = 0;
        for (sq, cell) in board.pieces() {
            key ^= zobrist::piece_square(cell, sq);
        }
        if turn == BLACK {
            key ^= SIDE_KEY;
        }
        for side in [WHITE, BLACK] {
            if unmoved & (1 << side) != 0 {
                key ^= UNMOVED_KEY[usize::from(side)];
            }
        }
        key
    }

    fn rules_of(options: Options) -> Rules {
        Rules {
            ferz_forward: options.contains(GameOption::FerzForward),
            jumping: options.contains(GameOption::Jumping),
            promotion: options.contains(GameOption::Promotion),
        }
    }

    /// Builds a position from validated parts, deriving the bookkeeping.
    fn assemble(board: Board, turn: u8, unmoved: u8, fullmove: u32, options: Options) -> Ancient {
        let mut counts = [[0u8; KINDS]; 2];
        let mut generals = [0u8; 2];
        for (sq, cell) in board.pieces() {
            let side = usize::from(cell >> 4) & 1;
            let kind = usize::from(cell & 15) % KINDS;
            counts[side][kind] = counts[side][kind].saturating_add(1);
            if kind == usize::from(GENERAL) {
                generals[side] = sq.index() as u8;
            }
        }
        Ancient {
            key: Ancient::full_key(&board, turn, unmoved),
            board,
            turn,
            unmoved,
            fullmove,
            options,
            rules: Ancient::rules_of(options),
            generals,
            counts,
            reversible: UNKNOWN_STRETCH,
            bared: false,
        }
    }

    fn visit<F: FnMut(movegen::Candidate)>(&self, history: &History, filter: Filter, sink: &mut F) -> bool {
        let mut generator = Generator::new(self, history, filter);
        generator.run(sink);
        generator.in_check()
    }
}

impl Position for Ancient {
    const VARIANT: Variant = Variant::Ancient;

    fn start(options: Options) -> Self {
        match Ancient::from_fen(Ancient::START_FEN, options) {
            Ok(position) => position,
            // The start string is a constant that the tests read; this arm is unreachable.
            Err(_) => Ancient::assemble(Board::empty(8, 8), WHITE, 0, 1, options),
        }
    }

    fn from_fen(text: &str, options: Options) -> Result<Self, PositionError> {
        let parts = fen::parse(text, options)?;
        Ok(Ancient::assemble(
            parts.board,
            parts.turn,
            parts.unmoved,
            parts.fullmove,
            options,
        ))
    }

    fn fen(&self) -> String {
        fen::write(&self.board, self.turn, self.unmoved, self.fullmove)
    }

    fn options(&self) -> Options {
        self.options
    }

    fn board(&self) -> &Board {
        &self.board
    }

    fn turn(&self) -> Player {
        Player::new(self.turn)
    }

    fn in_check(&self, player: Player) -> bool {
        let side = player.get() & 1;
        attacked(
            self.board.cells(),
            self.generals[usize::from(side)],
            side ^ 1,
            self.rules,
        )
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves_into(&self, history: &History, moves: &mut Vec<Move>) {
        if self.bared {
            return;
        }
        self.visit(history, Filter::Legal, &mut |c| moves.push(c.to_move()));
    }

    fn count_legal(&self, history: &History, _scratch: &mut Vec<Move>) -> u64 {
        if self.bared {
            return 0;
        }
        let mut count = 0u64;
        self.visit(history, Filter::Legal, &mut |_| count += 1);
        count
    }

    fn play_unchecked(&self, m: Move) -> Self {
        let mut next = self.clone();
        let us = self.turn;
        let them = us ^ 1;
        let from = m.from().index() as u8;
        let to = m.to().index() as u8;
        let moved = self.board.cell(usize::from(from));
        let captured = self.board.cell(usize::from(to));
        let mut irreversible = false;
        next.key ^= zobrist::piece_square(moved, m.from());
        next.board.set(m.from(), EMPTY);
        if captured != EMPTY {
            next.key ^= zobrist::piece_square(captured, m.to());
            let kind = usize::from(captured & 15) % KINDS;
            let count = &mut next.counts[usize::from(them)][kind];
            *count = count.saturating_sub(1);
            irreversible = true;
        }
        let mut placed = moved;
        let kind = moved & 15;
        if let Some(letter) = m.promotion() {
            if let Some(new_kind) = pieces::kind_of_letter(letter.to_ascii_uppercase()) {
                placed = piece(new_kind, us);
                let own = &mut next.counts[usize::from(us)];
                own[usize::from(PAWN)] = own[usize::from(PAWN)].saturating_sub(1);
                own[usize::from(new_kind)] = own[usize::from(new_kind)].saturating_add(1);
            }
            irreversible = true;
        } else if kind == PAWN && m.from().offset(i16::from(forward(us))) == m.to().index() {
            irreversible = true;
        }
        next.key ^= zobrist::piece_square(placed, m.to());
        next.board.set(m.to(), placed);
        if kind == GENERAL {
            next.generals[usize::from(us)] = to;
            if self.unmoved & (1 << us) != 0 {
                next.unmoved &= !(1 << us);
                next.key ^= UNMOVED_KEY[usize::from(us)];
                irreversible = true;
            }
        }
        next.reversible = if irreversible {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        next.turn = them;
        next.key ^= SIDE_KEY;
        if us == BLACK {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.bared = next.men(Player::new(them)) == 0;
        next
    }

    fn pass_turn(&self) -> Option<Ancient> {
        if self.bared {
            return None;
        }
        let mut next = self.clone();
        let them = self.turn ^ 1;
        next.turn = them;
        next.key ^= SIDE_KEY;
        next.reversible = self.reversible.saturating_add(1);
        next.bared = next.men(Player::new(them)) == 0;
        Some(next)
    }

    fn outcome(&self, history: &History) -> Option<Outcome> {
        end::outcome(self, history)
    }

    fn explain_illegal(&self, text: MoveText, history: &History) -> IllegalMove {
        end::explain(self, text, history)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_string_is_valid_and_round_trips() {
        let start = Ancient::start(Options::NONE);
        assert_eq!(start.fen(), Ancient::START_FEN);
        assert_eq!(start.men(Player::new(0)), 15);
        assert_eq!(start.general(Player::new(1)).to_string(), "e8");
    }

    #[test]
    fn incremental_key_matches_recomputed_key() {
        let mut position = Ancient::start(Options::NONE);
        for ply in 0..60 {
            let moves = position.legal_moves(&[]);
            let Some(&m) = moves.get((ply * 7) % moves.len().max(1)) else {
                break;
            };
            position = position.play_unchecked(m);
            assert_eq!(
                position.key,
                Ancient::full_key(&position.board, position.turn, position.unmoved)
            );
        }
    }
}
