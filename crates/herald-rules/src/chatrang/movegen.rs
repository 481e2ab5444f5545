//! Legal moves of the player to move (sections 7-8): generation and bulk counting.
//!
//! Legality is decided once per position from the checkers and the pins on the
//! mover's Shah; only moves that capture an enemy Shah (which removes that player's
//! men and may open lines, section 8) are played out on a scratch copy.

use super::bitboards::{
    BETWEEN, BISHOP_EMPTY, Bits, KING, KNIGHT, LINE, PAWN_CAPTURES, ROOK_EMPTY, bishop_attacks, bit, pop, rook_attacks,
    square,
};
use super::{Chatrang, kind};
use crate::board;
use crate::moves::Move;

/// Receives legal moves as sets of destinations.
pub(super) trait Sink {
    /// True when only the number of moves matters (moves may then be added in bulk).
    const COUNTING: bool;
    fn add(&mut self, from: u8, targets: Bits);
}

/// Counts legal moves.
struct Counter(u32);

impl Sink for Counter {
    const COUNTING: bool = true;
    #[inline(always)]
    fn add(&mut self, _from: u8, targets: Bits) {
        self.0 += targets.count_ones();
    }
}

/// Appends legal moves to a list.
pub(super) struct Lister<'a>(pub(super) &'a mut Vec<crate::moves::Move>);

impl Sink for Lister<'_> {
    const COUNTING: bool = false;
    fn add(&mut self, from: u8, mut targets: Bits) {
        while targets != 0 {
            let to = pop(&mut targets);
            self.0.push(Move::normal(square(from), square(to)));
        }
    }
}

/// The number of legal moves of the player to move, not counting `pass`.
#[inline]
pub(super) fn count(position: &Chatrang) -> u32 {
    let mut counter = Counter(0);
    generate(position, &mut counter);
    counter.0
}

const FILE_A: Bits = 0x0101_0101_0101_0101;
const FILE_H: Bits = FILE_A << 7;

/// Squares from which a Sarbaz of `team` would attack one of `shahs`.
#[inline(always)]
fn enemy_shahs_attackers(mut shahs: Bits, team: usize) -> Bits {
    let mut from = 0;
    while shahs != 0 {
        let s = pop(&mut shahs);
        from |= PAWN_CAPTURES[team ^ 1][usize::from(s)];
    }
    from
}

/// Whether the move from `from` to `to` leaves the mover's Shah safe once fully
/// carried out, including the removal of a captured Shah's owner (section 8).
fn safe_after(position: &Chatrang, from: u8, to: u8) -> bool {
    let mut by_owner = position.by_owner;
    let mut by_kind = position.by_kind;
    let moving = position.cell(from);
    let target = position.cell(to);
    let mover = usize::from(board::owner(moving));
    if target != board::EMPTY {
        let victim = usize::from(board::owner(target));
        by_owner[victim] &= !bit(to);
        by_kind[usize::from(board::kind(target))] &= !bit(to);
        if board::kind(target) == kind::SHAH {
            for set in &mut by_kind {
                *set &= !by_owner[victim];
            }
            by_owner[victim] = 0;
        }
    }
    let mask = bit(from) | bit(to);
    by_owner[mover] ^= mask;
    by_kind[usize::from(board::kind(moving))] ^= mask;
    let shah = if board::kind(moving) == kind::SHAH {
        to
    } else {
        position.shah[mover]
    };
    let occ = by_owner[0] | by_owner[1] | by_owner[2] | by_owner[3];
    let enemies = by_owner[mover ^ 1] | by_owner[mover ^ 3];
    Chatrang::attackers(&by_kind, shah, occ, enemies, mover & 1) == 0
}

/// Feeds every legal move (except `pass`) of the player to move into `sink`.
pub(super) fn generate<S: Sink>(position: &Chatrang, sink: &mut S) {
    let p = usize::from(position.turn & 3);
    let k = position.shah[p];
    if k >= 64 {
        return;
    }
    let team = p & 1;
    let own = position.by_owner[p];
    let friends = own | position.by_owner[p ^ 2];
    let enemies = position.enemies_of(p);
    let occ = friends | enemies;
    let by_kind = &position.by_kind;
    let shahs = by_kind[usize::from(kind::SHAH)];
    let enemy_shahs = shahs & enemies;
    let ks = usize::from(k);

    let checkers = Chatrang::attackers(by_kind, k, occ, enemies, team);
    let evasion = if checkers == 0 {
        !0
    } else if checkers & (checkers - 1) == 0 {
        checkers | BETWEEN[ks][checkers.trailing_zeros() as usize]
    } else {
        0
    };
    let mut pinned = 0;
    let mut snipers = ((ROOK_EMPTY[ks] & by_kind[usize::from(kind::RUKH)])
        | (BISHOP_EMPTY[ks] & by_kind[usize::from(kind::PIL)]))
        & enemies;
    while snipers != 0 {
        let s = pop(&mut snipers);
        let blockers = BETWEEN[ks][usize::from(s)] & occ;
        if blockers & (blockers.wrapping_sub(1)) == 0 {
            pinned |= blockers & own;
        }
    }

    // Moves of the men: pins and checks decide them without playing them out.
    let emit = |sink: &mut S, s: u8, targets: Bits| {
        let mut normal = targets & !enemy_shahs & evasion;
        if pinned & bit(s) != 0 {
            normal &= LINE[ks][usize::from(s)];
        }
        sink.add(s, normal);
        let mut special = targets & enemy_shahs;
        while special != 0 {
            let to = pop(&mut special);
            if safe_after(position, s, to) {
                sink.add(s, bit(to));
            }
        }
    };
    let mut pawns = own & by_kind[usize::from(kind::SARBAZ)];
    let empty = !occ;
    if S::COUNTING {
        // Unpinned Sarbaz that cannot reach an enemy Shah are counted as whole sets.
        let shah_takers = enemy_shahs_attackers(enemy_shahs, team) & pawns;
        let free = pawns & !pinned & !shah_takers;
        pawns &= !free;
        let targets = !enemy_shahs & evasion;
        let (push, west, east) = if team == 0 {
            (free << 8, (free & !FILE_A) << 7, (free & !FILE_H) << 9)
        } else {
            (free >> 8, (free & !FILE_A) >> 9, (free & !FILE_H) >> 7)
        };
        sink.add(0, push & empty & targets);
        sink.add(0, west & enemies & targets);
        sink.add(0, east & enemies & targets);
    }
    while pawns != 0 {
        let s = pop(&mut pawns);
        let push = if team == 0 { bit(s) << 8 } else { bit(s) >> 8 };
        emit(
            sink,
            s,
            (push & empty) | (PAWN_CAPTURES[team][usize::from(s)] & enemies),
        );
    }
    let mut knights = own & by_kind[usize::from(kind::ASB)];
    while knights != 0 {
        let s = pop(&mut knights);
        emit(sink, s, KNIGHT[usize::from(s)] & !friends);
    }
    let mut rooks = own & by_kind[usize::from(kind::RUKH)];
    while rooks != 0 {
        let s = pop(&mut rooks);
        emit(sink, s, rook_attacks(s, occ) & !friends);
    }
    let mut bishops = own & by_kind[usize::from(kind::PIL)];
    while bishops != 0 {
        let s = pop(&mut bishops);
        emit(sink, s, bishop_attacks(s, occ) & !friends);
    }

    // Moves of the Shah: each destination must be unattacked with the Shah lifted.
    let targets = KING[ks] & !friends;
    let lifted = occ ^ bit(k);
    let mut quiet = targets & !enemy_shahs;
    let mut safe = 0;
    while quiet != 0 {
        let to = pop(&mut quiet);
        if Chatrang::attackers(by_kind, to, lifted, enemies, team) == 0 {
            safe |= bit(to);
        }
    }
    let mut special = targets & enemy_shahs;
    while special != 0 {
        let to = pop(&mut special);
        if safe_after(position, k, to) {
            safe |= bit(to);
        }
    }
    sink.add(k, safe);
}
