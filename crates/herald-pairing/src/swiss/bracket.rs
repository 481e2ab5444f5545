//! One pairing bracket of the Dutch system (C.04.3, 2025): its candidates in the Handbook's
//! order, each judged by the quality criteria C.7-C.21 (C.4 and C.6 are fixed by the caller:
//! the pairs to make and the downfloater sets allowed), and the first of the best.
//!
//! The order is that of B.6, B.7 and D: for each S1 of MDPs (largest first, then D.3), the
//! transpositions of S2 in lexicographic order of the MDPs' opponents; for each such
//! MDP-pairing, the remainder's original S1R/S2R and then its exchanges (D.2), each with its
//! transpositions. Transpositions are walked as a depth-first search (the first S1 player
//! tries its S2 opponents in order, then the second, ...), which visits them in exactly the
//! lexicographic order D.1 prescribes and lets whole families be cut at once: a branch is
//! dropped when a lower bound of its quality cannot beat (or, in the first pass, match) the
//! bound, or when the players left can no longer all be given opponents (kept exact by an
//! incremental bipartite matching).
//!
//! The first pass looks for a candidate as good as a lower bound of the whole bracket (exact
//! for the score differences, C.8, C.9 and the downfloaters' float costs, found over the
//! downfloater sets possible, which the first pass then keeps to); when the bound is met,
//! that candidate is the Handbook's (the first with the best quality).
//! Otherwise a second pass keeps the best found so far and cuts everything that cannot beat
//! it.

use std::cmp::Ordering;

use super::criteria;
use super::matching::{self, NONE};
use super::{Field, Paired, Preference, next_combination};

/// The bracket as the caller fixes it.
#[derive(Clone, Copy)]
pub(super) struct Bracket<'b> {
    pub mdps: &'b [usize],
    pub residents: &'b [usize],
    /// Pairs to make: the most the bracket allows (C.6), under C.4 when `valid` is set.
    pub pairs: usize,
    /// The downfloater sets allowed (each sorted), when C.4 or the bye restricts them.
    pub valid: Option<&'b [Vec<usize>]>,
    /// The next score group, when C.8 judges the downfloaters by it (empty otherwise), and
    /// everyone below it.
    pub next: &'b [usize],
    pub beyond: &'b [usize],
    /// The bracket is the last: its downfloater, if any, gets the bye (C.9 judges him).
    pub bye: bool,
}

/// A candidate's standing on the quality criteria, compared in their order of priority:
/// lower is better throughout.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Quality {
    /// C.7: score differences of pairs and downfloaters, highest first.
    psd: Vec<u32>,
    /// C.8-C.11 (see [`criteria::before_colours`]).
    before: Vec<i64>,
    /// C.12: players not getting their colour preference.
    missed: u32,
    /// C.13: players not getting a strong colour preference.
    strong_missed: u32,
    /// C.14-C.21 (see [`criteria::after_colours`]).
    after: Vec<i64>,
}

/// The score difference of a downfloater is taken against one point (two half points) below
/// the bracket's lowest score (A.8).
const FLOAT_GAP: u32 = 2;
/// At most this many S1 compositions of MDPs, or exchanges of one size, are listed; beyond
/// that the search stops there, as it does on running out of work.
const LIST_CAP: usize = 50_000;

/// What a search found: the best candidate seen, and whether it is known to be the
/// Handbook's (the search was not cut short by its work allowance or a list cap).
#[derive(Debug)]
pub(super) struct Outcome {
    pub found: Option<Paired>,
    pub settled: bool,
}

/// Searches the bracket until the field's work reaches `deadline`. The first pass may spend
/// half of what is left.
pub(super) fn search(field: &Field<'_>, bracket: &Bracket<'_>, deadline: u64) -> Outcome {
    let mut s = Search::new(field, bracket);
    s.root = s.root_bound();
    let original = s.valid.clone();
    if s.ideal_sets.is_some() {
        s.valid = s.ideal_sets.clone();
    }
    let now = field.work.get();
    s.deadline = now + deadline.saturating_sub(now) / 2;
    s.bound = Some((s.root.clone(), true));
    s.run();
    if let Some((_, found)) = s.best.take() {
        return Outcome {
            found: Some(found),
            settled: true,
        };
    }
    s.deadline = deadline;
    s.valid = original;
    s.bound = None;
    s.done = false;
    s.cut_short = false;
    s.run();
    let ideal = s.best.as_ref().is_some_and(|(q, _)| *q == s.root);
    Outcome {
        settled: ideal || !s.cut_short,
        found: s.best.map(|(_, found)| found),
    }
}

/// The quality of a pairing of the bracket of `mdps` and `residents`, found some other way,
/// to compare with what a search found.
pub(super) fn quality(field: &Field<'_>, b: &Bracket<'_>, paired: &Paired) -> Quality {
    let (mdps, residents) = (b.mdps, b.residents);
    let low = residents.last().or(mdps.last()).map_or(0, |&p| field.points(p));
    let mut psd: Vec<u32> = paired
        .pairs
        .iter()
        .map(|&(a, b)| field.points(a).abs_diff(field.points(b)))
        .chain(paired.floaters.iter().map(|&x| field.points(x) + FLOAT_GAP - low))
        .collect();
    psd.sort_unstable_by(|a, b| b.cmp(a));
    let (missed, strong_missed) = paired.pairs.iter().fold((0, 0), |(m, s), &(a, b)| {
        let (d, ds) = field.cost(a, b);
        (m + d, s + ds)
    });
    let mut floaters = paired.floaters.clone();
    floaters.sort_unstable();
    Quality {
        psd,
        before: criteria::before_colours(field, b, &paired.pairs, &floaters),
        missed,
        strong_missed,
        after: criteria::after_colours(field, b, &paired.pairs, &floaters),
    }
}

/// Players of one side counted by colour preference (A.6).
#[derive(Debug, Clone, Copy, Default)]
struct Counts {
    players: u32,
    white: u32,
    black: u32,
    strong_white: u32,
    strong_black: u32,
}

impl Counts {
    fn of(field: &Field<'_>, players: &[usize]) -> Self {
        let mut counts = Self::default();
        for &p in players {
            counts.add(field.entrants[p].preference, 1);
        }
        counts
    }

    fn add(&mut self, p: Preference, sign: i32) {
        let step = |x: &mut u32| *x = x.wrapping_add_signed(sign);
        step(&mut self.players);
        match p.colour {
            Some(super::Colour::White) => {
                step(&mut self.white);
                if p.strong() {
                    step(&mut self.strong_white);
                }
            }
            Some(super::Colour::Black) => {
                step(&mut self.black);
                if p.strong() {
                    step(&mut self.strong_black);
                }
            }
            None => {}
        }
    }
}

/// Fewest preferences (and strong ones) that pairing every player of `left` with a distinct
/// one of `right` must miss, whoever may meet whom: a left player wanting white needs a right
/// one wanting black or nothing, and the ones wanting nothing are shared.
fn side_bound(left: &Counts, right: &Counts) -> (u32, u32) {
    let excess = left.white.saturating_sub(right.black) + left.black.saturating_sub(right.white);
    let none = right.players - right.white - right.black;
    let strong_excess =
        left.strong_white.saturating_sub(right.strong_black) + left.strong_black.saturating_sub(right.strong_white);
    let not_strong = right.players - right.strong_white - right.strong_black;
    (excess.saturating_sub(none), strong_excess.saturating_sub(not_strong))
}

/// Fewest preferences (and strong ones) that `pairs` pairs among these players must miss:
/// at most one player per pair gets white, the downfloaters taken from the larger side.
fn bracket_bound(all: &Counts, pairs: u32) -> (u32, u32) {
    let floating = all.players.saturating_sub(2 * pairs);
    let bound = |mut a: u32, mut b: u32| {
        for _ in 0..floating {
            match (a, b) {
                (0, 0) => break,
                _ if a >= b => a -= 1,
                _ => b -= 1,
            }
        }
        a.max(b).saturating_sub(pairs)
    };
    (bound(all.white, all.black), bound(all.strong_white, all.strong_black))
}

/// The score differences of the other candidates' known parts, completed with the least the
/// unknown ones can add: each downfloater at least the gap, each pair at least nothing.
fn psd_bound(mut known: Vec<u32>, floaters: usize, pairs: usize) -> Vec<u32> {
    known.extend(std::iter::repeat_n(FLOAT_GAP, floaters));
    known.extend(std::iter::repeat_n(0, pairs));
    known.sort_unstable_by(|a, b| b.cmp(a));
    known
}

/// S1 players matched into S2 so that every S1 player has an opponent, kept as S1 players are
/// fixed one by one: `left[..i]` fixed, the others matched somewhere.
#[derive(Debug)]
struct Bip {
    ml: Vec<usize>,
    mr: Vec<usize>,
    seen: Vec<u32>,
    stamp: u32,
}

impl Bip {
    fn new(field: &Field<'_>, left: &[usize], right: &[usize]) -> Option<Self> {
        let mut bip = Self {
            ml: vec![NONE; left.len()],
            mr: vec![NONE; right.len()],
            seen: vec![0; right.len()],
            stamp: 0,
        };
        for (l, &a) in left.iter().enumerate() {
            if let Some(r) = (0..right.len()).find(|&r| bip.mr[r] == NONE && field.can_meet(a, right[r])) {
                bip.ml[l] = r;
                bip.mr[r] = l;
            }
        }
        for l in 0..left.len() {
            if bip.ml[l] == NONE {
                bip.stamp += 1;
                if !bip.augment(field, left, right, l, 0) {
                    return None;
                }
            }
        }
        Some(bip)
    }

    /// Kuhn's augmenting path from the unmatched `l`, leaving the players below `fixed` alone.
    fn augment(&mut self, field: &Field<'_>, left: &[usize], right: &[usize], l: usize, fixed: usize) -> bool {
        for r in 0..right.len() {
            if self.seen[r] == self.stamp || !field.can_meet(left[l], right[r]) {
                continue;
            }
            self.seen[r] = self.stamp;
            let holder = self.mr[r];
            if holder != NONE && holder < fixed {
                continue;
            }
            if holder == NONE || self.augment(field, left, right, holder, fixed) {
                self.ml[l] = r;
                self.mr[r] = l;
                return true;
            }
        }
        false
    }

    /// Fixes `left[i]` to `right[j]` (`left[..i]` being fixed already) if every later S1
    /// player can still be matched.
    fn fix(&mut self, field: &Field<'_>, left: &[usize], right: &[usize], i: usize, j: usize) -> bool {
        let was = self.ml[i];
        if was == j {
            return true;
        }
        let displaced = self.mr[j];
        self.ml[i] = j;
        self.mr[j] = i;
        self.mr[was] = NONE;
        if displaced == NONE {
            return true;
        }
        self.ml[displaced] = NONE;
        self.stamp += 1;
        if self.augment(field, left, right, displaced, i + 1) {
            return true;
        }
        self.ml[displaced] = j;
        self.mr[j] = displaced;
        self.ml[i] = was;
        self.mr[was] = i;
        false
    }
}

/// One S1-against-S2 pairing in progress.
#[derive(Debug)]
struct Side {
    left: Vec<usize>,
    right: Vec<usize>,
    bip: Bip,
    /// `suffix[i]`: the preferences of `left[i..]`.
    suffix: Vec<Counts>,
    /// The preferences of the S2 players not yet taken.
    available: Counts,
}

impl Side {
    fn new(field: &Field<'_>, left: Vec<usize>, right: Vec<usize>, bip: Bip) -> Self {
        let mut suffix = vec![Counts::default(); left.len() + 1];
        for i in (0..left.len()).rev() {
            suffix[i] = suffix[i + 1];
            suffix[i].add(field.entrants[left[i]].preference, 1);
        }
        let available = Counts::of(field, &right);
        Self {
            left,
            right,
            bip,
            suffix,
            available,
        }
    }

    /// The S2 players left without an opponent, once every S1 player has one.
    fn unpaired(&self) -> impl Iterator<Item = usize> + '_ {
        self.right
            .iter()
            .enumerate()
            .filter(|&(j, _)| self.bip.mr[j] == NONE)
            .map(|(_, &r)| r)
    }
}

#[derive(Debug, Clone, Copy)]
enum Stage {
    Mdps,
    Remainder,
}

struct Search<'s> {
    field: &'s Field<'s>,
    shape: Bracket<'s>,
    mdps: &'s [usize],
    residents: &'s [usize],
    pairs_wanted: usize,
    valid: Option<std::rc::Rc<[Vec<usize>]>>,
    /// The downfloater sets that can reach the root's quality (when they were listed): the
    /// first pass keeps to them.
    ideal_sets: Option<std::rc::Rc<[Vec<usize>]>>,
    /// The least C.8-C.11 any candidate can have (the root's are the least with the least
    /// score differences, which a candidate with others may beat), and, when the downfloater
    /// sets were listed, the least for candidates by their score differences (see
    /// [`criteria::Floor::by_psd`]).
    before_floor: Vec<i64>,
    before_by_psd: Vec<(Vec<u32>, Vec<i64>)>,
    /// The lowest score in the bracket, and the highest among its residents.
    low: u32,
    top_resident: u32,
    /// The S1 compositions of MDPs, in order.
    s1_sets: Vec<Vec<usize>>,
    /// Where the field's work count stops this pass.
    deadline: u64,
    done: bool,
    /// The pass stopped on its allowance, or a list was capped: not every candidate was seen.
    cut_short: bool,
    /// What a candidate must beat: `(quality, true)` to match it or better, `(quality,
    /// false)` to be strictly better.
    bound: Option<(Quality, bool)>,
    root: Quality,
    best: Option<(Quality, Paired)>,
    /// The lower bound of the score differences below the current composition.
    level_psd: Vec<u32>,
    /// Players who will be paired in the candidate being built.
    committed: Vec<bool>,
    limbo: Vec<usize>,
    pairs: Vec<(usize, usize)>,
    missed: u32,
    strong_missed: u32,
    /// The bracket's scores, highest first (for the criteria counted by score).
    scores: Vec<u32>,
    /// C.14-C.21 of the pairs made and the MDPs left in the limbo so far: they only grow.
    after_so_far: Vec<i64>,
    /// C.10 and C.11 of the pairs made so far.
    topscorer_so_far: (i64, i64),
}

impl<'s> Search<'s> {
    fn new(field: &'s Field<'s>, b: &Bracket<'s>) -> Self {
        let low = b.residents.last().or(b.mdps.last()).map_or(0, |&p| field.points(p));
        let top_resident = b.residents.first().map_or(low, |&p| field.points(p));
        let mut s = Self {
            field,
            shape: *b,
            mdps: b.mdps,
            residents: b.residents,
            pairs_wanted: b.pairs,
            valid: b.valid.map(std::rc::Rc::from),
            ideal_sets: None,
            before_floor: Vec::new(),
            before_by_psd: Vec::new(),
            low,
            top_resident,
            s1_sets: Vec::new(),
            deadline: 0,
            done: false,
            cut_short: false,
            bound: None,
            root: Quality {
                psd: Vec::new(),
                before: Vec::new(),
                missed: 0,
                strong_missed: 0,
                after: Vec::new(),
            },
            best: None,
            level_psd: Vec::new(),
            committed: vec![false; field.len()],
            limbo: Vec::new(),
            pairs: Vec::new(),
            missed: 0,
            strong_missed: 0,
            scores: Vec::new(),
            after_so_far: Vec::new(),
            topscorer_so_far: (0, 0),
        };
        let members: Vec<usize> = b.mdps.iter().chain(b.residents).copied().collect();
        s.scores = criteria::scores(field, &members);
        s.after_so_far = vec![0; 4 + 4 * s.scores.len()];
        let (sets, capped) = s.mdp_sets();
        s.s1_sets = sets;
        s.cut_short = capped;
        s
    }

    /// S1 compositions of MDPs (B.2, D.3): the most MDPs first, and for each size the highest
    /// scores, then the lowest sequence numbers. True with them if the list was capped.
    fn mdp_sets(&self) -> (Vec<Vec<usize>>, bool) {
        let (m0, r, p) = (self.mdps.len(), self.residents.len(), self.pairs_wanted);
        let high = m0.min(p).min(r);
        let low = (2 * p).saturating_sub(r);
        let mut all = Vec::new();
        let mut capped = false;
        if low > high {
            return (all, capped);
        }
        for m in (low..=high).rev() {
            let mut sets = Vec::new();
            let mut chosen: Vec<usize> = (0..m).collect();
            loop {
                sets.push(chosen.clone());
                if !next_combination(&mut chosen, m0) {
                    break;
                }
                if sets.len() >= LIST_CAP {
                    capped = true;
                    break;
                }
            }
            let scores = |set: &[usize]| -> Vec<u32> { set.iter().map(|&i| self.field.points(self.mdps[i])).collect() };
            sets.sort_by(|a, b| scores(b).cmp(&scores(a)).then_with(|| a.cmp(b)));
            all.extend(
                sets.into_iter()
                    .map(|set| set.into_iter().map(|i| self.mdps[i]).collect()),
            );
        }
        (all, capped)
    }

    fn pair_sd(&self, a: usize, b: usize) -> u32 {
        self.field.points(a).abs_diff(self.field.points(b))
    }

    fn float_sd(&self, p: usize) -> u32 {
        self.field.points(p) + FLOAT_GAP - self.low
    }

    /// The score differences known once S1's MDPs are chosen (exact when the residents share
    /// one score).
    fn s1_psd(&self, s1: &[usize], limbo: &[usize]) -> Vec<u32> {
        let mut known: Vec<u32> = limbo.iter().map(|&x| self.float_sd(x)).collect();
        known.extend(
            s1.iter()
                .map(|&x| self.field.points(x).saturating_sub(self.top_resident)),
        );
        let floating_residents = (self.residents.len() + s1.len()).saturating_sub(2 * self.pairs_wanted);
        psd_bound(known, floating_residents, self.pairs_wanted - s1.len())
    }

    /// A lower bound of every candidate's quality.
    fn root_bound(&mut self) -> Quality {
        let everyone: Vec<usize> = self.mdps.iter().chain(self.residents).copied().collect();
        let (missed, strong_missed) = bracket_bound(&Counts::of(self.field, &everyone), self.pairs_wanted as u32);
        let psd = self
            .s1_sets
            .iter()
            .filter(|s1| Bip::new(self.field, s1, self.residents).is_some())
            .map(|s1| {
                let limbo: Vec<usize> = self.mdps.iter().copied().filter(|x| !s1.contains(x)).collect();
                self.s1_psd(s1, &limbo)
            })
            .min()
            .unwrap_or_default();
        let mut before = criteria::before_colours_floor(self.field, &self.shape);
        self.before_floor = before.clone();
        let mut after = criteria::after_colours_floor(self.field, &self.shape);
        let mut psd = psd;
        if !self.shape.next.is_empty() || self.valid.is_some() {
            // The downfloaters fix the score differences (residents share one score), C.8 and
            // C.9, so the least of all three is found over the downfloater sets possible
            // (listed by C.4 when it restricts them).
            let exact = criteria::floater_floor(self.field, &self.shape, |floaters| {
                let known: Vec<u32> = floaters
                    .iter()
                    .map(|&x| self.float_sd(x))
                    .chain(
                        self.mdps
                            .iter()
                            .filter(|x| !floaters.contains(x))
                            .map(|&x| self.field.points(x).saturating_sub(self.top_resident)),
                    )
                    .collect();
                let paired_mdps = self.mdps.len() - self.mdps.iter().filter(|x| floaters.contains(x)).count();
                psd_bound(known, 0, self.pairs_wanted.saturating_sub(paired_mdps))
            });
            if let Some(floor) = exact
                && floor.psd >= psd
            {
                psd = floor.psd;
                before = floor.before;
                after = floor.after;
                self.before_by_psd = floor.by_psd;
                self.ideal_sets = Some(floor.sets.into());
            }
        }
        Quality {
            psd,
            before,
            missed,
            strong_missed,
            after,
        }
    }

    fn tick(&mut self) -> bool {
        self.field.charge(1);
        if !self.field.before(self.deadline) {
            self.done = true;
            self.cut_short = true;
            return false;
        }
        true
    }

    /// Whether a candidate at best this good is of no use: the criteria not yet known are
    /// taken at their least (the root's, or what the pairs made so far already cost).
    fn pruned(&self, psd: &[u32], missed: u32, strong_missed: u32) -> bool {
        let Some((bound, inclusive)) = &self.bound else {
            return false;
        };
        let before_order = || {
            let mut before = self.before_for(psd);
            if self.field.topscorers && before.len() >= 2 {
                let n = before.len();
                before[n - 2] = before[n - 2].saturating_add(self.topscorer_so_far.0);
                before[n - 1] = before[n - 1].saturating_add(self.topscorer_so_far.1);
            }
            before.cmp(&bound.before)
        };
        let order = psd
            .cmp(bound.psd.as_slice())
            .then_with(before_order)
            .then(missed.cmp(&bound.missed))
            .then(strong_missed.cmp(&bound.strong_missed))
            .then_with(|| self.after_so_far.cmp(&bound.after));
        match order {
            Ordering::Less => false,
            Ordering::Equal => !inclusive,
            Ordering::Greater => true,
        }
    }

    /// The least C.8-C.11 of a candidate whose score differences are at least `psd`: over
    /// the listed downfloater sets whose own are within `psd` (none: the candidate's are
    /// above `psd`, and nothing it has after them matters).
    fn before_for(&self, psd: &[u32]) -> Vec<i64> {
        if self.before_by_psd.is_empty() {
            return self.before_floor.clone();
        }
        let within = self.before_by_psd.partition_point(|(p, _)| p.as_slice() <= psd);
        match within.checked_sub(1) {
            Some(i) => self.before_by_psd[i].1.clone(),
            None => vec![i64::MAX; self.before_floor.len()],
        }
    }

    /// Counts (`sign` 1) or takes back (-1) a pair in the running float and topscorer costs.
    fn account_pair(&mut self, a: usize, r: usize, sign: i64) {
        criteria::add_pair_after(self.field, &self.scores, a, r, &mut self.after_so_far, sign);
        if self.field.topscorers {
            let (d, t) = criteria::topscorer_share(self.field, a, r);
            self.topscorer_so_far.0 += sign * d;
            self.topscorer_so_far.1 += sign * t;
        }
    }

    /// Counts or takes back the MDPs left in the limbo (they float down).
    fn account_limbo(&mut self, sign: i64) {
        for i in 0..self.limbo.len() {
            criteria::add_floater_after(self.field, &self.scores, self.limbo[i], &mut self.after_so_far, sign);
        }
    }

    /// Whether a complete candidate of this quality is of no use.
    fn beaten(&self, quality: &Quality) -> bool {
        match &self.bound {
            None => false,
            Some((bound, inclusive)) => match quality.cmp(bound) {
                Ordering::Less => false,
                Ordering::Equal => !inclusive,
                Ordering::Greater => true,
            },
        }
    }

    /// Whether some allowed downfloater set still fits what is decided.
    fn consistent(&self) -> bool {
        let Some(valid) = &self.valid else {
            return true;
        };
        valid.iter().any(|set| {
            self.field.charge(1);
            set.iter().all(|&x| !self.committed[x]) && self.limbo.iter().all(|x| set.binary_search(x).is_ok())
        })
    }

    fn run(&mut self) {
        for k in 0..self.s1_sets.len() {
            if !self.tick() {
                return;
            }
            let s1 = self.s1_sets[k].clone();
            let limbo: Vec<usize> = self.mdps.iter().copied().filter(|x| !s1.contains(x)).collect();
            let psd = self.s1_psd(&s1, &limbo);
            if self.pruned(&psd, self.root.missed, self.root.strong_missed) {
                continue;
            }
            let Some(bip) = Bip::new(self.field, &s1, self.residents) else {
                continue;
            };
            self.level_psd = psd;
            self.limbo = limbo;
            self.account_limbo(1);
            for &x in &s1 {
                self.committed[x] = true;
            }
            if self.consistent() {
                let mut side = Side::new(self.field, s1.clone(), self.residents.to_vec(), bip);
                self.pair_side(&mut side, 0, Stage::Mdps);
            }
            self.account_limbo(-1);
            for &x in &s1 {
                self.committed[x] = false;
            }
            if self.done {
                return;
            }
        }
    }

    /// Gives `side.left[i..]` opponents from S2, in the order of the transpositions.
    fn pair_side(&mut self, side: &mut Side, i: usize, stage: Stage) {
        if i == side.left.len() {
            match stage {
                Stage::Mdps => self.remainder(side),
                Stage::Remainder => self.leaf(side),
            }
            return;
        }
        let a = side.left[i];
        for j in 0..side.right.len() {
            let holder = side.bip.mr[j];
            if holder != NONE && holder < i {
                continue;
            }
            let r = side.right[j];
            if !self.field.can_meet(a, r) {
                continue;
            }
            if !self.tick() {
                return;
            }
            let (d, ds) = self.field.cost(a, r);
            let mut available = side.available;
            available.add(self.field.entrants[r].preference, -1);
            let (b, bs) = side_bound(&side.suffix[i + 1], &available);
            if self.pruned(&self.level_psd, self.missed + d + b, self.strong_missed + ds + bs) {
                continue;
            }
            self.account_pair(a, r, 1);
            if self.pruned(&self.level_psd, self.missed + d + b, self.strong_missed + ds + bs)
                || !side.bip.fix(self.field, &side.left, &side.right, i, j)
            {
                self.account_pair(a, r, -1);
                continue;
            }
            let before = std::mem::replace(&mut side.available, available);
            self.pairs.push((a, r));
            self.missed += d;
            self.strong_missed += ds;
            self.committed[r] = true;
            if self.consistent() {
                self.pair_side(side, i + 1, stage);
            }
            self.committed[r] = false;
            self.strong_missed -= ds;
            self.missed -= d;
            self.pairs.pop();
            self.account_pair(a, r, -1);
            side.available = before;
            if self.done {
                return;
            }
        }
    }

    /// With the MDPs paired: the remainder (B.3), its original S1R/S2R and then each exchange
    /// of D.2.
    fn remainder(&mut self, mdp_side: &Side) {
        let remainder: Vec<usize> = mdp_side.unpaired().collect();
        let pairs = self.pairs_wanted - mdp_side.left.len();
        if 2 * pairs > remainder.len() || !self.tick() {
            return;
        }
        let (b, bs) = bracket_bound(&Counts::of(self.field, &remainder), pairs as u32);
        if self.pruned(&self.level_psd, self.missed + b, self.strong_missed + bs) {
            return;
        }
        let field = self.field;
        let adj = |i: usize, j: usize| field.can_meet(remainder[i], remainder[j]);
        if pairs > 0 && !matching::at_least(remainder.len(), adj, pairs, &field.work) {
            return;
        }
        let saved = std::mem::take(&mut self.level_psd);
        let mut known: Vec<u32> = self.limbo.iter().map(|&x| self.float_sd(x)).collect();
        known.extend(self.pairs.iter().map(|&(a, b)| self.pair_sd(a, b)));
        let (n1, n2) = (pairs, remainder.len() - pairs);
        let original: Vec<usize> = (0..n1).collect();
        self.compose(&remainder, &original, &known);
        let mut size = 1;
        while !self.done && size <= n1.min(n2) {
            let Some(list) = exchanges(n1, n2, size) else {
                self.cut_short = true;
                break;
            };
            for (out, into) in list {
                let mut s1: Vec<usize> = original.iter().copied().filter(|x| !out.contains(x)).collect();
                s1.extend(into);
                s1.sort_unstable();
                self.compose(&remainder, &s1, &known);
                if self.done {
                    break;
                }
            }
            size += 1;
        }
        self.level_psd = saved;
    }

    /// One composition of the remainder: S1R the players at `s1` (positions), S2R the others.
    fn compose(&mut self, remainder: &[usize], s1: &[usize], known: &[u32]) {
        if !self.tick() {
            return;
        }
        let mut in_s1 = vec![false; remainder.len()];
        for &i in s1 {
            in_s1[i] = true;
        }
        // Listing the subgroups and their score differences costs a pass over the remainder.
        self.field.charge(2 * remainder.len() as u64);
        let left: Vec<usize> = s1.iter().map(|&i| remainder[i]).collect();
        let right: Vec<usize> = (0..remainder.len())
            .filter(|&i| !in_s1[i])
            .map(|i| remainder[i])
            .collect();
        self.level_psd = psd_bound(known.to_vec(), right.len() - left.len(), left.len());
        let (b, bs) = side_bound(&Counts::of(self.field, &left), &Counts::of(self.field, &right));
        if self.pruned(&self.level_psd, self.missed + b, self.strong_missed + bs) {
            return;
        }
        let Some(bip) = Bip::new(self.field, &left, &right) else {
            return;
        };
        if !self.perfect_colours_possible(&left, &right) {
            return;
        }
        for &x in &left {
            self.committed[x] = true;
        }
        if self.consistent() {
            let mut side = Side::new(self.field, left.clone(), right, bip);
            self.pair_side(&mut side, 0, Stage::Remainder);
        }
        for &x in &left {
            self.committed[x] = false;
        }
    }

    /// In the first pass, when the root misses no colour preference: whether `left` can be
    /// given opponents from `right` missing none, leaving over an allowed downfloater set
    /// (with the limbo). The colour bounds count preferences side by side and cannot see
    /// that the players left over must be the ones with the right float history; without
    /// this, a bracket whose only perfect candidates need an exchange walks every
    /// transposition of the compositions before it.
    fn perfect_colours_possible(&self, left: &[usize], right: &[usize]) -> bool {
        let (Some((bound, true)), Some(valid)) = (&self.bound, &self.valid) else {
            return true;
        };
        if bound.missed > 0 || valid.len() * left.len() * right.len() > 200_000 {
            return true;
        }
        let field = self.field;
        valid.iter().any(|set| {
            if !self.limbo.iter().all(|x| set.binary_search(x).is_ok())
                || !set.iter().all(|x| self.limbo.contains(x) || right.contains(x))
            {
                return false;
            }
            let open: Vec<usize> = right
                .iter()
                .copied()
                .filter(|x| set.binary_search(x).is_err())
                .collect();
            let mut holder = vec![NONE; open.len()];
            left.iter().enumerate().all(|(i, _)| {
                let mut seen = vec![false; open.len()];
                colour_augment(field, left, &open, i, &mut holder, &mut seen)
            })
        })
    }

    /// A complete candidate.
    fn leaf(&mut self, side: &Side) {
        self.field.charge((self.pairs.len() + side.right.len()) as u64);
        let mut floaters = self.limbo.clone();
        floaters.extend(side.unpaired());
        floaters.sort_unstable();
        if let Some(valid) = &self.valid
            && !valid.contains(&floaters)
        {
            return;
        }
        let mut psd: Vec<u32> = self
            .pairs
            .iter()
            .map(|&(a, b)| self.pair_sd(a, b))
            .chain(floaters.iter().map(|&x| self.float_sd(x)))
            .collect();
        psd.sort_unstable_by(|a, b| b.cmp(a));
        if self.pruned(&psd, self.missed, self.strong_missed) {
            return;
        }
        let quality = Quality {
            psd,
            before: criteria::before_colours(self.field, &self.shape, &self.pairs, &floaters),
            missed: self.missed,
            strong_missed: self.strong_missed,
            after: criteria::after_colours(self.field, &self.shape, &self.pairs, &floaters),
        };
        if self.beaten(&quality) {
            return;
        }
        let ideal = quality == self.root;
        let first_pass = matches!(self.bound, Some((_, true)));
        self.best = Some((
            quality.clone(),
            Paired {
                pairs: self.pairs.clone(),
                floaters,
            },
        ));
        if first_pass || ideal {
            self.done = true;
        } else {
            self.bound = Some((quality, false));
        }
    }
}

/// Kuhn's augmenting path from `left[i]` into `open` along pairs that may meet and miss no
/// colour preference.
fn colour_augment(
    field: &Field<'_>,
    left: &[usize],
    open: &[usize],
    i: usize,
    holder: &mut [usize],
    seen: &mut [bool],
) -> bool {
    for j in 0..open.len() {
        if seen[j] || !field.can_meet(left[i], open[j]) || field.cost(left[i], open[j]).0 > 0 {
            continue;
        }
        seen[j] = true;
        if holder[j] == NONE || colour_augment(field, left, open, holder[j], holder, seen) {
            holder[j] = i;
            return true;
        }
    }
    false
}

/// The exchanges of `size` players between an S1 of `n1` and an S2 of `n2` (positions
/// `0..n1` and `n1..n1 + n2`), in the order of D.2: the smallest difference between the sums
/// moved, then the highest S1 numbers moved (compared from the highest), then the lowest S2
/// numbers moved. `None` when there are too many to list.
fn exchanges(n1: usize, n2: usize, size: usize) -> Option<Vec<(Vec<usize>, Vec<usize>)>> {
    let count = binomial(n1, size).checked_mul(binomial(n2, size))?;
    if count > LIST_CAP {
        return None;
    }
    let mut list = Vec::with_capacity(count);
    let mut out: Vec<usize> = (0..size).collect();
    loop {
        let mut into: Vec<usize> = (0..size).collect();
        loop {
            list.push((out.clone(), into.iter().map(|&x| x + n1).collect::<Vec<usize>>()));
            if !next_combination(&mut into, n2) {
                break;
            }
        }
        if !next_combination(&mut out, n1) {
            break;
        }
    }
    let gap = |out: &[usize], into: &[usize]| into.iter().sum::<usize>() - out.iter().sum::<usize>();
    list.sort_by(|(oa, ia), (ob, ib)| {
        gap(oa, ia)
            .cmp(&gap(ob, ib))
            .then_with(|| ob.iter().rev().cmp(oa.iter().rev()))
            .then_with(|| ia.cmp(ib))
    });
    Some(list)
}

/// `n` choose `k`, saturating.
pub(super) fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * (n - i) as u128 / (i + 1) as u128;
        if c > u128::from(u64::MAX) {
            return usize::MAX;
        }
    }
    usize::try_from(c).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests;
