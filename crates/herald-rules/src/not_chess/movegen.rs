//! Not Chess move generation: piece movement (spec 4), the palace and the facing rule (spec 5).

use super::{NotChess, PROMOTIONS, kind};
use crate::board::{EMPTY, OFF};
use crate::moves::Move;
use crate::square::{STRIDE, Square, dir};

/// Where generated moves go: a list, a counter, or a probe for "is there any".
pub(crate) trait Sink {
    fn push(&mut self, m: Move);
    /// True once the sink wants no more moves.
    fn full(&self) -> bool {
        false
    }
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// Counts moves without storing them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Records whether at least one move exists.
pub(crate) struct FirstMove(pub bool);

impl Sink for FirstMove {
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.0 = true;
    }
    fn full(&self) -> bool {
        self.0
    }
}

/// Camel leaps of the Horse: three squares one way and one the other.
pub(crate) const CAMEL: [i16; 8] = [
    3 * STRIDE + 1,
    3 * STRIDE - 1,
    -3 * STRIDE + 1,
    -3 * STRIDE - 1,
    STRIDE + 3,
    STRIDE - 3,
    -STRIDE + 3,
    -STRIDE - 3,
];

/// Lowest cell value of a player's pieces: `cell - low < 15` tests ownership,
/// and reads false for empty and off-board cells.
#[inline(always)]
pub(crate) const fn low(player: u8) -> u8 {
    (player << 4) + 1
}

#[inline(always)]
pub(crate) const fn owned(cell: u8, low: u8) -> bool {
    cell.wrapping_sub(low) < 15
}

/// True if the square is in the player's palace (files d-g, three ranks at home).
#[must_use]
pub(crate) fn in_palace(square: Square, player: u8) -> bool {
    let file = square.file();
    let rank = square.rank();
    (3..=6).contains(&file) && if player == 0 { rank <= 2 } else { rank >= 7 }
}

/// The facing rule, prepared once per position: which origin square, if
/// vacated, would leave the Kings facing on an open file.
struct Facing {
    /// The only piece between the Kings on a shared file, if exactly one.
    lone_blocker: usize,
    /// Grid indices strictly between the Kings are in (low, high) on that file.
    low: usize,
    high: usize,
}

impl Facing {
    fn new(position: &NotChess) -> Facing {
        let [a, b] = position.kings;
        let none = Facing {
            lone_blocker: usize::MAX,
            low: 0,
            high: 0,
        };
        if a.file() != b.file() {
            return none;
        }
        let (low, high) = if a.index() < b.index() {
            (a.index(), b.index())
        } else {
            (b.index(), a.index())
        };
        let cells = position.board.cells();
        let mut blocker = usize::MAX;
        let mut count = 0;
        let mut index = low + STRIDE as usize;
        while index < high {
            if cells[index] != EMPTY {
                blocker = index;
                count += 1;
            }
            index += STRIDE as usize;
        }
        if count == 1 {
            Facing {
                lone_blocker: blocker,
                low,
                high,
            }
        } else {
            none
        }
    }

    /// True if moving the piece on `from` to `to` opens the file between the Kings.
    #[inline(always)]
    fn opens(&self, from: usize, to: usize) -> bool {
        from == self.lone_blocker
            && !(to > self.low && to < self.high && (to - self.low).is_multiple_of(STRIDE as usize))
    }
}

impl NotChess {
    /// Generates moves into `sink`. With `RAW` the palace and facing rules are
    /// ignored (used only to explain why a move is illegal).
    pub(crate) fn generate<S: Sink, const RAW: bool>(&self, sink: &mut S) {
        let us = self.turn;
        let own = low(us);
        let enemy = low(us ^ 1);
        let forward: i16 = if us == 0 { STRIDE } else { -STRIDE };
        let cells = self.board.cells();
        let facing = if RAW {
            Facing {
                lone_blocker: usize::MAX,
                low: 0,
                high: 0,
            }
        } else {
            Facing::new(self)
        };
        let their_king = self.kings[usize::from(us ^ 1)].index();
        let emit = |from: usize, to: usize, sink: &mut S| {
            if RAW || to == their_king || !facing.opens(from, to) {
                sink.push(Move::normal(Square::from_index(from), Square::from_index(to)));
            }
        };
        let target_ok = |cell: u8| cell == EMPTY || owned(cell, enemy);
        for rank in 0..self.board.ranks() {
            for file in 0..self.board.files() {
                let Some(square) = Square::new(file, rank) else {
                    continue;
                };
                let from = square.index();
                let cell = cells[from];
                if !owned(cell, own) {
                    continue;
                }
                match cell & 15 {
                    kind::KING => self.king_moves::<S, RAW>(square, sink),
                    kind::QUEEN => slide(cells, from, &dir::ALL, enemy, &mut |to| emit(from, to, sink)),
                    kind::ROOK => slide(cells, from, &dir::ORTHOGONAL, enemy, &mut |to| emit(from, to, sink)),
                    kind::BISHOP => slide(cells, from, &dir::DIAGONAL, enemy, &mut |to| emit(from, to, sink)),
                    kind::ADVISOR => {
                        for d in dir::ALL {
                            let to = square.offset(d);
                            if target_ok(cells[to & 255]) {
                                emit(from, to, sink);
                            }
                        }
                    }
                    kind::HORSE => {
                        for d in CAMEL {
                            let to = square.offset(d);
                            if target_ok(cells[to & 255]) {
                                emit(from, to, sink);
                            }
                        }
                        for d in dir::ORTHOGONAL {
                            let to = square.offset(d);
                            if cells[to & 255] == EMPTY {
                                emit(from, to, sink);
                            }
                        }
                    }
                    kind::CANNON => {
                        for d in dir::ALL {
                            let step = square.offset(d);
                            if cells[step & 255] == EMPTY {
                                emit(from, step, sink);
                            }
                            if let Some(to) = hop_landing(cells, from, d)
                                && target_ok(cells[to])
                            {
                                emit(from, to, sink);
                            }
                        }
                    }
                    kind::ELEPHANT => {
                        for d in [forward, forward - 1, forward + 1, -forward - 1, -forward + 1] {
                            let to = square.offset(d);
                            if target_ok(cells[to & 255]) {
                                emit(from, to, sink);
                            }
                        }
                        for side in [-1i16, 1] {
                            let diagonal = square.offset(forward + side);
                            if cells[diagonal & 255] != EMPTY {
                                continue;
                            }
                            for d in [2 * forward + side, forward + 2 * side] {
                                let to = square.offset(d);
                                if target_ok(cells[to & 255]) {
                                    emit(from, to, sink);
                                }
                            }
                        }
                    }
                    _ => self.pawn_moves(square, forward, enemy, &facing, RAW, sink),
                }
                if sink.full() {
                    return;
                }
            }
        }
    }

    fn king_moves<S: Sink, const RAW: bool>(&self, square: Square, sink: &mut S) {
        let us = self.turn;
        let cells = self.board.cells();
        let enemy = low(us ^ 1);
        let their_king = self.kings[usize::from(us ^ 1)];
        for d in dir::ALL {
            let to = square.offset(d);
            let cell = cells[to & 255];
            if cell != EMPTY && !owned(cell, enemy) {
                continue;
            }
            let destination = Square::from_index(to);
            if RAW
                || (in_palace(destination, us) && (to == their_king.index() || !self.kings_face(destination, square)))
            {
                sink.push(Move::normal(square, destination));
            }
        }
    }

    /// Would a King standing on `king` (having left `vacated`) face the other King?
    fn kings_face(&self, king: Square, vacated: Square) -> bool {
        let other = self.kings[usize::from(self.turn ^ 1)];
        if king.file() != other.file() {
            return false;
        }
        let (low, high) = if king.index() < other.index() {
            (king.index(), other.index())
        } else {
            (other.index(), king.index())
        };
        let cells = self.board.cells();
        let mut index = low + STRIDE as usize;
        while index < high {
            if cells[index] != EMPTY && index != vacated.index() {
                return false;
            }
            index += STRIDE as usize;
        }
        true
    }

    fn pawn_moves<S: Sink>(&self, square: Square, forward: i16, enemy: u8, facing: &Facing, raw: bool, sink: &mut S) {
        let cells = self.board.cells();
        let from = square.index();
        let last_rank = if self.turn == 0 { self.board.ranks() - 1 } else { 0 };
        let third_rank = if self.turn == 0 { 2 } else { self.board.ranks() - 3 };
        let their_king = self.kings[usize::from(self.turn ^ 1)].index();
        let emit = |to: usize, sink: &mut S| {
            if !raw && to != their_king && facing.opens(from, to) {
                return;
            }
            let destination = Square::from_index(to);
            if destination.rank() == last_rank {
                for letter in PROMOTIONS {
                    sink.push(Move::promoting(square, destination, letter));
                }
            } else {
                sink.push(Move::normal(square, destination));
            }
        };
        let ahead = square.offset(forward);
        if cells[ahead & 255] == EMPTY {
            emit(ahead, sink);
            let two = square.offset(2 * forward);
            if square.rank() == third_rank && cells[two & 255] == EMPTY {
                emit(two, sink);
            }
        }
        for side in [-1, 1] {
            let to = square.offset(forward + side);
            if owned(cells[to & 255], enemy) {
                emit(to, sink);
            }
        }
    }
}

/// Slides from `from` along each direction, emitting empty squares and the first enemy.
#[inline(always)]
fn slide(cells: &[u8; 256], from: usize, directions: &[i16], enemy: u8, emit: &mut impl FnMut(usize)) {
    for &d in directions {
        let mut to = from;
        loop {
            to = (to as i16 + d) as usize & 255;
            let cell = cells[to];
            if cell == EMPTY {
                emit(to);
                continue;
            }
            if owned(cell, enemy) {
                emit(to);
            }
            break;
        }
    }
}

/// The square immediately beyond the first piece along `d`, if it is on the board.
#[inline(always)]
pub(crate) fn hop_landing(cells: &[u8; 256], from: usize, d: i16) -> Option<usize> {
    let mut at = from;
    loop {
        at = (at as i16 + d) as usize & 255;
        match cells[at] {
            EMPTY => continue,
            OFF => return None,
            _ => {
                let landing = (at as i16 + d) as usize & 255;
                return (cells[landing] != OFF).then_some(landing);
            }
        }
    }
}
