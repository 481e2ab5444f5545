//! Board geometry on the padded 16x16 grid: step offsets, the lame-leaper paths of
//! sections 4.1 and 4.2, halves of the board and line alignment.
//!
//! Squares are `u8` grid indices so that indexing a `[u8; 256]` needs no bounds check.

use crate::square::{Square, dir};

pub(crate) const N: i8 = dir::N as i8;
pub(crate) const S: i8 = dir::S as i8;
pub(crate) const E: i8 = dir::E as i8;
pub(crate) const W: i8 = dir::W as i8;

pub(crate) const ORTHOGONAL: [i8; 4] = narrow(dir::ORTHOGONAL);
pub(crate) const DIAGONAL: [i8; 4] = narrow(dir::DIAGONAL);

const fn narrow(steps: [i16; 4]) -> [i8; 4] {
    [steps[0] as i8, steps[1] as i8, steps[2] as i8, steps[3] as i8]
}

const fn contains(steps: &[i8], wanted: i16) -> bool {
    let mut i = 0;
    while i < steps.len() {
        if steps[i] as i16 == wanted {
            return true;
        }
        i += 1;
    }
    false
}

// The tables below agree with the shared step offsets: every king step is an
// orthogonal or diagonal step here, and every knight leap is a Horse leap.
const _: () = {
    let mut i = 0;
    while i < 8 {
        assert!(contains(&ORTHOGONAL, dir::ALL[i]) || contains(&DIAGONAL, dir::ALL[i]));
        let mut found = false;
        let mut j = 0;
        while j < 8 {
            found |= HORSE_LEAPS[j].to as i16 == dir::KNIGHT[i];
            j += 1;
        }
        assert!(found);
        assert!(
            i >= 4
                || contains(
                    &[dir::NE as i8, dir::NW as i8, dir::SE as i8, dir::SW as i8],
                    dir::DIAGONAL[i]
                )
        );
        i += 1;
    }
};

/// A leap and the intermediate squares (offsets from the origin) of which at
/// least one must be empty when the piece is lame.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Leap {
    pub(crate) to: i8,
    pub(crate) via: [i8; 3],
}

const fn leap(dx: i8, dy: i8, via: [(i8, i8); 3]) -> Leap {
    Leap {
        to: dy * 16 + dx,
        via: [
            via[0].1 * 16 + via[0].0,
            via[1].1 * 16 + via[1].0,
            via[2].1 * 16 + via[2].0,
        ],
    }
}

/// Section 4.2: each knight leap has two paths, the orthogonal step along the long
/// axis and the diagonal step; the third entry repeats the second.
pub(crate) const HORSE_LEAPS: [Leap; 8] = [
    leap(1, 2, [(0, 1), (1, 1), (1, 1)]),
    leap(-1, 2, [(0, 1), (-1, 1), (-1, 1)]),
    leap(1, -2, [(0, -1), (1, -1), (1, -1)]),
    leap(-1, -2, [(0, -1), (-1, -1), (-1, -1)]),
    leap(2, 1, [(1, 0), (1, 1), (1, 1)]),
    leap(2, -1, [(1, 0), (1, -1), (1, -1)]),
    leap(-2, 1, [(-1, 0), (-1, 1), (-1, 1)]),
    leap(-2, -1, [(-1, 0), (-1, -1), (-1, -1)]),
];

/// Section 4.1: a diagonal two-step has one path (its midpoint, repeated); an
/// orthogonal two-step has three (straight, or either turned ferz pair).
pub(crate) const ELEPHANT_LEAPS: [Leap; 8] = [
    leap(2, 2, [(1, 1), (1, 1), (1, 1)]),
    leap(2, -2, [(1, -1), (1, -1), (1, -1)]),
    leap(-2, 2, [(-1, 1), (-1, 1), (-1, 1)]),
    leap(-2, -2, [(-1, -1), (-1, -1), (-1, -1)]),
    leap(0, 2, [(0, 1), (-1, 1), (1, 1)]),
    leap(0, -2, [(0, -1), (-1, -1), (1, -1)]),
    leap(2, 0, [(1, 0), (1, 1), (1, -1)]),
    leap(-2, 0, [(-1, 0), (-1, 1), (-1, -1)]),
];

/// The grid cell `delta` away (the padding keeps every leap used here on the grid).
#[inline(always)]
pub(crate) const fn step(square: u8, delta: i8) -> u8 {
    square.wrapping_add_signed(delta)
}

/// 0-based rank of an on-board grid index.
#[inline(always)]
pub(crate) const fn rank(square: u8) -> u8 {
    (square >> 4).wrapping_sub(3)
}

/// True if the square lies in `side`'s half (White ranks 1-4, Black ranks 5-8).
#[inline(always)]
pub(crate) const fn in_own_half(square: u8, side: u8) -> bool {
    (rank(square) < 4) == (side == 0)
}

/// The 64 playable grid indices, rank 1 first.
pub(crate) const PLAYABLE: [u8; 64] = {
    let mut out = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = ((i / 8 + 3) * 16 + i % 8 + 3) as u8;
        i += 1;
    }
    out
};

/// For a grid difference `to - from` (+128), the unit step from `from` toward `to`
/// when they share a rank, file or diagonal, else 0.
static ALIGN: [i8; 256] = {
    let mut table = [0i8; 256];
    let mut dy: i32 = -7;
    while dy <= 7 {
        let mut dx: i32 = -7;
        while dx <= 7 {
            if (dx != 0 || dy != 0) && (dx == 0 || dy == 0 || dx == dy || dx == -dy) {
                let unit = dy.signum() * 16 + dx.signum();
                table[(dy * 16 + dx + 128) as usize] = unit as i8;
            }
            dx += 1;
        }
        dy += 1;
    }
    table
};

/// The unit step from `from` toward `to` along a shared line, or 0.
#[inline(always)]
pub(crate) fn line_step(from: u8, to: u8) -> i8 {
    ALIGN[usize::from(to.wrapping_sub(from).wrapping_add(128))]
}

/// The public square of a grid index.
#[inline(always)]
pub(crate) const fn square(index: u8) -> Square {
    Square::from_index(index as usize)
}
