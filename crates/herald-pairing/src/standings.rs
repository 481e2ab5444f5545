//! An event's table: points by the game's own scoring, then the tie-breaks in the order the
//! event names them. Scores are in half points (a Nowan win is 4, a Nowan stalemate win 2,
//! a draw in the other games 1), so every sum is exact.

use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A finished game between two entrants (players, or teams in Chatrang), with what each
/// scored in half points. A forfeit is recorded as the points the event gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encounter {
    pub first: usize,
    pub second: usize,
    pub first_points: u32,
    pub second_points: u32,
}

/// The tie-breaks an event may order its table by, after points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The points scored in the games among the tied entrants, when each of them met
    /// every other (else it separates nobody).
    DirectEncounter,
    /// Each game's opponent's final points, weighted by the share of the game's points
    /// won (a win counts the opponent's points fully, a draw half).
    SonnebornBerger,
    /// The sum of the opponents' final points.
    Buchholz,
    /// Buchholz without the best and the worst opponent.
    MedianBuchholz,
    /// Games won.
    Wins,
}

/// One line of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub entrant: usize,
    /// 1 up; entrants that no tie-break separates share a rank.
    pub rank: usize,
    pub points: u32,
    pub games: u32,
    pub wins: u32,
    /// The tie-break values in the event's order, in half points (Sonneborn-Berger in
    /// half points of opponents' scores times the share won, as a fraction of the game's
    /// points: `game_points` half points make a whole share).
    pub tie_breaks: Vec<f64>,
}

/// The table of `entrants` after `encounters` and `byes` (entrant, half points given), a
/// game being worth `game_points` half points in all (4 in Nowan, 2 elsewhere), ordered by
/// points, then `order`, then pairing number.
#[must_use]
pub fn standings(
    entrants: &[usize],
    encounters: &[Encounter],
    byes: &[(usize, u32)],
    game_points: u32,
    order: &[TieBreak],
) -> Vec<Standing> {
    let mut points: BTreeMap<usize, u32> = entrants.iter().map(|&e| (e, 0)).collect();
    let mut played: BTreeMap<usize, Vec<(usize, u32, u32)>> = entrants.iter().map(|&e| (e, Vec::new())).collect();
    for game in encounters {
        for (me, other, mine, theirs) in [
            (game.first, game.second, game.first_points, game.second_points),
            (game.second, game.first, game.second_points, game.first_points),
        ] {
            *points.entry(me).or_default() += mine;
            played.entry(me).or_default().push((other, mine, theirs));
        }
    }
    for &(entrant, given) in byes {
        *points.entry(entrant).or_default() += given;
    }
    let score = |e: usize| points.get(&e).copied().unwrap_or(0);
    let mut lines: Vec<Standing> = points
        .keys()
        .map(|&entrant| {
            let games = played.get(&entrant).map(Vec::as_slice).unwrap_or_default();
            let wins = games.iter().filter(|(_, mine, theirs)| mine > theirs).count() as u32;
            let tie_breaks = order
                .iter()
                .map(|tb| match tb {
                    // Filled in once the tied groups are known.
                    TieBreak::DirectEncounter => 0.0,
                    TieBreak::SonnebornBerger => {
                        games
                            .iter()
                            .map(|(other, mine, _)| f64::from(score(*other)) * f64::from(*mine))
                            .sum::<f64>()
                            / f64::from(game_points.max(1))
                    }
                    TieBreak::Buchholz => games.iter().map(|(other, _, _)| f64::from(score(*other))).sum(),
                    TieBreak::MedianBuchholz => {
                        let mut scores: Vec<u32> = games.iter().map(|(other, _, _)| score(*other)).collect();
                        scores.sort_unstable();
                        if scores.len() > 2 {
                            scores[1..scores.len() - 1].iter().map(|s| f64::from(*s)).sum()
                        } else {
                            0.0
                        }
                    }
                    TieBreak::Wins => f64::from(wins),
                })
                .collect();
            Standing {
                entrant,
                rank: 0,
                points: score(entrant),
                games: games.len() as u32,
                wins,
                tie_breaks,
            }
        })
        .collect();
    // Each tie-break in turn separates only entrants equal on everything before it: direct
    // encounter is worked out within those groups.
    for (k, tb) in order.iter().enumerate() {
        if *tb != TieBreak::DirectEncounter {
            continue;
        }
        let key = |s: &Standing| {
            (
                s.points,
                s.tie_breaks[..k].iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            )
        };
        let mut groups: BTreeMap<(u32, Vec<u64>), Vec<usize>> = BTreeMap::new();
        for line in &lines {
            groups.entry(key(line)).or_default().push(line.entrant);
        }
        for group in groups.values().filter(|g| g.len() > 1) {
            let among = |e: usize| -> Option<u32> {
                let games = played.get(&e)?;
                let mut met = 0;
                let mut total = 0;
                for other in group.iter().filter(|&&o| o != e) {
                    let against: Vec<_> = games.iter().filter(|(o, _, _)| o == other).collect();
                    if !against.is_empty() {
                        met += 1;
                    }
                    total += against.iter().map(|(_, mine, _)| mine).sum::<u32>();
                }
                (met == group.len() - 1).then_some(total)
            };
            let scores: Vec<Option<u32>> = group.iter().map(|&e| among(e)).collect();
            if scores.iter().all(Option::is_some) {
                for (e, s) in group.iter().zip(scores) {
                    if let Some(line) = lines.iter_mut().find(|l| l.entrant == *e) {
                        line.tie_breaks[k] = f64::from(s.unwrap_or(0));
                    }
                }
            }
        }
    }
    let compare = |a: &Standing, b: &Standing| -> Ordering {
        b.points.cmp(&a.points).then_with(|| {
            a.tie_breaks
                .iter()
                .zip(&b.tie_breaks)
                .map(|(x, y)| y.total_cmp(x))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
    };
    lines.sort_by(|a, b| compare(a, b).then(a.entrant.cmp(&b.entrant)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && compare(&lines[i - 1], &lines[i]).is_eq() {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    lines
}
