//! What the four evaluations share: term switches, the registry's material as a table by
//! kind code, and a padded mailbox of the board with a piece list, read once per call.

use herald_rules::{Board, Square, Variant};

/// Which terms an evaluation adds up. Every game has all five kinds; a game's file says
/// what each means there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Terms(u8);

impl Terms {
    /// Nothing: every position scores 0.
    pub const NONE: Terms = Terms(0);
    /// The registry's piece values.
    pub const MATERIAL: Terms = Terms(1);
    /// Where pieces stand: men's advance, pieces' centralisation.
    pub const PLACEMENT: Terms = Terms(2);
    /// The squares sliding and leaping pieces reach.
    pub const MOBILITY: Terms = Terms(4);
    /// The royal piece's shelter and the enemies near it, as each game's rules make them.
    pub const KING_SAFETY: Terms = Terms(8);
    /// The game's own ending rules seen before they strike: baring, the move clocks,
    /// whose turn comes next among four seats.
    pub const RULES: Terms = Terms(16);
    /// Every term: what [`Evaluate::evaluate`](super::Evaluate::evaluate) adds up.
    pub const ALL: Terms = Terms(31);

    /// The terms of a bit set (bit 0 material … bit 4 rules); other bits are ignored.
    #[must_use]
    pub const fn from_bits(bits: u8) -> Terms {
        Terms(bits & Terms::ALL.0)
    }

    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    #[must_use]
    pub const fn with(self, other: Terms) -> Terms {
        Terms(self.0 | other.0)
    }

    #[must_use]
    pub const fn without(self, other: Terms) -> Terms {
        Terms(self.0 & !other.0)
    }

    #[must_use]
    pub const fn has(self, other: Terms) -> bool {
        self.0 & other.0 == other.0
    }
}

/// Kind codes are 1..=15: tables by kind have 16 entries.
pub(crate) const KINDS: usize = 16;

/// The registry's values of a game, indexed by kind code (0 for codes it does not use).
pub(crate) const fn values(variant: Variant) -> [i32; KINDS] {
    let pieces = variant.spec().pieces;
    let mut table = [0; KINDS];
    let mut i = 0;
    while i < pieces.len() {
        table[(pieces[i].code & 15) as usize] = pieces[i].value;
        i += 1;
    }
    table
}

/// What taking a royal piece is worth when captures are ordered: more than any army.
const ROYAL_CAPTURE: i32 = 10_000;

/// The registry's values for ordering captures (`Evaluate::piece_value`): a royal piece,
/// 0 in the material count, is the most valuable victim.
pub(crate) const fn capture_values(variant: Variant) -> [i32; KINDS] {
    let pieces = variant.spec().pieces;
    let mut table = values(variant);
    let mut i = 0;
    while i < pieces.len() {
        if pieces[i].royal {
            table[(pieces[i].code & 15) as usize] = ROYAL_CAPTURE;
        }
        i += 1;
    }
    table
}

/// The kind code of the piece with this letter in a game's registry (0 if none), so that
/// evaluations name kinds through the registry rather than the rules' private constants.
pub(crate) const fn code(variant: Variant, letter: char) -> u8 {
    let pieces = variant.spec().pieces;
    let mut i = 0;
    while i < pieces.len() {
        if pieces[i].letter == letter {
            return pieces[i].code;
        }
        i += 1;
    }
    0
}

/// A mailbox cell off the board.
pub(crate) const OFF: u8 = 0xFF;
/// An empty square.
pub(crate) const EMPTY: u8 = 0;
/// Padding on each side of the grid, as `Square::index` lays it out (16 cells a rank).
const PADDING: u8 = 3;
/// Most pieces a board of ours holds (Not Chess starts with 48).
const MAX_PIECES: usize = 64;

/// Grid steps: one rank up is 16 cells.
pub(crate) mod step {
    pub const N: i16 = 16;
    pub const S: i16 = -16;
    pub const E: i16 = 1;
    pub const W: i16 = -1;
    pub const ORTHOGONAL: [i16; 4] = [N, E, S, W];
    pub const DIAGONAL: [i16; 4] = [N + E, S + E, S + W, N + W];
    pub const KING: [i16; 8] = [N, N + E, E, S + E, S, S + W, W, N + W];
    pub const KNIGHT: [i16; 8] = [33, 31, -31, -33, 18, 14, -14, -18];
}

/// The board copied into the 16x16 padded grid `Square::index` uses (cells are
/// `owner << 4 | kind`, `EMPTY` or `OFF`), with the list of occupied cells: one pass over
/// the board, then every term walks the list and looks around it by index arithmetic.
pub(crate) struct Mailbox {
    pub cells: [u8; 256],
    pieces: [u8; MAX_PIECES],
    count: usize,
}

impl Mailbox {
    pub fn new(board: &Board) -> Mailbox {
        let mut mailbox = Mailbox {
            cells: [OFF; 256],
            pieces: [0; MAX_PIECES],
            count: 0,
        };
        for rank in 0..board.ranks() {
            for file in 0..board.files() {
                let Some(square) = Square::new(file, rank) else {
                    continue;
                };
                let index = square.index() & 255;
                mailbox.cells[index] = match board.piece_at(square) {
                    Some((kind, owner)) => {
                        if mailbox.count < MAX_PIECES {
                            mailbox.pieces[mailbox.count] = index as u8;
                            mailbox.count += 1;
                        }
                        (owner.get() << 4) | (kind & 15)
                    }
                    None => EMPTY,
                };
            }
        }
        mailbox
    }

    /// The occupied cells' indices, rank 1 first.
    pub fn pieces(&self) -> &[u8] {
        &self.pieces[..self.count.min(MAX_PIECES)]
    }

    /// The cell `delta` steps from `from` (`OFF` past the padding).
    #[inline(always)]
    pub fn at(&self, from: u8, delta: i16) -> u8 {
        let to = i16::from(from) + delta;
        if (0..256).contains(&to) {
            self.cells[to as usize]
        } else {
            OFF
        }
    }

    /// Squares a slider reaches along `delta` from `from`: the empty ones and a first
    /// piece that `is_enemy` says it may take.
    #[inline(always)]
    pub fn ray(&self, from: u8, delta: i16, is_enemy: impl Fn(u8) -> bool) -> i32 {
        let mut count = 0;
        let mut at = i16::from(from) + delta;
        while (0..256).contains(&at) {
            let cell = self.cells[at as usize];
            if cell == EMPTY {
                count += 1;
            } else {
                if cell != OFF && is_enemy(cell) {
                    count += 1;
                }
                break;
            }
            at += delta;
        }
        count
    }
}

/// The kind of a cell.
#[inline(always)]
pub(crate) const fn kind(cell: u8) -> u8 {
    cell & 15
}

/// The owner of a cell.
#[inline(always)]
pub(crate) const fn owner(cell: u8) -> u8 {
    cell >> 4
}

/// 0-based file of a grid index.
#[inline(always)]
pub(crate) const fn file(index: u8) -> u8 {
    (index & 15).wrapping_sub(PADDING)
}

/// 0-based rank of a grid index.
#[inline(always)]
pub(crate) const fn rank(index: u8) -> u8 {
    (index >> 4).wrapping_sub(PADDING)
}

/// How near the centre of a `files` x `ranks` board a square is: 0 in a corner, rising by
/// one a step toward the middle (Manhattan distance, halved for even sides).
#[inline(always)]
pub(crate) const fn centrality(index: u8, files: u8, ranks: u8) -> i32 {
    let df = (2 * file(index) as i32 - (files as i32 - 1)).abs();
    let dr = (2 * rank(index) as i32 - (ranks as i32 - 1)).abs();
    ((files as i32 - 1) + (ranks as i32 - 1) - df - dr) / 2
}

/// Chebyshev distance between two grid indices.
#[inline(always)]
pub(crate) const fn distance(a: u8, b: u8) -> u8 {
    let df = file(a).abs_diff(file(b));
    let dr = rank(a).abs_diff(rank(b));
    if df > dr { df } else { dr }
}

/// A score for two teams, folded at the end into the view of the team to move.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Tally(pub [i32; 2]);

impl Tally {
    #[inline(always)]
    pub fn add(&mut self, team: u8, value: i32) {
        self.0[usize::from(team & 1)] += value;
    }

    /// Team `team`'s score minus the other's.
    #[inline(always)]
    pub fn for_team(&self, team: u8) -> i32 {
        let us = usize::from(team & 1);
        self.0[us] - self.0[us ^ 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_from_the_registry() {
        for variant in Variant::ALL {
            let table = values(variant);
            for kind in variant.spec().pieces {
                assert_eq!(table[usize::from(kind.code)], kind.value, "{variant}");
                assert_eq!(code(variant, kind.letter), kind.code, "{variant}");
                let order = capture_values(variant)[usize::from(kind.code)];
                assert_eq!(order, if kind.royal { ROYAL_CAPTURE } else { kind.value });
            }
        }
    }

    #[test]
    fn centrality_peaks_in_the_middle() {
        let at = |f, r| Square::new(f, r).map_or(0, |s| s.index() as u8);
        assert_eq!(centrality(at(0, 0), 9, 9), 0);
        assert_eq!(centrality(at(4, 4), 9, 9), 8);
        assert_eq!(centrality(at(8, 8), 9, 9), 0);
        assert_eq!(centrality(at(4, 4), 8, 8), centrality(at(3, 3), 8, 8));
        assert_eq!(centrality(at(3, 3), 8, 8), 6);
        assert_eq!(centrality(at(0, 7), 8, 8), 0);
        assert_eq!(distance(at(0, 0), at(2, 1)), 2);
    }

    #[test]
    fn terms_switch_on_and_off() {
        let t = Terms::MATERIAL.with(Terms::MOBILITY);
        assert!(t.has(Terms::MATERIAL) && !t.has(Terms::PLACEMENT));
        assert_eq!(Terms::ALL.without(Terms::RULES).bits(), 15);
        assert_eq!(Terms::from_bits(0xFF), Terms::ALL);
    }
}
