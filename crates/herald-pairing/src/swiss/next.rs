//! C.8, the next bracket paired as well as it can be, with the rest of the round still
//! completable (C.4 ranks above it): for a set of downfloaters, the most pairs the next
//! bracket can make, then the most downfloaters paired there, highest scores first.
//!
//! The next bracket X is the downfloaters F (who may not meet each other) and the next
//! score group G; everyone below is R. A pairing of the whole of X and R makes `(|X| - t) / 2`
//! pairs inside X when `t` players of X (the set U) are paired into R or take the bye, so the
//! least feasible `t` is wanted: X without U pairable inside, R with U pairable (U only
//! meeting R). The least `t` is at least what X's own maximum matching leaves over, and is
//! almost always that: with none left over, R must complete alone; with one, some player a
//! maximum matching of X can leave over must be placed in R, which one matching of R (who R
//! can do without) settles for every candidate at once. Other cases list U sets, up to a cap
//! (and while the round's work allowance lasts); beyond it the round's completion is not
//! considered (the value of X alone).

use std::collections::HashMap;

use super::bracket::Bracket;
use super::{Field, matching, next_combination};

/// At most this many U sets are tried for one downfloater set.
const U_SETS: usize = 300;

/// What the players below the next score group can take (R with the bye, if the players
/// from the downfloaters down are odd in number, as an extra vertex).
#[derive(Debug, Clone)]
pub(super) struct Below {
    /// R completes by itself.
    alone: bool,
    /// `spare[w]`: R (with the bye vertex last, when there is one) completes without `w`;
    /// `None` when R's count leaves no single player over.
    spare: Option<Vec<bool>>,
}

/// C.8 for downfloaters `floaters` (sorted) of `b`, one count per score of `scores`.
pub(super) fn value(field: &Field<'_>, b: &Bracket<'_>, floaters: &[usize], scores: &[u32]) -> Vec<i64> {
    let mut key = floaters.to_vec();
    key.extend([usize::MAX, b.next[0]]);
    if let Some(known) = field.next_cache.borrow().get(&key) {
        return known.clone();
    }
    if let [f] = floaters {
        let value = single(field, b, *f, scores);
        field.next_cache.borrow_mut().insert(key, value.clone());
        return value;
    }
    let x: Vec<usize> = floaters.iter().chain(b.next).copied().collect();
    let m0 = floaters.len();
    let adj = |i: usize, j: usize| !(i < m0 && j < m0) && field.can_meet(x[i], x[j]);
    let mate = matching::maximum(x.len(), adj, &field.work);
    let pairs = mate
        .iter()
        .enumerate()
        .filter(|&(i, &m)| m != matching::NONE && i < m)
        .count();
    let odd = (x.len() + b.beyond.len()) % 2 == 1;
    let below = below(field, b.beyond, odd);
    // The U set (positions in x) of the best pairing found, by the least t.
    let least = x.len() - 2 * pairs;
    let mut found: Option<Vec<usize>> = None;
    if least == 0 && below.alone {
        found = Some(Vec::new());
    } else if least == 1
        && let Some(spare) = &below.spare
        && let Some(even) = matching::leftovers(x.len(), adj, &field.work)
    {
        // Who is placed below: best someone other than a downfloater, else the downfloater
        // with the lowest score (so the highest scores stay paired in X).
        let placeable = |i: usize| {
            let into_r = b
                .beyond
                .iter()
                .enumerate()
                .any(|(w, &r)| spare[w] && field.can_meet(x[i], r));
            let bye = odd && spare.last() == Some(&true) && field.entrants[x[i]].bye_allowed;
            even[i] && (into_r || bye)
        };
        let mut order: Vec<usize> = (m0..x.len()).collect();
        let mut downfloaters: Vec<usize> = (0..m0).collect();
        downfloaters.sort_by_key(|&i| (field.points(x[i]), std::cmp::Reverse(i)));
        order.extend(downfloaters);
        found = order.into_iter().find(|&i| placeable(i)).map(|i| vec![i]);
    }
    if found.is_none() {
        found = listed(field, &x, m0, b.beyond, least);
    }
    let (pairs, placed) = match found {
        Some(u) => ((x.len() - u.len()) / 2, u),
        // Too many ways to try: X by itself.
        None => (pairs, covered_complement(field, &x, m0, b.next.len())),
    };
    let mut value = vec![-(pairs as i64)];
    for &score in scores {
        let paired_here = (0..m0)
            .filter(|i| !placed.contains(i) && field.points(x[*i]) == score)
            .count();
        value.push(-(paired_here as i64));
    }
    field.next_cache.borrow_mut().insert(key, value.clone());
    value
}

/// C.8 for a single downfloater `f`, from a maximum matching of the next score group G
/// (worked out once per bracket) and one search from `f`: either `f` adds a pair, or the
/// search marks who a maximum matching of G and `f` can leave over.
fn single(field: &Field<'_>, b: &Bracket<'_>, f: usize, scores: &[u32]) -> Vec<i64> {
    let next = b.next;
    let g = next.len();
    let base = {
        let known = field.next_base.borrow().get(&next[0]).cloned();
        match known {
            Some(base) => base,
            None => {
                let base = matching::maximum(g, |i, j| field.can_meet(next[i], next[j]), &field.work);
                field.next_base.borrow_mut().insert(next[0], base.clone());
                base
            }
        }
    };
    let base_pairs = base.iter().filter(|&&m| m != matching::NONE).count() / 2;
    // X is G and then f.
    let at = |i: usize| if i == g { f } else { next[i] };
    let adj = |i: usize, j: usize| field.can_meet(at(i), at(j));
    let (mate, even) = matching::with_one_more(g + 1, adj, &base, &field.work);
    let pairs = mate.iter().filter(|&&m| m != matching::NONE).count() / 2;
    let least = g + 1 - 2 * pairs;
    let odd = (g + 1 + b.beyond.len()) % 2 == 1;
    let below = below(field, b.beyond, odd);
    // Whether f ends below (not paired in X), when the round's completion is settled here.
    let settled: Option<(usize, bool)> = if least == 0 && below.alone {
        Some((pairs, false))
    } else if least == 1
        && 2 * base_pairs == g
        && let (Some(even), Some(spare)) = (&even, &below.spare)
    {
        let placeable = |i: usize| {
            let into_r = b
                .beyond
                .iter()
                .enumerate()
                .any(|(w, &r)| spare[w] && field.can_meet(at(i), r));
            let bye = odd && spare.last() == Some(&true) && field.entrants[at(i)].bye_allowed;
            even[i] && (into_r || bye)
        };
        if (0..g).any(placeable) {
            Some((pairs, false))
        } else if placeable(g) {
            Some((pairs, true))
        } else {
            None
        }
    } else {
        None
    };
    let (pairs, f_below) = match settled {
        Some(found) => found,
        None => {
            let x: Vec<usize> = std::iter::once(f).chain(next.iter().copied()).collect();
            match listed(field, &x, 1, b.beyond, least) {
                Some(u) => ((x.len() - u.len()) / 2, u.contains(&0)),
                None => (pairs, !(0..g).any(|j| field.can_meet(f, next[j]))),
            }
        }
    };
    let mut value = vec![-(pairs as i64)];
    for &score in scores {
        value.push(-i64::from(!f_below && field.points(f) == score));
    }
    value
}

/// What R can take, worked out once per R.
fn below(field: &Field<'_>, beyond: &[usize], odd: bool) -> Below {
    let key = (beyond.first().copied().unwrap_or(usize::MAX), odd);
    if let Some(known) = field.below_cache.borrow().get(&key) {
        return known.clone();
    }
    let n = beyond.len() + usize::from(odd);
    // The bye is vertex `beyond.len()`: it takes any player the bye is allowed to.
    let adj = |i: usize, j: usize| {
        let (lo, hi) = (i.min(j), i.max(j));
        if hi == beyond.len() {
            field.entrants[beyond[lo]].bye_allowed
        } else {
            field.can_meet(beyond[lo], beyond[hi])
        }
    };
    let result = if n.is_multiple_of(2) {
        Below {
            alone: matching::perfect(n, adj, &field.work).is_some(),
            spare: None,
        }
    } else {
        Below {
            alone: false,
            spare: matching::leftovers(n, adj, &field.work),
        }
    };
    field.below_cache.borrow_mut().insert(key, result.clone());
    result
}

/// The least U set by listing: for t from `least` up (two at a time, while under the cap),
/// the U sets of t players of `x` that leave the rest of `x` pairable and pair with R,
/// keeping the one that places the fewest downfloaters of high scores below.
fn listed(field: &Field<'_>, x: &[usize], m0: usize, beyond: &[usize], least: usize) -> Option<Vec<usize>> {
    let adj = |i: usize, j: usize| !(i < m0 && j < m0) && field.can_meet(x[i], x[j]);
    let mut tried = 0;
    let mut t = least;
    while t <= x.len() {
        let mut best: Option<(Vec<u32>, Vec<usize>)> = None;
        let mut chosen: Vec<usize> = (0..t).collect();
        loop {
            tried += 1;
            if tried > U_SETS || !field.before(super::ROUND_WORK) {
                return best.map(|(_, u)| u);
            }
            let stay: Vec<usize> = (0..x.len()).filter(|i| !chosen.contains(i)).collect();
            if matching::perfect(stay.len(), |a, c| adj(stay[a], stay[c]), &field.work).is_some() {
                let placed: Vec<usize> = chosen.iter().map(|&i| x[i]).collect();
                if field.completable(&placed, beyond) {
                    // Downfloaters placed below, highest scores first: fewer is better.
                    let mut cost: Vec<u32> = chosen
                        .iter()
                        .filter(|&&i| i < m0)
                        .map(|&i| field.points(x[i]))
                        .collect();
                    cost.sort_unstable_by(|a, c| c.cmp(a));
                    if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                        best = Some((cost, chosen.clone()));
                    }
                }
            }
            if t == 0 || !next_combination(&mut chosen, x.len()) {
                break;
            }
        }
        if let Some((_, u)) = best {
            return Some(u);
        }
        t += 2;
    }
    None
}

/// Without the rest of the round: the downfloaters (positions below `m0`) no matching can
/// pair into the `next_len` players after them, found greedily from the highest score.
fn covered_complement(field: &Field<'_>, x: &[usize], m0: usize, next_len: usize) -> Vec<usize> {
    let mut holder = vec![matching::NONE; next_len];
    let mut left_out = Vec::new();
    for i in 0..m0 {
        let mut seen = vec![false; next_len];
        if !augment(field, x, m0, i, &mut holder, &mut seen) {
            left_out.push(i);
        }
    }
    left_out
}

/// Kuhn's augmenting path from downfloater `i` into the next score group.
fn augment(field: &Field<'_>, x: &[usize], m0: usize, i: usize, holder: &mut [usize], seen: &mut [bool]) -> bool {
    for j in 0..holder.len() {
        if seen[j] || !field.can_meet(x[i], x[m0 + j]) {
            continue;
        }
        seen[j] = true;
        if holder[j] == matching::NONE || augment(field, x, m0, holder[j], holder, seen) {
            holder[j] = i;
            return true;
        }
    }
    false
}

/// Caches of [`Below`], by R's first player and whether the bye is in play.
pub(super) type BelowCache = HashMap<(usize, bool), Below>;
