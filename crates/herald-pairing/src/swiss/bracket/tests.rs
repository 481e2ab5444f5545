//! The pruned bracket search against a naive walk of every candidate in the Handbook's order.

use super::*;
use crate::swiss::{Colour, SwissPlayer};

/// Every `k`-permutation of `0..n` in lexicographic order.
fn arrangements(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, k: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if prefix.len() == k {
            out.push(prefix.clone());
            return;
        }
        for x in 0..n {
            if !prefix.contains(&x) {
                prefix.push(x);
                go(n, k, prefix, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(n, k, &mut Vec::new(), &mut out);
    out
}

fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    arrangements(n, k)
        .into_iter()
        .filter(|a| a.windows(2).all(|w| w[0] < w[1]))
        .collect()
}

/// The Handbook's candidates one by one, without any pruning: the first of the best.
fn naive(field: &Field<'_>, b: &Bracket<'_>) -> Option<Paired> {
    let (mdps, residents, p) = (b.mdps, b.residents, b.pairs);
    let mut best: Option<(Quality, Paired)> = None;
    let mut s1_sets: Vec<Vec<usize>> = Vec::new();
    for m in (0..=mdps.len().min(p)).rev() {
        let mut sets = subsets(mdps.len(), m);
        let scores = |s: &Vec<usize>| s.iter().map(|&i| field.points(mdps[i])).collect::<Vec<u32>>();
        sets.sort_by(|x, y| scores(y).cmp(&scores(x)).then(x.cmp(y)));
        s1_sets.extend(sets);
    }
    for s1 in s1_sets {
        let s1: Vec<usize> = s1.iter().map(|&i| mdps[i]).collect();
        let limbo: Vec<usize> = mdps.iter().copied().filter(|x| !s1.contains(x)).collect();
        for t in arrangements(residents.len(), s1.len()) {
            let mdp_pairs: Vec<(usize, usize)> = s1.iter().zip(&t).map(|(&a, &j)| (a, residents[j])).collect();
            if !mdp_pairs.iter().all(|&(a, r)| field.can_meet(a, r)) {
                continue;
            }
            let remainder: Vec<usize> = (0..residents.len())
                .filter(|j| !t.contains(j))
                .map(|j| residents[j])
                .collect();
            let Some(pr) = p.checked_sub(s1.len()) else { continue };
            if 2 * pr > remainder.len() {
                continue;
            }
            let n2 = remainder.len() - pr;
            let mut compositions: Vec<Vec<usize>> = vec![(0..pr).collect()];
            for size in 1..=pr.min(n2) {
                let mut list: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
                for out in subsets(pr, size) {
                    for into in subsets(n2, size) {
                        list.push((out.clone(), into.iter().map(|x| x + pr).collect()));
                    }
                }
                let key = |(out, into): &(Vec<usize>, Vec<usize>)| {
                    let mut down: Vec<usize> = out.clone();
                    down.reverse();
                    (
                        into.iter().sum::<usize>() - out.iter().sum::<usize>(),
                        std::cmp::Reverse(down),
                        into.clone(),
                    )
                };
                list.sort_by_key(key);
                for (out, into) in list {
                    let mut s1r: Vec<usize> = (0..pr).filter(|x| !out.contains(x)).collect();
                    s1r.extend(into);
                    s1r.sort_unstable();
                    compositions.push(s1r);
                }
            }
            for s1r in compositions {
                let left: Vec<usize> = s1r.iter().map(|&i| remainder[i]).collect();
                let right: Vec<usize> = (0..remainder.len())
                    .filter(|i| !s1r.contains(i))
                    .map(|i| remainder[i])
                    .collect();
                for u in arrangements(right.len(), left.len()) {
                    let mut pairs = mdp_pairs.clone();
                    pairs.extend(left.iter().zip(&u).map(|(&a, &j)| (a, right[j])));
                    if !pairs.iter().all(|&(a, r)| field.can_meet(a, r)) {
                        continue;
                    }
                    let mut floaters = limbo.clone();
                    floaters.extend((0..right.len()).filter(|j| !u.contains(j)).map(|j| right[j]));
                    floaters.sort_unstable();
                    if b.valid.is_some_and(|v| !v.contains(&floaters)) {
                        continue;
                    }
                    let candidate = Paired { pairs, floaters };
                    let quality = quality(field, b, &candidate);
                    let Paired { pairs, floaters } = candidate;
                    if best.as_ref().is_none_or(|(q, _)| quality < *q) {
                        best = Some((quality, Paired { pairs, floaters }));
                    }
                }
            }
        }
    }
    best.map(|(_, found)| found)
}

/// Random brackets of up to nine players (up to three MDPs above residents on one
/// score, or on several as in a collapsed last bracket), random histories and random
/// earlier opponents: the pruned search finds exactly the candidate the naive walk does,
/// in free brackets and in last brackets (at most the bye left over).
#[test]
fn the_search_takes_the_candidate_the_naive_walk_takes() {
    let mut seed = 0x0dd_ba11_u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut compared = 0;
    for case in 0..3000 {
        let m0 = next(4) as usize;
        let r = 1 + next(7) as usize;
        let collapsed = next(3) == 0;
        let mut players: Vec<SwissPlayer> = (0..m0 + r)
            .map(|i| {
                let games = next(5) as usize;
                let points = if i < m0 {
                    6 + next(3) as u32
                } else if collapsed {
                    next(3) as u32
                } else {
                    2
                };
                SwissPlayer {
                    number: i + 1,
                    points,
                    colours: (0..games)
                        .map(|_| if next(2) == 0 { Colour::White } else { Colour::Black })
                        .collect(),
                    opponents: std::collections::HashSet::new(),
                    had_bye: next(4) == 0,
                    floats: (0..games)
                        .map(|_| {
                            [
                                crate::swiss::Float::Down,
                                crate::swiss::Float::Up,
                                crate::swiss::Float::None,
                            ][next(3) as usize]
                        })
                        .collect(),
                }
            })
            .collect();
        for a in 0..players.len() {
            for b in a + 1..players.len() {
                if next(10) < 3 {
                    players[a].opponents.insert(b + 1);
                    players[b].opponents.insert(a + 1);
                }
            }
        }
        // Half the cases in a last round, where the MDPs (3 to 4 points after four rounds)
        // are topscorers: C.3 relaxed for them, C.10 and C.11 counted.
        let last_round = crate::swiss::RoundInfo {
            round: 5,
            total_rounds: 5,
            points_for_win: 2,
        };
        let info = (next(2) == 0).then_some(last_round);
        let field = Field::new(&players, info.as_ref()).unwrap();
        let mdps: Vec<usize> = (0..m0).collect();
        let residents: Vec<usize> = (m0..m0 + r).collect();
        let last = next(2) == 0;
        let (pairs, valid) = if last {
            match field.floater_sets(&mdps, &residents, &[], u64::MAX) {
                Some((pairs, sets)) => (pairs, Some(sets)),
                None => continue,
            }
        } else {
            (field.most_pairs(&mdps, &residents).pairs.len(), None)
        };
        let bracket = Bracket {
            mdps: &mdps,
            residents: &residents,
            pairs,
            valid: valid.as_deref(),
            next: &[],
            beyond: &[],
            bye: last,
        };
        let expected = naive(&field, &bracket);
        let outcome = search(&field, &bracket, u64::MAX / 4);
        assert!(outcome.settled);
        let found = outcome.found;
        let norm = |p: Option<Paired>| p.map(|p| (p.pairs, p.floaters));
        assert_eq!(norm(found), norm(expected), "case {case}: {players:?}, last {last}");
        compared += 1;
    }
    assert!(compared > 2000);
}
