//! Nowan chess (`nowan`): the position type and its `Position` implementation.
//!
//! No move is ever illegal because of check (section 8), so the legal moves are the
//! piece moves plus the sacrifice; the game-over test at the start of a turn (section 9
//! step 3) is the only place where attacks decide anything, and it stops at the first
//! safe move. Events of the last move (King captured, only Kings left) are stored.

mod attacks;
mod end;
mod explain;
mod fen;
mod movegen;
mod pieces;
mod spec;

pub(crate) use spec::SPEC;

use crate::board::{Board, EMPTY};
use crate::error::{IllegalMove, PositionError};
use crate::moves::{Move, MoveKind, MoveText};
use crate::outcome::{EndReason, Outcome, Player, Team};
use crate::position::{History, Position};
use crate::square::Square;
use crate::variant::{Options, Variant};
use crate::zobrist::{FLAGS, piece_square};

use attacks::attacked;
use pieces::{BLACK, KING, RED, Sq, cell};

/// The standard starting position (section 3, Decision 3).
pub const START_FEN: &str = "ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1";

/// What the move that reached this position did, when it ends the game (section 9
/// steps 1 and 2). A position read from a string has no event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Event {
    None,
    /// The mover captured the enemy King.
    KingCaptured,
    /// Only the two Kings are left.
    OnlyKings,
}

/// A position of Nowan chess: Black (player 0, uppercase) moves first, Red is player 1.
#[derive(Clone, Debug)]
pub struct Nowan {
    board: Board,
    turn: u8,
    /// Bit 0: Black may still sacrifice; bit 1: Red may.
    rights: u8,
    fullmove: u32,
    /// Grid index of each King, 0 once captured.
    kings: [Sq; 2],
    /// Squares of each side's pieces (a side has at most 20), in no particular
    /// order, so that move generation need not scan the board.
    squares: [[Sq; MAX_PIECES]; 2],
    counts: [u8; 2],
    event: Event,
    hash: u64,
}

/// Most pieces a side can have: the starting set.
const MAX_PIECES: usize = 20;

/// Equal positions are equal whatever order their piece lists are in.
impl PartialEq for Nowan {
    fn eq(&self, other: &Nowan) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.rights == other.rights
            && self.fullmove == other.fullmove
            && self.event == other.event
    }
}

impl Eq for Nowan {}

const FLAG_RED_TO_MOVE: usize = 0;
const FLAG_RIGHTS: [usize; 2] = [1, 2];

impl Nowan {
    /// Whether `player` (0 Black, 1 Red) may still make the sacrifice.
    #[must_use]
    pub fn sacrifice_rights(&self, player: Player) -> bool {
        player.get() < 2 && self.rights & (1 << player.get()) != 0
    }

    /// The full-move number (starts at 1, increases after Red's move).
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.fullmove
    }

    /// The square of `player`'s King, or `None` once it has been captured.
    #[must_use]
    pub fn king_square(&self, player: Player) -> Option<Square> {
        let king = *self.kings.get(player.index())?;
        (king != 0).then(|| Square::from_index(usize::from(king)))
    }

    /// Whether a move resets the optional house-rule move limit of Decision 15 (a
    /// capture, a Warrior move or a sacrifice). The rule itself is server policy, off
    /// by default; threefold repetition can use `key`, which covers board, side to
    /// move and sacrifice rights.
    #[must_use]
    pub fn resets_move_limit(&self, m: Move) -> bool {
        let moving = self.board.at(m.from());
        m.kind() == MoveKind::Sacrifice
            || crate::board::kind(moving) == pieces::WARRIOR
            || self.board.at(m.to()) != EMPTY
    }

    /// The right is unused and the King is not in check (section 7 conditions 1-2).
    #[inline(always)]
    fn may_sacrifice(&self, us: u8, in_check: bool) -> bool {
        !in_check && self.rights & (1 << us) != 0
    }

    #[inline(always)]
    fn side_in_check(&self, side: u8) -> bool {
        let king = self.kings[usize::from(side & 1)];
        king != 0 && attacked(self.board.cells(), king, side ^ 1)
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for (square, c) in self.board.pieces() {
            hash ^= piece_square(c, square);
        }
        if self.turn == RED {
            hash ^= FLAGS[FLAG_RED_TO_MOVE];
        }
        for side in [BLACK, RED] {
            if self.rights & (1 << side) != 0 {
                hash ^= FLAGS[FLAG_RIGHTS[usize::from(side)]];
            }
        }
        hash
    }

    /// Pieces on the board, Kings included.
    #[inline(always)]
    fn piece_count(&self) -> u8 {
        self.counts[0] + self.counts[1]
    }

    /// The squares of `side`'s pieces.
    #[inline(always)]
    fn pieces_of(&self, side: u8) -> &[Sq] {
        let side = usize::from(side & 1);
        let count = usize::from(self.counts[side]).min(MAX_PIECES);
        &self.squares[side][..count]
    }

    /// Moves `side`'s piece list entry from `from` to `to`.
    #[inline(always)]
    fn relist(&mut self, side: u8, from: Sq, to: Sq) {
        let side = usize::from(side & 1);
        let count = usize::from(self.counts[side]).min(MAX_PIECES);
        if let Some(entry) = self.squares[side][..count].iter_mut().find(|s| **s == from) {
            *entry = to;
        }
    }

    /// Removes `side`'s piece on `sq` from its list.
    #[inline(always)]
    fn unlist(&mut self, side: u8, sq: Sq) {
        let side = usize::from(side & 1);
        let count = usize::from(self.counts[side]).min(MAX_PIECES);
        if let Some(at) = self.squares[side][..count].iter().position(|s| *s == sq) {
            self.squares[side][at] = self.squares[side][count - 1];
            self.counts[side] -= 1;
        }
    }

    #[inline(always)]
    fn put(&mut self, sq: Sq, c: u8) {
        let square = Square::from_index(usize::from(sq));
        let old = self.board.at(square);
        if old != EMPTY {
            self.hash ^= piece_square(old, square);
        }
        if c != EMPTY {
            self.hash ^= piece_square(c, square);
        }
        self.board.set(square, c);
    }

    /// Runs `visit(from, to, is_sacrifice)` on every legal move (none once the game is over).
    #[inline(always)]
    fn for_each_legal(&self, visit: &mut impl FnMut(Sq, Sq, bool)) {
        if self.event != Event::None {
            return;
        }
        let us = self.turn;
        let in_check = self.side_in_check(us);
        if !self.has_safe_move(in_check) {
            return;
        }
        let cells = self.board.cells();
        movegen::ordinary(cells, us, self.pieces_of(us), &mut |from, to| {
            visit(from, to, false);
            false
        });
        if self.may_sacrifice(us, in_check) {
            movegen::sacrifices(cells, us, self.kings[usize::from(us)], &mut |from, to| {
                visit(from, to, true);
                false
            });
        }
    }
}

impl Position for Nowan {
    const VARIANT: Variant = Variant::Nowan;

    fn start(_options: Options) -> Self {
        match fen::parse(START_FEN) {
            Ok(position) => position,
            // The constant parses; an empty board keeps this total without a panic.
            Err(_) => Nowan {
                board: Board::empty(9, 9),
                turn: BLACK,
                rights: 3,
                fullmove: 1,
                kings: [0, 0],
                squares: [[0; MAX_PIECES]; 2],
                counts: [0, 0],
                event: Event::None,
                hash: 0,
            },
        }
    }

    fn from_fen(text: &str, _options: Options) -> Result<Self, PositionError> {
        fen::parse(text)
    }

    fn fen(&self) -> String {
        fen::write(self)
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
        player.get() < 2 && self.side_in_check(player.get())
    }

    fn key(&self) -> u64 {
        self.hash
    }

    fn legal_moves_into(&self, _history: &History, moves: &mut Vec<Move>) {
        let square = |sq: Sq| Square::from_index(usize::from(sq));
        self.for_each_legal(&mut |from, to, sacrifice| {
            moves.push(if sacrifice {
                Move::sacrifice(square(from), square(to))
            } else {
                Move::normal(square(from), square(to))
            });
        });
    }

    fn count_legal(&self, _history: &History, _scratch: &mut Vec<Move>) -> u64 {
        let mut count = 0u64;
        self.for_each_legal(&mut |_, _, _| count += 1);
        count
    }

    fn play_unchecked(&self, m: Move) -> Self {
        let mut next = self.clone();
        let us = self.turn;
        let them = us ^ 1;
        let from = m.from().index() as Sq;
        let to = m.to().index() as Sq;
        let moving = self.board.cell(usize::from(from));
        let target = self.board.cell(usize::from(to));
        next.put(from, EMPTY);
        next.put(to, moving);
        if moving == cell(KING, us) {
            next.kings[usize::from(us)] = to;
        }
        if m.kind() == MoveKind::Sacrifice {
            next.unlist(us, to);
            next.rights &= !(1 << us);
            next.hash ^= FLAGS[FLAG_RIGHTS[usize::from(us)]];
        } else if target != EMPTY {
            next.unlist(them, to);
        }
        next.relist(us, from, to);
        next.event = if target == cell(KING, them) {
            next.kings[usize::from(them)] = 0;
            Event::KingCaptured
        } else if next.piece_count() == 2 {
            Event::OnlyKings
        } else {
            Event::None
        };
        next.turn = them;
        next.hash ^= FLAGS[FLAG_RED_TO_MOVE];
        if us == RED {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next
    }

    fn outcome(&self, _history: &History) -> Option<Outcome> {
        match self.event {
            Event::KingCaptured => Some(Outcome::Win {
                team: Team::new(self.turn ^ 1),
                reason: EndReason::KingCaptured,
            }),
            Event::OnlyKings => Some(Outcome::Draw {
                reason: EndReason::OnlyKingsLeft,
            }),
            Event::None => self.turn_outcome(self.side_in_check(self.turn)),
        }
    }

    fn explain_illegal(&self, text: MoveText, _history: &History) -> IllegalMove {
        explain::explain(self, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let start = Nowan::start(Options::NONE);
        assert_eq!(start.fen(), START_FEN);
        assert_eq!(start.piece_count(), 40);
        assert_eq!(
            start.king_square(Player::new(0)).map(|s| s.to_string()).as_deref(),
            Some("e1")
        );
        assert_eq!(
            start.king_square(Player::new(1)).map(|s| s.to_string()).as_deref(),
            Some("e9")
        );
    }

    /// The incremental key equals the key computed from scratch along a game.
    #[test]
    fn incremental_key_matches_full_key() {
        let mut position = Nowan::start(Options::NONE);
        let mut seed = 0x1234_5678_u64;
        for _ in 0..200 {
            let moves = position.legal_moves(&[]);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            position = position.play_unchecked(m);
            assert_eq!(position.key(), position.compute_hash(), "{}", position.fen());
            let count = position.board.pieces().count() as u8;
            assert_eq!(position.piece_count(), count);
            for side in [BLACK, RED] {
                let mut listed: Vec<Sq> = position.pieces_of(side).to_vec();
                listed.sort_unstable();
                let mut on_board: Vec<Sq> = position
                    .board
                    .pieces()
                    .filter(|(_, c)| c >> 4 == side)
                    .map(|(s, _)| s.index() as Sq)
                    .collect();
                on_board.sort_unstable();
                assert_eq!(listed, on_board);
            }
        }
    }
}
