//! The tie-break values of one entrant, from their rounds as `history` scored them: the
//! Buchholz family and Sonneborn-Berger (C.07 8, 9, the cuts of 14 and 16.5), wins (7.1,
//! 7.2), and direct encounter within a tied group (6).

use super::Format;
use super::TieBreak;
use super::history::{Histories, Outcome, Slot};

/// One round's term in the Buchholz family and Sonneborn-Berger: the opponent's score (a
/// real opponent's for tie-breaks, or the dummy's) and what the entrant scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Term {
    opponent_score: u32,
    points: u32,
    voluntary_unplayed: bool,
}

/// The value of every tie-break but direct encounter, which depends on the tied group.
pub(super) fn value(histories: &Histories, entrant: usize, tie_break: TieBreak) -> f64 {
    let sum = |terms: &[Term]| -> f64 { f64::from(terms.iter().map(|t| t.opponent_score).sum::<u32>()) };
    match tie_break {
        TieBreak::DirectEncounter => 0.0,
        TieBreak::Buchholz => sum(&terms(histories, entrant)),
        TieBreak::BuchholzCut1 => sum(&cut(terms(histories, entrant), 1, 0)),
        TieBreak::MedianBuchholz => sum(&cut(terms(histories, entrant), 1, 1)),
        TieBreak::SonnebornBerger => {
            let weighted: u64 = terms(histories, entrant)
                .iter()
                .map(|t| u64::from(t.opponent_score) * u64::from(t.points))
                .sum();
            // Half points of score times half points won, over a win's half points: exact,
            // the win being 2 or 4.
            weighted as f64 / f64::from(histories.scoring.win.max(1))
        }
        TieBreak::Wins => f64::from(wins(histories, entrant)),
        TieBreak::WinsOverTheBoard => f64::from(histories.wins_over_the_board(entrant)),
    }
}

/// The terms of an entrant's rounds. In a Swiss every round counts: a game against the
/// opponent's score for tie-breaks (16.3), an unplayed round against the dummy (16.4). In a
/// round robin a forfeit counts against the scheduled opponent and a round without one
/// counts for nothing.
fn terms(histories: &Histories, entrant: usize) -> Vec<Term> {
    histories
        .slots(entrant)
        .iter()
        .filter_map(|slot| {
            let against_opponent = |opponent: usize| Term {
                opponent_score: histories.adjusted_score(opponent),
                points: slot.points,
                voluntary_unplayed: false,
            };
            match (histories.format, slot.outcome, slot.opponent) {
                (_, Outcome::Played, Some(opponent)) => Some(against_opponent(opponent)),
                (Format::RoundRobin, Outcome::ForfeitWon | Outcome::ForfeitLost, Some(opponent)) => {
                    Some(against_opponent(opponent))
                }
                (Format::RoundRobin, _, _) => None,
                (Format::Swiss, _, _) => Some(against_dummy(histories, entrant, slot)),
            }
        })
        .collect()
}

fn against_dummy(histories: &Histories, entrant: usize, slot: &Slot) -> Term {
    Term {
        opponent_score: histories.dummy_score(entrant, slot),
        points: slot.points,
        voluntary_unplayed: slot.is_voluntary_unplayed(),
    }
}

/// The terms left once `low` least significant and `high` most significant values are cut
/// (14). A low cut takes a voluntary unplayed round's term first, the lowest of them
/// (16.5), and only then the lowest term; a high cut takes the highest.
fn cut(mut terms: Vec<Term>, low: usize, high: usize) -> Vec<Term> {
    for _ in 0..low {
        let lowest = |ts: &[Term], only_voluntary: bool| {
            ts.iter()
                .enumerate()
                .filter(|(_, t)| !only_voluntary || t.voluntary_unplayed)
                .min_by_key(|(_, t)| t.opponent_score)
                .map(|(i, _)| i)
        };
        match lowest(&terms, true).or_else(|| lowest(&terms, false)) {
            Some(i) => {
                terms.remove(i);
            }
            None => break,
        }
    }
    for _ in 0..high {
        match terms
            .iter()
            .enumerate()
            .max_by_key(|(_, t)| t.opponent_score)
            .map(|(i, _)| i)
        {
            Some(i) => {
                terms.remove(i);
            }
            None => break,
        }
    }
    terms
}

/// C.07 7.1: rounds won with or without playing: games won over the board, forfeits won,
/// and byes that gave a win's points.
fn wins(histories: &Histories, entrant: usize) -> u32 {
    let win = histories.scoring.win;
    histories
        .slots(entrant)
        .iter()
        .filter(|s| match s.outcome {
            Outcome::Played => s.points > s.opponent_points,
            Outcome::ForfeitWon => true,
            Outcome::ForfeitLost => false,
            Outcome::Bye(_) => win > 0 && s.points >= win,
        })
        .count() as u32
}

/// C.07 6: each tied entrant's points in the games among the group, when every one of them
/// met every other; `None` when some pair never met, which separates nobody. A Swiss counts
/// games played over the board; a round robin counts forfeits as games.
pub(super) fn direct_encounter(histories: &Histories, group: &[usize]) -> Option<Vec<u32>> {
    let counts = |slot: &Slot| match slot.outcome {
        Outcome::Played => true,
        Outcome::ForfeitWon | Outcome::ForfeitLost => histories.format == Format::RoundRobin,
        Outcome::Bye(_) => false,
    };
    group
        .iter()
        .map(|&entrant| {
            let mut total = 0;
            for &other in group.iter().filter(|&&o| o != entrant) {
                let against: Vec<&Slot> = histories
                    .slots(entrant)
                    .iter()
                    .filter(|s| s.opponent == Some(other) && counts(s))
                    .collect();
                if against.is_empty() {
                    return None;
                }
                total += against.iter().map(|s| s.points).sum::<u32>();
            }
            Some(total)
        })
        .collect()
}
