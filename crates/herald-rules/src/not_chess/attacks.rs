//! Not Chess attacks (spec 6): which squares a player's pieces could capture on,
//! worked backwards from the target so a check test never generates moves.

use super::kind;
use super::movegen::{CAMEL, low, owned};
use crate::board::{Board, EMPTY, OFF, piece};
use crate::square::{STRIDE, Square, dir};

/// True if some piece of `attacker` could capture on `target` by its movement rules.
#[must_use]
pub(crate) fn attacked_by(board: &Board, target: Square, attacker: u8) -> bool {
    let cells = board.cells();
    let at = |delta: i16| cells[target.offset(delta) & 255];
    let is = |cell: u8, k: u8| cell == piece(k, attacker);
    let forward: i16 = if attacker == 0 { STRIDE } else { -STRIDE };
    let theirs = low(attacker);

    // Steps: King and Advisor anywhere around; pawns and elephants on their own patterns.
    for d in dir::ALL {
        let cell = at(d);
        if owned(cell, theirs) && matches!(cell & 15, kind::KING | kind::ADVISOR) {
            return true;
        }
    }
    for side in [-1, 1] {
        if is(at(-forward + side), kind::PAWN) {
            return true;
        }
    }
    for d in [-forward, -forward - 1, -forward + 1, forward - 1, forward + 1] {
        if is(at(d), kind::ELEPHANT) {
            return true;
        }
    }
    // Elephant two-part moves end here from two squares away, through an empty diagonal.
    for side in [-1i16, 1] {
        if is(at(-2 * forward - side), kind::ELEPHANT) && at(-forward) == EMPTY {
            return true;
        }
        if is(at(-forward - 2 * side), kind::ELEPHANT) && at(-side) == EMPTY {
            return true;
        }
    }
    for d in CAMEL {
        if is(at(d), kind::HORSE) {
            return true;
        }
    }
    for d in dir::ALL {
        let diagonal = d != dir::N && d != dir::S && d != dir::E && d != dir::W;
        let slider = if diagonal { kind::BISHOP } else { kind::ROOK };
        // Walk away from the target to the first piece: a slider there attacks.
        let mut index = target.index();
        let adjacent = target.offset(d) & 255;
        let first = loop {
            index = (index as i16 + d) as usize & 255;
            let cell = cells[index];
            if cell != EMPTY {
                break cell;
            }
        };
        if first == OFF {
            continue;
        }
        if is(first, kind::QUEEN) || is(first, slider) {
            return true;
        }
        // That first piece may be a Cannon's screen: the next piece beyond, if a Cannon, hops here.
        if index == adjacent {
            loop {
                index = (index as i16 + d) as usize & 255;
                let cell = cells[index];
                if cell != EMPTY {
                    if is(cell, kind::CANNON) {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    false
}
