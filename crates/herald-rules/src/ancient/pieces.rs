//! Piece kinds of Ancient chess: their cell codes, letters, names and starting counts.

use crate::board::{Cell, EMPTY};

pub(crate) const GENERAL: u8 = 1;
pub(crate) const FERZ: u8 = 2;
pub(crate) const ELEPHANT: u8 = 3;
pub(crate) const HORSE: u8 = 4;
pub(crate) const CHARIOT: u8 = 5;
pub(crate) const PAWN: u8 = 6;

/// Size of per-kind arrays (index 0 unused).
pub(crate) const KINDS: usize = 7;

/// How many of each kind a side has in the starting array (section 3); variant #3
/// lets a pawn become a Chariot, Horse or Elephant only while the side has fewer.
pub(crate) const START_COUNT: [u8; KINDS] = [0, 1, 1, 2, 2, 2, 8];

pub(crate) const WHITE: u8 = 0;
pub(crate) const BLACK: u8 = 1;

/// Uppercase letter of a kind (Black writes it in lowercase).
pub(crate) const fn letter(kind: u8) -> u8 {
    match kind {
        GENERAL => b'G',
        FERZ => b'F',
        ELEPHANT => b'E',
        HORSE => b'H',
        CHARIOT => b'C',
        _ => b'P',
    }
}

/// The kind written with this uppercase letter.
pub(crate) const fn kind_of_letter(upper: u8) -> Option<u8> {
    match upper {
        b'G' => Some(GENERAL),
        b'F' => Some(FERZ),
        b'E' => Some(ELEPHANT),
        b'H' => Some(HORSE),
        b'C' => Some(CHARIOT),
        b'P' => Some(PAWN),
        _ => None,
    }
}

/// The piece's name for messages.
pub(crate) const fn name(kind: u8) -> &'static str {
    match kind {
        GENERAL => "General",
        FERZ => "Ferz",
        ELEPHANT => "Elephant",
        HORSE => "Horse",
        CHARIOT => "Chariot",
        _ => "Pawn",
    }
}

/// True if a man of the side whose opponent is `them` may end a move on `cell`:
/// the square is empty or holds an enemy (off-board cells read 0xFF and fail).
#[inline(always)]
pub(crate) const fn is_target(cell: Cell, them: u8) -> bool {
    cell == EMPTY || cell >> 4 == them
}
