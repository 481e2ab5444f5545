//! The game-independent search: iterative deepening over principal-variation alpha-beta
//! with a transposition table, quiescence on captures and checks, and late-move reductions.
//! Scores are always for the team to move; a child searched for the same team (Chatrang
//! partners, or a team moving twice when a seat is eliminated) is not negated.

use std::time::Instant;

use herald_rules::{Move, Outcome, Position, Team, Variant};

use crate::eval::Evaluate;
use crate::limits::{Limits, Stop};
use crate::ordering::{self, Heuristics, MAX_PLY};
use crate::score::{INFINITY, Score, WIN, WIN_BOUND};
use crate::settings::{Found, Settings};
use crate::table::{Bound, Entry, Table};

/// Deepest iteration when no limit says otherwise.
const MAX_DEPTH: i32 = 64;
/// How often (in nodes) the clock and the stop flag are read.
const POLL: u64 = 1024;

pub(crate) fn run<P: Evaluate>(
    table: &mut Table,
    position: &P,
    history: &[u64],
    settings: &Settings,
    report: &mut dyn FnMut(&Found),
) -> Option<Found> {
    let root_moves = position.legal_moves(history);
    if root_moves.is_empty() {
        return None;
    }
    let limits = combined_limits(settings, P::VARIANT);
    let noise = settings
        .level
        .map_or(settings.noise, |level| level.limits(P::VARIANT).noise);
    let started = Instant::now();
    table.age();
    let mut search = Search {
        table,
        history: history.to_vec(),
        heuristics: Heuristics::new(),
        lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
        scored: Vec::with_capacity(128),
        pv: vec![Vec::new(); MAX_PLY + 1],
        nodes: 0,
        seldepth: 0,
        limits: &limits,
        stopped: false,
        may_stop: false,
        iteration: 1,
        after_pass: false,
        noise,
        seed: settings.seed,
    };
    let max_depth = limits
        .depth
        .map_or(MAX_DEPTH, |d| i32::try_from(d).unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH));
    let mut found: Option<Found> = None;
    for depth in 1..=max_depth {
        search.seldepth = 0;
        search.iteration = usize::try_from(depth).unwrap_or(1);
        let score = search.node(position, depth, -INFINITY, INFINITY, 0, true);
        if search.stopped {
            break;
        }
        let pv = search.pv[0].clone();
        let Some(&best) = pv.first() else { break };
        let result = Found {
            best,
            score: Score::from_internal(score),
            pv,
            depth: u32::try_from(depth).unwrap_or(0),
            seldepth: search.seldepth,
            nodes: search.nodes,
            elapsed: started.elapsed(),
        };
        report(&result);
        found = Some(result);
        search.may_stop = true;
        // A forced result shorter than the depth searched will not change.
        if score.abs() > WIN_BOUND && WIN - score.abs() <= depth {
            break;
        }
        if search.out_of_budget() {
            break;
        }
    }
    // Stopped inside depth 1: the best of the root moves searched so far (at least one).
    found.or_else(|| {
        let pv = if search.pv[0].is_empty() {
            root_moves.first().map(|&m| vec![m])?
        } else {
            search.pv[0].clone()
        };
        Some(Found {
            best: *pv.first()?,
            score: Score::Centipawns(0),
            pv,
            depth: 0,
            seldepth: 0,
            nodes: search.nodes,
            elapsed: started.elapsed(),
        })
    })
}

/// The caller's limits tightened by the level's own.
fn combined_limits(settings: &Settings, variant: Variant) -> Limits {
    let mut limits = settings.limits.clone();
    if let Some(level) = settings.level {
        let own = level.search_limits(variant);
        limits.depth = min_option(limits.depth, own.depth);
        limits.nodes = min_option(limits.nodes, own.nodes);
    }
    limits
}

fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

struct Search<'a> {
    table: &'a mut Table,
    /// The game's keys before the root, then the search path's (Ancient chess reads it).
    history: Vec<u64>,
    heuristics: Heuristics,
    /// One move list per ply, reused.
    lists: Vec<Vec<Move>>,
    /// The orderer's buffer.
    scored: Vec<(i64, herald_rules::Move)>,
    /// Triangular principal-variation table.
    pv: Vec<Vec<Move>>,
    nodes: u64,
    seldepth: u32,
    limits: &'a Limits,
    stopped: bool,
    /// Set once depth 1 is complete: before that no limit stops the search.
    may_stop: bool,
    /// The depth of the iteration under way.
    iteration: usize,
    /// The move into this node was a null move (`pass_turn`).
    after_pass: bool,
    noise: i32,
    seed: u64,
}

impl Search<'_> {
    fn out_of_budget(&self) -> bool {
        self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || self.limits.deadline.is_some_and(|d| Instant::now() >= d)
            || self.limits.stop.as_ref().is_some_and(|s| s.is_raised())
    }

    /// Counts a node and decides whether the search must stop now.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.may_stop && !self.stopped {
            // The node count and the flag are cheap to read at every node; the clock is not.
            let polled = self.nodes.is_multiple_of(POLL);
            if self.limits.nodes.is_some_and(|n| self.nodes >= n)
                || self.limits.stop.as_ref().is_some_and(Stop::is_raised)
                || (polled && self.out_of_budget())
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The static evaluation plus the level's noise, fixed for a position and seed.
    fn evaluate<P: Evaluate>(&self, position: &P) -> i32 {
        let base = position.evaluate().clamp(-WIN_BOUND + 1, WIN_BOUND - 1);
        if self.noise == 0 {
            return base;
        }
        let span = u64::try_from(2 * self.noise + 1).unwrap_or(1);
        let draw = mix(position.search_key() ^ self.seed) % span;
        base + i32::try_from(draw).unwrap_or(0) - self.noise
    }

    /// Whether the position repeats one earlier in the game or the search path, in games
    /// where repeating gains nothing (Ancient chess forbids it and its rules decide).
    fn repeats<P: Position>(&self, key: u64) -> bool {
        P::VARIANT != Variant::Ancient && self.history.iter().rev().any(|&k| k == key)
    }

    /// Principal-variation alpha-beta: the score of `position` for its team to move.
    fn node<P: Evaluate>(
        &mut self,
        position: &P,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 && self.repeats::<P>(position.key()) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(position, alpha, beta, ply, 0);
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(u32::try_from(ply).unwrap_or(0));
        let key = position.search_key();
        let entry = self.table.probe(key);
        if let Some(entry) = entry
            && !pv_node
            && i32::from(entry.depth) >= depth
            && ply > 0
        {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let mut moves = match self.generate(position, ply) {
            Ok(moves) => moves,
            Err(finished) => return finished,
        };
        let us = P::team_of(position.turn());
        let in_check = position.in_check(position.turn());
        if !pv_node && !in_check && ply > 0 && depth >= 3 && moves.len() >= 8 && beta.abs() < WIN_BOUND {
            let standing = self.evaluate(position);
            // Even passing keeps us above beta: a real move would too (not in zugzwang,
            // so only with enough moves, and never twice in a row).
            if standing >= beta
                && !self.after_pass
                && let Some(passed) = position.pass_turn()
            {
                let reduction = 3 + depth / 6;
                self.history.push(position.key());
                self.after_pass = true;
                let score = -self.node(&passed, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
                self.after_pass = false;
                self.history.pop();
                if self.stopped {
                    self.lists[ply] = moves;
                    return 0;
                }
                if score >= beta {
                    self.lists[ply] = moves;
                    return if score > WIN_BOUND { beta } else { score };
                }
            }
        }
        ordering::order(
            position,
            &mut moves,
            entry.and_then(|e| e.best),
            &self.heuristics,
            ply,
            &mut self.scored,
        );

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        self.history.push(position.key());
        for (index, &m) in moves.iter().enumerate() {
            let child = position.play_unchecked(m);
            let after_pass = core::mem::replace(&mut self.after_pass, false);
            let same_team = P::team_of(child.turn()) == us;
            let gives_check = child.in_check(child.turn());
            let tactical = ordering::is_tactical(position, m, us);
            // Checks are extended on the principal variation only, and within twice the
            // iteration's depth: extending every check multiplied Not Chess's tree a
            // thousandfold (its boards are full of checks that need no answer).
            let extension = i32::from(gives_check && pv_node && ply < 2 * self.iteration);
            let mut new_depth = depth - 1 + extension;
            // Late quiet moves are searched shallower first; a surprise is searched again.
            let reduction = if depth >= 3
                && index >= 3
                && !tactical
                && !in_check
                && !gives_check
                && !self.heuristics.is_killer(ply, m)
            {
                1 + i32::from(index >= 8 && depth >= 5) + i32::from(index >= 20 && depth >= 7)
            } else {
                0
            };
            let score = if index == 0 {
                self.child(&child, same_team, new_depth, alpha, beta, ply, pv_node)
            } else {
                let mut score = self.child(&child, same_team, new_depth - reduction, alpha, alpha + 1, ply, false);
                if score > alpha && reduction > 0 {
                    score = self.child(&child, same_team, new_depth, alpha, alpha + 1, ply, false);
                }
                if score > alpha && score < beta && pv_node {
                    new_depth = depth - 1 + extension;
                    score = self.child(&child, same_team, new_depth, alpha, beta, ply, true);
                }
                score
            };
            self.after_pass = after_pass;
            if self.stopped {
                break;
            }
            // Once one root move is searched there is a move to play: limits may stop us.
            if ply == 0 {
                self.may_stop = true;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, m);
                    if score >= beta {
                        if !tactical {
                            self.heuristics.reward(ply, depth, m, &moves[..index]);
                        }
                        break;
                    }
                }
            }
        }
        self.history.pop();
        self.lists[ply] = moves;
        if self.stopped {
            return best_score.max(-INFINITY + 1);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            best: best_move,
            score: to_table(best_score, ply),
            depth: i16::try_from(depth).unwrap_or(i16::MAX),
            bound,
            generation: 0,
        });
        best_score
    }

    /// The legal moves here in this ply's reused list, or the finished game's score.
    fn generate<P: Evaluate>(&mut self, position: &P, ply: usize) -> Result<Vec<Move>, i32> {
        let mut moves = core::mem::take(&mut self.lists[ply]);
        moves.clear();
        position.legal_moves_into(&self.history, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return Err(self.terminal(position, ply));
        }
        Ok(moves)
    }

    /// `m` is the new best move at `ply`: its line is `m` and then the child's.
    fn extend_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// Searches a child for its own team and returns the score for ours.
    #[allow(clippy::too_many_arguments)]
    fn child<P: Evaluate>(
        &mut self,
        child: &P,
        same_team: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if same_team {
            self.node(child, depth, alpha, beta, ply + 1, pv_node)
        } else {
            -self.node(child, depth, -beta, -alpha, ply + 1, pv_node)
        }
    }

    /// The score of a finished game (no legal move) for the team to move, `ply` from the root.
    fn terminal<P: Position>(&self, position: &P, ply: usize) -> i32 {
        let us = P::team_of(position.turn());
        position
            .outcome(&self.history)
            .map_or(0, |outcome| outcome_score::<P>(outcome, us, ply))
    }

    /// Quiescence: stand pat on the evaluation unless in check, then try captures and
    /// promotions (and, at its first ply, checking moves).
    fn quiesce<P: Evaluate>(&mut self, position: &P, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(u32::try_from(ply).unwrap_or(0));
        let mut moves = match self.generate(position, ply) {
            Ok(moves) => moves,
            Err(finished) => return finished,
        };
        let us = P::team_of(position.turn());
        // Evasions are searched in full only just after the horizon: deeper, a check is
        // judged by standing pat, or the capture sequences of crowded boards explode.
        let in_check = qply < 2 && position.in_check(position.turn());
        let mut best = -INFINITY;
        if !in_check {
            best = self.evaluate(position);
            if best >= beta || ply >= MAX_PLY - 1 {
                self.lists[ply] = moves;
                return best;
            }
            alpha = alpha.max(best);
        }
        ordering::order(position, &mut moves, None, &self.heuristics, ply, &mut self.scored);
        self.history.push(position.key());
        for &m in &moves {
            let tactical = ordering::is_tactical(position, m, us);
            if !in_check && !tactical && qply > 0 {
                continue;
            }
            let child = position.play_unchecked(m);
            if !in_check && !tactical && !child.in_check(child.turn()) {
                continue;
            }
            let score = if P::team_of(child.turn()) == us {
                self.quiesce(&child, alpha, beta, ply + 1, qply + 1)
            } else {
                -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1)
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.history.pop();
        self.lists[ply] = moves;
        best
    }
}

/// A finished game's score for `us`: a full win or loss is a forced result `ply` away; a
/// partial one (Nowan's stalemate, worth 1 point where a capture is worth 2) is a large
/// evaluation, below every forced full result; a draw is 0.
fn outcome_score<P: Position>(outcome: Outcome, us: Team, ply: usize) -> i32 {
    let scoring = P::VARIANT.spec().scoring;
    let points = scoring.points(outcome.winner(), Some(outcome.reason()));
    let share = scoring.rating_scores(points)[us.index() % 2];
    let ply = i32::try_from(ply).unwrap_or(0);
    if share >= 0.999 {
        WIN - ply
    } else if share <= 0.001 {
        ply - WIN
    } else {
        // ¾ of the rating points → +1,000: a sure point.
        ((share - 0.5) * 4_000.0).round() as i32
    }
}

/// Forced results are stored relative to the node, so they read right from any ply.
fn to_table(score: i32, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

/// A well-mixed 64-bit value from a key (the noise's dice).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
