//! Bitboards for the 8x8 board: square numbering, leaper and ray tables, slider attacks.
//!
//! Square `s` is `rank * 8 + file` (a1 = 0, h8 = 63). The mailbox `Board` stays the
//! public view; these sets make counting moves a matter of masks and popcounts.

use crate::square::Square;

/// A set of squares, bit `rank * 8 + file`.
pub(super) type Bits = u64;

/// The square of a bit index as a public `Square`.
#[inline(always)]
pub(super) fn square(sq: u8) -> Square {
    Square::from_index(grid(sq))
}

/// Index of a bit square in the padded mailbox grid.
#[inline(always)]
pub(super) const fn grid(sq: u8) -> usize {
    ((sq as usize >> 3) + 3) * 16 + (sq as usize & 7) + 3
}

/// The bit index of a public square, if it is on the 8x8 board.
#[inline]
pub(super) fn index_of(square: Square) -> Option<u8> {
    (square.file() < 8 && square.rank() < 8).then(|| square.rank() * 8 + square.file())
}

#[inline(always)]
pub(super) const fn bit(sq: u8) -> Bits {
    1u64 << sq
}

/// Removes and returns the lowest square of a non-empty set.
#[inline(always)]
pub(super) fn pop(set: &mut Bits) -> u8 {
    let sq = set.trailing_zeros() as u8;
    *set &= *set - 1;
    sq
}

const fn leapers(deltas: &[(i8, i8)]) -> [Bits; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i8;
        let rank = (sq / 8) as i8;
        let mut i = 0;
        while i < deltas.len() {
            let f = file + deltas[i].0;
            let r = rank + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

pub(super) static KNIGHT: [Bits; 64] =
    leapers(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
pub(super) static KING: [Bits; 64] = leapers(&[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]);

/// `PAWN_CAPTURES[team][s]`: the squares a Sarbaz of that team on `s` attacks
/// (team 0 moves toward rank 8, team 1 toward rank 1). Read the other way, it is
/// where an enemy Sarbaz must stand to attack a piece of `team` on `s`.
pub(super) static PAWN_CAPTURES: [[Bits; 64]; 2] = [leapers(&[(-1, 1), (1, 1)]), leapers(&[(-1, -1), (1, -1)])];

/// Directions as (file, rank) steps; the first four increase the square index.
const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];

const fn rays() -> [[Bits; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut f = (sq % 8) as i8 + DIRECTIONS[d].0;
            let mut r = (sq / 8) as i8 + DIRECTIONS[d].1;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[d][sq] |= 1u64 << (r * 8 + f);
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

/// Squares a Rukh / Pil on `s` would reach on an empty board.
pub(super) static ROOK_EMPTY: [Bits; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = RAYS_CONST[0][sq] | RAYS_CONST[1][sq] | RAYS_CONST[4][sq] | RAYS_CONST[5][sq];
        sq += 1;
    }
    table
};
pub(super) static BISHOP_EMPTY: [Bits; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = RAYS_CONST[2][sq] | RAYS_CONST[3][sq] | RAYS_CONST[6][sq] | RAYS_CONST[7][sq];
        sq += 1;
    }
    table
};

/// `RAYS_CONST[d][s]`: the squares from `s` (exclusive) to the edge in direction `d`.
const RAYS_CONST: [[Bits; 64]; 8] = rays();

const fn between_and_line() -> ([[Bits; 64]; 64], [[Bits; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let opposite = (d + 4) % 8;
            let full = RAYS_CONST[d][a] | RAYS_CONST[opposite][a] | (1u64 << a);
            let mut rest = RAYS_CONST[d][a];
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                between[a][b] = RAYS_CONST[d][a] & !RAYS_CONST[d][b] & !(1u64 << b);
                line[a][b] = full;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

const BETWEEN_AND_LINE: ([[Bits; 64]; 64], [[Bits; 64]; 64]) = between_and_line();
/// `BETWEEN[a][b]`: the squares strictly between two aligned squares (else empty).
pub(super) static BETWEEN: [[Bits; 64]; 64] = BETWEEN_AND_LINE.0;
/// `LINE[a][b]`: the whole board line through two aligned squares (else empty).
pub(super) static LINE: [[Bits; 64]; 64] = BETWEEN_AND_LINE.1;

/// Slider attacks by "kindergarten" multiplication: the occupancy of a line is
/// gathered into six bits by one multiply (the bits never collide, so no carries
/// spoil it) and looked up. Branch-free, which the hot counting loop wants.
const B_FILE: Bits = 0x0202_0202_0202_0202;
const A_FILE: Bits = 0x0101_0101_0101_0101;
const DIAG_C2_H7: Bits = 0x0080_4020_1008_0400;

/// Attacks along one line of 8 squares from `pos` when the inner squares (1..=6)
/// marked in `inner` are occupied; bit `i` of the result is square `i` of the line.
const fn line_attacks(pos: usize, inner: usize) -> u8 {
    let occupied = (inner << 1) as u8;
    let mut attacks = 0u8;
    let mut i = pos + 1;
    while i < 8 {
        attacks |= 1 << i;
        if occupied & (1 << i) != 0 {
            break;
        }
        i += 1;
    }
    let mut i = pos;
    while i > 0 {
        i -= 1;
        attacks |= 1 << i;
        if occupied & (1 << i) != 0 {
            break;
        }
    }
    attacks
}

/// `FILL_UP[file][inner]`: the rank attacks from `file`, copied onto every rank.
static FILL_UP: [[Bits; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            table[file][inner] = (line_attacks(file, inner) as u64) * A_FILE;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// `A_FILE_ATTACKS[rank][index]`: attacks along the a-file from `rank`; the index
/// comes out of the c2-h7 multiply with rank 7 in bit 0 and rank 2 in bit 5.
static A_FILE_ATTACKS: [[Bits; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut index = 0;
        while index < 64 {
            let mut inner = 0;
            let mut i = 0;
            while i < 6 {
                if index & (1 << i) != 0 {
                    inner |= 1 << (5 - i);
                }
                i += 1;
            }
            let along = line_attacks(rank, inner);
            let mut bits = 0u64;
            let mut r = 0;
            while r < 8 {
                if along & (1 << r) != 0 {
                    bits |= 1u64 << (r * 8);
                }
                r += 1;
            }
            table[rank][index] = bits;
            index += 1;
        }
        rank += 1;
    }
    table
};

/// Masks of the rank, diagonal and anti-diagonal through each square, without it.
static LINE_MASKS: [[Bits; 64]; 3] = {
    let mut table = [[0u64; 64]; 3];
    let mut sq = 0;
    while sq < 64 {
        table[0][sq] = RAYS_CONST[1][sq] | RAYS_CONST[5][sq];
        table[1][sq] = RAYS_CONST[2][sq] | RAYS_CONST[6][sq];
        table[2][sq] = RAYS_CONST[3][sq] | RAYS_CONST[7][sq];
        sq += 1;
    }
    table
};

#[inline(always)]
fn masked_line(mask: Bits, sq: u8, occ: Bits) -> Bits {
    let index = ((occ & mask).wrapping_mul(B_FILE) >> 58) as usize;
    mask & FILL_UP[usize::from(sq & 7)][index]
}

#[inline(always)]
fn file_attacks(sq: u8, occ: Bits) -> Bits {
    let file = sq & 7;
    let index = ((A_FILE & (occ >> file)).wrapping_mul(DIAG_C2_H7) >> 58) as usize;
    A_FILE_ATTACKS[usize::from(sq >> 3)][index] << file
}

/// Squares a Rukh on `sq` attacks given the occupied squares.
#[inline(always)]
pub(super) fn rook_attacks(sq: u8, occ: Bits) -> Bits {
    masked_line(LINE_MASKS[0][usize::from(sq)], sq, occ) | file_attacks(sq, occ)
}

/// Squares a Pil on `sq` attacks given the occupied squares.
#[inline(always)]
pub(super) fn bishop_attacks(sq: u8, occ: Bits) -> Bits {
    masked_line(LINE_MASKS[1][usize::from(sq)], sq, occ) | masked_line(LINE_MASKS[2][usize::from(sq)], sq, occ)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_hand_counts() {
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(rook_attacks(27, 0).count_ones(), 14);
        assert_eq!(bishop_attacks(27, 0).count_ones(), 13);
        // a1 .. h8 diagonal: between a1 and d4 are b2, c3.
        assert_eq!(BETWEEN[0][27], bit(9) | bit(18));
        assert_eq!(BETWEEN[0][10], 0);
        assert_eq!(LINE[0][27].count_ones(), 8);
        assert_eq!(PAWN_CAPTURES[0][12], bit(19) | bit(21));
        assert_eq!(PAWN_CAPTURES[1][12], bit(3) | bit(5));
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let occ = bit(24 + 3) | bit(3 + 8 * 6);
        // Rukh on d1: up the d-file to d4 (blocker), and the whole first rank.
        let attacks = rook_attacks(3, occ);
        assert_eq!(attacks & bit(27), bit(27));
        assert_eq!(attacks & bit(35), 0);
        assert_eq!(attacks.count_ones(), 3 + 7);
    }

    /// The multiply lookups against a square-by-square walk, on pseudo-random boards.
    #[test]
    fn kindergarten_matches_walking_the_rays() {
        fn walk(sq: u8, occ: Bits, dirs: &[usize]) -> Bits {
            let mut attacks = 0;
            for &d in dirs {
                let (df, dr) = DIRECTIONS[d];
                let (mut f, mut r) = (i32::from(sq % 8) + i32::from(df), i32::from(sq / 8) + i32::from(dr));
                while (0..8).contains(&f) && (0..8).contains(&r) {
                    let b = 1u64 << (r * 8 + f);
                    attacks |= b;
                    if occ & b != 0 {
                        break;
                    }
                    f += i32::from(df);
                    r += i32::from(dr);
                }
            }
            attacks
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..4000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occ = if round % 2 == 0 {
                state
            } else {
                state & (state >> 3) & (state >> 9)
            };
            let sq = (round % 64) as u8;
            assert_eq!(rook_attacks(sq, occ), walk(sq, occ, &[0, 1, 4, 5]), "rook {sq} {occ:x}");
            assert_eq!(
                bishop_attacks(sq, occ),
                walk(sq, occ, &[2, 3, 6, 7]),
                "bishop {sq} {occ:x}"
            );
        }
    }
}
