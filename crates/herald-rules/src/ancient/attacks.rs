//! Check and facing (sections 5 and 6): whether a square is attacked, found by
//! looking outward from the square for each kind of attacker, and whether the two
//! Generals see each other along an open line.

use super::geometry::{DIAGONAL, E, ELEPHANT_LEAPS, HORSE_LEAPS, Leap, N, ORTHOGONAL, S, W, line_step, rank, step};
use super::pieces::{CHARIOT, ELEPHANT, FERZ, GENERAL, HORSE, PAWN, WHITE};
use crate::board::{EMPTY, piece};

/// The rule options that change how pieces move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Variant #1: the Ferz's straight step goes forward instead of back.
    pub(crate) ferz_forward: bool,
    /// Variant #2: the Horse, the Elephant and the General's Horse move jump.
    pub(crate) jumping: bool,
    /// Variant #3: pawns promote on the last rank.
    pub(crate) promotion: bool,
}

impl Rules {
    /// The straight step of `side`'s Ferz.
    #[inline(always)]
    pub(crate) const fn ferz_straight(self, side: u8) -> i8 {
        match (side == WHITE, self.ferz_forward) {
            (true, false) | (false, true) => S,
            (true, true) | (false, false) => N,
        }
    }
}

/// Forward for `side`'s pawns.
#[inline(always)]
pub(crate) const fn forward(side: u8) -> i8 {
    if side == WHITE { N } else { S }
}

/// True if a lame leap from `origin` has an open path (or the piece jumps).
#[inline(always)]
pub(crate) fn path_open(cells: &[u8; 256], origin: u8, leap: &Leap, jumping: bool) -> bool {
    jumping
        || cells[usize::from(step(origin, leap.via[0]))] == EMPTY
        || cells[usize::from(step(origin, leap.via[1]))] == EMPTY
        || cells[usize::from(step(origin, leap.via[2]))] == EMPTY
}

/// True if a man of `them` could capture on `target` by its movement rule
/// (section 6: the enemy's own pins, facing and repetition do not matter).
pub(crate) fn attacked(cells: &[u8; 256], target: u8, them: u8, rules: Rules) -> bool {
    let at = |square: u8| cells[usize::from(square)];
    let chariot = piece(CHARIOT, them);
    for d in ORTHOGONAL {
        let mut square = step(target, d);
        while at(square) == EMPTY {
            square = step(square, d);
        }
        if at(square) == chariot {
            return true;
        }
    }
    let horse = piece(HORSE, them);
    for leap in &HORSE_LEAPS {
        let origin = step(target, -leap.to);
        if at(origin) == horse && path_open(cells, origin, leap, rules.jumping) {
            return true;
        }
    }
    let elephant = piece(ELEPHANT, them);
    for leap in &ELEPHANT_LEAPS {
        let origin = step(target, -leap.to);
        if at(origin) == elephant && path_open(cells, origin, leap, rules.jumping) {
            return true;
        }
    }
    let ferz = piece(FERZ, them);
    if DIAGONAL.iter().any(|&d| at(step(target, d)) == ferz) || at(step(target, -rules.ferz_straight(them))) == ferz {
        return true;
    }
    let pawn = piece(PAWN, them);
    if at(step(target, -forward(them))) == pawn {
        return true;
    }
    // A pawn beside the target attacks it sideways only once it has crossed, that
    // is, when it stands in its enemy's half; the target is on the same rank.
    if (rank(target) < 4) == (them != WHITE) && (at(step(target, E)) == pawn || at(step(target, W)) == pawn) {
        return true;
    }
    // The General captures only inside its own half.
    if (rank(target) < 4) == (them == WHITE) {
        let general = piece(GENERAL, them);
        if ORTHOGONAL.iter().any(|&d| at(step(target, d)) == general) {
            return true;
        }
    }
    false
}

/// True if the Generals on `a` and `b` share a rank, file or diagonal with only
/// empty squares between them (adjacent Generals face each other).
#[inline]
pub(crate) fn facing(cells: &[u8; 256], a: u8, b: u8) -> bool {
    let d = line_step(a, b);
    if d == 0 {
        return false;
    }
    let mut square = step(a, d);
    while square != b {
        if cells[usize::from(square)] != EMPTY {
            return false;
        }
        square = step(square, d);
    }
    true
}
