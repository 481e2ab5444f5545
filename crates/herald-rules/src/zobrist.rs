//! Position keys for repetition rules: fixed pseudo-random numbers per piece and square.

use crate::board::Cell;
use crate::square::{GRID, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const PIECE_CODES: usize = 64;

/// A table of `N` pseudo-random keys from `seed`, computed at compile time.
const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut table = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix(state);
        state = next;
        table[i] = value;
        i += 1;
    }
    table
}

static PIECE_SQUARE: [u64; PIECE_CODES * GRID] = keys(0x4845_5241_4C44_u64);

/// Extra keys for side to move and small flags (index by meaning, 0..16).
pub(crate) static FLAGS: [u64; 16] = keys(0x0046_4C41_4753_u64);

/// The key of a piece standing on a square.
#[inline(always)]
pub(crate) fn piece_square(cell: Cell, square: Square) -> u64 {
    PIECE_SQUARE[(usize::from(cell) % PIECE_CODES) * GRID + square.index()]
}
