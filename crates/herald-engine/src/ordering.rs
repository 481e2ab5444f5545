//! Move ordering: the table's move, captures by victim and attacker, killers, history.

use herald_rules::{Move, Team};

use crate::eval::Evaluate;

/// Deepest ply a search reaches (quiescence included).
pub(crate) const MAX_PLY: usize = 96;

const GRID: usize = 256;

/// What the search learnt about quiet moves: two killers per ply and a history score per
/// (from, to), both game-independent.
#[derive(Debug)]
pub(crate) struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; GRID * GRID],
        }
    }

    fn history_index(m: Move) -> usize {
        m.from().index() % GRID * GRID + m.to().index() % GRID
    }

    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(m)))
    }

    /// A quiet move caused a cut-off: remember it, rewarding deep cut-offs more.
    pub fn reward(&mut self, ply: usize, depth: i32, m: Move, tried_before: &[Move]) {
        if let Some(slot) = self.killers.get_mut(ply)
            && slot[0] != Some(m)
        {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        self.bump(m, bonus);
        for &other in tried_before {
            self.bump(other, -bonus);
        }
    }

    /// Keeps history scores in range (the update shrinks them as they grow).
    fn bump(&mut self, m: Move, bonus: i32) {
        let slot = &mut self.history[Self::history_index(m)];
        *slot += bonus - *slot * bonus.abs() / 16_384;
    }

    pub fn history(&self, m: Move) -> i32 {
        self.history[Self::history_index(m)]
    }
}

/// The value of the enemy piece a move takes, if it takes one (a Nowan sacrifice takes
/// the mover's own piece and is not a capture).
pub(crate) fn victim<P: Evaluate>(position: &P, m: Move, us: Team) -> Option<i32> {
    if m.is_pass() || m.kind() == herald_rules::MoveKind::Sacrifice {
        return None;
    }
    let (kind, owner) = position.board().piece_at(m.to())?;
    (P::team_of(owner) != us).then(|| P::piece_value(kind))
}

/// True for moves quiescence searches: captures and promotions.
pub(crate) fn is_tactical<P: Evaluate>(position: &P, m: Move, us: Team) -> bool {
    m.promotion().is_some() || victim(position, m, us).is_some()
}

/// Order scores: higher is searched first.
const TABLE_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 20;

/// Sorts `moves` best-first for this node; `scored` is a reused buffer.
pub(crate) fn order<P: Evaluate>(
    position: &P,
    moves: &mut [Move],
    table_move: Option<Move>,
    heuristics: &Heuristics,
    ply: usize,
    scored: &mut Vec<(i64, Move)>,
) {
    let us = P::team_of(position.turn());
    let score = |m: Move| -> i32 {
        if Some(m) == table_move {
            return TABLE_MOVE;
        }
        if let Some(value) = victim(position, m, us) {
            let attacker = position
                .board()
                .piece_at(m.from())
                .map_or(0, |(kind, _)| P::piece_value(kind));
            return CAPTURE + value * 16 - attacker / 16;
        }
        if let Some(letter) = m.promotion() {
            return CAPTURE + i32::from(letter);
        }
        if heuristics.is_killer(ply, m) {
            return KILLER;
        }
        heuristics.history(m)
    };
    scored.clear();
    // The generator's order breaks ties (the index in the low bits), so the sort needs no
    // stable buffer.
    scored.extend(moves.iter().enumerate().map(|(i, &m)| {
        let index = i64::try_from(i).unwrap_or(255).min(255);
        (i64::from(score(m)) * 256 + 255 - index, m)
    }));
    scored.sort_unstable_by_key(|&(s, _)| core::cmp::Reverse(s));
    for (slot, &(_, m)) in moves.iter_mut().zip(scored.iter()) {
        *slot = m;
    }
}
