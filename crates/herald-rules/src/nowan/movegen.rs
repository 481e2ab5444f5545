//! Move generation by the piece rules of section 5 and the zone powers of section 6,
//! plus the sacrifice targets of section 7. No check filter exists in Nowan.

use super::pieces::{
    ALL, ARCHER, DIAGONAL, E, ELEPHANT, GENERAL, HORSE, KING, KNIGHT, LANDABLE, ORTHOGONAL, SCOUT, Sq, W, WARRIOR,
    forward, in_enemy_zone, in_home_zone, sq_of,
};
use crate::board::{EMPTY, OFF};

/// Calls `visit(from, to)` for every ordinary move of the pieces of `us` standing on
/// `squares`, in that order. Stops early and returns true as soon as `visit` does.
#[inline(always)]
pub fn ordinary<F: FnMut(Sq, Sq) -> bool>(cells: &[u8; 256], us: u8, squares: &[Sq], visit: &mut F) -> bool {
    let land = &LANDABLE[usize::from(us & 1)];
    let at = |i: Sq| cells[i as usize];
    let ok = |i: Sq| land[at(i) as usize];
    for &from in squares {
        let c = at(from);
        match c & 15 {
            KING => {
                for d in ALL {
                    let to = from.wrapping_add(d);
                    if ok(to) && visit(from, to) {
                        return true;
                    }
                }
            }
            GENERAL => {
                for d in ALL {
                    let mid = from.wrapping_add(d);
                    let to = mid.wrapping_add(d);
                    if at(mid) == EMPTY && ok(to) && visit(from, to) {
                        return true;
                    }
                }
            }
            ARCHER => {
                for d in DIAGONAL {
                    let mut to = from.wrapping_add(d);
                    loop {
                        let t = at(to);
                        if t == OFF {
                            break;
                        }
                        if land[t as usize] && visit(from, to) {
                            return true;
                        }
                        to = to.wrapping_add(d);
                    }
                }
            }
            HORSE => {
                for d in KNIGHT {
                    let to = from.wrapping_add(d);
                    if ok(to) && visit(from, to) {
                        return true;
                    }
                }
            }
            ELEPHANT => {
                for d in ORTHOGONAL {
                    let mut to = from.wrapping_add(d);
                    loop {
                        let t = at(to);
                        if t == EMPTY {
                            if visit(from, to) {
                                return true;
                            }
                        } else {
                            if land[t as usize] && visit(from, to) {
                                return true;
                            }
                            break;
                        }
                        to = to.wrapping_add(d);
                    }
                }
            }
            WARRIOR => {
                let to = from.wrapping_add(forward(us));
                if ok(to) && visit(from, to) {
                    return true;
                }
                if in_enemy_zone(from, us) && sideways(from, &ok, visit) {
                    return true;
                }
            }
            SCOUT => {
                let fwd = forward(us);
                let ahead = from.wrapping_add(fwd);
                for to in [
                    ahead,
                    from.wrapping_sub(fwd),
                    ahead.wrapping_add(W),
                    ahead.wrapping_add(E),
                ] {
                    if ok(to) && visit(from, to) {
                        return true;
                    }
                }
                if in_enemy_zone(from, us) && sideways(from, &ok, visit) {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// The zone power (section 6): one step left or right.
#[inline(always)]
fn sideways<F: FnMut(Sq, Sq) -> bool>(from: Sq, ok: &impl Fn(Sq) -> bool, visit: &mut F) -> bool {
    for d in [W, E] {
        let to = from.wrapping_add(d);
        if ok(to) && visit(from, to) {
            return true;
        }
    }
    false
}

/// Calls `visit(king, target)` for every sacrifice target, given that the right is
/// unused and the King is not in check (the caller checks both): the King and the
/// target must stand in the mover's own Home Zone (Decision 9).
#[inline(always)]
pub fn sacrifices<F: FnMut(Sq, Sq) -> bool>(cells: &[u8; 256], us: u8, king: Sq, visit: &mut F) -> bool {
    if !in_home_zone(king, us) {
        return false;
    }
    let first_rank = if us == 0 { 0 } else { 6 };
    for rank in first_rank..first_rank + 3 {
        for file in 0..9u8 {
            let to = sq_of(file, rank);
            let c = cells[to as usize];
            if c != EMPTY && c >> 4 == us && c & 15 != KING && visit(king, to) {
                return true;
            }
        }
    }
    false
}
