//! Attack test by reverse lookup: could a piece of `by` move onto this square now?

use super::pieces::{
    ALL, ARCHER, DIAGONAL, E, ELEPHANT, GENERAL, HORSE, KING, KNIGHT, ORTHOGONAL, SCOUT, Sq, W, WARRIOR, cell, forward,
    in_enemy_zone,
};
use crate::board::{EMPTY, OFF};

/// True if a piece of side `by` could move onto `sq` on its next move (section 8),
/// zone-dependent sideways steps of Warriors and Scouts included.
#[inline]
pub fn attacked(cells: &[u8; 256], sq: Sq, by: u8) -> bool {
    let at = |i: Sq| cells[i as usize];
    let fwd = forward(by);
    let warrior = cell(WARRIOR, by);
    let scout = cell(SCOUT, by);
    // Steps of Warriors and Scouts: forward onto sq comes from sq - forward.
    let behind = at(sq.wrapping_sub(fwd));
    if behind == warrior || behind == scout {
        return true;
    }
    // A Scout steps backward too, and diagonally forward.
    if at(sq.wrapping_add(fwd)) == scout
        || at(sq.wrapping_sub(fwd).wrapping_add(E)) == scout
        || at(sq.wrapping_sub(fwd).wrapping_add(W)) == scout
    {
        return true;
    }
    // Sideways steps keep the rank, so the zone of the mover is the zone of sq.
    if in_enemy_zone(sq, by) {
        for side in [E, W] {
            let c = at(sq.wrapping_add(side));
            if c == warrior || c == scout {
                return true;
            }
        }
    }
    let king = cell(KING, by);
    let general = cell(GENERAL, by);
    for d in ALL {
        let one = sq.wrapping_add(d);
        let c = at(one);
        if c == king {
            return true;
        }
        // The General's middle square must be empty (Decision 4).
        if c == EMPTY && at(one.wrapping_add(d)) == general {
            return true;
        }
    }
    let horse = cell(HORSE, by);
    for d in KNIGHT {
        if at(sq.wrapping_add(d)) == horse {
            return true;
        }
    }
    let elephant = cell(ELEPHANT, by);
    for d in ORTHOGONAL {
        let mut i = sq.wrapping_add(d);
        loop {
            let c = at(i);
            if c != EMPTY {
                if c == elephant {
                    return true;
                }
                break;
            }
            i = i.wrapping_add(d);
        }
    }
    // The Archer ignores everything in between (Decision 5): scan whole diagonals.
    let archer = cell(ARCHER, by);
    for d in DIAGONAL {
        let mut i = sq.wrapping_add(d);
        loop {
            let c = at(i);
            if c == archer {
                return true;
            }
            if c == OFF {
                break;
            }
            i = i.wrapping_add(d);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::movegen::ordinary;
    use super::super::pieces::sq_of;
    use super::*;
    use crate::position::Position;

    /// The reverse lookup agrees with "some move of `by` lands here" (section 10's
    /// definition) on every square not held by `by`, along random games.
    #[test]
    fn reverse_lookup_matches_forward_generation() {
        let mut position = crate::Nowan::start(crate::Options::NONE);
        let mut seed = 0xDEAD_BEEF_u64;
        let mut checked = 0;
        for _ in 0..400 {
            let cells = position.board().cells();
            for by in 0..2u8 {
                let mut reached = [false; 256];
                let squares: Vec<u8> = (0..9)
                    .flat_map(|rank| (0..9).map(move |file| sq_of(file, rank)))
                    .filter(|&sq| cells[sq as usize] != EMPTY && cells[sq as usize] >> 4 == by)
                    .collect();
                ordinary(cells, by, &squares, &mut |_, to| {
                    reached[to as usize] = true;
                    false
                });
                for rank in 0..9 {
                    for file in 0..9 {
                        let sq = sq_of(file, rank);
                        let c = cells[sq as usize];
                        if c != EMPTY && c >> 4 == by {
                            continue;
                        }
                        assert_eq!(attacked(cells, sq, by), reached[sq as usize], "{} {sq}", position.fen());
                        checked += 1;
                    }
                }
            }
            let moves = position.legal_moves(&[]);
            if moves.is_empty() {
                position = crate::Nowan::start(crate::Options::NONE);
                continue;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            position = position.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
        }
        assert!(checked > 10_000);
    }
}
