//! Piece kinds, their letters and names, sides, zones and raw-grid helpers.

use crate::board::{EMPTY, OFF};
use crate::square::dir;

/// Black moves first and writes uppercase; Red writes lowercase.
pub const BLACK: u8 = 0;
pub const RED: u8 = 1;

pub const KING: u8 = 1;
pub const GENERAL: u8 = 2;
pub const ARCHER: u8 = 3;
pub const HORSE: u8 = 4;
pub const ELEPHANT: u8 = 5;
pub const WARRIOR: u8 = 6;
pub const SCOUT: u8 = 7;

/// How many of each kind a side starts with (index by kind); material only goes down.
pub const START_COUNT: [u8; 8] = [0, 1, 2, 2, 2, 2, 9, 2];

/// Letters by kind (uppercase = Black).
const LETTERS: [u8; 8] = [0, b'K', b'G', b'A', b'H', b'E', b'W', b'S'];

const NAMES: [&str; 8] = [
    "piece", "King", "General", "Archer", "Horse", "Elephant", "Warrior", "Scout",
];

/// A grid index as the engine uses it: always below 256, so indexing never fails.
pub type Sq = u8;

/// Grid steps of the core's `dir` table, as wrapping byte offsets.
pub const N: u8 = dir::N as u8;
pub const S: u8 = dir::S as u8;
pub const E: u8 = dir::E as u8;
pub const W: u8 = dir::W as u8;

pub const ORTHOGONAL: [u8; 4] = bytes4(dir::ORTHOGONAL);
pub const DIAGONAL: [u8; 4] = bytes4(dir::DIAGONAL);
pub const ALL: [u8; 8] = bytes8(dir::ALL);
pub const KNIGHT: [u8; 8] = bytes8(dir::KNIGHT);

const fn bytes4(steps: [i16; 4]) -> [u8; 4] {
    [steps[0] as u8, steps[1] as u8, steps[2] as u8, steps[3] as u8]
}

const fn bytes8(steps: [i16; 8]) -> [u8; 8] {
    let mut out = [0u8; 8];
    let mut i = 0;
    while i < 8 {
        out[i] = steps[i] as u8;
        i += 1;
    }
    out
}

/// Cell value of a piece.
#[inline(always)]
pub const fn cell(kind: u8, side: u8) -> u8 {
    (side << 4) | kind
}

/// The step "forward" for a side.
#[inline(always)]
pub const fn forward(side: u8) -> u8 {
    if side == BLACK { N } else { S }
}

/// 0-based rank of a grid index on the board.
#[inline(always)]
pub const fn rank_of(sq: Sq) -> u8 {
    (sq >> 4).wrapping_sub(3)
}

/// 0-based file of a grid index on the board.
#[inline(always)]
pub const fn file_of(sq: Sq) -> u8 {
    (sq & 15).wrapping_sub(3)
}

/// Grid index of a 0-based file and rank.
#[inline(always)]
pub const fn sq_of(file: u8, rank: u8) -> Sq {
    ((rank + 3) << 4) | (file + 3)
}

/// True if `sq` lies in `side`'s Home Zone (Black ranks 1-3, Red ranks 7-9).
#[inline(always)]
pub const fn in_home_zone(sq: Sq, side: u8) -> bool {
    let rank = rank_of(sq);
    if side == BLACK {
        rank <= 2
    } else {
        rank >= 6 && rank <= 8
    }
}

/// True if `sq` lies in `side`'s Enemy Zone (Black ranks 7-9, Red ranks 1-3).
#[inline(always)]
pub const fn in_enemy_zone(sq: Sq, side: u8) -> bool {
    in_home_zone(sq, side ^ 1)
}

/// For each side, the cells a piece of that side may land on by an ordinary move:
/// empty or enemy, never a friendly piece or off the board.
pub static LANDABLE: [[bool; 256]; 2] = {
    let mut table = [[false; 256]; 2];
    let mut side = 0;
    while side < 2 {
        table[side][EMPTY as usize] = true;
        let mut kind = 1;
        while kind < 8 {
            table[side][cell(kind, (side as u8) ^ 1) as usize] = true;
            kind += 1;
        }
        side += 1;
    }
    table[0][OFF as usize] = false;
    table[1][OFF as usize] = false;
    table
};

/// The position-string letter of a piece cell.
pub const fn letter(cell: u8) -> u8 {
    let upper = LETTERS[(cell & 7) as usize];
    if cell >> 4 == BLACK {
        upper
    } else {
        upper.to_ascii_lowercase()
    }
}

/// The piece cell for a position-string letter.
pub fn from_letter(letter: u8) -> Option<u8> {
    let kind = LETTERS
        .iter()
        .position(|&l| l != 0 && l == letter.to_ascii_uppercase())? as u8;
    let side = if letter.is_ascii_uppercase() { BLACK } else { RED };
    Some(cell(kind, side))
}

/// The English name of a piece kind.
pub const fn name(kind: u8) -> &'static str {
    NAMES[(kind & 7) as usize]
}
