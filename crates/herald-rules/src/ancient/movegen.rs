//! Move generation: pseudo-legal moves from the tables of section 4, filtered by
//! the legality rules of section 5 (General's half, check, facing, repetition).
//!
//! Everything runs on a scratch copy of the cells: a move that could matter is
//! made in place, tested from the General's square, and unmade. A move that can
//! matter is one made in check, a General move, or one that vacates a square on a
//! rank, file or diagonal through the own General: only a vacated square can open
//! an attack (lame paths run through the General's neighbours) or a facing line.

use super::Ancient;
use super::attacks::{Rules, attacked, facing, forward, path_open};
use super::geometry::{
    DIAGONAL, E, ELEPHANT_LEAPS, HORSE_LEAPS, ORTHOGONAL, PLAYABLE, W, in_own_half, line_step, rank, square, step,
};
use super::pieces::{CHARIOT, ELEPHANT, FERZ, GENERAL, HORSE, PAWN, START_COUNT, is_target};
use crate::board::EMPTY;
use crate::moves::Move;
use crate::outcome::Player;
use crate::zobrist;

/// A move of the generator, before legality.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// Lowercase promotion letter or 0.
    pub(crate) promotion: u8,
}

impl Candidate {
    pub(crate) fn to_move(self) -> Move {
        if self.promotion == 0 {
            Move::normal(square(self.from), square(self.to))
        } else {
            Move::promoting(square(self.from), square(self.to), self.promotion)
        }
    }
}

/// Which filters apply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Filter {
    /// Every rule of section 5.
    Legal,
    /// Section 5 without the repetition rule (to tell a repetition-blocked loss).
    IgnoreRepetition,
    /// Movement rules only (section 4 with the General's half), for explanations.
    Pseudo,
}

/// Minimum length of the reversible stretch before a third occurrence is possible:
/// equal positions are at least 4 plies apart, so the child needs two matches at
/// distances 4 and 8, which means 7 earlier entries of the stretch.
const MIN_REPEAT_SPAN: usize = 7;

pub(crate) struct Generator<'a> {
    cells: [u8; 256],
    us: u8,
    them: u8,
    general: u8,
    enemy_general: u8,
    in_check: bool,
    general_unmoved: bool,
    rules: Rules,
    filter: Filter,
    piece_counts: [u8; 7],
    /// Keys that the child of a reversible move could repeat: the trailing part of
    /// the history since the last irreversible move.
    recent: &'a [u64],
    key: u64,
}

impl<'a> Generator<'a> {
    pub(crate) fn new(position: &Ancient, history: &'a [u64], filter: Filter) -> Generator<'a> {
        let us = position.turn;
        let them = us ^ 1;
        let cells = *position.board.cells();
        let general = position.generals[usize::from(us)];
        let span = usize::from(position.reversible).min(history.len());
        Generator {
            in_check: attacked(&cells, general, them, position.rules),
            cells,
            us,
            them,
            general,
            enemy_general: position.generals[usize::from(them)],
            general_unmoved: position.general_unmoved(Player::new(us)),
            rules: position.rules,
            filter,
            piece_counts: position.counts[usize::from(us)],
            recent: if span >= MIN_REPEAT_SPAN {
                &history[history.len() - span..]
            } else {
                &[]
            },
            key: position.key,
        }
    }

    pub(crate) fn in_check(&self) -> bool {
        self.in_check
    }

    /// Calls `sink` with every move that passes the filter.
    pub(crate) fn run<F: FnMut(Candidate)>(&mut self, sink: &mut F) {
        let us = self.us;
        let them = self.them;
        for &from in &PLAYABLE {
            let cell = self.cells[usize::from(from)];
            if cell == EMPTY || cell >> 4 != us {
                continue;
            }
            match cell & 15 {
                PAWN => self.pawn(from, sink),
                CHARIOT => {
                    for d in ORTHOGONAL {
                        let mut to = step(from, d);
                        loop {
                            let target = self.cells[usize::from(to)];
                            if target == EMPTY {
                                self.piece_move(from, to, true, sink);
                            } else {
                                if target >> 4 == them {
                                    self.piece_move(from, to, false, sink);
                                }
                                break;
                            }
                            to = step(to, d);
                        }
                    }
                }
                HORSE => {
                    for leap in &HORSE_LEAPS {
                        self.leap(from, leap, sink);
                    }
                }
                ELEPHANT => {
                    for leap in &ELEPHANT_LEAPS {
                        self.leap(from, leap, sink);
                    }
                }
                FERZ => {
                    for d in DIAGONAL {
                        self.step_to(from, step(from, d), sink);
                    }
                    self.step_to(from, step(from, self.rules.ferz_straight(us)), sink);
                }
                GENERAL => self.general(from, sink),
                _ => {}
            }
        }
    }

    #[inline(always)]
    fn step_to<F: FnMut(Candidate)>(&mut self, from: u8, to: u8, sink: &mut F) {
        let target = self.cells[usize::from(to)];
        if is_target(target, self.them) {
            self.piece_move(from, to, target == EMPTY, sink);
        }
    }

    #[inline(always)]
    fn leap<F: FnMut(Candidate)>(&mut self, from: u8, leap: &super::geometry::Leap, sink: &mut F) {
        let to = step(from, leap.to);
        let target = self.cells[usize::from(to)];
        if is_target(target, self.them) && path_open(&self.cells, from, leap, self.rules.jumping) {
            self.piece_move(from, to, target == EMPTY, sink);
        }
    }

    fn pawn<F: FnMut(Candidate)>(&mut self, from: u8, sink: &mut F) {
        let us = self.us;
        let to = step(from, forward(us));
        let target = self.cells[usize::from(to)];
        if is_target(target, self.them) {
            let last = if us == 0 { 7 } else { 0 };
            if self.rules.promotion && rank(to) == last {
                if self.filter == Filter::Pseudo || self.safe(from, to) {
                    // The Ferz is always a choice; other kinds only while fewer
                    // than at the start stand on the board (Decision A18).
                    for (kind, letter) in [(CHARIOT, b'c'), (ELEPHANT, b'e'), (FERZ, b'f'), (HORSE, b'h')] {
                        if kind == FERZ || self.piece_counts[usize::from(kind)] < START_COUNT[usize::from(kind)] {
                            sink(Candidate {
                                from,
                                to,
                                promotion: letter,
                            });
                        }
                    }
                }
            } else {
                self.piece_move(from, to, false, sink);
            }
        }
        if !in_own_half(from, us) {
            for d in [E, W] {
                let to = step(from, d);
                let target = self.cells[usize::from(to)];
                if is_target(target, self.them) {
                    self.piece_move(from, to, target == EMPTY, sink);
                }
            }
        }
    }

    fn general<F: FnMut(Candidate)>(&mut self, from: u8, sink: &mut F) {
        let us = self.us;
        // Moving the General clears its unmoved flag, which no later position can
        // have back: only a step of an already-moved General can repeat.
        let flag_kept = !self.general_unmoved;
        for d in ORTHOGONAL {
            let to = step(from, d);
            let target = self.cells[usize::from(to)];
            if is_target(target, self.them) && in_own_half(to, us) {
                self.general_move(from, to, flag_kept && target == EMPTY, sink);
            }
        }
        if self.general_unmoved && !self.in_check {
            for leap in &HORSE_LEAPS {
                let to = step(from, leap.to);
                if self.cells[usize::from(to)] == EMPTY
                    && in_own_half(to, us)
                    && path_open(&self.cells, from, leap, self.rules.jumping)
                {
                    self.general_move(from, to, false, sink);
                }
            }
        }
    }

    /// A non-General move; `quiet` when it captures nothing and is not a pawn's
    /// forward step (the only moves that can recreate an earlier position).
    #[inline(always)]
    fn piece_move<F: FnMut(Candidate)>(&mut self, from: u8, to: u8, quiet: bool, sink: &mut F) {
        if self.filter != Filter::Pseudo {
            if (self.in_check || line_step(self.general, from) != 0) && !self.safe(from, to) {
                return;
            }
            if quiet && self.repeats(from, to) {
                return;
            }
        }
        sink(Candidate { from, to, promotion: 0 });
    }

    fn general_move<F: FnMut(Candidate)>(&mut self, from: u8, to: u8, quiet: bool, sink: &mut F) {
        if self.filter != Filter::Pseudo {
            let moved = self.cells[usize::from(from)];
            let captured = self.cells[usize::from(to)];
            self.cells[usize::from(from)] = EMPTY;
            self.cells[usize::from(to)] = moved;
            let bad = attacked(&self.cells, to, self.them, self.rules) || facing(&self.cells, to, self.enemy_general);
            self.cells[usize::from(to)] = captured;
            self.cells[usize::from(from)] = moved;
            if bad || (quiet && self.repeats(from, to)) {
                return;
            }
        }
        sink(Candidate { from, to, promotion: 0 });
    }

    /// Makes a non-General move on the scratch cells and tests check and facing.
    #[inline]
    fn safe(&mut self, from: u8, to: u8) -> bool {
        let moved = self.cells[usize::from(from)];
        let captured = self.cells[usize::from(to)];
        self.cells[usize::from(from)] = EMPTY;
        self.cells[usize::from(to)] = moved;
        let bad = attacked(&self.cells, self.general, self.them, self.rules)
            || facing(&self.cells, self.general, self.enemy_general);
        self.cells[usize::from(to)] = captured;
        self.cells[usize::from(from)] = moved;
        !bad
    }

    /// Section 9.3: would this quiet move create a position seen twice already?
    /// Only every second entry has the child's side to move.
    #[inline]
    fn repeats(&self, from: u8, to: u8) -> bool {
        if self.recent.is_empty() || self.filter != Filter::Legal {
            return false;
        }
        let moved = self.cells[usize::from(from)];
        let child = self.key
            ^ zobrist::piece_square(moved, square(from))
            ^ zobrist::piece_square(moved, square(to))
            ^ super::SIDE_KEY;
        let seen = self.recent.iter().rev().step_by(2).filter(|&&k| k == child).count();
        seen >= 2
    }
}
