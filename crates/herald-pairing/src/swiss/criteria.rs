//! The Dutch quality criteria (Handbook C.04.3, 2025 text) that come after the score
//! differences and around the colour preferences: the next bracket (C.8), the bye
//! assignee's unplayed games (C.9), the topscorers' colours (C.10, C.11) and the float
//! history (C.14-C.21). Each is a number (or a list of numbers by score, highest score first)
//! compared in order, lower better; the `floor` functions give the least each can be in a
//! bracket, so a search can stop early or cut on the criteria before them.
//!
//! Where the Handbook leaves the measure open ("minimise the score differences" of a
//! repeated floater whose opponent the next bracket has not yet chosen), the measure is the
//! one bbpPairings uses, as FIDE's conformance test compares against it: a repeated
//! downfloater counts at his own score, an upfloater's opponent at the opponent's score.

use super::bracket::Bracket;
use super::{Colour, Field, Float, Strength, matching};

/// C.8, C.9, C.10 and C.11 for a candidate of `b`: its `pairs` and `floaters` (sorted).
pub(super) fn before_colours(
    field: &Field<'_>,
    b: &Bracket<'_>,
    pairs: &[(usize, usize)],
    floaters: &[usize],
) -> Vec<i64> {
    let mut value = Vec::new();
    if !b.next.is_empty() {
        let members: Vec<usize> = b.mdps.iter().chain(b.residents).copied().collect();
        value.extend(super::next::value(field, b, floaters, &scores(field, &members)));
    }
    if b.bye {
        // C.9: the bye to the player with the fewest unplayed games (the most played).
        value.push(-floaters.first().map_or(0, |&p| field.entrants[p].colours.len() as i64));
    }
    if field.topscorers {
        let (mut beyond_two, mut thrice) = (0, 0);
        for &(a, c) in pairs {
            let (d, t) = topscorer_damage(field, a, c);
            beyond_two += i64::from(d);
            thrice += i64::from(t);
        }
        value.extend([beyond_two, thrice]);
    }
    value
}

/// The least [`before_colours`] can be in `b`.
pub(super) fn before_colours_floor(field: &Field<'_>, b: &Bracket<'_>) -> Vec<i64> {
    let members: Vec<usize> = b.mdps.iter().chain(b.residents).copied().collect();
    let mut value = Vec::new();
    if !b.next.is_empty() {
        let floating = members.len().saturating_sub(2 * b.pairs);
        value.push(-(((floating + b.next.len()) / 2) as i64));
        for score in scores(field, &members) {
            let at = members.iter().filter(|&&p| field.points(p) == score).count();
            value.push(-(at.min(floating).min(b.next.len()) as i64));
        }
    }
    if b.bye {
        let most = members
            .iter()
            .filter(|&&p| field.entrants[p].bye_allowed)
            .map(|&p| field.entrants[p].colours.len() as i64)
            .max()
            .unwrap_or(0);
        value.push(-most);
    }
    if field.topscorers {
        value.extend([0, 0]);
    }
    value
}

/// C.14-C.21 for a candidate of `b`: repeated downfloats and upfloats from the previous round
/// and from the one before (counts), then the same by score (counts per score of the
/// bracket, highest first).
pub(super) fn after_colours(
    field: &Field<'_>,
    b: &Bracket<'_>,
    pairs: &[(usize, usize)],
    floaters: &[usize],
) -> Vec<i64> {
    let members: Vec<usize> = b.mdps.iter().chain(b.residents).copied().collect();
    let scores = scores(field, &members);
    let mut value = vec![0; 4 + 4 * scores.len()];
    for &(x, y) in pairs {
        add_pair_after(field, &scores, x, y, &mut value, 1);
    }
    for &f in floaters {
        add_floater_after(field, &scores, f, &mut value, 1);
    }
    value
}

/// Adds (`sign` 1) or takes back (-1) one pair's share of [`after_colours`]: the higher
/// player floating down again, the lower floating up again (counted, and by the higher's
/// score).
pub(super) fn add_pair_after(field: &Field<'_>, scores: &[u32], x: usize, y: usize, value: &mut [i64], sign: i64) {
    let (high, low) = (x.min(y), x.max(y));
    if field.points(high) <= field.points(low) {
        return;
    }
    let k = scores.len();
    let at = scores.iter().position(|&s| s == field.points(high)).unwrap_or(0);
    let (h, l) = (&field.entrants[high], &field.entrants[low]);
    for (back, (hf, lf)) in [(h.float_1, l.float_1), (h.float_2, l.float_2)].into_iter().enumerate() {
        if hf == Float::Down {
            value[2 * back] += sign;
        }
        if lf == Float::Up {
            value[2 * back + 1] += sign;
            value[4 + (2 * back + 1) * k + at] += sign;
        }
    }
}

/// Adds or takes back one downfloater's share of [`after_colours`]: floating down again
/// (counted, and by his own score).
pub(super) fn add_floater_after(field: &Field<'_>, scores: &[u32], f: usize, value: &mut [i64], sign: i64) {
    let k = scores.len();
    let at = scores.iter().position(|&s| s == field.points(f)).unwrap_or(0);
    let e = &field.entrants[f];
    for (back, float) in [e.float_1, e.float_2].into_iter().enumerate() {
        if float == Float::Down {
            value[2 * back] += sign;
            value[4 + 2 * back * k + at] += sign;
        }
    }
}

/// One pair's share of C.10 and C.11 (topscorers' colours), when they count.
pub(super) fn topscorer_share(field: &Field<'_>, a: usize, c: usize) -> (i64, i64) {
    let (d, t) = topscorer_damage(field, a, c);
    (i64::from(d), i64::from(t))
}

/// The least [`after_colours`] can be: nothing repeated.
pub(super) fn after_colours_floor(field: &Field<'_>, b: &Bracket<'_>) -> Vec<i64> {
    let members: Vec<usize> = b.mdps.iter().chain(b.residents).copied().collect();
    vec![0; 4 + 4 * scores(field, &members).len()]
}

/// The scores of `players`, highest first, each once.
pub(super) fn scores(field: &Field<'_>, players: &[usize]) -> Vec<u32> {
    let mut scores: Vec<u32> = players.iter().map(|&p| field.points(p)).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    scores
}

/// C.10 and C.11 for one pair: whether the one not given his absolute preference ends with a
/// colour difference beyond two, and whether with the same colour three times running. Only
/// a topscorer's pair can come to that (C.3 forbids it otherwise).
fn topscorer_damage(field: &Field<'_>, a: usize, c: usize) -> (bool, bool) {
    let (pa, pc) = (field.entrants[a].preference, field.entrants[c].preference);
    if pa.strength != Strength::Absolute || pc.strength != Strength::Absolute || pa.colour != pc.colour {
        return (false, false);
    }
    let (ia, ic) = (field.imbalance(a), field.imbalance(c));
    let beyond_two = ia > 1 && ic > 1;
    let wanted: Option<Colour> = pa.colour;
    let thrice = if ia == ic {
        field.repeated(a).is_some() && field.repeated(a) == field.repeated(c)
    } else {
        // E.2 gives the wider difference its colour; the other gets the opposite.
        let loser = if ia > ic { c } else { a };
        field.repeated(loser).is_some() && field.repeated(loser) == wanted.map(Colour::opposite)
    };
    (beyond_two, thrice)
}

/// The least (C.7 score differences, C.8-C.11, and the downfloaters' share of C.14-C.21;
/// C.12 and C.13 between them taken at their least) any candidate of a bracket can have,
/// over its allowed downfloater sets (`valid`, or else those that leave the rest of the
/// bracket pairable); `psd` gives the score differences a set makes (exact when the residents
/// share one score, a lower bound otherwise), with the sets that reach it. `None` when the
/// sets are too many to list.
pub(super) fn floater_floor(field: &Field<'_>, b: &Bracket<'_>, psd: impl Fn(&[usize]) -> Vec<u32>) -> Option<Floor> {
    let members: Vec<usize> = b.mdps.iter().chain(b.residents).copied().collect();
    let k = members.len();
    let m0 = b.mdps.len();
    let d = k.checked_sub(2 * b.pairs)?;
    let adj = |i: usize, j: usize| !(i < m0 && j < m0) && field.can_meet(members[i], members[j]);
    let sets: Vec<Vec<usize>> = match (b.valid, d) {
        (Some(valid), _) => valid.to_vec(),
        (None, d) => match d {
            0 => vec![Vec::new()],
            1 => {
                let even = matching::leftovers(k, adj, &field.work)?;
                (0..k).filter(|&i| even[i]).map(|i| vec![members[i]]).collect()
            }
            _ => {
                if super::bracket::binomial(k, d) > FLOOR_SETS {
                    return None;
                }
                let mut sets = Vec::new();
                let mut chosen: Vec<usize> = (0..d).collect();
                loop {
                    if !field.before(super::ROUND_WORK) {
                        return None;
                    }
                    let stay: Vec<usize> = (0..k).filter(|i| !chosen.contains(i)).collect();
                    if matching::perfect(stay.len(), |a, c| adj(stay[a], stay[c]), &field.work).is_some() {
                        sets.push(chosen.iter().map(|&i| members[i]).collect());
                    }
                    if !super::next_combination(&mut chosen, k) {
                        break;
                    }
                }
                sets
            }
        },
    };
    // The downfloaters' own share of C.14-C.21 is known with the set; pairs only add to it.
    // Each MDP paired costs at least, in each float criterion, the least any resident he may
    // meet would cost him.
    let scores = scores(field, &members);
    let mdp_least: Vec<Vec<i64>> = b
        .mdps
        .iter()
        .map(|&m| {
            let mut least: Option<Vec<i64>> = None;
            for &r in b.residents.iter().filter(|&&r| field.can_meet(m, r)) {
                let mut cost = vec![0; 4 + 4 * scores.len()];
                add_pair_after(field, &scores, m, r, &mut cost, 1);
                least = Some(match least {
                    None => cost,
                    Some(l) => l.iter().zip(&cost).map(|(a, c)| *a.min(c)).collect(),
                });
            }
            least.unwrap_or_else(|| vec![0; 4 + 4 * scores.len()])
        })
        .collect();
    let judged: Vec<_> = sets
        .into_iter()
        .map(|set| {
            let mut after = after_colours(field, b, &[], &set);
            for (i, m) in b.mdps.iter().enumerate() {
                if !set.contains(m) {
                    for (a, c) in after.iter_mut().zip(&mdp_least[i]) {
                        *a += c;
                    }
                }
            }
            let value = (psd(&set), before_colours(field, b, &[], &set), after);
            (value, set)
        })
        .collect();
    let least = judged.iter().map(|(value, _)| value).min()?.clone();
    // For each score-difference floor, the least C.8-C.11 of the sets whose own score
    // differences are within it.
    let mut by_psd: Vec<(Vec<u32>, Vec<i64>)> = judged
        .iter()
        .map(|((psd, before, _), _)| (psd.clone(), before.clone()))
        .collect();
    by_psd.sort();
    for i in 1..by_psd.len() {
        if by_psd[i - 1].1 < by_psd[i].1 {
            by_psd[i].1 = by_psd[i - 1].1.clone();
        }
    }
    let ideal: Vec<Vec<usize>> = judged
        .into_iter()
        .filter(|(value, _)| *value == least)
        .map(|(_, set)| set)
        .collect();
    Some(Floor {
        psd: least.0,
        before: least.1,
        after: least.2,
        by_psd,
        sets: ideal,
    })
}

/// What [`floater_floor`] finds: the least score differences, C.8-C.11 and downfloaters'
/// share of C.14-C.21, and the downfloater sets that reach them.
pub(super) struct Floor {
    pub psd: Vec<u32>,
    pub before: Vec<i64>,
    pub after: Vec<i64>,
    /// Score differences of each set, ascending, each with the least C.8-C.11 of the sets up
    /// to it: what a search may assume of an unfinished candidate whose score differences
    /// are at least the ones given.
    pub by_psd: Vec<(Vec<u32>, Vec<i64>)>,
    pub sets: Vec<Vec<usize>>,
}

/// At most this many downfloater sets are listed for [`floater_floor`].
const FLOOR_SETS: usize = 2_000;
